import gzip

import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile

from history.sol.importing import import_file
from history.sol.models import ImportJob
from history.sol.services import record_progress
from tests.factories import UserFactory
from tests.history.sol import shapes
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def upload(data, name="history.sol.gz"):
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def test_api_import_runs_in_the_background_and_reports_its_progress(
    api_client, secretary, django_capture_on_commit_callbacks
):
    api_client.force_authenticate(secretary)
    with django_capture_on_commit_callbacks(execute=True):
        answer = api_client.post("/api/sol/import/", {"file": upload(shapes.gzipped(shapes.as_yaml(shapes.sol5())))})
    assert answer.status_code == 202
    job = answer.json()
    # no Redis in the tests: the task ran eagerly once the request's transaction committed
    status = api_client.get(job["status_url"]).json()
    assert (status["status"], status["percent"], status["done"], status["total"]) == ("done", 100, 2, 2)
    assert "2 tournaments imported" in status["message"]
    assert Tournament.objects.filter(guid=shapes.GUIDS["t1"]).exists()


def test_api_import_of_a_bad_file_fails_with_its_message(api_client, secretary, django_capture_on_commit_callbacks):
    api_client.force_authenticate(secretary)
    with django_capture_on_commit_callbacks(execute=True):
        job = api_client.post("/api/sol/import/", {"file": upload(b"not gzip at all", "x.sol.gz")}).json()
    status = api_client.get(job["status_url"]).json()
    assert status["status"] == "failed" and "not a gzip file" in status["message"]
    assert not Tournament.objects.exists()


def test_progress_of_a_running_import_comes_from_the_cache(api_client, secretary):
    job = ImportJob.objects.create(user=secretary, file_name="big.zip", status=ImportJob.Status.RUNNING)
    record_progress(job.pk, 30, 120)
    api_client.force_authenticate(secretary)
    status = api_client.get(f"/api/sol/import/{job.pk}/").json()
    assert (status["done"], status["total"], status["percent"]) == (30, 120, 25)


def test_only_secretaries_import_and_see_only_their_jobs(api_client, secretary):
    assert api_client.post("/api/sol/import/", {"file": upload(b"x")}).status_code == 403
    api_client.force_authenticate(UserFactory())
    assert api_client.post("/api/sol/import/", {"file": upload(b"x")}).status_code == 403
    other = ImportJob.objects.create(user=UserFactory(secretary=True), file_name="theirs.sol")
    api_client.force_authenticate(secretary)
    assert api_client.get(f"/api/sol/import/{other.pk}/").status_code == 404
    assert api_client.post("/api/sol/import/", {}).status_code == 400


def test_export_endpoint_and_download_link(api_client, client):
    import_file(shapes.as_yaml(shapes.sol5()))
    answer = api_client.get("/api/tournaments/torneo-di-roma/export.sol.gz")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/gzip"
    assert 'filename="torneo-di-roma.sol.gz"' in answer["Content-Disposition"]
    head, tourney = yaml.safe_load_all(gzip.decompress(answer.content))
    assert tourney["guid"] == shapes.GUIDS["t1"]
    page = client.get("/t/torneo-di-roma/").content.decode()
    assert 'href="/t/torneo-di-roma/export.sol.gz"' in page
    assert client.get("/t/torneo-di-roma/export.sol.gz").status_code == 200


def test_a_draft_is_not_exported_to_strangers(api_client, tournament):
    tournament.status = Tournament.Status.DRAFT
    tournament.save()
    assert api_client.get(f"/api/tournaments/{tournament.slug}/export.sol.gz").status_code == 404


def test_upload_page_queues_the_import_and_shows_its_progress(client, secretary, django_capture_on_commit_callbacks):
    client.force_login(secretary)
    assert client.get("/sol/import/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/sol/import/", {"file": upload(shapes.as_yaml(shapes.sol5()), "history.sol")})
    assert answer.status_code == 302
    page = client.get(answer["Location"]).content.decode()
    assert 'value="100"' in page and "2 tournaments imported" in page and "import-progress.js" in page


def test_upload_page_is_for_secretaries(client):
    client.force_login(UserFactory())
    assert client.get("/sol/import/").status_code == 403


def test_guid_filters_find_imported_players_clubs_and_tournaments(api_client, secretary):
    import_file(shapes.as_yaml(shapes.sol5()))
    api_client.force_authenticate(secretary)
    for endpoint, key in (("players", "ann"), ("clubs", "fed"), ("tournaments", "t1")):
        found = api_client.get(f"/api/{endpoint}/", {"guid": shapes.GUIDS[key]}).json()["results"]
        assert [row["guid"] for row in found] == [shapes.GUIDS[key]], endpoint
        assert api_client.get(f"/api/{endpoint}/", {"guid": "0" * 32}).json()["results"] == []


def test_home_page_links_the_upload_for_secretaries(client, secretary):
    client.force_login(secretary)
    assert 'href="/sol/import/"' in client.get("/").content.decode()


def test_imported_swiss_answers_the_standings_endpoint_with_sols_figures(api_client):
    import_file(shapes.as_yaml(shapes.sol5()))
    roma = Tournament.objects.get(guid=shapes.GUIDS["t1"])
    swiss = roma.events.get().stages.get(order=1)
    answer = api_client.get(f"/api/tournaments/{roma.slug}/stages/{swiss.pk}/standings/")
    assert answer.status_code == 200
    rows = answer.json()["standings"]
    figures = [(row["name"], row["points"], row["buchholz"], row["net_score"], row["total_score"]) for row in rows]
    # the figures and the order SoL gives the fixture's Swiss rounds (tests/sol/shapes.py, checked with SoL 5.26)
    assert figures == [
        ("Ann Arno", 5, 9, 25, 63),
        ("Dan Dotti", 4, 10, -1, 60),
        ("Cid Conti", 3, 11, 12, 50),
        ("Bob Berti", 2, 11, -7, 52),
        ("Fay Fumi", 2, 7, -28, 25),
        ("Eva Enna", 2, 6, -1, 37),
    ]
