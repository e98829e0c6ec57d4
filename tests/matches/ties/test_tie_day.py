"""A team tie on match day: teams entered with rosters, line-ups named by each side, the rubbers made as matches
and carded like any other, the tie settled from them and counted in the standings and the bracket."""

import random
import re

import pytest

from core.errors import ServiceError
from matches.scoring.services import record_result, record_walkover
from matches.ties.models import LineUp
from matches.ties.services import name_line_up, rubber_players, settle_tie
from stages.models import Match, Stage
from stages.selectors import stage_standings
from stages.services import draw_stage, publish_stage
from tests.factories import EventFactory, PlayerFactory
from tournaments.models import Event
from tournaments.teams import enter_team, parse_roster

pytestmark = pytest.mark.django_db


def team(event, name, country="IND", size=4):
    roster = [{"first_name": f"{name}{n}", "last_name": "Player", "captain": n == 1} for n in range(1, size + 1)]
    return enter_team(event, name, roster, country=country)


def players(entry):
    return [member.player_id for member in entry.members.order_by("position")]


@pytest.fixture
def event():
    return EventFactory(kind=Event.Kind.TEAM_TIES, rule_set="icf", name="Team championship")


def drawn_tie(event, kind=Stage.Kind.ROUND_ROBIN, teams=("Delhi", "Mumbai"), **format_):
    entries = [team(event, name) for name in teams]
    stage = Stage.objects.create(event=event, name="League", kind=kind, tie_format=format_ or {})
    draw_stage(stage, rng=random.Random(1))
    publish_stage(stage)
    return stage, entries


def line_up(entry, reverse=False):
    p = players(entry)[::-1] if reverse else players(entry)
    return {1: [p[0]], 2: [p[1], p[2]], 3: [p[3]]}


def test_the_rubbers_are_made_once_both_sides_have_named_and_played_like_any_match(event):
    stage, _teams = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    name_line_up(tie, "a", line_up(tie.entry_a))
    assert not tie.rubbers.exists()  # one side named: the other's line-up is not known yet
    name_line_up(tie, "b", line_up(tie.entry_b, reverse=True))
    rubbers = list(tie.rubbers.order_by("rubber"))
    assert [r.rubber for r in rubbers] == [1, 2, 3] and Match.objects.filter(stage=stage).count() == 1
    assert [p.pk for p in rubber_players(rubbers[1])["a"]] == players(tie.entry_a)[1:3]

    record_result(rubbers[0], [(25, 3), (25, 10)], confirm=True)
    record_result(rubbers[1], [(5, 25), (3, 25)], confirm=True)
    tie.refresh_from_db()
    assert tie.status == Match.Status.IN_PLAY and (tie.score_a, tie.score_b) == (1, 1)
    record_walkover(rubbers[2], "b")
    tie.refresh_from_db()
    assert tie.status == Match.Status.CONFIRMED and tie.winner == tie.entry_a
    assert (tie.score_a, tie.score_b, tie.games_a, tie.games_b) == (2, 1, 2, 1)
    top = stage_standings(stage)[0]
    assert (top.id, top.wins, top.net_score) == (tie.entry_a_id, 1, 1)  # a tie won 2-1 in rubber points


def test_a_line_up_that_breaks_the_format_is_refused_with_the_reason_and_nothing_stored(event):
    stage, _teams = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    a = players(tie.entry_a)
    with pytest.raises(ServiceError, match="at most 1 rubber of a tie"):
        name_line_up(tie, "a", {1: [a[0]], 2: [a[0], a[1]], 3: [a[2]]})
    with pytest.raises(ServiceError, match="not on the team"):
        name_line_up(tie, "a", {1: [players(tie.entry_b)[0]], 2: [a[1], a[2]], 3: [a[3]]})
    assert not LineUp.objects.exists()


def test_a_line_up_is_fixed_once_its_rubbers_have_begun(event):
    stage, _teams = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    name_line_up(tie, "a", line_up(tie.entry_a))
    name_line_up(tie, "b", line_up(tie.entry_b))
    record_result(tie.rubbers.get(rubber=1), [(25, 0), (25, 0)], confirm=False)
    with pytest.raises(ServiceError, match="have begun"):
        name_line_up(tie, "a", line_up(tie.entry_a, reverse=True))


