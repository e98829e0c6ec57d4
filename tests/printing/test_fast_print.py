"""The sheets printed by the hundred are drawn straight on the canvas: a round's score cards on forms drawn once
(printing.card_forms), a long standings table cell by cell (printing.grid_table), QR codes made by zxing-cpp's
writer (printing.qr). They must print exactly what the platypus flowables printed (the same text
in the same order, the same pixels), and read the database in a fixed number of queries whatever the size."""

import gc
import io
import random
import string
from unittest import mock

import pypdfium2
import pytest
import zxingcpp
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from PIL import Image, ImageChops
from reportlab.platypus import KeepInFrame, PageBreak

from printing import pdf as printing
from printing import selectors as print_data
from printing.pdf import BoardLine, Heading, ScoreCard, Section, StandingsLine
from printing.pdf_kit import fractions, para
from printing.qr import qr_rows
from printing.score_card_pdf import card_parts
from stages import selectors as stage_selectors
from stages.models import Match, Round, Stage
from tests.factories import EntryFactory, EventFactory, MatchFactory, PlayerFactory, RoundFactory
from tests.printing.qr_reading import decoded_links
from tests.printing.test_pdf import card as pdf_card
from tests.printing.test_pdf import pdf_text
from tests.printing.test_views import get_pdf, round_of

LINKS = [("A · Hans Müller", "http://testserver/t/x/matches/1/play/m1.abc:def/"), ("B · Li", "http://testserver/b")]
LONG_LINKS = [("A · Venkataraman Ramachandran Subramanian", "http://testserver/t/x/matches/2/play/m1.q:r/")] * 2


def card(**fields):
    return pdf_card(**{"stage": "Swiss · Group B", **fields})


def varied_cards():
    ecc = {"games": 1, "board_rows": 8, "board_limit": 8, "rule_set": "ECC"}
    boards = {
        1: [
            BoardLine(1, "A Müller", "A", queen=3, coins=5, total_a=8),
            BoardLine(3, "A Müller", "B", coins=3, total_a=8, total_b=6, law="ICF 104(a)"),
        ],
        2: [BoardLine(n, "B Nováková", "A", coins=n, total_a=2 * n) for n in range(1, 12)],  # beyond the rows
    }
    return [
        card(),
        ScoreCard(),
        card(**ecc, links=LINKS),
        card(**ecc, links=LONG_LINKS, side_a=["Venkataraman Ramachandran Subramanian"]),  # captions shrink
        card(boards=boards, winner="Hans Müller, 2–0 (50–20)", remarks=["Walkover / forfeit.", "A long remark " * 9]),
        card(side_a=["Rao  Anil", "राजेश कुमार"], side_b=["  Lee ", "O'Brien & <b>Sons</b>"], toss_winner="A · Rao"),
        card(games=5, board_rows=12),  # shrunk to its page: drawn by its flowables
        card(games=2, board_rows=8, board_limit=8, links=LINKS, queen_value=2, extra_rows_note="Rows after board 8."),
        card(umpire="An umpire whose name is far too long for the cell it is written in", tournament="T" * 150),
        *(card(**ecc, match_no=str(n), links=[(f"A · Player {n}" + "x" * n, f"http://h/{n}")] * 2) for n in range(6)),
    ]


def flowable_score_cards(cards):
    """printing.score_cards as it was: each card's flowables in a KeepInFrame."""
    st = printing.styles()
    doc = printing.document(io.BytesIO(), _("Score cards"), False)
    width, height = doc.width - 12, doc.height - 12
    story = []
    for one in cards:
        story += [KeepInFrame(width, height, card_parts(one, width, height, st), mode="shrink"), PageBreak()]
    return printing.build(doc, story[:-1])


def table_standings_sheet(heading, sections):
    """printing.standings_sheet as it was: a platypus Table of paragraphs."""
    st = printing.styles()
    doc = printing.document(io.BytesIO(), heading.title, False)
    story = [*printing.heading_parts(heading, st)]
    for section in sections:
        labels = [pgettext("standings column: rank", "#"), _("Name"), _("Country / club"), *section.columns]
        widths = fractions(doc.width, [8, 60, 46, *(22 if len(label) > 5 else 14 for label in section.columns)])

        def row(line):
            values = [para(value, st["right"]) for value in line.values]
            return [para(line.rank, st["right"]), para(line.name, st["cell"]), para(line.team, st["small"]), *values]

        story += printing.section_parts(section, labels, widths, row, st, right_from=3)
    return printing.build(doc, story, printing.footer_text(heading))


def assert_same_print(expected, actual):
    """The same pages, each with the same text (pdfium's reading) and the same pixels (to a grey level or two)."""
    assert pdf_text(actual) == pdf_text(expected)
    old, new = pypdfium2.PdfDocument(expected), pypdfium2.PdfDocument(actual)
    try:
        assert len(new) == len(old)
        for number, (before, after) in enumerate(zip(old, new, strict=True)):
            assert after.get_textpage().get_text_range() == before.get_textpage().get_text_range(), number
            diff = ImageChops.difference(before.render(scale=1.5).to_pil(), after.render(scale=1.5).to_pil())
            assert max(high for _, high in diff.getextrema()) <= 8, f"page {number + 1} looks different"
    finally:
        old.close()
        new.close()


