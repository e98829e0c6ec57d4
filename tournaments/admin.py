from django.contrib import admin

from tournaments import entry_services
from tournaments.models import (
    Club,
    Entry,
    EntryMember,
    Event,
    Invitation,
    Notification,
    Player,
    Profile,
    PushSubscription,
    Tournament,
    Venue,
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

    def save_model(self, request, obj, form, change):
        # The same service as the pages and the API: a corrected name reaches the player's entries at once.
        entry_services.update_player(obj)


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


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["subject", "user", "player", "tournament", "created_at", "read_at"]
    list_filter = ["tournament"]
    search_fields = ["subject", "user__username", "player__first_name", "player__last_name"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["user", "role", "tournament", "status", "invited_by", "created_at", "answered_at"]
    list_filter = ["status", "role"]
    search_fields = ["user__username", "tournament__name"]
    raw_id_fields = ["user", "invited_by", "tournament"]


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ["player", "endpoint", "created_at"]
    search_fields = ["player__first_name", "player__last_name", "endpoint"]


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "language"]
    list_filter = ["language"]
    search_fields = ["user__username"]


@admin.register(Venue)
class VenueAdmin(admin.ModelAdmin):
    list_display = ["tournament", "tables", "match_minutes", "rest_minutes"]
