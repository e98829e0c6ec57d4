"""The languages the site speaks and the visitor's own choice of one: the switcher on every page posts here; a
signed-in user's choice is kept on their profile and comes back with them on every device they log in on."""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from tournaments.models import Profile, Tournament

SESSION_KEY = "language"
TOURNAMENT_ARGUMENTS = ("slug", "tournament_slug")
LANGUAGE_CACHE_SECONDS = 3600


def supported(code):
    return code if code in dict(settings.LANGUAGES) else None


def chosen_language(request):
    """The language the visitor chose themselves, if any."""
    session = getattr(request, "session", None)
    in_session = session.get(SESSION_KEY) if session is not None else None
    return supported(in_session) or supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))


def tournament_language(view_kwargs):
    """The language a tournament's secretary set for its pages, from the page's URL arguments."""
    return supported(tournament_locale(view_kwargs)[0])


def tournament_locale(view_kwargs):
    """(language, time zone) the tournament of a page's URL arguments has, else (None, None). Kept in the cache
    (until the tournament is saved) so that a page served from the page cache still costs one query."""
    slug = next((view_kwargs[name] for name in TOURNAMENT_ARGUMENTS if name in view_kwargs), None)
    if not isinstance(slug, str):
        return None, None
    locale = cache.get(language_key(slug))
    if locale is None:
        locale = Tournament.objects.filter(slug=slug).values_list("language", "time_zone").first()
        if locale is not None:  # only tournaments that exist: made-up slugs must not fill the cache
            cache.set(language_key(slug), tuple(locale), LANGUAGE_CACHE_SECONDS)
    return tuple(locale) if locale else (None, None)


def language_key(slug):
    return f"tournament-locale:{slug}"


@receiver((post_save, post_delete), sender=Tournament, dispatch_uid="tournaments.languages.forget")
def forget_language(sender, instance, **kwargs):
    cache.delete(language_key(instance.slug))


@csrf_exempt
@require_POST
def switch_language(request):
    """Django's set_language (the cookie, back to the page the visitor was on), plus the profile and the session
    of a signed-in user.

    An anonymous visitor's switcher carries no CSRF token: a token would set a cookie on every public page and
    keep it out of the page cache, and all a forged request could do is set a stranger's language cookie. A
    signed-in user's choice is written to their profile, so theirs is checked as any form is."""
    if request.user.is_authenticated:
        return csrf_protect(remember_choice)(request)
    return remember_choice(request)


def remember_choice(request):
    response = set_language(request)
    language = supported(request.POST.get("language"))
    if language and request.user.is_authenticated:
        with transaction.atomic():
            Profile.objects.update_or_create(user=request.user, defaults={"language": language})
        request.session[SESSION_KEY] = language
    return response


@receiver(user_logged_in, dispatch_uid="tournaments.languages.on_log_in")
def on_log_in(sender, request, user, **kwargs):
    """The language chosen on another device follows the user here."""
    language = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    if supported(language) and request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = language
