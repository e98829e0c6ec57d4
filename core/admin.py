from django.contrib import admin

from core.models import Heartbeat


class ReadOnlyAdmin(admin.ModelAdmin):
    """For rows the services write (audit logs, what an import left behind): the admin shows them and may delete
    one, but adds and changes none, since the services keep them in step with the rest."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Heartbeat)
class HeartbeatAdmin(ReadOnlyAdmin):
    """When beat and each queue's worker last ran a periodic task (core.heartbeat): what /health/ reads."""

    list_display = ["name", "at"]
