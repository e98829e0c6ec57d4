"""Two records of one person merged into one (tournaments.merging): everything naming the merged record follows to
the kept one, the standings do not move, the merged record's SoL guid and personal links still find the person,
and the merge is refused where the two records are two people (one entry, one event) or each has an account."""

import gzip
from datetime import date

import pytest
import yaml
from django.contrib.admin.sites import site
from django.urls import reverse

from core.errors import ServiceError
from history.ratings.models import Rate
from history.sol.exporting import export_tournaments
from history.sol.import_people import PlayerFinder
from history.sol.importing import import_file
from history.sol.models import Picture, PlayerAlias
from matches.conduct.models import ConductChange, DisciplinaryReport, MatchLoss, MatchWarning
from matches.ties.models import LineUp
from players.links import personal_link, player_from_personal_token, revoke_personal_link, token_of
from players.models import FormerLink, PersonalLink
from stages.models import Match, Stage
from stages.selectors import stage_standings
from tests.factories import (
    EligibilityExceptionFactory,
    EntryFactory,
    EventFactory,
    MatchFactory,
    NotificationFactory,
    PlayerFactory,
    PresenceFactory,
    PushSubscriptionFactory,
    StageFactory,
    TournamentFactory,
    UserFactory,
)
from tests.factories_history import PictureFactory, PlayerAliasFactory, RateFactory
from tests.history.sol import shapes
from tests.player_helpers import round_of
from tournaments import merging
from tournaments.admin import PlayerAdmin
from tournaments.merging import merge_players, reverse_relations
from tournaments.models import EntryMember, Notification, Player, PushSubscription

pytestmark = pytest.mark.django_db

# Every model with a relation to Player, and how a merge treats its rows. A new foreign key to Player fails
# test_every_relation_to_player_is_known until its app moves its rows on `players_merging` and it is listed here.
MOVED_BY = {
    "tournaments.EntryMember": "tournaments.merging",
    "tournaments.Notification": "tournaments.merging",
    "tournaments.PushSubscription": "tournaments.merging",
    "tournaments.EligibilityException": "tournaments.merging",
    "tournaments.Presence": "tournaments.merging",
    "ties.LineUp": "matches.ties.services.move_line_ups",
    "conduct.MatchWarning": "matches.conduct.services.move_conduct_records",
    "conduct.MatchLoss": "matches.conduct.services.move_conduct_records",
    "conduct.DisciplinaryReport": "matches.conduct.services.move_conduct_records",
    "conduct.ConductChange": "matches.conduct.services.move_conduct_records",
    "players.PersonalLink": "players.links.move_personal_links",
    "ratings.Rate": "history.ratings.seeding.move_rates",
    "sol.PlayerAlias": "history.sol.services.keep_merged_guid",
    "sol.Picture": "history.sol.services.keep_merged_guid",
}


def test_every_relation_to_player_is_known():
    """Player._meta.related_objects leaves out relations named "+" (the desk's reports and audit log, who marked a
    roll call's presence): every
    relation is read, hidden ones too, as the merge's own last check reads them."""
    related = sorted(relation.related_model._meta.label for relation in reverse_relations())
    assert related == sorted(MOVED_BY)
    hidden = {r.related_model._meta.label for r in reverse_relations()} - {
        r.related_model._meta.label for r in Player._meta.related_objects
    }
    assert hidden == {"conduct.DisciplinaryReport", "conduct.ConductChange", "tournaments.Presence"}


