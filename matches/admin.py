from django.contrib import admin

from matches.models import ResultChange


class ResultChangeInline(admin.TabularInline):
    """The secretary's history of the match: read-only (the match's admin page shows it below the score card)."""

    model = ResultChange
    extra = 0
    fields = ["at", "user", "what", "before", "after", "reason"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ["at", "match", "what", "user", "reason"]
    list_filter = ["what"]
    raw_id_fields = ["match", "user"]
    date_hierarchy = "at"

    def has_change_permission(self, request, obj=None):
        return False
