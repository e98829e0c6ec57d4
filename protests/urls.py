"""Protest pages, mounted at the site root by config/urls.py."""

urlpatterns = []
