"""`make run` on a machine that already serves something at port 8000, or beside a second checkout: the port, the
host and beat's schedule file are the newcomer's to choose, and nothing lands in a shared /tmp file."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def dry_run(*variables):
    # -n prints the recipe without running it; the virtualenv target is already up to date or only printed.
    done = subprocess.run(
        ["make", "-n", "run", *variables], cwd=ROOT, capture_output=True, text=True, check=True, timeout=30
    )
    return done.stdout


def test_make_run_serves_at_the_port_asked():
    recipe = dry_run("PORT=8123", "HOST=0.0.0.0")
    assert "runserver 0.0.0.0:8123" in recipe


def test_make_run_defaults_to_port_8000_on_localhost():
    assert "runserver 127.0.0.1:8000" in dry_run()


def test_beat_keeps_its_schedule_beside_the_checkout():
    recipe = dry_run()
    assert f"--schedule={ROOT}/.celerybeat-schedule" in recipe
    assert "/tmp/carrom-celerybeat-schedule" not in recipe
