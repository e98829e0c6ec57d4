"""Wording of the SoL import and export."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def summary_text(summary):
    imported = ngettext("%(count)s tournament imported", "%(count)s tournaments imported", len(summary.tournaments)) % {
        "count": len(summary.tournaments)
    }
    skipped = ngettext(
        "%(count)s already imported and played, kept as it was",
        "%(count)s already imported and played, kept as they were",
        summary.skipped,
    ) % {"count": summary.skipped}
    unchanged = ngettext(
        "%(count)s not yet played and unchanged", "%(count)s not yet played and unchanged", summary.unchanged
    ) % {"count": summary.unchanged}
    return _("%(imported)s; %(skipped)s; %(unchanged)s; %(players)s players, %(clubs)s clubs in the file.") % {
        "imported": imported,
        "skipped": skipped,
        "unchanged": unchanged,
        "players": summary.players,
        "clubs": summary.clubs,
    }
