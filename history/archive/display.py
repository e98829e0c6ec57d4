"""Wording of the archive's pages built in Python."""

from django.utils.translation import gettext_lazy, pgettext_lazy

AGE_LABELS = {
    "cadet": gettext_lazy("Cadets (under 16)"),
    "junior": gettext_lazy("Juniors (under 21)"),
    "senior": gettext_lazy("Seniors (21 and over)"),
    "veteran": gettext_lazy("Veterans (50 and over)"),
}

OUTCOME_LABELS = {
    "won": pgettext_lazy("a match result", "Won"),
    "drawn": pgettext_lazy("a match result", "Drawn"),
    "lost": pgettext_lazy("a match result", "Lost"),
}
