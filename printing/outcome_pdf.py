"""Printed outcomes: the final placings of a stage or event, and a knockout's bracket, as PDF bytes.

Plain Python, like printing.pdf: the dataclasses below are filled by printing.outcome_data; black on white, in the
language active when the sheet is drawn."""

import io
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepInFrame, Paragraph, Spacer, Table, TableStyle

from printing.pdf import MARGIN, build, document, footer_text, heading_parts, section_parts, styles
from printing.pdf_kit import bold, fractions, para

BOX_GAP = 1.5 * mm  # white space around a match's box in the bracket


@dataclass
class PlacingLine:
    place: str  # "1", "3=" when shared
    name: str
    club: str = ""
    country: str = ""


@dataclass
class BracketBox:
    """A match in the bracket: both sides (empty while not known), their scores, and "A"/"B" for the winner."""

    side_a: str = ""
    side_b: str = ""
    score_a: str = ""
    score_b: str = ""
    winner: str = ""


@dataclass
class BracketRound:
    title: str
    boxes: list = field(default_factory=list)


def placings_sheet(heading, sections, compress=None):
    """Place, name, club and country; a section per group of a groups stage."""
    st = styles()
    doc = document(io.BytesIO(), heading.title, compress)
    labels = [pgettext("final placing: 1, 2, 3=", "Place"), _("Name"), _("Club"), _("Country")]
    widths = fractions(doc.width, [12, 70, 55, 18])

    def row(line):
        return [
            para(line.place, st["cell"]),
            para(line.name, st["cell"]),
            para(line.club, st["small"]),
            para(line.country, st["cell"]),
        ]

    story = [*heading_parts(heading, st)]
    for section in sections:
        story += section_parts(section, labels, widths, row, st)
    if not sections:
        story.append(para(_("No placings yet."), st["text"]))
    return build(doc, story, footer_text(heading))


def bracket_sheet(heading, rounds, third_place=None, champion="", compress=None):
    """The knockout on one landscape page: a column per round, each match's box level with the two it follows
    from, the champion after the final, the third-place match below. A large bracket is set smaller to fit."""
    st = styles()
    doc = document(io.BytesIO(), heading.title, compress)
    doc.pagesize = landscape(A4)
    doc.width = doc.pagesize[0] - 2 * MARGIN
    doc.height = doc.pagesize[1] - 2 * MARGIN
    story = [*heading_parts(heading, st)]
    if not rounds or not rounds[0].boxes:
        story.append(para(_("Nothing to show yet: the draw is not published."), st["text"]))
        return build(doc, story, footer_text(heading))
    width, height = doc.width - 12, doc.height - 12 - 30 * mm  # below the heading
    parts = [bracket_table(rounds, champion, width, st)]
    if third_place is not None:
        parts += [Spacer(1, 4 * mm), Paragraph(escape(third_place.title), st["section"])]
        third = match_box(third_place.boxes[0], width / (len(rounds) + 1) - 2 * BOX_GAP, st)
        third.hAlign = "LEFT"
        parts.append(third)
    story.append(KeepInFrame(width, height, parts, mode="shrink"))
    return build(doc, story, footer_text(heading))


def bracket_table(rounds, champion, width, st):
    """Rows: one per first-round match. A match of round r (from 0) spans 2**r rows, so it sits level between
    the two matches it follows from."""
    lines = len(rounds[0].boxes)
    column = width / (len(rounds) + 1)
    data = [[para(r.title, st["colhead"]) for r in rounds] + [para(_("Winner"), st["colhead"])]]
    data += [[""] * (len(rounds) + 1) for _ in range(lines)]
    style = TableStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, 0), 1.2, colors.black),
            ("LEFTPADDING", (0, 0), (-1, -1), BOX_GAP),
            ("RIGHTPADDING", (0, 0), (-1, -1), BOX_GAP),
            ("TOPPADDING", (0, 0), (-1, -1), BOX_GAP / 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), BOX_GAP / 2),
        ]
    )
    for index, rnd in enumerate(rounds):
        span = 2**index
        for number, box in enumerate(rnd.boxes):
            top = 1 + number * span
            if top > lines:
                break
            data[top][index] = match_box(box, column - 2 * BOX_GAP, st)
            if span > 1:
                style.add("SPAN", (index, top), (index, min(top + span, lines + 1) - 1))
    champion_cell = Paragraph(bold(champion), st["cell"]) if champion else ""
    data[1][len(rounds)] = champion_cell
    style.add("SPAN", (len(rounds), 1), (len(rounds), lines))
    table = Table(data, colWidths=[column] * (len(rounds) + 1), repeatRows=1)
    table.setStyle(style)
    return table


def match_box(box, width, st):
    """Two lines, name and score; the winner's in bold."""
    score_width = 9 * mm

    score_style = ParagraphStyle("score", parent=st["small"], alignment=TA_RIGHT)

    def line(name, score, won):
        text = bold(name) if won else escape(name)
        return [Paragraph(text or "&nbsp;", st["small"]), Paragraph(bold(score) if won else escape(score), score_style)]

    rows = [
        line(box.side_a, str(box.score_a), box.winner == "A"),
        line(box.side_b, str(box.score_b), box.winner == "B"),
    ]
    table = Table(rows, colWidths=[width - score_width, score_width])
    # The winner's line is shaded as well as bold: a Devanagari type has no bold (printing.fonts).
    winner_row = {"A": [(0, 0)], "B": [(0, 1)]}.get(box.winner, [])
    shade = [("BACKGROUND", (0, row), (-1, row), colors.Color(0.88, 0.88, 0.88)) for _, row in winner_row]
    table.setStyle(
        TableStyle(
            [
                *shade,
                ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
                ("LINEBELOW", (0, 0), (-1, 0), 0.4, colors.black),
                ("LINEBEFORE", (1, 0), (1, -1), 0.4, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return table
