"""The featured tables in the admin: read to answer "who put this on stream?"; chosen on the officials' page."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from matches.featured.models import FeaturedTable


@admin.register(FeaturedTable)
class FeaturedTableAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "table", "match", "featured_by", "featured_at"]
    list_select_related = ["tournament", "match__round", "featured_by"]