def test_a_tie_that_stops_once_decided_drops_the_rubber_it_no_longer_needs(event):
    stage, _teams = drawn_tie(event, rubbers=["singles", "doubles", "singles"], stop_when_decided=True)
    (tie,) = Match.objects.filter(stage=stage)
    name_line_up(tie, "a", line_up(tie.entry_a))
    name_line_up(tie, "b", line_up(tie.entry_b))
    for number in (1, 2):
        record_result(tie.rubbers.get(rubber=number), [(25, 1), (25, 1)], confirm=True)
    tie.refresh_from_db()
    assert tie.winner == tie.entry_a and sorted(tie.rubbers.values_list("rubber", flat=True)) == [1, 2]


def test_a_level_tie_asks_for_the_deciding_singles_and_it_decides(event):
    stage, _teams = drawn_tie(event, rubbers=["singles", "singles"], tie_break="decider")
    (tie,) = Match.objects.filter(stage=stage)
    a, b = players(tie.entry_a), players(tie.entry_b)
    name_line_up(tie, "a", {1: [a[0]], 2: [a[1]]})
    name_line_up(tie, "b", {1: [b[0]], 2: [b[1]]})
    record_result(tie.rubbers.get(rubber=1), [(25, 1), (25, 1)], confirm=True)
    record_result(tie.rubbers.get(rubber=2), [(1, 25), (1, 25)], confirm=True)
    tie.refresh_from_db()
    assert not tie.is_decided and settle_tie(tie).needs_decider
    name_line_up(tie, "a", {3: [a[2]]})
    name_line_up(tie, "b", {3: [b[3]]})
    record_result(tie.rubbers.get(rubber=3), [(2, 25), (2, 25)], confirm=True)
    tie.refresh_from_db()
    assert tie.winner == tie.entry_b and (tie.score_a, tie.score_b) == (1, 1)


def test_a_knockout_final_between_teams_advances_the_tie_winner(event):
    stage, _teams = drawn_tie(event, kind=Stage.Kind.KNOCKOUT, teams=("A", "B", "C", "D"))
    semi = Match.objects.filter(stage=stage, round__number=1).exclude(entry_b=None).first()
    name_line_up(semi, "a", line_up(semi.entry_a))
    name_line_up(semi, "b", line_up(semi.entry_b))
    for rubber in semi.rubbers.all():
        record_result(rubber, [(25, 2), (25, 2)], confirm=True)
    final = Match.objects.get(stage=stage, round__number=2)
    assert semi.entry_a_id in (final.entry_a_id, final.entry_b_id)


def test_citizens_only_teams_are_checked_player_by_player(event):
    event.citizens_only = True
    event.save()
    resident = PlayerFactory(first_name="Jean", last_name="Dupont", country="FRA", nationality="BEL")
    roster = [{"player": resident, "captain": True}, {"first_name": "Marie", "last_name": "Curie"}]
    with pytest.raises(ServiceError, match="Only citizens of FRA may play for this team: Jean Dupont"):
        enter_team(event, "France", roster, country="FRA")
    entered = enter_team(event, "Belgium", roster, country="BEL")
    assert entered.members.get(captain=True).player == resident


def test_a_roster_is_written_as_a_team_manager_hands_it_in():
    assert parse_roster("Asha Rao, C\nRavi Kumar\n\nMeera Nair, R, GBR") == [
        {"first_name": "Asha", "last_name": "Rao", "captain": True, "reserve": False},
        {"first_name": "Ravi", "last_name": "Kumar", "captain": False, "reserve": False},
        {"first_name": "Meera", "last_name": "Nair", "captain": False, "reserve": True, "nationality": "GBR"},
    ]
    with pytest.raises(ServiceError, match="Line 1"):
        parse_roster("Asha Rao, captain")


