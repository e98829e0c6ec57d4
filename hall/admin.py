from django.contrib import admin

from hall.models import HallDisplay


@admin.register(HallDisplay)
class HallDisplayAdmin(admin.ModelAdmin):
    list_display = ("tournament", "rotation_seconds", "announcement", "announcement_until", "updated_at")
    raw_id_fields = ("tournament", "updated_by")
