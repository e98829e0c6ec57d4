from django.contrib import admin

from .models import (
    Club,
    Entry,
    EntryMember,
    Event,
    Group,
    GroupMember,
    Notification,
    Player,
    Round,
    Stage,
    Tournament,
)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "country", "is_federation"]
    list_filter = ["is_federation", "country"]
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "sex", "country", "club", "rating", "user"]
    list_filter = ["sex", "country"]
    search_fields = ["first_name", "last_name", "club__name"]
    autocomplete_fields = ["club", "user"]


class EventInline(admin.TabularInline):
    model = Event
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "venue", "start_date", "end_date", "status", "host_club"]
    list_filter = ["status", "start_date"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["secretaries", "chief_referees", "umpires"]
    inlines = [EventInline]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "kind", "category", "rule_set"]
    list_filter = ["kind", "category", "rule_set"]
    search_fields = ["name", "tournament__name"]


class EntryMemberInline(admin.TabularInline):
    model = EntryMember
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "seed", "withdrawn"]
    list_filter = ["withdrawn", "event__tournament"]
    search_fields = ["name", "members__player__last_name"]
    inlines = [EntryMemberInline]


@admin.register(EntryMember)
class EntryMemberAdmin(admin.ModelAdmin):
    list_display = ["entry", "player", "position"]
    search_fields = ["player__first_name", "player__last_name", "entry__name"]


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


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["subject", "user", "tournament", "created_at", "read_at"]
    list_filter = ["tournament"]
    search_fields = ["subject", "user__username"]