def test_the_tie_page_shows_each_line_up_to_the_other_side_only_once_both_are_named(event, client):
    from tests.factories import UserFactory

    stage, _teams = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    event.tournament.status = "published"
    event.tournament.save()
    secretary = UserFactory()
    event.tournament.secretaries.add(secretary)
    page = f"/t/{event.tournament.slug}/matches/{tie.pk}/"
    a_first = tie.entry_a.members.get(position=1).player.full_name
    client.force_login(secretary)
    form = f"/t/{event.tournament.slug}/matches/{tie.pk}/line-up/a/"
    assert "Rubber 2, doubles · player 1" in client.get(form).content.decode()
    a = players(tie.entry_a)
    refused = client.post(form, {"r1_1": a[0], "r2_1": a[0], "r2_2": a[1], "r3_1": a[2]})
    assert refused.status_code == 400 and "at most 1 rubber of a tie" in refused.content.decode()
    done = client.post(form, {"r1_1": a[0], "r2_1": a[1], "r2_2": a[2], "r3_1": a[3]})
    assert done.status_code == 302
    assert a_first in client.get(page).content.decode()  # the desk sees it at once
    client.logout()
    assert a_first not in client.get(page).content.decode()
    name_line_up(tie, "b", line_up(tie.entry_b))
    shown = client.get(page).content.decode()
    assert a_first in shown and "line-ups awaited" not in shown
    rubber = tie.rubbers.get(rubber=2)
    rubber_page = client.get(f"/t/{event.tournament.slug}/matches/{rubber.pk}/").content.decode()
    assert "Rubber 2 of the tie" in rubber_page and players_names(rubber) in rubber_page


def players_names(rubber):
    return " &amp; ".join(p.full_name for p in rubber_players(rubber)["a"])


def test_the_api_enters_teams_names_line_ups_and_shows_the_tie(event):
    from rest_framework.test import APIClient

    from tests.factories import UserFactory

    secretary = UserFactory()
    event.tournament.secretaries.add(secretary)
    api = APIClient()
    api.force_authenticate(secretary)
    teams = f"/api/tournaments/{event.tournament.slug}/events/{event.pk}/teams/"
    roster = [{"first_name": f"P{n}", "last_name": "Tamil", "captain": n == 0} for n in range(4)]
    made = api.post(teams, {"name": "Tamil Nadu", "country": "IND", "roster": roster}, format="json")
    assert made.status_code == 201 and made.json()["roster"][0]["captain"] is True
    again = api.post(teams, {"name": "Tamil Nadu", "roster": roster}, format="json")
    assert again.status_code == 400 and "name" in again.json()
    no_captain = api.post(teams, {"name": "Kerala", "roster": roster[1:]}, format="json")
    assert no_captain.json() == {"roster": ["Name one captain."]}
    team(event, "Kerala")
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(stage, rng=random.Random(1))
    publish_stage(stage)
    (tie,) = Match.objects.filter(stage=stage)
    url = f"/api/tournaments/{event.tournament.slug}/matches/{tie.pk}/"
    a = players(tie.entry_a)
    bad = api.put(url + "line-ups/a/", {"line_up": {"1": [a[0]], "2": [a[0], a[1]], "3": [a[2]]}}, format="json")
    assert bad.status_code == 400 and "at most 1 rubber of a tie" in bad.json()["line_up"][0]
    good = api.put(url + "line-ups/a/", {"line_up": {"1": [a[0]], "2": [a[1], a[2]], "3": [a[3]]}}, format="json")
    assert good.status_code == 200 and good.json()["named"] == ["a"]
    assert good.json()["rubbers"][1]["players_a"] == a[1:3]
    anonymous = APIClient().get(url + "tie/")
    assert anonymous.status_code == 404  # the tournament is a draft: nobody else sees it
    event.tournament.status = "published"
    event.tournament.save()
    assert APIClient().get(url + "tie/").json()["rubbers"][1]["players_a"] == []  # hidden until both named


