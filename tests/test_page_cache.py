"""Cached public pages (core.page_cache): an anonymous visitor's page is served from the cache
until something it shows changes, and never after.

Changes only count once committed, so the changes here run under `django_capture_on_commit_callbacks(execute=True)`
(the test's own transaction never commits)."""

import gzip
import re
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from core import page_cache
from matches.checkin.services import refresh_deadlines
from matches.scheduling.services import schedule_round
from matches.scoring.services import record_result
from players.links import personal_token
from stages.services import publish_stage
from stages.views import stage_detail
from tests import factories as f
from tests import factories_history as history
from tests.helpers import knockout
from tests.project import our_models
from tournaments.models import Tournament
from tournaments.notifications import notify
from tournaments.services import import_entries

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


@pytest.fixture
def stage(tournament):
    return knockout(tournament)


def version(tournament):
    return Tournament.objects.get(pk=tournament.pk).page_version


def fresh(client, url, settings):
    """The page as it is rendered now, bypassing the cache."""
    settings.PAGE_CACHE_SECONDS = 0
    try:
        return timeless(client.get(url).content)
    finally:
        settings.PAGE_CACHE_SECONDS = 600


def timeless(html):
    """A page without the server time a round clock carries (clock.js asks the clock API for it at once)."""
    return re.sub(rb'data-server-now="[^"]*"', b"", html)


def test_a_page_is_served_from_the_cache_until_a_result_changes_it(
    client, stage, committed, settings, django_assert_max_num_queries
):
    url = stage.get_absolute_url()
    first = client.get(url)
    assert first.status_code == 200 and first[page_cache.HIT_HEADER] == "miss"
    with django_assert_max_num_queries(1):  # the tournament's stamp; the page itself comes from the cache
        again = client.get(url)
    assert again[page_cache.HIT_HEADER] == "hit" and again.content == first.content

    semi = stage.matches.get(round__number=1, number=1)
    with committed():
        record_result(semi, [(25, 10), (25, 4)], confirm=True)
    after = client.get(url)
    assert after[page_cache.HIT_HEADER] == "miss"
    assert after.content != first.content and timeless(after.content) == fresh(client, url, settings)
    assert str(semi.entry_a) in after.content.decode().split("Final")[-1]  # the winner is in the final's box


def test_while_one_process_renders_a_changed_page_the_others_serve_its_last_rendering(
    client, stage, committed, monkeypatch
):
    url = stage.get_absolute_url()
    before = client.get(url).content
    with committed():
        record_result(stage.matches.get(round__number=1, number=1), [(25, 10), (25, 4)], confirm=True)
    with monkeypatch.context() as busy:
        busy.setattr(page_cache.cache, "add", lambda *args, **kwargs: False)  # another process holds the lock
        meanwhile = client.get(url)
    assert meanwhile[page_cache.HIT_HEADER] == "stale" and meanwhile.content == before
    rendered = client.get(url)
    assert rendered[page_cache.HIT_HEADER] == "miss" and rendered.content != before
    assert client.get(url)[page_cache.HIT_HEADER] == "hit"


def test_the_render_lock_is_released_when_the_page_fails(client, stage):
    tournament = stage.event.tournament
    assert client.get(f"/t/{tournament.slug}/stages/999999/").status_code == 404
    page = page_cache.page_of(stage_detail, (), {"stage_id": 999999})
    key, _ = page_cache.page_keys((tournament.pk, version(tournament)), page)
    assert page_cache.cache.add(f"{key}:rendering", 1)  # free again


def test_every_public_page_is_cached_and_follows_a_change(client, stage, committed, settings):
    tournament = stage.event.tournament
    match = stage.matches.get(round__number=1, number=1)
    player = match.entry_a.players.get()
    urls = [
        tournament.get_absolute_url(),
        stage.event.get_absolute_url(),
        stage.get_absolute_url(),
        f"/t/{tournament.slug}/rounds/{match.round_id}/",
        f"/t/{tournament.slug}/matches/{match.pk}/",
        f"/t/{tournament.slug}/me/{personal_token(tournament, player)}/",
    ]
    for url in urls:
        assert client.get(url)[page_cache.HIT_HEADER] == "miss", url
        assert client.get(url)[page_cache.HIT_HEADER] == "hit", url
    with committed():
        record_result(match, [(25, 10), (25, 4)], confirm=True)
    for url in urls:
        response = client.get(url)
        assert response[page_cache.HIT_HEADER] == "miss", url
        assert timeless(response.content) == fresh(client, url, settings), url


