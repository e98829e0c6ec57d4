"""Wording of the featured screens and of the page that chooses them."""

from django.utils.translation import gettext as _

from stages.display import result_text
from stages.models import Match

S = Match.Status


def status_line(match):
    """Where the match stands, in a few words: "In play", "Confirmed", "Ann won by walk-over"..."""
    if match.result_withheld:  # ICF 150: the result is not announced until the protest is decided
        return _("Result withheld (protest)")
    if match.status == S.WALKOVER:
        return result_text(match)
    return match.get_status_display()


def heading(match):
    """The event, the round and the table of the match shown: "Men's singles · Semi final · Table 3"."""
    parts = [match.stage.event.name, match.round.display_name]
    if match.table:
        parts.append(_("Table %(table)s") % {"table": match.table})
    return " · ".join(parts)


def what_is_featured(featured):
    """What a featured row follows, for the officials' list."""
    if featured.table is not None:
        return _("Table %(table)s: the match played there now") % {"table": featured.table}
    return _("Match: %(match)s") % {"match": featured.match}


def featured_done(action, featured=None):
    if action == "stop":
        return _("No longer featured: %(what)s.") % {"what": featured}
    return _("Featured: %(what)s. Paste its addresses into the streaming software.") % {"what": featured}
