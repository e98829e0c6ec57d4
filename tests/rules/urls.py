"""A URLconf for the rules tests: the rules endpoints and page, plus the names base.html links to."""

from django.http import HttpResponse
from django.urls import include, path


def stub(request):
    return HttpResponse("")


urlpatterns = [
    path("api/rules/", include("rules.urls")),
    path("rules/", include("rules.page_urls")),
    path("", stub, name="home"),
    path("accounts/login/", stub, name="login"),
    path("accounts/logout/", stub, name="logout"),
    path("language/", stub, name="set-language"),
    path("jsi18n/", stub, name="javascript-catalog"),
    path("archive/", stub, name="archive"),
]
