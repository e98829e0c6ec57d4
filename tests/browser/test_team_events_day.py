"""Team events in a real browser. A national-team Swiss of 8 teams (citizens only): each round paired and published
at the desk, both captains name their line-ups on their phones from their personal links, the desk types the
rubbers' results in the round's grid; after four rounds the team standings, then a final tie in a knockout. And a
school league of ties (singles, doubles, singles) in groups, its line-ups named at the desk."""

import random

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from players.links import personal_link_url
from stages.models import Match, Stage
from stages.services import draw_stage, finish_stage, publish_stage
from tests.browser.conftest import PHONE, log_in, new_page, type_round_results
from tests.factories import EventFactory, TournamentFactory, UserFactory
from tournaments.models import Event
from tournaments.teams import enter_team

NATIONS = ["France", "Germany", "Italy", "Poland", "Switzerland", "Czechia", "Britain", "Belgium"]
CODES = ["FRA", "GER", "ITA", "POL", "SUI", "CZE", "GBR", "BEL"]


def captain_names_line_up(phone, live_server, tie, team, opponent, rng, shot=None, from_page=False):
    """On the captain's phone, by the personal link: the line-up form (reached from the personal page's "Name the
    line-up against …" when `from_page`, else straight by its address), a player for each rubber, saved."""
    captain = team.members.get(captain=True).player
    page_url = live_server.url + personal_link_url(tie.stage.event.tournament, captain)
    if from_page:
        phone.goto(page_url)
        phone.get_by_role("link", name=f"Name the line-up against {opponent.name}").click()
    else:
        phone.goto(f"{page_url}line-up/{tie.pk}/")
    # The form's page, not the personal page still on screen while the link's page loads: its selects are the line-up's.
    expect(phone.get_by_role("heading", name=f"Line-up of {team.name}")).to_be_visible()
    selects = phone.locator("select")
    picks = rng.sample(range(1, selects.first.locator("option").count()), selects.count())
    for index, pick in enumerate(picks):
        selects.nth(index).select_option(index=pick)
    if shot:
        phone.screenshot(path=shot, full_page=True)
    phone.get_by_role("button", name="Save the line-up").click()
    expect(phone.locator(".message.success")).to_contain_text(f"The line-up of {team.name} is saved.")