def swiss_stage(tournament, player):
    """A Swiss stage of a new event of `tournament`: `player` wins round 1, loses round 2; four entries."""
    stage = StageFactory(event=EventFactory(tournament=tournament), kind=Stage.Kind.SWISS)
    own = EntryFactory(event=stage.event, members=[player])
    b, c, d = (EntryFactory(event=stage.event) for _ in range(3))
    done = Match.Status.CONFIRMED
    MatchFactory(round=round_of(stage, 1), entry_a=own, entry_b=b, score_a=25, score_b=10, winner=own, status=done)
    MatchFactory(round=round_of(stage, 1), entry_a=c, entry_b=d, score_a=25, score_b=0, winner=c, status=done)
    MatchFactory(round=round_of(stage, 2), entry_a=own, entry_b=c, score_a=5, score_b=25, winner=c, status=done)
    MatchFactory(round=round_of(stage, 2), entry_a=d, entry_b=b, score_a=25, score_b=20, winner=d, status=done)
    return stage, own


def table(stage):
    return [(row.id, row.rank, row.points) for row in stage_standings(stage)]


@pytest.fixture
def two_records(tournament):
    """Asha Rao, entered in the tournament's singles; "Asha Rao" again, entered in another tournament's."""
    kept = PlayerFactory(first_name="Asha", last_name="Rao", guid="a" * 32, date_of_birth=None, email="")
    merged = PlayerFactory(
        first_name="Asha", last_name="Rao ", guid="b" * 32, date_of_birth=date(1990, 3, 1), email="asha@example.com"
    )
    kept_stage, kept_entry = swiss_stage(tournament, kept)
    other = TournamentFactory(status="published")
    other.secretaries.add(*tournament.secretaries.all())
    merged_stage, merged_entry = swiss_stage(other, merged)
    return kept, merged, (kept_stage, kept_entry), (merged_stage, merged_entry)


def test_everything_naming_the_merged_record_follows_to_the_kept_one(two_records):
    kept, merged, (_stage, kept_entry), (merged_stage, merged_entry) = two_records
    tie = MatchFactory(round=round_of(merged_stage, 3), entry_a=merged_entry)
    tournament = merged_stage.event.tournament
    rows = [
        LineUp.objects.create(tie=tie, side="a", rubber=1, player=merged),
        MatchWarning.objects.create(match=tie, player=merged, side="a", clause="distraction", law="ICF 143(h)"),
        MatchLoss.objects.create(match=tie, player=merged, side="a", clause="distraction", law="ICF 143(h)"),
        DisciplinaryReport.objects.create(
            tournament=tournament, player=merged, source="abusive_protest", law="ICF 148"
        ),
        ConductChange.objects.create(tournament=tournament, match=tie, player=merged, what="warning"),
        NotificationFactory(user=None, player=merged, tournament=tournament, key="called:1"),
        PushSubscriptionFactory(player=merged),
        PersonalLink.objects.create(tournament=tournament, player=merged),
        RateFactory(player=merged),
        PlayerAliasFactory(player=merged),
        PictureFactory(player=merged),
        EligibilityExceptionFactory(event=merged_stage.event, player=merged),
        PresenceFactory(entry=merged_entry, roll_call__event=merged_stage.event, player=merged),
    ]
    account = UserFactory()
    merged.user = account
    merged.save()
    assert {type(row)._meta.label for row in rows} | {"tournaments.EntryMember"} == set(MOVED_BY)

    merge_players(kept, merged)

    assert not Player.objects.filter(pk=merged.pk).exists()
    for row in rows:
        row.refresh_from_db()
        assert row.player_id == kept.pk, type(row)._meta.label
    assert set(EntryMember.objects.filter(player=kept).values_list("entry", flat=True)) == {
        kept_entry.pk,
        merged_entry.pk,
    }
    kept.refresh_from_db()
    # The kept record keeps its own facts and takes what only the merged one knew, and its account.
    assert (kept.last_name, kept.guid) == ("Rao", "a" * 32)
    assert (kept.date_of_birth, kept.email, kept.user) == (date(1990, 3, 1), "asha@example.com", account)
    merged_entry.refresh_from_db()
    assert merged_entry.name == "Asha Rao"  # the entry is named after its player as it now is


