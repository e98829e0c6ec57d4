"""The prize list sheet (PDF): an event's overall prizes, then each prize category's (women, junior, veteran), each
with its rule, the prize winners (prize, place in the event, name, club, country), and the entries a category could
not consider for want of a date of birth or a recorded sex. prizes.winners decides who wins; this module reads it
and draws it with printing's PDF kit, in the language active when the sheet is drawn."""

import io
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from printing.export_data import person_values
from printing.outcome_data import provisional
from printing.pdf import Heading, Section, build, document, footer_text, heading_parts, section_parts, styles
from printing.pdf_kit import fractions, para
from printing.selectors import printed
from prizes import display
from prizes.selectors import event_prize_list


@dataclass
class PrizeLine:
    prize: str  # "1", "2=" when shared
    place: str  # the place in the event's final placings, "3=" when shared
    name: str
    club: str = ""
    country: str = ""


@dataclass
class PrizeBlock:
    title: str
    rule: str = ""
    lines: list = field(default_factory=list)
    note: str = ""  # who was not considered, and why


def shared(number, is_shared):
    return f"{number}=" if is_shared else str(number)


def prize_blocks(event):
    """[PrizeBlock] of the event's prize list."""
    start = event.tournament.start_date
    blocks = []
    for section in event_prize_list(event):
        lines = [
            PrizeLine(
                shared(w.prize, w.shared),
                shared(w.placing.place, w.placing.shared),
                *person_values(w.placing.entry),
            )
            for w in section.winners
        ]
        rule = display.prize_count(section.prizes)
        if section.rule is not None:
            rule = display.rule_line(section.rule, start)
        names = [placing.entry.name for placing in section.missing]
        note = display.missing_text(section.missing_fact, names) if names else ""
        blocks.append(PrizeBlock(display.section_title(section.kind), rule, lines, note))
    return blocks


def prize_list_sheet_data(event):
    """(Heading, [PrizeBlock]) of the event's prize list."""
    stages = list(event.stages.all())
    heading = Heading(
        title=f"{_('Prize list')} · {event.name}",
        tournament=event.tournament.name,
        lines=[*display.notes(event), provisional(stages) if stages else ""],
        printed=printed(),
    )
    return heading, prize_blocks(event)


def prize_sheet(heading, blocks, compress=None):
    """A section per prize block: its title and rule, the winners' table, the note."""
    st = styles()
    doc = document(io.BytesIO(), heading.title, compress)
    labels = [_("Prize"), pgettext("final placing: 1, 2, 3=", "Place"), _("Name"), _("Club"), _("Country")]
    widths = fractions(doc.width, [11, 11, 65, 50, 18])

    def row(line):
        return [
            para(line.prize, st["cell"]),
            para(line.place, st["cell"]),
            para(line.name, st["cell"]),
            para(line.club, st["small"]),
            para(line.country, st["cell"]),
        ]

    story = [*heading_parts(heading, st)]
    for block in blocks:
        story += [Paragraph(escape(block.title), st["section"]), para(block.rule, st["text"])]
        if block.lines:
            story += section_parts(Section("", block.lines), labels, widths, row, st)
        else:
            story.append(para(_("No prize winners yet."), st["text"]))
        if block.note:
            story += [para(block.note, st["small"]), Spacer(1, 4 * mm)]
    if not blocks:
        story.append(para(_("This event awards no prizes."), st["text"]))
    return build(doc, story, footer_text(heading))
