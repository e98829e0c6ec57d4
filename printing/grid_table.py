"""A long table of a printed sheet (a 1,000-player standings), drawn straight on the canvas.

It looks exactly like the platypus Table the sheets used before (printing.pdf_kit.grid_style, a heavier line under
the heading row, light bands on every other line, the heading repeated on every page) and breaks across pages at
the same rows, but a cell of plain text costs one text operator instead of a Paragraph's parsing, wrapping and
drawing. A cell whose text would not be one plain line (it wraps, needs shaping) is a Paragraph as before."""

from reportlab.lib import colors
from reportlab.platypus import Flowable

from printing.fast_text import Painter, layout, num
from printing.pdf_kit import para

PAD_X, PAD_Y = 2.5, 1  # grid_style's cell padding
GRID, HEAD_RULE = 0.6, 1.2  # line widths: the grid, the line under the heading
BAND = colors.Color(0.93, 0.93, 0.93)
BIG = 72000  # platypus Table's "any height" when it measures a cell


class Text:
    """A cell: `text` as para(text, style) prints it."""

    __slots__ = ("text", "style")

    def __init__(self, text, style):
        self.text, self.style = str(text), style


class Row:
    __slots__ = ("height", "cells", "band")

    def __init__(self, height, cells, band):
        self.height, self.cells, self.band = height, cells, band


def measure(cell, width):
    """(height, what to draw) of a cell `width` wide: ("text", lines, style) or ("flow", flowable)."""
    inner = width - 2 * PAD_X
    if isinstance(cell, Text):
        lines = layout(cell.text, cell.style, inner)
        if lines is not None:
            return len(lines) * cell.style.leading, ("text", lines, cell.style)
        cell = para(cell.text, cell.style)
    _, height = cell.wrap(inner, BIG - 2 * PAD_Y)
    return height, ("flow", cell)


class GridTable(Flowable):
    """`rows` of cells (Text or flowables) in columns `widths`; the first `header` rows repeat on every page; rows
    after the heading are banded from the second on (as pdf.section_parts' BACKGROUND commands)."""

    def __init__(self, rows, widths, header=1, _measured=None):
        super().__init__()
        self.hAlign = "CENTER"  # as a Table: centred in the frame
        self.widths = list(widths)
        self.header = header
        if _measured is None:
            _measured = []
            for index, cells in enumerate(rows):
                drawn = [measure(cell, width) for cell, width in zip(cells, self.widths, strict=False)]
                height = max((h for h, _ in drawn), default=0) + 2 * PAD_Y
                band = index >= header and (index - header) % 2 == 1
                _measured.append(Row(height, [d for _, d in drawn], band))
        self.rows = _measured
        self.width = sum(self.widths)
        self.height = sum(row.height for row in self.rows)

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def split(self, available_width, available_height):
        """As Table.split by rows: the rows that fit, then the heading and the rest; [] if not even one data row
        fits."""
        used, fits = 0, 0
        for row in self.rows:
            if used + row.height > available_height:
                break
            used += row.height
            fits += 1
        if fits <= self.header:
            return []
        if fits == len(self.rows):
            return [self]
        head = self.rows[: self.header]
        return [
            GridTable(None, self.widths, self.header, self.rows[:fits]),
            GridTable(None, self.widths, self.header, head + self.rows[fits:]),
        ]

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        columns = [0]
        for width in self.widths:
            columns.append(columns[-1] + width)
        tops = [self.height]
        for row in self.rows:
            tops.append(tops[-1] - row.height)
        code = canvas._code
        bands = [
            f"0 {num(tops[i])} {num(self.width)} {num(-row.height)} re" for i, row in enumerate(self.rows) if row.band
        ]
        if bands:
            code.append(f"{BAND.red:g} {BAND.green:g} {BAND.blue:g} rg n {' '.join(bands)} f")
        code.append("0 0 0 rg")
        painter = Painter.of(canvas)
        for i, row in enumerate(self.rows):
            bottom = tops[i + 1]
            for x, width, (kind, *drawn) in zip(columns, self.widths, row.cells, strict=False):
                if kind == "text":
                    lines, style = drawn
                    y = bottom + (row.height - len(lines) * style.leading) / 2
                    painter.lines(x + PAD_X, y, width - 2 * PAD_X, lines, style)
                else:
                    flowable = drawn[0]
                    y = bottom + (row.height - flowable.height) / 2
                    flowable.drawOn(canvas, x + PAD_X, y)
        # Each line stroked on its own, as the Table draws them (where two cross, their ends overlap the same way).
        lines = [f"n 0 {num(y)} m {num(self.width)} {num(y)} l S" for y in tops]
        lines += [f"n {num(x)} {num(tops[0])} m {num(x)} {num(tops[-1])} l S" for x in columns]
        rule = tops[self.header] if self.header else None
        code.append(f"1 J 1 j 0 0 0 RG {num(GRID)} w {' '.join(lines)}")
        if rule is not None:
            code.append(f"{num(HEAD_RULE)} w n 0 {num(rule)} m {num(self.width)} {num(rule)} l S")
        canvas.restoreState()
