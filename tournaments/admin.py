from django.contrib import admin, messages
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from tournaments import entry_services, merging, tasks
from tournaments.models import (
    Club,
    EligibilityException,
    Entry,
    EntryMember,
    Event,
    EventEligibility,
    Invitation,
    Notification,
    OutgoingMail,
    Player,
    PlayingSession,
    Presence,
    Profile,
    PushSubscription,
    RollCall,
    Tournament,
    Venue,
)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "country", "is_federation", "federation"]
    list_filter = ["is_federation", "country"]
    search_fields = ["name"]
    raw_id_fields = ["federation"]

    @transaction.atomic
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        entry_services.refresh_club_names(obj)


@admin.register(EventEligibility)
class EventEligibilityAdmin(admin.ModelAdmin):
    list_display = ["event", "sex", "born_on_or_after", "born_on_or_before", "country_of", "federation_members"]
    raw_id_fields = ["event"]


@admin.register(EligibilityException)
class EligibilityExceptionAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "admitted_by", "admitted_at"]
    raw_id_fields = ["event", "player", "admitted_by"]


@admin.register(RollCall)
class RollCallAdmin(admin.ModelAdmin):
    list_display = ["event", "opened_at", "closed_at"]
    raw_id_fields = ["event", "opened_by"]


@admin.register(Presence)
class PresenceAdmin(admin.ModelAdmin):
    list_display = ["entry", "roll_call", "marked_at", "marked_by", "player"]
    raw_id_fields = ["roll_call", "entry", "marked_by", "player"]


@admin.action(
    description=gettext_lazy("Merge the two selected players (the older record is kept)"), permissions=["change"]
)
def merge_two_players(modeladmin, request, queryset):
    """The same service as the merge page and the API; the page (players/merge/) lets one choose the record kept."""
    players = list(queryset.order_by("pk")[:3])
    if len(players) != 2:
        modeladmin.message_user(request, _("Select exactly two players to merge."), messages.ERROR)
        return
    kept, merged = players
    name = merged.full_name
    try:
        merging.merge_players(kept, merged)
    except ServiceError as error:
        modeladmin.message_user(request, error.message, messages.ERROR)
    else:
        modeladmin.message_user(request, _("%(merged)s merged into %(kept)s.") % {"merged": name, "kept": kept})


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "sex", "country", "club", "rating", "user"]
    list_filter = ["sex", "country"]
    search_fields = ["first_name", "last_name", "club__name"]
    autocomplete_fields = ["club", "user"]
    actions = [merge_two_players]

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


@admin.action(description=gettext_lazy("Try again"))
def try_again(modeladmin, request, queryset):
    for row in queryset.exclude(status=OutgoingMail.Status.SENT).select_related("tournament"):
        tasks.try_again(row.tournament, row.pk)


@admin.register(OutgoingMail)
class OutgoingMailAdmin(admin.ModelAdmin):
    """The mails still to send, for whoever runs the service: the body stays hidden (it may hold someone's link)."""

    list_display = ["subject", "to", "tournament", "status", "attempts", "created_at", "next_attempt_at", "sent_at"]
    list_filter = ["status"]
    list_select_related = ["tournament"]
    search_fields = ["to", "to_name", "subject", "last_error"]
    exclude = ["body"]
    readonly_fields = [field.name for field in OutgoingMail._meta.fields if field.name != "body"]
    actions = [try_again]


@admin.register(PlayingSession)
class PlayingSessionAdmin(admin.ModelAdmin):
    list_display = ("venue", "date", "start", "end")
    list_filter = ("date",)
