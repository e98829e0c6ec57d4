from django.contrib import admin

from matches.admin import ResultChangeInline
from matches.scoring.models import Board, Game
from stages.admin import MatchAdmin


class GameInline(admin.TabularInline):
    model = Game
    extra = 0


class BoardInline(admin.TabularInline):
    model = Board
    extra = 0
    fields = [
        "game_no",
        "number",
        "breaker",
        "winner",
        "coins_left_of_loser",
        "queen",
        "points",
        "total_a",
        "total_b",
        "voided",
    ]
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["match", "number", "score_a", "score_b", "winner_side"]
    search_fields = ["match__entry_a__name", "match__entry_b__name"]


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
    list_display = ["match", "game_no", "number", "breaker", "awarded_to", "points", "total_a", "total_b", "voided"]
    list_filter = ["voided"]
    raw_id_fields = ["match", "entered_by", "confirmed_by"]


# A match's admin page shows its score card and history.
MatchAdmin.inlines = [*MatchAdmin.inlines, GameInline, BoardInline, ResultChangeInline]