def test_signed_in_visitors_and_pending_messages_bypass_the_cache(client, stage, secretary):
    url = stage.get_absolute_url()
    client.cookies["messages"] = "anything"
    assert page_cache.HIT_HEADER not in client.get(url)
    del client.cookies["messages"]
    client.force_login(secretary)
    assert page_cache.HIT_HEADER not in client.get(url)
    assert page_cache.HIT_HEADER not in client.get(url)


def test_a_page_that_sets_a_cookie_or_is_missing_is_not_kept(client, stage, rf):
    assert (
        page_cache.cacheable_response(rf.get("/"), client.get(f"/t/{stage.event.tournament.slug}/stages/999999/"))
        is False
    )
    response = client.get(stage.get_absolute_url())
    response.set_cookie("csrftoken", "x")
    assert page_cache.cacheable_response(rf.get("/"), response) is False
    request = rf.get("/")
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # the page rendered a {% csrf_token %}
    assert page_cache.cacheable_response(request, client.get(stage.get_absolute_url())) is False


def test_a_draft_tournament_stays_hidden_though_its_pages_were_cached_while_published(client, stage, committed):
    tournament = stage.event.tournament
    url = stage.get_absolute_url()
    assert client.get(url).status_code == 200
    with committed():
        tournament.status = Tournament.Status.DRAFT
        tournament.save()
    assert client.get(url).status_code == 404


def test_gzip_is_kept_beside_the_plain_page(client, stage):
    url = stage.get_absolute_url()
    plain = client.get(url)
    packed = client.get(url, headers={"Accept-Encoding": "gzip, deflate"})
    assert packed[page_cache.HIT_HEADER] == "hit" and packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert "Accept-Encoding" in packed["Vary"]


def test_the_live_fragment_is_rendered_once_and_answers_every_version_shown(client, stage, committed):
    tournament = stage.event.tournament
    match = stage.matches.get(round__number=1, number=1)
    url = f"/t/{tournament.slug}/me/{personal_token(tournament, match.entry_a.players.get())}/?fragment=1"
    first = client.get(url)
    shown = first["X-Live-Version"]
    unchanged = client.get(url, headers={"X-Live-Version": shown})
    assert unchanged.status_code == 204 and unchanged[page_cache.HIT_HEADER] == "hit" and not unchanged.content
    assert unchanged["X-Live-Version"] == shown
    assert client.get(url, headers={"X-Live-Version": shown}).status_code == 204  # before the middleware too
    older = client.get(url, headers={"X-Live-Version": "0123456789abcdef"})  # a page showing an earlier version
    assert older.status_code == 200 and older[page_cache.HIT_HEADER] == "hit" and older.content == first.content
    with committed():
        record_result(match, [(25, 10), (25, 4)], confirm=True)
    news = client.get(url, headers={"X-Live-Version": shown})
    assert news.status_code == 200 and news["X-Live-Version"] != shown


def test_query_parameters_the_page_does_not_read_all_get_the_one_cached_page(client, stage):
    url = stage.get_absolute_url()
    first = client.get(url)
    assert first[page_cache.HIT_HEADER] == "miss"
    for n in range(20):
        junk = client.get(f"{url}?x={n}&utm_source=y{n}")
        assert junk[page_cache.HIT_HEADER] == "hit" and junk.content == first.content, n
    tournament = stage.event.tournament
    assert client.get(f"/t/{tournament.slug}/stages/000{stage.pk}/")[page_cache.HIT_HEADER] == "hit"


def test_the_parameters_a_page_reads_are_keyed_whatever_their_order(client, stage):
    match = stage.matches.get(round__number=1, number=1)
    url = f"/t/{stage.event.tournament.slug}/matches/{match.pk}/"
    page = client.get(url)
    fragment = client.get(f"{url}?fragment=1&x=1")
    assert fragment[page_cache.HIT_HEADER] == "miss" and fragment.content != page.content
    again = client.get(f"{url}?y=2&fragment=1")
    assert again[page_cache.HIT_HEADER] == "hit" and again.content == fragment.content
    assert client.get(f"{url}?z=3")[page_cache.HIT_HEADER] == "hit"