def test_the_standings_are_the_same_and_both_histories_are_the_kept_players(two_records):
    kept, merged, (kept_stage, _kept_entry), (merged_stage, merged_entry) = two_records
    before = table(kept_stage), table(merged_stage)
    assert merged_entry.pk in {row[0] for row in before[1]}

    merge_players(kept, merged)

    assert (table(kept_stage), table(merged_stage)) == before
    played = Match.objects.filter(entry_a__members__player=kept, status=Match.Status.CONFIRMED)
    assert played.count() == 4  # two rounds in each tournament, all of them now the kept player's


def test_the_merged_sol_guid_finds_the_kept_player_on_a_later_import(two_records):
    kept, merged, *_ = two_records
    older = PlayerAliasFactory(player=merged, guid="c" * 32)  # merged into it in SoL before

    merge_players(kept, merged)

    assert PlayerAlias.objects.get(guid="b" * 32).player == kept
    older.refresh_from_db()
    assert older.player == kept
    finder = PlayerFinder([{"guid": "b" * 32}, {"guid": "c" * 32}])
    assert finder.find("b" * 32, "Asha", "Rao", None) == kept
    assert finder.find("c" * 32, "Asha", "Rao", None) == kept


def test_the_sol_export_names_the_merged_guid_as_sol_does(two_records):
    kept, merged, (stage, _entry), _other = two_records

    merge_players(kept, merged)

    head, *_tourneys = yaml.safe_load_all(gzip.decompress(export_tournaments([stage.event.tournament])))
    (record,) = [player for player in head["players"] if player["guid"] == "a" * 32]
    assert record["merged"] == [["b" * 32, "Rao", "Asha", ""]]


def test_a_sol_file_merging_a_player_we_hold_merges_them_as_the_page_does(tournament):
    """SoL merged "old_bob" into "bob": our old_bob, entered here with a personal link, becomes bob everywhere."""
    old = PlayerFactory(first_name="Roberto", last_name="Berti", guid=shapes.GUIDS["old_bob"])
    entry = EntryFactory(event=EventFactory(tournament=tournament), members=[old])
    token = token_of(personal_link(tournament, old))

    import_file(shapes.as_yaml(shapes.sol5()))

    bob = Player.objects.get(guid=shapes.GUIDS["bob"])
    assert not Player.objects.filter(pk=old.pk).exists()
    assert entry.members.get().player == bob
    assert player_from_personal_token(tournament, token) == bob
    assert PlayerAlias.objects.get(guid=shapes.GUIDS["old_bob"]).player == bob


def test_a_kept_record_without_a_guid_takes_the_merged_ones(tournament):
    kept, merged = PlayerFactory(guid=None), PlayerFactory(guid="d" * 32)

    merge_players(kept, merged)

    kept.refresh_from_db()
    assert kept.guid == "d" * 32
    assert not PlayerAlias.objects.exists()


def test_the_merged_players_personal_links_still_open_the_kept_players_page(client, two_records, tournament):
    kept, merged, *_ = two_records
    other = merged.memberships.get().entry.event.tournament
    moved = token_of(personal_link(other, merged))  # the kept player has no link there: the link moves
    kept_link = personal_link(tournament, kept)
    former = token_of(PersonalLink.objects.create(tournament=tournament, player=merged))  # both have one here

    merge_players(kept, merged)

    assert player_from_personal_token(other, moved) == kept
    assert player_from_personal_token(tournament, former) == kept
    assert player_from_personal_token(tournament, token_of(kept_link)) == kept
    page = client.get(reverse("player-schedule", args=[tournament.slug, former]))
    assert page.status_code == 200 and "Asha Rao" in page.content.decode()
    # Revoking the kept player's link ends the link of the merged record too.
    revoke_personal_link(tournament, kept)
    assert player_from_personal_token(tournament, former) is None
    assert not FormerLink.objects.exists()