def name_both(browser, live_server, ties, rng, shot=None):
    phone = new_page(browser, PHONE)
    for index, tie in enumerate(ties):  # the first tie's captains from their pages, the others by the form's address
        captain_names_line_up(phone, live_server, tie, tie.entry_a, tie.entry_b, rng, shot, from_page=index == 0)
        captain_names_line_up(phone, live_server, tie, tie.entry_b, tie.entry_a, rng, from_page=index == 0)
        shot = None
        assert tie.rubbers.count() == 3
    phone.context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_national_team_swiss_day_with_line_ups_from_the_captains_phones(live_server, browser):
    rng = random.Random(31)
    UserFactory(username="secretary")
    tournament = TournamentFactory(status="published", name="Eurocup 2026")
    tournament.secretaries.add(UserFactory._meta.model.objects.get(username="secretary"))
    event = EventFactory(tournament=tournament, name="Nations", kind=Event.Kind.TEAM_TIES, rule_set="ecc")
    event.citizens_only = True
    event.save()
    for nation, code in zip(NATIONS, CODES, strict=True):
        roster = [{"first_name": f"{nation[:3]}{n}", "last_name": "Player", "captain": n == 0} for n in range(5)]
        enter_team(event, nation, roster, country=code)
    swiss = Stage.objects.create(
        event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=4, tie_format={"rubbers": ["singles"] * 3}
    )
    desk = new_page(browser, {"width": 1280, "height": 900})
    log_in(desk, live_server, "secretary", swiss.get_absolute_url())
    for number in range(1, 5):
        desk.goto(live_server.url + swiss.get_absolute_url())
        desk.get_by_role("button", name="Pair round 1" if number == 1 else "Pair next round").click()
        desk.get_by_role("button", name=f"Publish round {number}").first.click()
        rnd = swiss.rounds.get(number=number)
        ties = list(rnd.matches.select_related("entry_a", "entry_b", "stage__event__tournament"))
        name_both(browser, live_server, ties, rng, shot="/tmp/team-captain-line-up.png" if number == 1 else None)
        type_round_results(desk, live_server, tournament, rnd, rng)
        assert all(tie.is_decided for tie in Match.objects.filter(round=rnd))
    desk.goto(live_server.url + swiss.get_absolute_url())
    standings = desk.locator("#standings table.standings")
    expect(standings.locator("th").nth(1)).to_have_text("Team")
    expect(standings.locator("tbody tr")).to_have_count(8)
    desk.screenshot(path="/tmp/team-standings.png", full_page=True)

    finish_stage(swiss)
    final = Stage.objects.create(event=event, order=2, name="Final", kind=Stage.Kind.KNOCKOUT, source=swiss,
                                 qualifiers=2, tie_format={"rubbers": ["singles"] * 3})  # fmt: skip
    draw_stage(final)
    publish_stage(final)
    tie = final.matches.select_related("entry_a", "entry_b", "stage__event__tournament").get()
    name_both(browser, live_server, [tie], rng)
    type_round_results(desk, live_server, tournament, tie.round, rng)
    tie.refresh_from_db()
    assert tie.is_decided and tie.winner_id in (tie.entry_a_id, tie.entry_b_id)
    phone = new_page(browser, PHONE)
    phone.goto(live_server.url + reverse("match-detail", args=[tournament.slug, tie.pk]))
    expect(phone.locator("#tie table.tie-rubbers tbody tr")).to_have_count(3)
    phone.screenshot(path="/tmp/team-final-tie.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_school_league_of_ties_in_groups_named_at_the_desk(live_server, browser):
    rng = random.Random(7)
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published", name="Schools 2026")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Schools league", kind=Event.Kind.TEAM_TIES, rule_set="ecc")
    desk = new_page(browser, {"width": 1280, "height": 900})
    log_in(desk, live_server, "secretary", event.get_absolute_url())
    for number in range(1, 5):
        desk.goto(live_server.url + event.get_absolute_url())
        desk.get_by_role("link", name="Add a team").click()
        desk.get_by_label("Team name").fill(f"School {number}")
        desk.get_by_label("Roster").fill(
            "\n".join([f"Pupil{number}A Rao, C", *(f"Pupil{number}{c} Rao" for c in "BCD")])
        )
        desk.get_by_role("button", name="Add the team").click()
        expect(desk.locator(".message.success")).to_contain_text(f"School {number} entered")
    desk.get_by_role("link", name="Add stage").click()
    desk.fill("#id_name", "Groups")
    desk.select_option("#id_kind", "groups")
    desk.fill("#id_group_count", "2")
    expect(desk.locator("#id_tie_rubbers")).to_have_value("singles, doubles, singles")
    desk.get_by_role("button", name="Save stage").click()
    groups = Stage.objects.get(event=event)
    desk.get_by_role("button", name="Draw").click()
    desk.get_by_role("button", name="Publish").first.click()
    assert not groups.rounds.filter(status="draft").exists()
    for tie in Match.objects.filter(stage=groups).exclude(entry_b=None).select_related("entry_a", "entry_b"):
        for side in ("a", "b"):
            desk.goto(live_server.url + reverse("tie-line-up", args=[tournament.slug, tie.pk, side]))
            selects = desk.locator("select")
            for index, pick in enumerate(rng.sample(range(1, 5), 4)):
                selects.nth(index).select_option(index=pick)
            desk.get_by_role("button", name="Save the line-up").click()
            expect(desk.locator(".message.success")).to_contain_text("is saved")
        desk.screenshot(path="/tmp/school-tie.png", full_page=True)
        type_round_results(desk, live_server, tournament, tie.round, rng)
    desk.goto(live_server.url + groups.get_absolute_url())
    expect(desk.locator("table.standings")).to_have_count(2)
    assert all(tie.is_decided for tie in Match.objects.filter(stage=groups).exclude(entry_b=None))
