"""The players' links and the self-umpired reports, for the site's administrators: read, and revoke (the action
calls the same service as the secretary's pages). The keys are not shown: with the site's secret key they are the
links. The players' news to send (the outbox), with the officials' "try again"."""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from players import links, tasks
from players.models import FormerLink, MatchLink, OutgoingNews, PersonalLink, SelfReport


@admin.action(description=gettext_lazy("Revoke and issue new links"))
def revoke(modeladmin, request, queryset):
    if queryset.model is PersonalLink:
        for link in queryset.select_related("tournament", "player"):
            links.revoke_personal_link(link.tournament, link.player)
    else:  # a match's two links go together
        for match in {link.match for link in queryset.select_related("match")}:
            links.revoke_match_links(match)


@admin.register(FormerLink)
class FormerLinkAdmin(admin.ModelAdmin):
    """The links of merged player records that still open the kept player's page (the key left out)."""

    list_display = ["former_id", "link"]
    list_select_related = ["link__player", "link__tournament"]
    search_fields = ["link__player__first_name", "link__player__last_name", "link__tournament__name"]
    fields = ["former_id", "link"]
    readonly_fields = fields


@admin.register(PersonalLink)
class PersonalLinkAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "issued_at", "times_revoked"]
    list_select_related = ["player", "tournament"]
    search_fields = ["player__first_name", "player__last_name", "tournament__name"]
    fields = ["tournament", "player", "issued_at", "times_revoked"]
    readonly_fields = fields
    actions = [revoke]


@admin.register(MatchLink)
class MatchLinkAdmin(admin.ModelAdmin):
    list_display = ["match", "side", "issued_at", "times_revoked"]
    list_select_related = ["match__round", "match__entry_a", "match__entry_b"]
    search_fields = ["match__entry_a__name", "match__entry_b__name"]
    fields = ["match", "side", "issued_at", "times_revoked"]
    readonly_fields = fields
    actions = [revoke]


@admin.register(SelfReport)
class SelfReportAdmin(admin.ModelAdmin):
    list_display = ["match", "entered_by_side", "state", "disputed_at", "settled_at", "settled_by"]
    list_filter = ["state"]
    list_select_related = ["match__round", "match__entry_a", "match__entry_b", "settled_by"]
    search_fields = ["match__entry_a__name", "match__entry_b__name"]
    readonly_fields = ["match", "entered_version", "other_version", "disputed_at", "settled_at", "settled_by"]


@admin.action(description=gettext_lazy("Try again"))
def try_again(modeladmin, request, queryset):
    for row in queryset.exclude(status=OutgoingNews.Status.SENT).select_related("tournament"):
        tasks.try_again(row.tournament, row.pk)


@admin.register(OutgoingNews)
class OutgoingNewsAdmin(admin.ModelAdmin):
    list_display = ["news", "tournament", "status", "attempts", "created_at", "next_attempt_at", "sent_at", "told"]
    list_filter = ["status", "news"]
    list_select_related = ["tournament"]
    search_fields = ["tournament__name", "last_error"]
    readonly_fields = [field.name for field in OutgoingNews._meta.fields]
    actions = [try_again]
