from django.contrib import admin

from prizes.models import PrizeCategory


@admin.register(PrizeCategory)
class PrizeCategoryAdmin(admin.ModelAdmin):
    """Read only: the rules are checked by prizes.services, which the event page's "Set the prizes" and
    the API call."""

    list_display = ["event", "kind", "prizes", "age_limit", "born_on_or_after"]
    list_filter = ["kind"]
    search_fields = ["event__name", "event__tournament__name"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
