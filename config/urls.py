from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core import health
from core.auth_token import ObtainTokenView
from tournaments.languages import switch_language

tournament_api = "tournaments/<slug:tournament_slug>/"

# The admin's pages of a model follow its app label: a model that moved to another app keeps its old pages' links
# working (bookmarks, links in mails) by a redirect to the new ones. (old "label/model", new "label/model")
MOVED_ADMIN_PAGES = [
    ("scoring/resultchange", "matches/resultchange"),
    ("scheduling/venue", "tournaments/venue"),
    ("tournaments/prizecategory", "prizes/prizecategory"),
]
moved_admin_pages = [
    re_path(rf"^admin/{old}/(?P<rest>.*)$", RedirectView.as_view(url=f"/admin/{new}/%(rest)s", query_string=True))
    for old, new in MOVED_ADMIN_PAGES
]

api_patterns = [
    path("rules/", include("rules.urls")),
    path("draws/", include("stages.draw_urls")),
    path(
        "", include("history.sol.urls_api")
    ),  # before the tournaments API, as printing's: "export.sol.gz" is no format
    path("", include("history.championships.urls_api")),
    path("", include("history.ratings.urls_api")),
    path("", include("printing.urls_api")),  # before the tournaments API: its router reads "entries.csv" as a format
    path(tournament_api, include("matches.scoring.urls_api")),
    path(tournament_api, include("matches.scheduling.urls_api")),
    path(tournament_api, include("matches.checkin.urls_api")),
    path(tournament_api, include("matches.conduct.urls_api")),
    path(tournament_api, include("matches.ties.urls_api")),
    path(tournament_api, include("players.urls_api")),
    path(tournament_api, include("protests.urls_api")),
    path("", include("tournaments.urls_api")),
    path("", include("federations.urls_api")),
    path("", include("webhooks.urls_api")),
    path("", include("stages.urls_api")),
    path("", include("prizes.urls_api")),
    path("", include("registration.urls_api")),
]

urlpatterns = [
    # For the monitor and the proxy (core.health): the process answers; every service it needs answers.
    path("health/live/", health.live, name="health-live"),
    path("health/", health.HealthView.as_view(), name="health"),
    *moved_admin_pages,
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # A new official's set-password link (tournaments.officials): Django's password reset token, made for them.
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("api/", include(api_patterns)),
    path("api/auth/", include("rest_framework.urls")),
    path("api/auth/token/", ObtainTokenView.as_view(), name="api-token"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Split: its start-up script is a file of its own, so the Content-Security-Policy needs no inline script.
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api_docs.html"),
        name="api-docs",
    ),
    path("language/", switch_language, name="set-language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("rules/", include("rules.page_urls")),
    # Pages by audience: what anyone may open, then what the officials use.
    path("", include("tournaments.urls_public")),
    path("", include("registration.urls_public")),
    path("", include("federations.urls_public")),
    path("", include("stages.urls_public")),
    path("", include("matches.scoring.urls_public")),
    path("", include("matches.scheduling.urls_public")),
    path("", include("matches.featured.urls_public")),
    path("", include("players.urls_public")),
    path("", include("hall.urls_public")),
    path("", include("printing.urls_public")),
    path("", include("prizes.urls_public")),
    path("", include("stats.urls_public")),
    path("", include("history.sol.urls_public")),
    path("", include("history.archive.urls_public")),
    path("", include("tournaments.urls_officials")),
    path("", include("registration.urls_officials")),
    path("", include("federations.urls_officials")),
    path("", include("stages.urls_officials")),
    path("", include("webhooks.urls_officials")),
    path("", include("matches.scoring.urls_officials")),
    path("", include("matches.scheduling.urls_officials")),
    path("", include("matches.checkin.urls_officials")),
    path("", include("matches.conduct.urls_officials")),
    path("", include("matches.strokes.urls_officials")),
    path("", include("matches.featured.urls_officials")),
    path("", include("matches.ties.urls_officials")),
    path("", include("protests.urls_officials")),
    path("", include("players.urls_officials")),
    path("", include("hall.urls_officials")),
    path("", include("printing.urls_officials")),
    path("", include("prizes.urls_officials")),
]

# Django's own errors (no URL matched, a refused request, an unhandled exception): JSON under /api/, pages elsewhere.
handler400 = "core.http_errors.bad_request"
handler403 = "core.http_errors.permission_denied"
handler404 = "core.http_errors.page_not_found"
handler500 = "core.http_errors.server_error"