def test_a_live_version_header_no_fragment_could_have_is_no_version(client, stage):
    match = stage.matches.get(round__number=1, number=1)
    url = f"/t/{stage.event.tournament.slug}/matches/{match.pk}/?fragment=1"
    stored = []
    set_many = page_cache.cache.set_many
    with pytest.MonkeyPatch.context() as spy:
        spy.setattr(
            page_cache.cache, "set_many", lambda data, *a, **kw: stored.extend(data) or set_many(data, *a, **kw)
        )
        assert client.get(url)[page_cache.HIT_HEADER] == "miss"
        for junk in ["junk", "0" * 15, "0" * 17, "ABCDEF0123456789", "<script>x</script>", "g" * 16, "x" * 5000]:
            response = client.get(url, headers={"X-Live-Version": junk})
            assert response.status_code == 200 and response[page_cache.HIT_HEADER] == "hit", junk
        assert len(stored) == 2  # the fragment and its latest rendering, once
    page = stage.event.get_absolute_url()  # a page that answers no live poll ignores the header altogether
    assert client.get(page)[page_cache.HIT_HEADER] == "miss"
    assert client.get(page, headers={"X-Live-Version": "0123456789abcdef"})[page_cache.HIT_HEADER] == "hit"


def test_made_up_values_cannot_fill_the_cache_with_one_page(client, stage, monkeypatch):
    monkeypatch.setattr(page_cache, "VARIANTS_PER_PAGE", 3)
    match = stage.matches.get(round__number=1, number=1)
    url = f"/t/{stage.event.tournament.slug}/matches/{match.pk}/"
    for value in ["1", "a", "b"]:
        assert client.get(f"{url}?fragment={value}")[page_cache.HIT_HEADER] == "miss"
    for value in ["c", "d"]:
        beyond = client.get(f"{url}?fragment={value}")
        assert beyond.status_code == 200 and beyond[page_cache.HIT_HEADER] == "miss"
        assert client.get(f"{url}?fragment={value}")[page_cache.HIT_HEADER] == "miss"  # served, not kept
    for value in ["1", "a", "b"]:
        assert client.get(f"{url}?fragment={value}")[page_cache.HIT_HEADER] == "hit"
    for n in range(5):  # live versions make no variant: every one gets the kept fragment
        response = client.get(f"{url}?fragment=1", headers={"X-Live-Version": f"{n:016x}"})
        assert response.status_code == 200 and response[page_cache.HIT_HEADER] == "hit"


# ---------------------------------------------------------------- what counts as a change


def test_a_rolled_back_change_keeps_the_stamp_and_the_next_change_still_counts(stage, committed):
    tournament = stage.event.tournament
    before = version(tournament)
    with committed():
        with pytest.raises(RuntimeError), transaction.atomic():
            stage.name = "Renamed"
            stage.save()
            raise RuntimeError("rolled back")
    assert version(tournament) == before
    with committed():
        stage.name = "Renamed"
        stage.save()
    assert version(tournament) != before


def test_only_the_changed_tournament_is_stamped(stage, committed):
    other = f.TournamentFactory(status="published")
    untouched = version(other)
    with committed():
        stage.save()
    assert version(other) == untouched


def test_deleting_a_stage_looks_its_tournament_up_once_whatever_its_size(tournament, committed):
    def delete_count(size):
        stage = knockout(tournament, size=size)
        with committed(), CaptureQueriesContext(connection) as queries:
            stage.delete()
        return len(queries)

    assert delete_count(4) == delete_count(16)


def test_a_row_with_its_parents_loaded_finds_its_tournament_without_asking(stage, committed):
    """The scoring service saves a match read with its stage, event and tournament: stamping costs no lookup."""
    match = stage.matches.first()
    loaded = type(match).objects.select_related("stage__event__tournament").get(pk=match.pk)
    bare = type(match).objects.get(pk=match.pk)
    assert page_cache.tournaments_of(loaded, "stage__event__tournament") == {stage.event.tournament_id}
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        assert page_cache.tournaments_of(loaded, "stage__event__tournament") == {stage.event.tournament_id}
    assert not [q for q in queries if q["sql"].startswith("SELECT")]
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        assert page_cache.tournaments_of(bare, "stage__event__tournament") == {stage.event.tournament_id}
    assert [q for q in queries if q["sql"].startswith("SELECT")]


