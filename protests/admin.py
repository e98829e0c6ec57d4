from django.contrib import admin

from protests.models import Protest, ProtestSettings


@admin.register(ProtestSettings)
class ProtestSettingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "fee_amount", "fee_currency"]
    search_fields = ["tournament__name"]


@admin.register(Protest)
class ProtestAdmin(admin.ModelAdmin):
    """Read-only: protests are logged, lodged and decided through the services (pages and API), which keep the
    match, its audit log and the fee ledger in step; nobody deletes one (ICF 149: no withdrawal)."""

    list_display = ["__str__", "status", "fee_status", "fee_amount", "fee_currency", "intimated_at", "due_at"]
    list_filter = ["status", "fee_status", "match__stage__event__tournament"]
    search_fields = ["protester_name", "match__entry_a__name", "match__entry_b__name"]
    list_select_related = ["match__round", "match__entry_a", "match__entry_b"]
    date_hierarchy = "intimated_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
