from django.contrib import admin

from matches.scheduling.models import RoundClock


@admin.register(RoundClock)
class RoundClockAdmin(admin.ModelAdmin):
    list_display = ["round", "started_at", "first_bell_at", "second_bell_at", "second_bell_applied_at"]
    list_filter = ["round__stage__event__tournament"]
