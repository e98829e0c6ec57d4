"""The catalogues keep up with the code: every string marked for translation is in each language's catalogue,
translated, not fuzzy, and compiled.

The strings are gathered afresh from the code with the same command `make messages` runs (makemessages), into a
copy of the catalogues, and `msgfmt --statistics` must count every message translated. A change that marks a new
string without translating it in every language fails here."""

import fcntl
import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

from core.management.commands.update_messages import LANGUAGES, MAKEMESSAGES_OPTIONS

LOCALE = Path(settings.BASE_DIR, "locale")
DOMAINS = ("django", "djangojs")

pytestmark = pytest.mark.skipif(not shutil.which("msgfmt"), reason="gettext is not installed (apt-get install gettext)")


@pytest.fixture(scope="module")
def fresh_catalogues(tmp_path_factory):
    """The committed catalogues, brought up to date with the code in a copy."""
    copy = tmp_path_factory.mktemp("locale") / "locale"
    shutil.copytree(LOCALE, copy)
    with pytest.MonkeyPatch.context() as patch, one_makemessages_at_a_time():
        patch.setattr(settings, "LOCALE_PATHS", [copy])
        for domain in DOMAINS:
            call_command("makemessages", domain=domain, verbosity=0, **MAKEMESSAGES_OPTIONS[domain])
    return copy


@contextmanager
def one_makemessages_at_a_time():
    """makemessages writes its temporary files beside the templates it reads and removes them: two at once in this
    checkout (pytest-xdist workers) would remove each other's. A lock on the locale folder takes turns."""
    folder = os.open(LOCALE, os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        yield
    finally:
        os.close(folder)  # releases the lock


def catalogue(root, language, domain, suffix="po"):
    return Path(root, language, "LC_MESSAGES", f"{domain}.{suffix}")


def statistics(path):
    """msgfmt's count of a catalogue's messages, e.g. "350 translated messages, 2 untranslated messages."."""
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.strip()


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_string_is_translated(fresh_catalogues, language, domain):
    counts = statistics(catalogue(fresh_catalogues, language, domain))
    assert "untranslated" not in counts and "fuzzy" not in counts, f"{language} {domain}: {counts}"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_catalogue_holds_exactly_the_strings_of_the_code(fresh_catalogues, language, domain):
    def messages(path):
        return {(entry.msgctxt, entry.msgid) for entry in polib.pofile(str(path)) if not entry.obsolete}

    fresh = messages(catalogue(fresh_catalogues, language, domain))
    with one_makemessages_at_a_time():  # another worker's makemessages writes the committed ones again meanwhile
        committed = messages(catalogue(LOCALE, language, domain))
    new, gone = sorted(fresh - committed, key=str)[:5], sorted(committed - fresh, key=str)[:5]
    assert fresh == committed, f"run `make messages`: new {new}, gone {gone}"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_the_written_one(language, domain):
    def translations(entries):
        return {(e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items()))) for e in entries}

    with one_makemessages_at_a_time():  # makemessages in another worker writes these files again meanwhile
        written = [e for e in polib.pofile(str(catalogue(LOCALE, language, domain))) if e.translated()]
        compiled = polib.mofile(str(catalogue(LOCALE, language, domain, "mo")))
    assert translations(written) == translations(compiled), f"run `make messages` to compile {language} {domain}"
