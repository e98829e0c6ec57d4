"""Boards kept stroke by stroke in the admin: read, to answer "what was recorded at stroke 12?"; written only by
the stroke page."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from matches.strokes.models import BoardStroke, KeptBoard


class StrokeInline(admin.TabularInline):
    model = BoardStroke
    extra = 0
    fields = ["seq", "data", "recorded_by", "recorded_at"]
    readonly_fields = fields
    can_delete = False


@admin.register(KeptBoard)
class KeptBoardAdmin(ReadOnlyAdmin):
    list_display = ["match", "game_no", "board_no", "breaker", "status", "started_by", "started_at"]
    list_filter = ["status"]
    list_select_related = ["match__round", "started_by"]
    search_fields = ["match__entry_a__name", "match__entry_b__name"]
    inlines = [StrokeInline]


@admin.register(BoardStroke)
class BoardStrokeAdmin(ReadOnlyAdmin):
    list_display = ["kept", "seq", "recorded_by", "recorded_at"]
    list_select_related = ["kept", "recorded_by"]
    search_fields = ["kept__match__entry_a__name", "kept__match__entry_b__name"]
