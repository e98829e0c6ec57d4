"""The engine speaks the reader's language inside the site and English on its own.

The rule sets are plain Python: their messages (which cite the laws) are marked with these two functions, which
hand the text to Django's catalogue when Django is configured and return the English text otherwise, so the
engine still runs and tests without a Django project. A lazy string is translated when it is read, through
``gettext`` here: Django installed but not configured still gives the English text."""

try:
    from django.conf import settings
    from django.utils.functional import lazy
    from django.utils.translation import gettext as django_gettext
    from django.utils.translation import ngettext as django_ngettext
except ImportError:  # the engine used without Django
    settings = lazy = None


def gettext(message):
    if settings is not None and settings.configured:
        return django_gettext(message)
    return message


def ngettext(singular, plural, number):
    if settings is not None and settings.configured:
        return django_ngettext(singular, plural, number)
    return singular if number == 1 else plural


if lazy is not None:
    gettext_lazy = lazy(gettext, str)
else:

    def gettext_lazy(message):
        return message
