"""`manage.py update_messages`: gather the strings marked for translation into every language's catalogue
(locale/<language>/LC_MESSAGES/django.po for Python and templates, djangojs.po for the JavaScript), then compile
them. Run it after marking strings, translate what it added (msgfmt --statistics counts what is left), and run it
again to compile; tests/test_translations.py fails while a catalogue is behind the code."""

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

# Not the tests, the benchmarks or collected static files: they speak to developers. Hidden folders (.venv) are
# left out by makemessages itself.
IGNORED = ["tests/*", "benchmarks/*", "staticfiles/*", "locale/*"]
SOURCE_LANGUAGE = "en"  # the language the code is written in
LANGUAGES = [code for code, _ in settings.LANGUAGES if code != SOURCE_LANGUAGE]
MAKEMESSAGES_OPTIONS = {
    domain: {"locale": LANGUAGES, "no_obsolete": True, "ignore_patterns": IGNORED, "add_location": "file"}
    for domain in ("django", "djangojs")
}


class Command(BaseCommand):
    help = "Gather the marked strings into every language's catalogue, then compile the catalogues."

    def handle(self, *args, **options):
        for domain, domain_options in MAKEMESSAGES_OPTIONS.items():
            call_command("makemessages", domain=domain, verbosity=options["verbosity"], **domain_options)
        call_command("compilemessages", locale=LANGUAGES, verbosity=options["verbosity"], ignore_patterns=[".*"])
