"""Score cards by the hundred: the printed form drawn once, each card's own texts written on it.

Every card of a round has the same form: the same grid, labels, column notes; only the texts in its cells and its
QR codes differ. The first card of each shape (rule set, games, board rows, links) is laid out by
printing.score_card_pdf exactly as a lone card is, with stand-ins (`Slot`) in the variable cells; what it draws
becomes a PDF form XObject, and the stand-ins note where each cell's text goes. Every card then costs a reference
to the form and one text operator per filled cell (printing.fast_text), instead of some fifty tables and paragraphs
laid out afresh.

The title is a form of its own: on a self-umpired card the captions under the QR codes shrink with long names, so
the title's height, and with it the place of the rest of the card, differs from card to card. A card that would
not fit its page as it is (the shrinking KeepInFrame) stays on the flowables."""

from reportlab.platypus import Flowable, KeepInFrame
from reportlab.rl_config import _FUZZ

from printing import score_card_pdf as form
from printing.fast_text import Painter, layout, num
from printing.pdf_kit import one_line_parts, para
from printing.qr import captioned, draw_qr

BIG = 0xFFFFFFF  # the height a KeepInFrame offers its content to measure it


class Slot(Flowable):
    """A variable cell while a template is laid out and drawn: as wide as its cell, `height` high (the cell's own
    height does not depend on it: the rows of a card's form have fixed heights); drawing it notes the place."""

    def __init__(self, template, kind, text_of, style, width=None, smallest=None, height=None):
        super().__init__()
        self.template, self.kind, self.text_of, self.style = template, kind, text_of, style
        self.fit, self.smallest = width, smallest
        self.reference = style.leading if height is None else height

    def wrap(self, available_width, available_height):
        self.available = available_width
        return available_width, self.reference

    def draw(self):
        _, _, _, _, x, y = self.canv._currentMatrix
        self.template.placed.append((self, None, x, y))


class Slots:
    """The fill of a template (see score_card_pdf.Filled): a Slot in every variable cell."""

    template = True

    def __init__(self, template, links):
        self.owner, self.links = template, links

    def value(self, text_of, width, style, smallest=6.5):
        return Slot(self.owner, "value", text_of, style, width, smallest)

    def text(self, text_of, style):
        return Slot(self.owner, "text", text_of, style)

    def codes(self, size, style):
        def caption(side):
            return lambda texts: texts.card.links[side][0]

        def url(side):
            return lambda texts: texts.card.links[side][1]

        return [
            captioned(
                Slot(self.owner, "qr", url(side), style, size, height=size),
                Slot(self.owner, "caption", caption(side), style, size, smallest=5),
                size,
            )
            for side in range(self.links)
        ]


class Template:
    """A part of a card (its title, or the rest) as a form: its flowables, their height, the slots' places."""

    def __init__(self, name):
        self.name, self.parts, self.placed = name, [], []

    def lay_out(self, parts, width):
        self.parts = parts
        sizes = [part.wrap(width, BIG) for part in parts]
        self.width = max(w for w, _ in sizes)
        self.height = sum(h for _, h in sizes if h > _FUZZ)
        return self

    def draw(self, canvas, top, available):
        """The form with its top at `top` (drawn into the document the first time)."""
        if not canvas.hasForm(self.name):
            canvas.beginForm(self.name, -available, -2 * self.height - available, 2 * available, available)
            canvas.drawText = self.keep_text  # the text stays out of the form: see `placed`
            try:
                y = 0
                for part in self.parts:
                    w, h = part.wrapOn(canvas, available, BIG)
                    if h < _FUZZ:
                        continue
                    y -= h
                    part.drawOn(canvas, 0, y, _sW=available - w)
            finally:
                del canvas.drawText
            canvas.endForm()
        canvas._code.append(f"q 1 0 0 1 0 {num(top)} cm /{canvas._doc.getXObjectName(self.name)} Do Q")
        canvas._formsinuse.append(self.name)

    def keep_text(self, text_object):
        """The form's own texts are written with each card's, in the order they are drawn, so a card's text reads
        (and extracts) in the same order as when the whole card was drawn by its flowables. (An empty cell's text
        object shows nothing: left out.)"""
        code = text_object.getCode()
        if " Tj" in code or " TJ" in code:
            _, _, _, _, x, y = text_object._canvas._currentMatrix
            self.placed.append((None, f"q 1 0 0 1 {num(x)} {num(y)} cm {code} Q", x, y))


