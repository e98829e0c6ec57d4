from django.contrib import admin

from core.admin import ReadOnlyAdmin
from history.championships.models import Championship, Prize


@admin.register(Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "prize_scheme", "skip_worst", "closed"]
    list_filter = ["prize_scheme", "closed"]
    search_fields = ["name", "club__name"]
    list_select_related = ["club"]
    filter_horizontal = ["tournaments"]
    raw_id_fields = ["previous"]


@admin.register(Prize)
class PrizeAdmin(ReadOnlyAdmin):
    """Read-only: an event's prizes come from its final placings by the championship's scheme
    (championships.services.assign_prizes) or from a SoL file, all at once."""

    list_display = ["event", "place", "entry", "amount"]
    search_fields = ["entry__name", "event__name", "event__tournament__name"]
    list_select_related = ["event", "entry"]