def test_the_secretary_sets_a_stage_s_tie_format_on_its_form_and_a_team_on_the_event_page(event, client):
    from tests.factories import UserFactory

    secretary = UserFactory()
    event.tournament.secretaries.add(secretary)
    client.force_login(secretary)
    slug = event.tournament.slug
    added = client.post(
        f"/t/{slug}/events/{event.pk}/teams/new/",
        {"name": "Sri Lanka", "country": "LKA", "roster": "Chamil Cooray, C\nNishantha Fernando\nMeera Nair, R, IND"},
    )
    assert added.status_code == 302
    sri_lanka = event.entries.get(name="Sri Lanka")
    assert [(m.captain, m.reserve, m.player.citizenship) for m in sri_lanka.members.order_by("position")] == [
        (True, False, "LKA"),
        (False, False, "LKA"),
        (False, True, "IND"),
    ]
    refused = client.post(f"/t/{slug}/events/{event.pk}/teams/new/", {"name": "Two", "roster": "A B, captain"})
    assert refused.status_code == 400 and "Line 1" in refused.content.decode()

    form = {"name": "League", "order": 1, "kind": "round_robin", "grouping": "random", "pairing_method": "dazed"}
    form.update(bye_score_for=25, bye_score_against=0, delay_top_players=0)
    bad = client.post(f"/t/{slug}/events/{event.pk}/stages/new/", {**form, "tie_rubbers": "singles, triples"})
    assert bad.status_code == 200 and "Rubber 2: say singles or doubles." in bad.content.decode()
    tie = {"tie_rubbers": "singles, doubles:2, singles", "tie_break": "decider", "tie_rubbers_per_player": 1}
    assert client.post(f"/t/{slug}/events/{event.pk}/stages/new/", {**form, **tie}).status_code == 302
    assert Stage.objects.get(event=event).tie_format == {
        "rubbers": [
            {"kind": "singles", "points": 1},
            {"kind": "doubles", "points": 2},
            {"kind": "singles", "points": 1},
        ],
        "stop_when_decided": False,
        "tie_break": "decider",
        "rubbers_per_player": 1,
    }


def test_a_captain_names_the_line_up_from_the_personal_link_and_nobody_else_may(event, client):
    from players.links import personal_token

    stage, _teams = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    event.tournament.status = "published"
    event.tournament.save()
    slug = event.tournament.slug
    captain = tie.entry_b.members.get(captain=True).player
    token = personal_token(event.tournament, captain)
    page = client.get(f"/t/{slug}/me/{token}/").content.decode()
    assert f"Name the line-up against {tie.entry_a.name}" in page
    form = f"/t/{slug}/me/{token}/line-up/{tie.pk}/"
    b = players(tie.entry_b)
    saved = client.post(form, {"r1_1": b[3], "r2_1": b[1], "r2_2": b[2], "r3_1": b[0]})
    assert saved.status_code == 302 and saved.url == f"/t/{slug}/me/{token}/"
    assert list(tie.line_ups.filter(side="b").values_list("player_id", flat=True)) == [b[3], b[1], b[2], b[0]]
    assert f"Change the line-up against {tie.entry_a.name}" in client.get(f"/t/{slug}/me/{token}/").content.decode()
    not_captain = tie.entry_b.members.get(position=2).player
    other = f"/t/{slug}/me/{personal_token(event.tournament, not_captain)}/line-up/{tie.pk}/"
    assert client.get(other).status_code == 404


def test_the_round_prints_team_score_sheets_line_up_slips_and_a_card_per_rubber(event, client):
    from printing import pdf
    from tests.factories import UserFactory

    pdf.COMPRESS = False
    try:
        stage, _teams = drawn_tie(event)
        (tie,) = Match.objects.filter(stage=stage)
        name_line_up(tie, "a", line_up(tie.entry_a))
        name_line_up(tie, "b", line_up(tie.entry_b))
        record_result(tie.rubbers.get(rubber=1), [(25, 1), (25, 1)], confirm=True)
        umpire = UserFactory()
        event.tournament.umpires.add(umpire)
        client.force_login(umpire)
        slug, rnd = event.tournament.slug, tie.round_id
        sheets = client.get(f"/t/{slug}/rounds/{rnd}/team-sheets.pdf")
        assert sheets.status_code == 200 and sheets["Content-Type"] == "application/pdf"
        text = sheets.content.decode("latin-1")
        assert "Team score sheet" in text and tie.entry_a.name in text and "2" in text
        slips = client.get(f"/t/{slug}/rounds/{rnd}/line-up-slips.pdf").content.decode("latin-1")
        assert "Line-up of" in slips and "Roster:" in slips
        cards = client.get(f"/t/{slug}/rounds/{rnd}/score-cards.pdf").content.decode("latin-1")
        assert cards.count("/Type /Page\n") == 3 or cards.count("/Type /Page") >= 3
        singles = EventFactory(tournament=event.tournament)
        other = Stage.objects.create(event=singles, name="S", kind=Stage.Kind.ROUND_ROBIN)
        from tests.factories import RoundFactory

        assert client.get(f"/t/{slug}/rounds/{RoundFactory(stage=other).pk}/team-sheets.pdf").status_code == 404
    finally:
        pdf.COMPRESS = True


