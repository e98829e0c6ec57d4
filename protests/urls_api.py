"""Protest API, mounted at /api/tournaments/<slug:tournament_slug>/ by config/urls.py."""

urlpatterns = []
