"""Everything held about one player, printed (tournaments.consent.player_data): the copy a secretary hands a
player who asks for their data. Plain Python: `player_data_sheet(title, data)` takes the same dict the JSON copy
holds and returns PDF bytes: a section per part, a field per line, a list as a table."""

import io

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table

from printing.pdf import build, document, styles
from printing.pdf_kit import grid_style, para

SECTIONS = {
    "player": gettext_lazy("The player"),
    "consent": gettext_lazy("What the player agreed to publish"),
    "entries": gettext_lazy("Entries"),
    "notifications": gettext_lazy("Messages to the player"),
    "matches": gettext_lazy("Matches"),
    "personal_links": gettext_lazy("Personal links"),
    "rates": gettext_lazy("Ratings"),
    "portrait": gettext_lazy("Portrait"),
    "sol_aliases": gettext_lazy("Other SoL identifiers"),
}
WIDTH = 186 * mm


def text(value):
    if value is None or value == "":
        return "—"
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    return str(value)


def player_data_sheet(title, data, compress=None):
    st = styles()
    doc = document(io.BytesIO(), title, compress)
    story = [para(title, st["title"]), Spacer(1, 3 * mm)]
    for key, value in data.items():
        story.append(para(SECTIONS.get(key, key), st["section"]))
        story += section(value, st)
        story.append(Spacer(1, 3 * mm))
    return build(doc, story, footer=title)


def section(value, st):
    if isinstance(value, dict):
        rows = [[para(name, st["small"]), para(text(item), st["cell"])] for name, item in value.items()]
        return [table(rows, [50 * mm, WIDTH - 50 * mm])] if rows else [para("—", st["text"])]
    if isinstance(value, list):
        if not value:
            return [para(_("None."), st["text"])]
        if not isinstance(value[0], dict):
            return [para(", ".join(text(item) for item in value), st["text"])]
        columns = list(value[0])
        rows = [[para(name, st["colhead"]) for name in columns]]
        rows += [[para(text(row.get(name)), st["small"]) for name in columns] for row in value]
        return [table(rows, [WIDTH / len(columns)] * len(columns), header=True)]
    return [para(text(value), st["text"])]


def table(rows, widths, header=False):
    found = Table(rows, colWidths=widths, repeatRows=1 if header else 0)
    found.setStyle(grid_style())
    return found