def test_rates_move_and_a_date_both_were_rated_on_keeps_the_kept_players(
    two_records, django_capture_on_commit_callbacks
):
    kept, merged, *_ = two_records
    both = RateFactory(player=kept, rate=1600)
    RateFactory(player=merged, rating=both.rating, date=both.date, rate=1400)
    later = RateFactory(player=merged, rating=both.rating, date=date(2026, 11, 20), rate=1450)

    with django_capture_on_commit_callbacks(execute=False) as queued:
        merge_players(kept, merged)

    assert sorted(Rate.objects.filter(player=kept).values_list("pk", "rate")) == sorted(
        [(both.pk, 1600), (later.pk, 1450)]
    )
    assert len(queued) >= 1  # the rating is recomputed once the merge commits


def test_notifications_once_per_key_and_phones_follow(tournament):
    kept, merged = PlayerFactory(), PlayerFactory()
    NotificationFactory(user=None, player=kept, tournament=tournament, key="called:7")
    NotificationFactory(user=None, player=merged, tournament=tournament, key="called:7")
    NotificationFactory(user=None, player=merged, tournament=tournament, key="called:8")
    phone = PushSubscriptionFactory(player=merged)

    merge_players(kept, merged)

    assert sorted(Notification.objects.filter(player=kept).values_list("key", flat=True)) == ["called:7", "called:8"]
    assert PushSubscription.objects.get(pk=phone.pk).player == kept


def test_a_team_keeps_its_name_when_its_player_is_merged(tournament):
    kept, merged = PlayerFactory(first_name="Asha", last_name="Rao"), PlayerFactory(first_name="A.", last_name="Rao")
    team = EntryFactory(event=EventFactory(tournament=tournament, kind="team_ties"), members=[merged, PlayerFactory()])
    team.name = "India"
    team.save()

    merge_players(kept, merged)

    team.refresh_from_db()
    assert team.name == "India" and team.members.filter(player=kept).exists()


def test_the_portrait_of_the_kept_player_stays():
    kept, merged = PlayerFactory(), PlayerFactory()
    own, other = PictureFactory(player=kept), PictureFactory(player=merged)

    merge_players(kept, merged)

    assert list(Picture.objects.values_list("pk", flat=True)) == [own.pk]
    assert not Picture.objects.filter(pk=other.pk).exists()


def test_two_players_of_one_event_are_two_people(tournament):
    stage, entry = swiss_stage(tournament, PlayerFactory(first_name="Asha", last_name="Rao"))
    kept = entry.players.get()
    other = stage.event.entries.exclude(pk=entry.pk).first().players.get()

    with pytest.raises(ServiceError) as refused:
        merge_players(kept, other)

    assert refused.value.field == "merged"
    assert "one person cannot play twice in an event" in refused.value.message
    assert Player.objects.filter(pk=other.pk).exists()


def test_two_partners_of_one_pair_are_two_people(tournament):
    pair = EntryFactory(event=EventFactory(tournament=tournament, kind="doubles"))
    first, second = (member.player for member in pair.members.order_by("position"))

    with pytest.raises(ServiceError) as refused:
        merge_players(first, second)

    assert "play together" in refused.value.message


def test_two_accounts_are_refused_and_a_record_is_not_merged_with_itself():
    kept, merged = PlayerFactory(user=UserFactory()), PlayerFactory(user=UserFactory())
    with pytest.raises(ServiceError, match="account"):
        merge_players(kept, merged)
    with pytest.raises(ServiceError, match="itself"):
        merge_players(kept, kept)


def test_a_row_nobody_moved_stops_the_merge(monkeypatch):
    """An app that keeps rows naming players but does not move them: the merge is refused, nothing is lost."""
    kept, merged = PlayerFactory(), PlayerFactory()
    rate = RateFactory(player=merged)
    monkeypatch.setattr(merging.players_merging, "send", lambda **kwargs: [])

    with pytest.raises(ServiceError, match="ratings.Rate"):
        merge_players(kept, merged)

    assert Rate.objects.filter(pk=rate.pk, player=merged).exists()


