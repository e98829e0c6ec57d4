"""An import into an event whose draw has begun first says what it will and will not change, and writes only once
the secretary confirms: the page's second POST, the API's confirm=true, the command's --confirm."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.authtoken.models import Token

from stages.models import Stage
from tests.factories import EventFactory, StageFactory, UserFactory
from tournaments.importing import ImportNeedsConfirmation
from tournaments.models import Entry, Player
from tournaments.services import import_entries

pytestmark = pytest.mark.django_db

FIRST = "first_name,last_name,country,seed\nAsha,Rao,IND,1\nRavi,Rao,IND,2\nJoy,Das,IND,\n"
# Asha as she was, Ravi with another seed, Joy now seeded, and two new players.
SECOND = (
    "first_name,last_name,country,seed\nAsha,Rao,IND,1\nRavi,Rao,IND,5\nJoy,Das,IND,3\nMeena,Iyer,IND,\nLi,Wei,CHN,\n"
)


def counts():
    return Player.objects.count(), Entry.objects.count(), sorted(Entry.objects.values_list("name", "seed"))


@pytest.fixture
def drawn_event(tournament):
    """An event with three entries, its groups drawn, a Swiss stage under way and a knockout still to draw."""
    event = EventFactory(tournament=tournament)
    import_entries(event, FIRST)
    StageFactory(event=event, order=1, name="Groups", kind=Stage.Kind.GROUPS, status=Stage.Status.DRAWN)
    StageFactory(event=event, order=2, name="Swiss", kind=Stage.Kind.SWISS, status=Stage.Status.DRAWN)
    StageFactory(event=event, order=3, name="Final", kind=Stage.Kind.KNOCKOUT, status=Stage.Status.PENDING)
    return event


def test_the_service_writes_nothing_before_confirmation_and_says_what_would_change(drawn_event):
    before = counts()
    with pytest.raises(ImportNeedsConfirmation) as question:
        import_entries(drawn_event, SECOND)
    preview = question.value.preview
    assert counts() == before
    assert preview.new_entries == ["Meena Iyer", "Li Wei"]
    assert preview.seed_changes == [("Ravi Rao", 2, 5), ("Joy Das", None, 3)]
    assert (preview.entries_unchanged, preview.players_created) == (1, 2)
    assert [stage.name for stage in preview.drawn_stages] == ["Groups", "Swiss"]
    assert (preview.closed_stages, preview.open_stages) == (["Groups"], ["Swiss"])

    summary = import_entries(drawn_event, SECOND, confirm=True)
    assert (summary.entries_created, summary.entries_updated, summary.entries_unchanged) == (2, 2, 1)
    assert drawn_event.entries.get(name="Ravi Rao").seed == 5


def test_no_confirmation_while_no_stage_is_drawn(tournament):
    event = EventFactory(tournament=tournament)
    StageFactory(event=event, kind=Stage.Kind.KNOCKOUT, status=Stage.Status.PENDING)
    assert import_entries(event, FIRST).entries_created == 3


def test_a_finished_stage_counts_as_drawn_and_takes_no_new_entry(tournament):
    event = EventFactory(tournament=tournament)
    StageFactory(event=event, name="Swiss", kind=Stage.Kind.SWISS, status=Stage.Status.FINISHED)
    with pytest.raises(ImportNeedsConfirmation) as question:
        import_entries(event, FIRST)
    assert question.value.preview.closed_stages == ["Swiss"]


def test_a_bad_file_is_refused_before_any_question(drawn_event):
    from tournaments.importing import ImportFailed

    with pytest.raises(ImportFailed):
        import_entries(drawn_event, "first_name,sex\nAsha,X\n")


# ---------------------------------------------------------------- the page


def page_url(event):
    return reverse("event-import-page", args=[event.tournament.slug, event.pk])


def upload(text):
    return SimpleUploadedFile("entries.csv", text.encode("cp1252"), content_type="text/csv")


def test_the_page_shows_the_changes_then_imports_on_the_second_post(client, secretary, drawn_event):
    client.force_login(secretary)
    before = counts()
    response = client.post(page_url(drawn_event), {"file": upload(SECOND)})
    assert response.status_code == 200 and counts() == before
    page = response.content.decode()
    assert "The draw of this event has begun (Groups, Swiss)" in page
    assert "2 new entries" in page and "Meena Iyer, Li Wei" in page
    assert "2 entries get a new seed" in page and "Ravi Rao (2 → 5), Joy Das (→ 3)" in page
    assert "1 entry stays as it is" in page and "2 new players" in page
    assert "will not be added to the stages already drawn (Groups)" in page
    assert "(Swiss) pair the new entries from their next round" in page
    rows = response.context["confirmation"]["rows"].value()

    response = client.post(page_url(drawn_event), {"rows": rows, "confirm": "1"})
    assert response.status_code == 302
    assert drawn_event.entries.count() == 5
    assert drawn_event.entries.get(name="Joy Das").seed == 3


def test_the_page_names_the_first_new_entries_and_counts_the_rest(client, secretary, drawn_event):
    client.force_login(secretary)
    many = "first_name,last_name\n" + "".join(f"Player,{n:03d}\n" for n in range(35))
    page = client.post(page_url(drawn_event), {"file": upload(many)}).content.decode()
    assert "35 new entries" in page and "Player 029" in page and "Player 030" not in page and "and 5 more" in page


def test_a_changed_or_foreign_confirmation_imports_nothing(client, secretary, drawn_event, tournament):
    client.force_login(secretary)
    response = client.post(page_url(drawn_event), {"file": upload(SECOND)})
    rows = response.context["confirmation"]["rows"].value()
    before = counts()

    changed = client.post(page_url(drawn_event), {"rows": rows[:-3] + "abc", "confirm": "1"})
    assert changed.status_code == 200
    assert "This confirmation is too old or was changed: upload the file again." in changed.content.decode()

    other_event = EventFactory(tournament=tournament)
    StageFactory(event=other_event, kind=Stage.Kind.GROUPS, status=Stage.Status.DRAWN)
    foreign = client.post(page_url(other_event), {"rows": rows, "confirm": "1"})
    assert "This confirmation is too old or was changed" in foreign.content.decode()

    other_secretary = UserFactory(secretary=True)
    tournament.secretaries.add(other_secretary)
    client.force_login(other_secretary)
    assert (
        "too old or was changed" in client.post(page_url(drawn_event), {"rows": rows, "confirm": "1"}).content.decode()
    )

    client.force_login(secretary)
    unconfirmed = client.post(page_url(drawn_event), {"rows": rows})
    assert unconfirmed.status_code == 200
    assert counts() == before


def test_an_old_confirmation_imports_nothing(client, secretary, drawn_event, monkeypatch):
    client.force_login(secretary)
    rows = client.post(page_url(drawn_event), {"file": upload(SECOND)}).context["confirmation"]["rows"].value()
    monkeypatch.setattr("tournaments.forms.CONFIRM_SECONDS", -1)
    response = client.post(page_url(drawn_event), {"rows": rows, "confirm": "1"})
    assert "too old or was changed" in response.content.decode()
    assert drawn_event.entries.count() == 3


def test_the_confirmation_is_checked_again_when_it_arrives(client, secretary, drawn_event):
    """A row the database refuses by then (its seed taken meanwhile) is shown as a line error."""
    client.force_login(secretary)
    rows = client.post(page_url(drawn_event), {"file": upload(SECOND)}).context["confirmation"]["rows"].value()
    Entry.objects.filter(name="Asha Rao").update(seed=3)
    response = client.post(page_url(drawn_event), {"rows": rows, "confirm": "1"})
    assert response.status_code == 200
    assert "line 4: seed 3 already belongs to Asha Rao" in response.content.decode()
    assert drawn_event.entries.count() == 3


# ---------------------------------------------------------------- the API and the command


def api_url(event):
    return reverse("event-import", args=[event.tournament.slug, event.pk])


def test_the_api_answers_409_with_the_changes_until_confirm_is_true(client, secretary, drawn_event):
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=secretary).key}"}
    before = counts()
    response = client.post(api_url(drawn_event), {"text": SECOND}, content_type="application/json", **auth)
    assert response.status_code == 409 and counts() == before
    body = response.json()
    assert body["detail"].startswith("The draw of ")
    assert {key: value for key, value in body.items() if key != "detail"} == {
        "new_entries": ["Meena Iyer", "Li Wei"],
        "seed_changes": [
            {"entry": "Ravi Rao", "seed_before": 2, "seed": 5},
            {"entry": "Joy Das", "seed_before": None, "seed": 3},
        ],
        "entries_unchanged": 1,
        "players_created": 2,
        "drawn_stages": ["Groups", "Swiss"],
        "not_entered_in": ["Groups"],
        "paired_from_next_round_in": ["Swiss"],
    }
    false = client.post(
        api_url(drawn_event), {"text": SECOND, "confirm": False}, content_type="application/json", **auth
    )
    assert false.status_code == 409
    # Multipart, as a file: "true" confirms.
    response = client.post(api_url(drawn_event), {"file": upload(SECOND), "confirm": "true"}, **auth)
    assert response.status_code == 200
    assert response.json() == {"entries_created": 2, "entries_updated": 2, "entries_unchanged": 1, "players_created": 2}


def test_the_command_asks_for_confirm(tmp_path, drawn_event):
    path = tmp_path / "entries.csv"
    path.write_text(SECOND)
    with pytest.raises(CommandError, match="Run the command again with --confirm"):
        call_command("import_entries", str(drawn_event.pk), str(path))
    assert drawn_event.entries.count() == 3
    call_command("import_entries", str(drawn_event.pk), str(path), "--confirm")
    assert drawn_event.entries.count() == 5