def row_of(model):
    """A saved row of `model` (by its factory) and the tournament it belongs to."""
    if model._meta.label == "tournaments.Player":
        member = f.EntryMemberFactory()
        return member.player, member.entry.event.tournament
    if model._meta.label == "tournaments.Club":
        member = f.EntryMemberFactory(player=f.PlayerFactory(club=f.ClubFactory()))
        return member.player.club, member.entry.event.tournament
    if model._meta.label in ("ratings.Rating", "ratings.Rate"):  # reached from the events that use the rating
        link = history.EventRatingFactory()
        row = link.rating if model._meta.label == "ratings.Rating" else history.RateFactory(rating=link.rating)
        return row, link.event.tournament
    factory_name = f"{model.__name__}Factory"
    make = getattr(f, factory_name, None) or getattr(history, factory_name)
    row = make()
    tournament = row
    for step in page_cache.WATCHED[model].split("__"):
        tournament = tournament if step == "pk" else getattr(tournament, step)
    return row, tournament


# Rows no public page of a tournament shows, each with the reason.
PRIVATE_MODELS = {
    "tournaments.Profile": "a user's own settings",
    "tournaments.PushSubscription": "where a player's phone takes their news; no page shows it",
    "players.OutgoingNews": "players' news still to send, shown to the officials only, whose pages are never cached",
    "tournaments.OutgoingMail": "e-mails still to send, shown to the officials only, whose pages are never cached",
    "core.Heartbeat": "when beat and the workers last ran; read by /health/ and the officials' pages, never cached",
    "tournaments.Invitation": "shown to the invited person only, on their account page, which is never cached",
    "protests.ProtestPhoto": "for the officials only, whose pages are never cached",
    "championships.Championship": "belongs to no one tournament; the archive keys its page on the row itself",
    "sol.PlayerAlias": "read only when importing a SoL file",
    "federations.Delegation": "a federation's invitation and its delegate's link: secretaries' and delegate's pages",
    "federations.Quota": "a federation's places per event: the secretaries' and the delegate's pages only",
    "federations.SentEntry": "which federation sent an entry: the secretaries' and the delegate's pages only",
    "federations.DelegateAction": "the delegates' audit log, for the secretaries only",
    "federations.EventFee": "an event's entry fee: the secretaries' and the delegates' pages only",
    "federations.FeePayment": "an entry's fee paid or due: the secretaries' and the delegates' pages only",
    "tournaments.EventEligibility": "who may enter an event: read by the entry services and the officials' pages",
    "tournaments.EligibilityException": "a player admitted whatever the rules, and why: for the officials only",
    "sol.Picture": "a portrait or emblem kept from a SoL backup; no page shows it",
    "sol.ImportJob": "an upload's progress, shown to the signed-in user who started it",
    "sol.ImportedTourney": "the digest of the imported file, read only when importing again",
    "registration.SignUp": "a sign-up, shown to the event's secretaries and its owner's link only, never cached",
    "webhooks.Webhook": "a tournament's webhook and its secret: the secretaries' page only, never cached",
    "webhooks.Delivery": "what the webhook sent and the answers: the secretaries' page only, never cached",
}


def watched_models():
    return [model for model in our_models() if model._meta.label not in PRIVATE_MODELS]


def test_every_model_of_the_apps_is_watched():
    assert sorted(m._meta.label for m in watched_models()) == sorted(m._meta.label for m in page_cache.WATCHED)


@pytest.mark.parametrize("model", watched_models(), ids=lambda m: m._meta.label)
def test_saving_or_deleting_any_row_stamps_its_tournament(model, committed):
    row, tournament = row_of(model)
    before = version(tournament)
    with committed():
        row.save()
    after_save = version(tournament)
    assert after_save != before
    if model._meta.label not in ("tournaments.Tournament", "tournaments.Player", "tournaments.Club"):
        with committed():
            row.delete()
        assert version(tournament) != after_save


def test_bulk_writes_stamp_their_tournament(tournament, committed):
    """Bulk writes send no signals: each of these services stamps the tournament itself."""
    stage = knockout(tournament, publish=False)
    f.VenueFactory(tournament=tournament)
    event = f.EventFactory(tournament=tournament)
    first_round = stage.matches.filter(round__number=1)

    def call_without_signals():
        first_round.update(status="called", called_at=timezone.now())

    steps = [
        (None, lambda: publish_stage(stage)),
        (None, lambda: schedule_round(stage.rounds.get(number=1), timezone.now() + timedelta(hours=1))),
        (call_without_signals, lambda: refresh_deadlines(list(first_round))),
        (None, lambda: notify([f.UserFactory()], tournament, lambda: ("Your match is called", ""))),
        (None, lambda: import_entries(event, "first_name,last_name\nAsha,Rao\n")),
    ]
    for prepare, step in steps:
        if prepare:
            prepare()
        before = version(tournament)
        with committed():
            step()
        assert version(tournament) != before, steps.index((prepare, step))