def test_a_team_event_stays_out_of_a_sol_file_and_the_singles_beside_it_go_in(event):
    import gzip

    import yaml

    from history.sol.exporting import export_tournaments
    from tests.factories import EntryFactory

    drawn_tie(event)
    singles = EventFactory(tournament=event.tournament, name="Men's singles")
    EntryFactory(event=singles)
    documents = list(yaml.safe_load_all(gzip.decompress(export_tournaments([event.tournament]))))
    (tourney,) = documents[1:]  # the singles alone
    assert len(tourney["competitors"]) == 1


def test_a_team_event_takes_teams_only(event):
    from tournaments.entry_services import add_late_entry
    from tournaments.services import ImportFailed, import_entries

    with pytest.raises(ServiceError, match="add it as a team"):
        add_late_entry(event, new_players=[{"first_name": "Solo"}])
    with pytest.raises(ImportFailed):
        import_entries(event, "first_name,last_name\nAsha,Rao\n")
    with pytest.raises(ServiceError, match="team events"):
        enter_team(EventFactory(tournament=event.tournament), "X", [{"first_name": "A", "captain": True}] * 2)


def test_a_rubber_is_carded_protested_and_swept_like_any_match(event):
    from datetime import timedelta

    from django.utils import timezone

    from matches.checkin.services import due_matches
    from matches.conduct.rest import due_matches as due_rests
    from protests.services import log_oral_protest
    from tests.factories import ProtestSettingsFactory

    stage, _teams = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    name_line_up(tie, "a", line_up(tie.entry_a))
    name_line_up(tie, "b", line_up(tie.entry_b))
    rubber = tie.rubbers.get(rubber=1)
    past = timezone.now() - timedelta(minutes=1)
    Match.with_rubbers.filter(pk=rubber.pk).update(report_deadline=past, rest_deadline=past, status="called")
    assert rubber in due_matches(timezone.now()) and rubber in due_rests(timezone.now())
    Match.with_rubbers.filter(pk=rubber.pk).update(status="in_play", report_deadline=None, rest_deadline=None)
    ProtestSettingsFactory(tournament=event.tournament)
    protest = log_oral_protest(
        rubber,
        game_no=1,
        board_no=1,
        side="A",
        protester_name="Delhi1 Player",
        decision_appealed="A foul",
        fee_paid=True,
    )
    assert protest.match == rubber


def test_a_team_player_s_page_says_which_rubber_they_play_and_opens_its_card(client):
    from players.links import personal_token

    event = EventFactory(kind=Event.Kind.TEAM_TIES, rule_set="ecc", name="Nations")  # self-umpired: players' cards
    event.tournament.status = "published"
    event.tournament.save()
    stage, _teams = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    name_line_up(tie, "a", line_up(tie.entry_a))
    name_line_up(tie, "b", line_up(tie.entry_b))
    second = tie.entry_a.members.get(position=2).player  # rubber 2, the doubles, with the third
    third = tie.entry_a.members.get(position=3).player
    page = client.get(f"/t/{event.tournament.slug}/me/{personal_token(event.tournament, second)}/").content.decode()
    assert f"You play rubber 2, doubles, with {third.full_name}." in page
    card = re.search(r'href="([^"]*/matches/(\d+)/play/[^"]+)"', page)
    assert card and int(card.group(2)) == tie.rubbers.get(rubber=2).pk
    assert client.get(card.group(1)).status_code == 200
