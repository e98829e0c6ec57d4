"""SoL files carry the players' real consent, as SoL means its "agreedprivacy" (sol.models.Player: "A" agreed, "N"
did not, blank never said, then inferred from playing since 2020); the archive shows a portrait only where its
player agreed to publish it."""

import datetime
import gzip
import io

import pytest
import yaml
from django.urls import reverse
from PIL import Image
from rest_framework.test import APIClient

from history.sol.exporting import export_tournaments
from history.sol.importing import import_file
from history.sol.models import Picture
from tests.history.sol import shapes
from tests.hostile.sol_files import Member, zip_of
from tournaments.consent import record_consent
from tournaments.models import Entry, Player, Tournament

pytestmark = pytest.mark.django_db


def exported_players(tournament, birth_dates=frozenset()):
    head, *_tourneys = yaml.safe_load_all(gzip.decompress(export_tournaments([tournament], birth_dates=birth_dates)))
    return {record["guid"]: record for record in head["players"]}


def test_the_export_writes_what_each_player_said(tournament, league):
    said, private, unsaid = Player.objects.filter(memberships__entry__event__tournament=tournament)[:3]
    record_consent(said, "signup", publish_name=True)
    record_consent(private, "delegate", publish_name=False)
    by_name = {r["lastname"] or r["firstname"]: r for r in exported_players(tournament).values()}
    assert by_name[said.last_name]["agreedprivacy"] == "A"
    assert by_name[unsaid.last_name]["agreedprivacy"] == " "
    shown = Player.objects.select_related("club").get(pk=private.pk).shown_name
    assert by_name[shown]["agreedprivacy"] == "N"  # and its reader who is no official of hers reads no name
    assert private.last_name not in str(by_name)
    officials = exported_players(tournament, birth_dates={private.pk})
    assert any(r["lastname"] == private.last_name for r in officials.values())


def test_the_public_sol_file_names_no_private_player(tournament, private):
    record_consent(private, "delegate", publish_name=False)
    response = APIClient().get(f"/api/tournaments/{tournament.slug}/export.sol.gz")
    assert response.status_code == 200 and b"Quixotic" not in gzip.decompress(response.content)


def documents_saying(*answers):
    documents = shapes.sol5()
    for record, answer in zip(documents[0]["players"], answers, strict=False):
        if answer is None:
            record.pop("agreedprivacy")
        else:
            record["agreedprivacy"] = answer
    return documents


def test_the_import_reads_agreed_refused_and_unsaid():
    import_file(shapes.as_yaml(documents_saying("A", "N", " ", None)))
    ann, bob, cid, dan = (Player.objects.get(first_name=name) for name in ("Ann", "Bob", "Cid", "Dan"))
    assert (ann.publish_name, ann.publish_portrait, ann.publish_rating, ann.consent_source) == (True, True, True, "sol")
    assert (bob.publish_name, bob.publish_portrait, bob.publish_rating, bob.consent_source) == (False,) * 3 + ("sol",)
    assert Entry.objects.filter(members__player=bob).first().name == "B. B. (Carrom Club Roma)"
    # Never said, but played in 2024: published as SoL shows them; nothing recorded.
    assert (cid.publish_name, cid.consent_source, dan.publish_name, dan.consent_source) == (True, "", True, "")


def test_a_player_who_never_said_and_played_only_before_2020_stays_private_as_in_sol():
    documents = documents_saying(" ", " ", " ", " ", " ", " ")
    for tourney in documents[1:]:
        tourney["date"] = datetime.date(2019, 5, 1) if tourney["description"] == "Torneo di Roma" else tourney["date"]
    documents = [documents[0], documents[1]]  # only the tourney of 2019
    import_file(shapes.as_yaml(documents))
    ann = Player.objects.get(first_name="Ann")
    assert not ann.publish_name and ann.consent_source == ""
    assert Entry.objects.filter(members__player=ann).first().name.startswith("A. A.")
    # Exported again, SoL reads the same: never said.
    tournament = Tournament.objects.get()
    assert {r["agreedprivacy"] for r in exported_players(tournament).values()} == {" "}


def test_a_consent_recorded_here_outlives_a_sol_file_saying_otherwise():
    import_file(shapes.as_yaml(documents_saying("A")))
    ann = Player.objects.get(first_name="Ann")
    record_consent(ann, "signup", publish_name=False)
    documents = documents_saying("A")
    documents[1]["guid"], documents[2]["guid"] = "f" * 32, "e" * 32  # other tourneys, the same players
    import_file(shapes.as_yaml(documents))
    ann.refresh_from_db()
    assert not ann.publish_name and ann.consent_source == "signup"


def test_export_then_import_keeps_the_answers(tournament, league):
    said, private = Player.objects.filter(memberships__entry__event__tournament=tournament)[:2]
    for number, player in enumerate((said, private), start=1):  # SoL's players: known again by their guid
        Player.objects.filter(pk=player.pk).update(guid=f"{number:032x}")
    record_consent(said, "signup", publish_name=True)
    record_consent(private, "delegate", publish_name=False)
    content = export_tournaments([tournament], birth_dates={said.pk, private.pk})
    Player.objects.filter(pk__in=[said.pk, private.pk]).update(consent_source="", publish_name=True)
    import_file(content)
    said.refresh_from_db(), private.refresh_from_db()
    assert (said.publish_name, said.consent_source) == (True, "sol")
    assert (private.publish_name, private.consent_source) == (False, "sol")


# ---------------------------------------------------------------- portraits


def png():
    out = io.BytesIO()
    Image.new("RGB", (4, 4), (0, 128, 0)).save(out, "PNG")
    return out.getvalue()


def test_a_portrait_is_shown_and_served_only_with_its_players_consent(client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    documents = documents_saying(" ")
    documents[0]["players"][0]["portrait"] = "ann.png"
    import_file(zip_of([Member.deflated("everything.sol", shapes.as_yaml(documents)), Member.deflated(
        "portraits/ann.png", png()
    )]))  # fmt: skip
    ann = Player.objects.get(first_name="Ann")
    assert Picture.objects.filter(player=ann).exists()  # stored, never shown: she has not said yes
    page, picture = reverse("archive-player", args=[ann.pk]), reverse("archive-portrait", args=[ann.pk])
    assert picture not in client.get(page).content.decode() and client.get(picture).status_code == 404
    record_consent(ann, "signup", publish_portrait=True)
    assert picture in client.get(page).content.decode() and client.get(picture).status_code == 200
    record_consent(ann, "signup", publish_portrait=False)
    assert client.get(picture).status_code == 404
