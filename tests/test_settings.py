import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_check(env_overrides, *args):
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "manage.py", "check", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = run_check({"DJANGO_SETTINGS_MODULE": "config.settings"})
    assert result.returncode != 0
    assert "Set DJANGO_SECRET_KEY" in result.stderr


def test_starts_with_the_development_key_in_debug():
    assert run_check({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1"}).returncode == 0


def test_deploy_check_is_clean_with_production_settings():
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_SECRET_KEY": "k3y-" + "x7Qp9ZrT2mVb" * 5,
        "DJANGO_ALLOWED_HOSTS": "carrom.example.org",
    }
    result = run_check(env, "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stderr