@pytest.mark.parametrize("language", ["en", "hi"])
def test_score_cards_print_as_their_flowables_did(language):
    cards = varied_cards()
    with translation.override(language):
        assert_same_print(flowable_score_cards(cards), printing.score_cards(cards, compress=False))


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_long_standings_table_prints_and_breaks_as_the_table_did(language):
    teams = ["Mumbai CC (IND)", "", "राजेश  कुमार", " Berlin  CC ", "A club whose name is longer than its column is wide"]
    lines = [
        StandingsLine(str(rank), f"Player {rank}" + " Longname" * (rank % 9), teams[rank % 5], ["5", "6", "12.5", "-3"])
        for rank in range(1, 131)  # ranks of three digits are cut to two lines in the narrow first column
    ]
    sections = [
        Section("", lines, ["P", "Pts", "Buchholz", "Net"]),
        Section("Group B", lines[:12], ["P", "W", "D", "Pts"]),
        Section("Group C", [], ["P"]),
    ]
    heading = Heading("Standings · Swiss", "Mumbai Open", ["Men · Swiss", "After round 3"], "Printed 5 Dec 2026")
    with translation.override(language):
        expected = table_standings_sheet(heading, sections)
        assert_same_print(expected, printing.standings_sheet(heading, sections, compress=False))


def test_a_qr_code_reads_back_as_the_text_it_was_made_of():
    rng = random.Random(7)
    alphabet = string.ascii_letters + string.digits + "-_.:/?=&%"
    texts = ["0", "HELLO WORLD", "http://testserver/t/a/matches/1/"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 300))) for _ in range(30)]
    for text in texts:
        rows = qr_rows(text)
        assert len(rows) == len(rows[0]) and set("".join(rows)) == {"0", "1"}
        side = len(rows) + 8
        image = Image.new("L", (side, side), 255)
        image.putdata([0 if dark == "1" else 255 for row in ["0" * side] * 4 + [f"0000{r}0000" for r in rows] +
                       ["0" * side] * 4 for dark in row])  # fmt: skip
        image = image.resize((side * 4, side * 4), Image.NEAREST)
        (read,) = zxingcpp.read_barcodes(image)
        assert (read.text, read.format, read.ec_level) == (text, zxingcpp.BarcodeFormat.QRCode, "M")


@pytest.mark.django_db
def test_self_umpired_score_cards_read_the_same_queries_for_any_round_and_their_codes_read(client, tournament):
    client.get(tournament.get_absolute_url())  # the tournament's language is looked up once, then kept in the cache
    client.force_login(tournament.secretaries.get())
    counts = []
    for size in (3, 12):
        rnd = round_of(tournament, matches=size, rule_set="ecc", event=f"Singles {size}")  # ECC: players keep cards
        with CaptureQueriesContext(connection) as queries:
            data = get_pdf(client, "print-round-score-cards", tournament.slug, rnd.pk)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    first_page = decoded_links(data)[0]
    assert len(first_page) == 2 and all(f"/matches/{rnd.matches.order_by('number')[0].pk}/" in u for u in first_page)


def swiss_stage(tournament, players, rounds=2):
    event = EventFactory(tournament=tournament, rule_set="ecc", name=f"Open {players}")
    entries = [
        EntryFactory(event=event, members=[PlayerFactory(rating=1500 + 10 * n, country="IND")]) for n in range(players)
    ]
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=rounds + 1)
    rng = random.Random(players)
    for number in range(1, rounds + 1):
        rnd = RoundFactory(stage=stage, number=number, status=Round.Status.PUBLISHED)
        shuffled = rng.sample(entries, len(entries))
        for index in range(0, len(shuffled) - 1, 2):
            a, b = shuffled[index : index + 2]
            score = (25, rng.randrange(25))
            MatchFactory(round=rnd, number=index // 2 + 1, entry_a=a, entry_b=b, status=Match.Status.CONFIRMED,
                         winner=a, score_a=score[0], score_b=score[1], games_a=1, games_b=0)  # fmt: skip
    RoundFactory(stage=stage, number=rounds + 1, status=Round.Status.DRAFT)
    return stage


@pytest.mark.django_db
def test_swiss_standings_sheet_reads_a_fixed_number_of_queries_and_ranks_as_the_stage_does(client, tournament):
    client.get(tournament.get_absolute_url())  # the tournament's language is looked up once, then kept in the cache
    counts = []
    for players in (6, 30):
        stage = swiss_stage(tournament, players)
        with CaptureQueriesContext(connection) as queries:
            get_pdf(client, "print-standings", tournament.slug, stage.pk)
        counts.append(len(queries))
        matches = list(stage.matches.filter(round__status=Round.Status.PUBLISHED))
        entries = stage_selectors.played_entries(matches)
        rows = stage_selectors.stage_standings(stage, entries, matches)
        by_id = {entry.pk: entry for entry in entries}
        _heading, (section,) = print_data.stage_standings_sheet(stage)
        expected = [(str(row.rank), row.name, print_data.team(by_id[row.id]), row.points) for row in rows]
        assert [(line.rank, line.name, line.team, float(line.values[1])) for line in section.lines] == expected
    assert counts[0] == counts[1], counts


@pytest.mark.django_db
def test_big_sheets_pause_the_garbage_collector_only_while_they_are_drawn(client, tournament):
    from core.memory import gc_paused

    stage = swiss_stage(tournament, 4, rounds=1)
    seen = []
    original = printing.standings_sheet

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return original(*args, **kwargs)

    with mock.patch.object(printing, "standings_sheet", spy):
        get_pdf(client, "print-standings", tournament.slug, stage.pk)
    assert seen == [False] and gc.isenabled()
    knockout = Stage.objects.create(event=stage.event, order=2, name="KO", kind=Stage.Kind.KNOCKOUT)
    assert client.get(reverse("print-standings", args=[tournament.slug, knockout.pk])).status_code == 404
    assert gc.isenabled()  # an error on the way re-enables it too
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # paused by someone else: left as it was
    finally:
        gc.enable()
