from django.contrib import admin

from stages.models import Group, GroupMember, Match, Round, Stage


class GroupMemberInline(admin.TabularInline):
    model = GroupMember
    extra = 0
    autocomplete_fields = ["entry"]


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "order", "kind", "status", "source", "qualifiers"]
    list_filter = ["kind", "status", "event__tournament"]
    search_fields = ["name", "event__name", "event__tournament__name"]


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    list_display = ["name", "stage", "number"]
    list_filter = ["stage__event__tournament"]
    search_fields = ["stage__name", "stage__event__name"]
    inlines = [GroupMemberInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["display_name", "stage", "number", "status"]
    list_filter = ["status", "stage__event__tournament"]
    search_fields = ["stage__name", "stage__event__name"]


@admin.register(GroupMember)
class GroupMemberAdmin(admin.ModelAdmin):
    list_display = ["entry", "group", "position"]
    search_fields = ["entry__name"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "stage", "table", "status", "score_a", "score_b", "winner", "umpire"]
    list_filter = ["status", "stage__event__tournament"]
    search_fields = ["entry_a__name", "entry_b__name", "stage__name"]
    raw_id_fields = ["entry_a", "entry_b", "winner"]
    list_select_related = ["round", "stage", "entry_a", "entry_b", "winner", "umpire"]
    inlines = []  # the score card's and history's inlines are added by matches.scoring.admin