class CardPrinter:
    """Lays out the cards of one document: their templates, and each card's place on them."""

    def __init__(self, width, height, st):
        self.width, self.height, self.st = width, height, st
        self.titles, self.bodies, self.title_heights, self.used = {}, {}, {}, {}

    def flowable(self, card):
        """The card as a FastCard, or its flowables in a KeepInFrame (shrunk to the page if need be)."""
        fast = self.fast(card)
        if fast is not None:
            return fast
        return KeepInFrame(self.width, self.height, form.card_parts(card, self.width, self.height, self.st))

    def fast(self, card):
        texts = form.Texts(card)
        title = self.title(card)
        captions = [self.caption_height(texts, slot) for slot in title.slots("caption")]
        title_height = self.title_height(card, tuple(captions))
        used = title_height + self.rest_used(card)
        body = self.body(card, form.board_row_height(card, used, self.height))
        width, height = max(title.width, body.width), title_height + body.height
        if width > self.width + _FUZZ or height > self.height + _FUZZ:
            return None  # the KeepInFrame would shrink it
        return FastCard(texts, title, title_height, body, width - _FUZZ, height - _FUZZ)

    # ---------------------------------------------------------------- the templates, by shape

    def title(self, card):
        key = (card.rule_set, card.games, len(card.links))
        if key not in self.titles:
            template = TitleTemplate(f"CardTitle{len(self.titles)}")
            fill = Slots(template, len(card.links))
            self.titles[key] = template.lay_out([form.card_title(card, self.width, self.st, fill)], self.width)
        return self.titles[key]

    def title_height(self, card, captions):
        """The title's height with captions `captions` high: the tallest of its cells."""
        key = (card.rule_set, card.games, len(card.links), captions)
        if key not in self.title_heights:
            title = form.card_title(card, self.width, self.st, Boxes(captions))
            self.title_heights[key] = title.wrap(self.width, BIG)[1]
        return self.title_heights[key]

    def rest_used(self, card):
        """The height of everything but the title and the game tables (card_parts' `used`, less the title)."""
        key = body_shape(card)
        if key not in self.used:
            fill = Slots(None, 0)
            parts = form.card_body_top(card, self.width, self.st, fill)
            parts += form.card_footer(card, self.width, self.st, fill)
            self.used[key] = sum(part.wrap(self.width, self.height)[1] for part in parts)
        return self.used[key]

    def body(self, card, row_height):
        key = (*body_shape(card), row_height)
        if key not in self.bodies:
            template = Template(f"CardBody{len(self.bodies)}")
            fill = Slots(template, 0)
            top = form.card_body_top(card, self.width, self.st, fill)
            grid = form.games_grid(card, self.width, row_height, self.st, fill)
            footer = form.card_footer(card, self.width, self.st, fill)
            self.bodies[key] = template.lay_out([*top, grid, *footer], self.width)
        return self.bodies[key]

    def caption_height(self, texts, slot):
        text, style = one_line_parts(slot.text_of(texts), slot.fit, slot.style, slot.smallest)
        lines = layout(text, style, slot.fit)
        return len(lines) * style.leading if lines else para(text, style).wrap(slot.fit, BIG)[1]


class TitleTemplate(Template):
    def slots(self, kind):
        """The title's slots of `kind`, in order (laid out, not yet drawn: placed when the form is drawn)."""
        found = []
        for part in self.parts:
            found += [cell for cell in walk(part) if isinstance(cell, Slot) and cell.kind == kind]
        return found


def walk(flowable):
    """Every flowable inside a table (its cells, and theirs)."""
    for row in getattr(flowable, "_cellvalues", []):
        for cell in row:
            for item in cell if isinstance(cell, (list, tuple)) else [cell]:
                yield item
                yield from walk(item)


def body_shape(card):
    games = tuple(form.board_rows_count(card, game) for game in range(1, card.games + 1))
    return card.games, card.board_rows, card.board_limit, games, card.queen_value, card.extra_rows_note


class Box(Flowable):
    def __init__(self, width, height):
        super().__init__()
        self.width, self.height = width, height

    def wrap(self, available_width, available_height):
        return self.width, self.height


class Boxes:
    """A fill that only measures the title: each code and caption a box of its height."""

    template = True

    def __init__(self, captions):
        self.captions = captions

    def codes(self, size, style):
        return [captioned(Box(size, size), Box(size, height), size) for height in self.captions]


class FastCard(Flowable):
    """One card: its title and body forms, its texts and codes in their slots. Placed and sized as the
    KeepInFrame of its flowables would be."""

    def __init__(self, texts, title, title_height, body, width, height):
        super().__init__()
        self.hAlign = "LEFT"  # as the KeepInFrame
        self.texts = texts
        self.title, self.title_height, self.body = title, title_height, body
        self.width, self.height = width, height

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        canvas, top = self.canv, self.height
        available = self.width
        code = canvas._code
        painter = Painter.of(canvas)
        for template, offset in ((self.title, top), (self.body, top - self.title_height)):
            template.draw(canvas, offset, available)
            code.append(f"q 0 0 0 rg 1 0 0 1 0 {num(offset)} cm")
            for slot, text, x, y in template.placed:
                if slot is None:
                    code.append(text)
                else:
                    self.write(canvas, painter, slot, x, y)
            code.append("Q")

    def write(self, canvas, painter, slot, x, y):
        text = slot.text_of(self.texts)
        if text is None or text == "":
            return
        text = str(text)  # 'Nil' is translated lazily
        if slot.kind == "qr":
            draw_qr(canvas, text, x, y, slot.fit)
            return
        style = slot.style
        if slot.kind != "text":
            text, style = one_line_parts(text, slot.fit, style, slot.smallest)
        width = slot.available
        lines = layout(text, style, width)
        paragraph = None
        if lines is None:
            paragraph = para(text, style)
            paragraph.wrap(width, BIG)
            height = paragraph.height
        else:
            height = len(lines) * style.leading
        # A caption's row is as high as the caption, under the code: its top stays; other cells centre it.
        y += slot.reference - height if slot.kind == "caption" else (slot.reference - height) / 2
        if paragraph is not None:
            paragraph.drawOn(canvas, x, y)
        else:
            painter.lines(x, y, width, lines, style)
