"""The referee's desk in the admin: read to answer "who recorded this?"; records are made through the services,
which end the match and write the audit log, so the admin changes none of them."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from matches.conduct.models import Concession, ConductChange, DisciplinaryReport, MatchLoss, MatchWarning, RestInterval


@admin.register(MatchWarning)
class MatchWarningAdmin(ReadOnlyAdmin):
    list_display = ["at", "match", "player", "law", "recorded_by"]
    search_fields = ["player__first_name", "player__last_name", "law", "note"]
    list_select_related = ["match__round", "player", "recorded_by"]


@admin.register(MatchLoss)
class MatchLossAdmin(ReadOnlyAdmin):
    list_display = ["at", "match", "player", "side", "law", "recorded_by"]
    search_fields = ["player__first_name", "player__last_name", "law", "note"]
    list_select_related = ["match__round", "player", "recorded_by"]


@admin.register(Concession)
class ConcessionAdmin(ReadOnlyAdmin):
    list_display = ["at", "match", "side", "scope", "game_no", "law"]
    search_fields = ["law"]


@admin.register(RestInterval)
class RestIntervalAdmin(ReadOnlyAdmin):
    list_display = ["match", "started_at", "ends_at", "back_a_at", "back_b_at", "outcome"]
    search_fields = ["outcome"]


@admin.register(DisciplinaryReport)
class DisciplinaryReportAdmin(ReadOnlyAdmin):
    list_display = ["at", "tournament", "player", "side", "law", "protest_id"]
    search_fields = ["player__first_name", "player__last_name", "law", "note"]


@admin.register(ConductChange)
class ConductChangeAdmin(ReadOnlyAdmin):
    list_display = ["at", "tournament", "match", "what", "user", "reason"]
    search_fields = ["reason", "what"]
    list_select_related = ["tournament", "match__round", "user"]