# ---------------------------------------------------------------- API, page and admin


def merge_url(player):
    return reverse("player-merge", args=[player.pk])


def test_the_api_merges_for_a_secretary_of_both_tournaments(api_client, secretary, two_records):
    kept, merged, *_ = two_records
    api_client.force_login(secretary)

    answer = api_client.post(merge_url(kept), {"merged": merged.pk}, format="json")

    assert answer.status_code == 200, answer.content
    assert answer.json()["id"] == kept.pk
    assert not Player.objects.filter(pk=merged.pk).exists()


def test_the_api_refuses_a_secretary_of_one_of_the_tournaments_only(api_client, two_records):
    kept, merged, *_ = two_records
    stranger = UserFactory(secretary=True)
    kept.memberships.get().entry.event.tournament.secretaries.add(stranger)
    api_client.force_login(stranger)

    answer = api_client.post(merge_url(kept), {"merged": merged.pk}, format="json")

    assert answer.status_code == 403
    assert Player.objects.filter(pk=merged.pk).exists()


def test_the_api_says_why_it_refuses(api_client, secretary, tournament):
    stage, entry = swiss_stage(tournament, PlayerFactory())
    other = stage.event.entries.exclude(pk=entry.pk).first().players.get()
    api_client.force_login(secretary)

    answer = api_client.post(merge_url(entry.players.get()), {"merged": other.pk}, format="json")

    assert answer.status_code == 400
    assert "one person cannot play twice" in answer.json()["merged"][0]
    assert api_client.post(merge_url(other), {}, format="json").json() == {"merged": ["This field is required."]}


def test_the_page_finds_compares_and_merges(client, secretary, two_records):
    kept, merged, *_ = two_records
    client.force_login(secretary)
    url = reverse("players-merge")

    found = client.get(url, {"q": "asha rao"})
    assert found.status_code == 200
    assert found.content.decode().count('name="kept"') == 2

    compared = client.get(url, {"q": "asha rao", "kept": kept.pk, "merged": merged.pk})
    page = compared.content.decode()
    assert compared.status_code == 200
    assert "1990" in page  # the secretary of both tournaments sees the dates of birth
    assert "This cannot be undone" in page

    done = client.post(url, {"kept": kept.pk, "merged": merged.pk, "q": "asha rao"})
    assert done.status_code == 302
    assert not Player.objects.filter(pk=merged.pk).exists()


def test_the_page_shows_the_refusal_instead_of_the_button(client, secretary, tournament):
    stage, entry = swiss_stage(tournament, PlayerFactory())
    kept = entry.players.get()
    other = stage.event.entries.exclude(pk=entry.pk).first().players.get()
    client.force_login(secretary)
    url = reverse("players-merge")

    compared = client.get(url, {"kept": kept.pk, "merged": other.pk})
    assert "one person cannot play twice" in compared.content.decode()
    assert "This cannot be undone" not in compared.content.decode()

    posted = client.post(url, {"kept": kept.pk, "merged": other.pk})
    assert posted.status_code == 400
    assert Player.objects.filter(pk=other.pk).exists()


def test_the_page_is_for_officials(client, tournament):
    client.force_login(UserFactory())
    assert client.get(reverse("players-merge")).status_code == 403


def test_the_admin_action_keeps_the_older_record(rf, admin_user):
    kept, merged = PlayerFactory(), PlayerFactory()
    request = rf.post("/admin/tournaments/player/")
    request.user = admin_user
    request._messages = []
    admin = PlayerAdmin(Player, site)
    admin.message_user = lambda request, message, level=None: request._messages.append(str(message))

    admin.get_actions(request)["merge_two_players"][0](
        admin, request, Player.objects.filter(pk__in=[kept.pk, merged.pk])
    )

    assert list(Player.objects.values_list("pk", flat=True)) == [kept.pk]
    assert request._messages == [f"{merged.full_name} merged into {kept.full_name}."]
