from django.contrib import admin

from .models import Game, Match


class GameInline(admin.TabularInline):
    model = Game
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "stage", "table", "status", "score_a", "score_b", "winner", "umpire"]
    list_filter = ["status", "stage__event__tournament"]
    search_fields = ["entry_a__name", "entry_b__name", "stage__name"]
    raw_id_fields = ["entry_a", "entry_b", "winner", "next_match", "loser_next_match"]
    list_select_related = ["round", "stage", "entry_a", "entry_b", "winner", "umpire"]
    inlines = [GameInline]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["match", "number", "score_a", "score_b", "winner_side"]
    search_fields = ["match__entry_a__name", "match__entry_b__name"]
