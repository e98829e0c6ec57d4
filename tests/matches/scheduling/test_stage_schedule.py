"""Scheduling a whole stage at once (scheduling.services.schedule_stage): a knockout in bracket order, a round
robin round after round, self-umpired events without umpires; the secretary's page and the API."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from matches.models import ResultChange
from matches.scheduling.services import ScheduleError, schedule_round, schedule_stage
from stages.models import Match, Round, Stage
from stages.services import draw_stage, publish_stage
from tests.factories import EntryFactory, EventFactory, MatchFactory, PlayerFactory, UserFactory, VenueFactory
from tests.helpers import make_round

pytestmark = pytest.mark.django_db

NINE = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def slots(rnd):
    return [
        (m.number, m.table, m.planned_at.strftime("%H:%M") if m.planned_at else None)
        for m in rnd.matches.order_by("number")
    ]


def drawn(tournament, kind, size, rule_set="icf", publish=True, players=None, **settings):
    event = EventFactory(tournament=tournament, rule_set=rule_set)
    players = players or [PlayerFactory() for _ in range(size)]
    for seed, player in enumerate(players, 1):
        EntryFactory(event=event, seed=seed, members=[player])
    stage = Stage.objects.create(event=event, name="Stage", kind=kind, **settings)
    draw_stage(stage)
    if publish:
        publish_stage(stage)
    return stage


def test_a_knockout_is_scheduled_whole_in_bracket_order(tournament, secretary):
    # The same day as scheduling its rounds one by one: semi-final 2 waits for quarter-finals 3 and 4 and the
    # rest; the final and the third-place match come after both semi-finals.
    VenueFactory(tournament=tournament, tables=2, match_minutes=60, rest_minutes=10)
    stage = drawn(tournament, Stage.Kind.KNOCKOUT, 8, third_place_match=True)
    placed = schedule_stage(stage, NINE, user=secretary)
    rounds = list(stage.rounds.order_by("number"))
    assert [slots(r) for r in rounds] == [
        [(1, 1, "09:00"), (2, 2, "09:00"), (3, 1, "10:00"), (4, 2, "10:00")],
        [(1, 1, "11:00"), (2, 2, "11:10")],
        [(1, 1, "12:20")],
        [(1, 1, "13:30")],
    ]
    assert len(placed) == 8
    assert [m.planned_at for m in placed] == sorted(m.planned_at for m in placed)
    changes = ResultChange.objects.filter(match__stage=stage, what=ResultChange.What.SCHEDULE)
    assert changes.count() == 8 and {c.reason for c in changes} == {"Stage scheduled"}


def test_a_round_robin_is_scheduled_round_after_round(tournament):
    # Ann is busy at 09:00 in another event, so her first-round match waits for her to rest; her second-round
    # match may not come before it, although a table is free at 09:00.
    VenueFactory(tournament=tournament, tables=4, match_minutes=60, rest_minutes=10)
    ann = PlayerFactory(first_name="Ann")
    elsewhere = make_round(tournament)
    MatchFactory(round=elsewhere, number=1, entry_a=EntryFactory(event=elsewhere.stage.event, members=[ann]))
    schedule_round(elsewhere, NINE)
    stage = drawn(tournament, Stage.Kind.ROUND_ROBIN, 3, players=[ann, PlayerFactory(), PlayerFactory()])
    schedule_stage(stage, NINE)
    starts = {}
    for m in stage.matches.exclude(status=Match.Status.BYE).select_related("round", "entry_a", "entry_b"):
        for entry in (m.entry_a, m.entry_b):
            starts.setdefault(entry.pk, []).append((m.round.number, m.planned_at))
    for entry_starts in starts.values():
        in_round_order = [at for _, at in sorted(entry_starts)]
        assert in_round_order == sorted(in_round_order)
    ann_entry = stage.event.entries.get(members__player=ann)
    assert min(at for _, at in starts[ann_entry.pk]).strftime("%H:%M") == "10:10"


def test_self_umpired_event_gets_no_umpires(tournament):
    # ECC: players keep their own score cards; the scheduler hands out no umpire.
    VenueFactory(tournament=tournament, tables=4)
    tournament.umpires.add(UserFactory(username="uma"))
    stage = drawn(tournament, Stage.Kind.ROUND_ROBIN, 4, rule_set="ecc")
    schedule_stage(stage, NINE)
    assert stage.matches.exclude(planned_at=None).count() == 6
    assert not stage.matches.exclude(umpire=None).exists()
    icf = drawn(tournament, Stage.Kind.ROUND_ROBIN, 2, rule_set="icf")
    schedule_stage(icf, NINE)
    assert icf.matches.get().umpire.username == "uma"


def test_a_stage_with_nothing_to_place_is_refused(tournament):
    preview = drawn(tournament, Stage.Kind.KNOCKOUT, 4, publish=False)
    with pytest.raises(ScheduleError) as error:
        schedule_stage(preview, NINE)
    assert error.value.as_dict() == {"stage": ["Stage has no published round to schedule."]}
    stage = drawn(tournament, Stage.Kind.ROUND_ROBIN, 2)
    with pytest.raises(ScheduleError) as error:
        schedule_stage(stage, None)
    assert list(error.value.as_dict()) == ["start"]
    stage.matches.update(status=Match.Status.CONFIRMED)
    with pytest.raises(ScheduleError) as error:
        schedule_stage(stage, NINE)
    assert "waits for a table" in error.value.message
    assert not Match.objects.exclude(planned_at=None).exists()


def test_the_secretary_schedules_a_stage_from_its_page(client, tournament, secretary):
    VenueFactory(tournament=tournament, tables=2)
    stage = drawn(tournament, Stage.Kind.KNOCKOUT, 4)
    client.force_login(secretary)
    page = client.get(stage.get_absolute_url()).content.decode()
    url = reverse("stage-schedule", args=[tournament.slug, stage.pk])
    assert f'href="{url}"' in page
    form = client.get(url)
    assert form.status_code == 200 and b'name="start"' in form.content
    refused = client.post(url, {"start": ""})
    assert refused.status_code == 200 and b"errorlist" in refused.content
    done = client.post(url, {"start": "2026-12-05T09:00", "keep_tables": "on"}, follow=True)
    assert done.redirect_chain[-1][0] == stage.get_absolute_url()
    assert "Stage: 3 matches scheduled." in done.content.decode()
    assert not stage.matches.filter(planned_at=None).exists()


def test_only_a_secretary_schedules_a_stage(client, tournament):
    stage = drawn(tournament, Stage.Kind.KNOCKOUT, 4)
    client.force_login(UserFactory())
    url = reverse("stage-schedule", args=[tournament.slug, stage.pk])
    assert client.post(url, {"start": "2026-12-05T09:00"}).status_code in (403, 404)
    assert not stage.matches.exclude(planned_at=None).exists()


def test_the_api_schedules_a_stage(api_client, tournament, secretary):
    VenueFactory(tournament=tournament, tables=2, match_minutes=60, rest_minutes=10)
    stage = drawn(tournament, Stage.Kind.KNOCKOUT, 4)
    url = f"/api/tournaments/{tournament.slug}/stages/{stage.pk}/schedule/"
    assert api_client.post(url, {"start": "2026-12-05T09:00:00Z"}, format="json").status_code in (401, 403)
    api_client.force_authenticate(secretary)
    bad = api_client.post(url, {"start": "2026-12-05T09:00:00Z", "first_table": 3}, format="json")
    assert bad.status_code == 400 and "first_table" in bad.json()
    response = api_client.post(url, {"start": "2026-12-05T09:00:00Z"}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["stage"] == {"id": stage.pk, "name": "Stage"}
    assert [(m["table"], m["planned_at"][11:16]) for m in body["matches"]] == [(1, "09:00"), (2, "09:00"), (1, "10:10")]
    assert Round.objects.filter(stage=stage).count() == 2


def test_the_round_page_of_a_self_umpired_event_asks_for_no_umpire(client, tournament, secretary):
    VenueFactory(tournament=tournament, tables=4)
    tournament.umpires.add(UserFactory(username="uma"))
    client.force_login(secretary)
    ecc = drawn(tournament, Stage.Kind.ROUND_ROBIN, 4, rule_set="ecc")
    schedule_stage(ecc, NINE)
    page = client.get(reverse("round-detail", args=[tournament.slug, ecc.rounds.first().pk])).content.decode()
    assert "Save umpire" not in page and "No umpire yet" not in page
    assert page.count("Self-umpired") == 2
    icf = drawn(tournament, Stage.Kind.ROUND_ROBIN, 2, rule_set="icf")
    page = client.get(reverse("round-detail", args=[tournament.slug, icf.rounds.first().pk])).content.decode()
    assert "Save umpire" in page and "Self-umpired" not in page
    # Scheduling it on the page warns about no umpire for an ECC round: none is asked for.
    url = reverse("round-schedule", args=[tournament.slug, ecc.rounds.last().pk])
    Match.objects.filter(round=ecc.rounds.last()).update(planned_at=None, table=None)
    done = client.post(url, {"start": "2026-12-05T15:00", "keep_tables": "on"}, follow=True).content.decode()
    assert "matches scheduled" in done and "have no umpire" not in done
