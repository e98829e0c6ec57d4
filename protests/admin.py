from django.contrib import admin

from core.admin import ReadOnlyAdmin
from protests.models import Protest, ProtestPhoto, ProtestSettings


@admin.register(ProtestSettings)
class ProtestSettingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "fee_amount", "fee_currency"]
    search_fields = ["tournament__name"]


class KeptAdmin(ReadOnlyAdmin):
    """Read-only and never deleted: a protest and what it carries stay as lodged (ICF 149: no withdrawal)."""

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Protest)
class ProtestAdmin(KeptAdmin):
    """Read-only: protests are logged, lodged and decided through the services (pages and API), which keep the
    match, its audit log and the fee ledger in step; nobody deletes one (ICF 149: no withdrawal)."""

    list_display = ["__str__", "status", "fee_status", "fee_amount", "fee_currency", "intimated_at", "due_at"]
    list_filter = ["status", "fee_status", "match__stage__event__tournament"]
    search_fields = ["protester_name", "match__entry_a__name", "match__entry_b__name"]
    list_select_related = ["match__round", "match__entry_a", "match__entry_b"]
    date_hierarchy = "intimated_at"


@admin.register(ProtestPhoto)
class ProtestPhotoAdmin(KeptAdmin):
    """Read-only, as the protest it belongs to: photos are added through the protest desk, which checks the file
    and the number per protest; the file is served to the officials by protests.views, not from here."""

    list_display = ["__str__", "protest", "image_format", "size", "uploaded_by", "uploaded_at"]
    search_fields = ["caption", "protest__protester_name"]
    list_select_related = ["protest__match__round", "protest__match__entry_a", "protest__match__entry_b", "uploaded_by"]
    exclude = ["image"]  # a link to it would point at MEDIA_URL, which is never served
