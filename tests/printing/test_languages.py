"""Printed sheets in the tournament's language: a Hindi score card is set in a Devanagari type, shaped, and reads
as Devanagari once rendered; a French one in the Latin type, in French."""

import re

import pypdfium2
import pytest
from django.utils import translation
from reportlab.pdfbase import pdfmetrics

from matches.scoring.scorecard import add_board
from printing.fonts import DEVANAGARI, fonts, shaped
from printing.pdf import styles
from tests.factories import MatchFactory
from tests.helpers import GAME_25_3
from tests.printing.test_views import PLANNED, entry, get_pdf, round_of

pytestmark = pytest.mark.django_db

DEVANAGARI_LETTERS = re.compile("[\u0900-\u097f]")


def score_card(client, tournament, umpire, language):
    tournament.language = language
    tournament.save()
    rnd = round_of(tournament, matches=0)
    hans = entry(rnd.stage.event, ("Hans", "Müller"), country="GER", club="Berlin CC")
    anil = entry(rnd.stage.event, ("Anil", "Sharma"), country="IND", club="Mumbai CC")
    match = MatchFactory(round=rnd, number=7, table=3, planned_at=PLANNED, umpire=umpire, entry_a=hans, entry_b=anil)
    for board in GAME_25_3:
        add_board(match, None, board)
    client.force_login(umpire)
    return get_pdf(client, "print-match-score-card", tournament.slug, match.pk)


def rendered(data):
    """The first page as the reader sees it (an image) and as its text layer."""
    page = pypdfium2.PdfDocument(data)[0]
    return page.render(scale=2).to_pil().convert("L"), page.get_textpage().get_text_range()


def test_a_hindi_score_card_is_set_in_devanagari_and_shaped(client, tournament, umpire):
    data = score_card(client, tournament, umpire, "hi")
    assert DEVANAGARI.encode() in data  # the Devanagari type is embedded
    image, text = rendered(data)
    assert DEVANAGARI_LETTERS.search(text), "no Devanagari on the card"
    assert "Müller" in text and "Sharma" in text  # Latin names print in the same type
    with translation.override("hi"):
        heading = translation.gettext("Score card")
    assert DEVANAGARI_LETTERS.search(heading), "the Hindi catalogue translates the card's heading"
    assert image.getextrema()[0] < 100  # ink on the page, not a blank render
    image.save("/tmp/hi-score-card-pdf.png")


def test_hindi_styles_shape_conjuncts_with_harfbuzz():
    """स्कोर कार्ड ("score card"): shaped, स् + क joins into one conjunct and र् becomes a reph above ड, so the line
    is narrower than the letters set one after the other."""
    words = "स्कोर कार्ड"
    with translation.override("hi"):
        style = styles()["text"]
        assert style.fontName == DEVANAGARI and style.shaping
    glyphs = shaped(words, DEVANAGARI, 10).__shapeData__
    assert len(glyphs) < len(words.replace(" ", "")) + 1
    shaped_width = sum(glyph.x_advance for glyph in glyphs) * 10 / 1000
    assert shaped_width < pdfmetrics.stringWidth(words, DEVANAGARI, 10)


def test_the_visitors_language_beats_the_tournaments_on_a_sheet(client, tournament, umpire):
    client.cookies["django_language"] = "fr"
    data = score_card(client, tournament, umpire, "hi")
    assert DEVANAGARI.encode() not in data
    _, text = rendered(data)
    assert not DEVANAGARI_LETTERS.search(text)
    with translation.override("fr"):
        assert translation.gettext("Score card") in text or translation.gettext("Score card").upper() in text


def test_a_sheet_outside_a_request_prints_in_the_active_language():
    with translation.override("hi"):
        assert fonts() == (DEVANAGARI, DEVANAGARI)
    with translation.override("de"):
        assert fonts()[0] != DEVANAGARI
