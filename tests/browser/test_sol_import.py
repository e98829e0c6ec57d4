"""The SoL import page moves its progress bar from the status endpoint (a static script, under the CSP)."""

import pytest
from playwright.sync_api import expect

from history.sol.models import ImportJob
from history.sol.services import record_progress
from tests.browser.conftest import log_in
from tests.browser.test_content_security_policy import watch_violations
from tests.factories import UserFactory


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_progress_bar_follows_a_running_import(live_server, phone):
    page = phone
    blocked = watch_violations(page)
    secretary = UserFactory(username="sec", secretary=True)
    job = ImportJob.objects.create(user=secretary, file_name="history.zip", status=ImportJob.Status.RUNNING)
    record_progress(job.pk, 30, 120)
    log_in(page, live_server, "sec", f"/sol/import/{job.pk}/")
    expect(page.locator("#sol-import-state")).to_contain_text("30 of 120 tournaments")
    expect(page.locator("#sol-import-bar")).to_have_attribute("value", "25")
    ImportJob.objects.filter(pk=job.pk).update(
        status=ImportJob.Status.DONE, message="120 tournaments imported", done=120, total=120
    )
    expect(page.locator("#sol-import-message")).to_have_text("120 tournaments imported")
    expect(page.locator("#sol-import-bar")).to_have_attribute("value", "100")
    page.screenshot(path="/tmp/h6_sol_import.png")
    assert blocked == []
