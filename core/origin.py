"""Whether a browser sent a request from one of the site's own pages, for the few views that take a POST without a
CSRF cookie (a credential in the address instead, as the players' personal links).

A browser names the page's origin on every cross-origin POST (`Origin`) and, when new enough, says how the request
relates to the page (`Sec-Fetch-Site`). A request without either is not a browser's cross-site request: a script
or an old browser, which the view's own credential then admits or not."""

from django.conf import settings

OWN = ("same-origin", "none")  # from our own page, or typed / bookmarked by the user


def from_own_pages(request):
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None and fetch_site not in OWN:
        return False
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return origin == f"{request.scheme}://{request.get_host()}" or origin in settings.CSRF_TRUSTED_ORIGINS
