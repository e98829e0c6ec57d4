from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.auth_token import ObtainTokenView
from tournaments.ratelimit import login_rate_limited, token_rate_limited

api_patterns = [
    path("rules/", include("rules.urls")),
    path("draws/", include("tournaments.draw_urls")),
    path("tournaments/<slug:tournament_slug>/matches/<int:match_pk>/", include("matches.urls_api")),
    path("tournaments/<slug:tournament_slug>/", include("matches.urls_api_tournament")),
    path("tournaments/<slug:tournament_slug>/", include("protests.urls_api")),
    path("", include("tournaments.urls_api")),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", login_rate_limited(auth_views.LoginView.as_view()), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/", include(api_patterns)),
    path("api/auth/", include("rest_framework.urls")),
    path("api/auth/token/", token_rate_limited(ObtainTokenView.as_view()), name="api-token"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("rules/", include("rules.page_urls")),
    path("", include("matches.urls")),
    path("", include("protests.urls")),
    path("", include("tournaments.urls")),
]

# Django's own errors (no URL matched, a refused request, an unhandled exception): JSON under /api/, pages elsewhere.
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
