"""Printed sheets as plain functions: ICF XIX score cards, pairings, results, standings.

The PDFs are built uncompressed (`compress=False`) so their text can be read back: `pdf_text` decodes the shown
strings through each embedded font's ToUnicode map (TrueType subsets number their glyphs 1, 2, 3...)."""

import re

import pytest

from printing import fonts, pdf_kit
from printing import pdf as printing
from printing.pdf import BoardLine, Heading, PairingLine, ResultLine, ScoreCard, Section, StandingsLine

ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def page_count(data):
    return len(re.findall(rb"/Type /Page\b", data))


def unescape(raw):
    """A PDF literal string's bytes: \\ddd octal, \\n and friends, \\( \\) \\\\."""

    def one(match):
        escaped = match.group(1)
        if escaped[:1].isdigit():
            return bytes([int(escaped, 8)])
        return ESCAPES.get(escaped, escaped)

    return re.sub(rb"\\([0-7]{1,3}|.)", one, raw, flags=re.S)


def pdf_text(data):
    """Every string an uncompressed PDF shows, one per line, decoded through the fonts' ToUnicode maps."""
    objects = dict(re.findall(rb"(\d+) 0 obj(.*?)endobj", data, re.S))
    maps = {}
    for body in objects.values():
        name, to_unicode = re.search(rb"/Name /(\S+)", body), re.search(rb"/ToUnicode (\d+) 0 R", body)
        if name and to_unicode:
            pairs = re.findall(rb"<([0-9A-F]{2})> <([0-9A-F]{4})>", objects[to_unicode.group(1)])
            maps[name.group(1)] = {int(code, 16): chr(int(char, 16)) for code, char in pairs}
    shown, font = [], None
    for name, string in re.findall(rb"/(\S+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\) Tj", data, re.S):
        if name:
            font = maps.get(name)
        else:
            raw = unescape(string)
            shown.append("".join(font.get(b, "?") for b in raw) if font else raw.decode("cp1252"))
    return "\n".join(shown)


def card(**fields):
    values = {
        "tournament": "Mumbai Open 2026",
        "event": "Men's singles",
        "stage": "Swiss",
        "round": "Round 2",
        "match_no": "14",
        "table": "7",
        "date": "Sat 5 Dec 2026",
        "time": "14:30",
        "umpire": "Rajesh Kumar",
        "side_a": ["Hans Müller"],
        "side_b": ["Šárka Nováková"],
        "team_a": "Berlin CC (GER)",
        "team_b": "Praha (CZE)",
        "rule_set": "ICF Laws of Carrom",
    }
    return ScoreCard(**{**values, **fields})


def test_one_page_per_score_card_and_every_header_field_printed():
    cards = [card(match_no=str(n), side_a=[f"Player {n}"]) for n in range(1, 4)]
    data = printing.score_cards(cards, compress=False)
    assert data.startswith(b"%PDF")
    assert page_count(data) == 3
    text = pdf_text(data)
    for expected in ("Mumbai Open 2026", "Men's singles", "Round 2", "Sat 5 Dec 2026", "14:30", "Rajesh Kumar"):
        assert expected in text
    assert all(f"Player {n}" in text for n in range(1, 4))


def test_unicode_names_print_in_an_embedded_system_font():
    if fonts.fonts()[0] == "Helvetica":
        pytest.skip("no TrueType font (DejaVu Sans or Liberation Sans) installed on this machine")
    side_b = ["Šárka Nováková", "Venkataraman Ramachandran"]  # doubles: two names
    data = printing.score_cards([card(side_b=side_b)], compress=False)
    text = pdf_text(data)
    assert "Hans Müller" in text and "Šárka Nováková" in text and "Venkataraman Ramachandran" in text
    assert fonts.fonts()[0].encode() in data  # the TrueType subset is embedded


def test_without_a_system_font_helvetica_is_used(monkeypatch):
    monkeypatch.setattr(fonts, "FONT_DIRS", ("/nonexistent",))
    fonts.latin_fonts.cache_clear()
    try:
        assert fonts.fonts() == ("Helvetica", "Helvetica-Bold")
        text = pdf_text(printing.score_cards([card()], compress=False))
        assert "Hans Müller" in text  # Latin-1 names still print
    finally:
        fonts.latin_fonts.cache_clear()


def test_icf_xix_columns_and_signatures_on_a_blank_card():
    text = pdf_text(printing.score_cards([ScoreCard()], compress=False))
    # ICF XIX: header fields, the game times, the seven columns, remarks and signatures.
    for label in (
        "CHAMPIONSHIP / TOURNAMENT",
        "EVENT",
        "ROUND",
        "DATE",
        "TIME",
        "MATCH NO.",
        "UMPIRE",
        "C/B No.",
        "TOSS WON BY",
        "CHOICE OF TOSS WINNER",
        "Starting time",
        "Finishing time",
        "(1) Break by",
        "Queen",
        "No. of",
        "Grand",
        "Remarks of the Umpire",
        "Match won by",
        "Loser's signature",
        "Umpire's signature",
    ):
        assert label in text, label
    assert "(7)" in text and "GAME 3" in text and "GAME 4" not in text  # ICF 57: best of three
    assert "Mumbai" not in text


def test_board_rows_per_game_follow_the_card_shape():
    one_game = pdf_text(printing.score_cards([ScoreCard(games=1, board_rows=8, board_limit=8)], compress=False))
    assert "GAME 1" in one_game and "GAME 2" not in one_game
    rows = re.findall(r"^(\d+)$", one_game, re.M)
    assert [int(n) for n in rows] == list(range(1, 9))  # boards 1-8 (ECC 39)
    ten = pdf_text(printing.score_cards([ScoreCard(games=1, board_rows=10)], compress=False))
    assert "\n10\n" in ten  # ICF 56(b): 8 boards and two rows for the extra board


def test_filled_boards_write_points_and_nil_in_the_icf_columns():
    boards = {
        1: [
            BoardLine(1, "A Müller", "A", queen=3, coins=5, total_a=8, total_b=0),
            BoardLine(2, "B Nováková", "B", queen=0, coins=3, total_a=8, total_b=3),
            BoardLine(3, "A Müller", "B", queen=0, coins=3, total_a=8, total_b=6, law="ICF 104(a)"),
        ]
    }
    text = pdf_text(printing.score_cards([card(boards=boards, winner="Hans Müller, 2–0 (50–20)")], compress=False))
    # ICF XIX columns for board 1: A's queen 3, A's c/m 5, total 8; B: Nil, Nil, 0.
    assert "\n1\nA Müller\n3\n5\n8\nNil\nNil\n0\n" in text
    # Board 2, won by B with 3 c/m and no queen: Nil in every column but B's c/m (ICF XIX columns 3 and 6).
    assert "\n2\nB Nováková\nNil\nNil\n8\nNil\n3\n3\n" in text
    assert "\n3*\n" in text  # a special finish is marked
    assert "Hans Müller, 2–0 (50–20)" in text


def test_a_board_beyond_the_printed_rows_gets_its_own_row():
    boards = {1: [BoardLine(n, "A", "A", coins=1, total_a=n) for n in range(1, 12)]}
    text = pdf_text(printing.score_cards([card(games=1, board_rows=10, boards=boards)], compress=False))
    assert "\n11\nA\nNil\n1\n11\n" in text


def test_long_names_are_cut_to_fit_their_cell():
    style = printing.styles()["cell"]
    short = pdf_kit.fit("Venkataraman Ramachandran Subramanian", 60, style)
    assert short.endswith("…") and len(short) < 20
    assert pdf_kit.fit("Rao", 60, style) == "Rao"


def test_no_cards_is_one_page_saying_so():
    data = printing.score_cards([], compress=False)
    assert page_count(data) == 1 and "No score cards to print." in pdf_text(data)


def test_the_same_cards_give_the_same_bytes():
    assert printing.score_cards([card()]) == printing.score_cards([card()])


def test_many_cards_one_page_each_however_many_games():
    cards = [card(games=n, board_rows=rows) for n, rows in ((1, 3), (3, 10), (5, 12), (3, 30))]
    assert page_count(printing.score_cards(cards)) == 4


def heading(title="Pairings · Round 2"):
    return Heading(title, "Mumbai Open 2026", ["Men's singles · Swiss", "Sat 5 Dec 2026"], "Printed 5 Dec 2026")


def test_pairing_sheet_lists_table_time_sides_and_umpire():
    lines = [PairingLine("1", "3", "14:30", "Hans Müller", "Šárka Nováková", "Rajesh Kumar")]
    lines.append(PairingLine("2", side_a="Anil Rao", bye=True))
    data = printing.pairing_sheet(heading(), [Section("", lines)], compress=False)
    text = pdf_text(data)
    assert data.startswith(b"%PDF") and page_count(data) == 1
    assert "\n1\n3\n14:30\nHans Müller\nv\nŠárka Nováková\nRajesh Kumar\n" in text
    assert "Anil Rao" in text and "bye" in text
    assert "Mumbai Open 2026" in text and "Pairings · Round 2" in text and "Printed 5 Dec 2026" in text


def test_a_swiss_pairing_sheet_prints_each_sides_points_before_the_round_and_rating_under_its_name():
    lines = [PairingLine("1", "1", "14:30", "Hans Müller", "Anil Rao", "self-umpired", info_a="2 pts · 1850")]
    lines[0].info_b = "1.5 pts"  # no rating known: the points only
    lines.append(PairingLine("2", side_a="Rajesh Kumar", bye=True, info_a="0 pts · 1620"))
    text = pdf_text(printing.pairing_sheet(heading(), [Section("", lines)], compress=False))
    assert "\nHans Müller\n2 pts · 1850\nv\nAnil Rao\n1.5 pts\nself-umpired\n" in text
    assert text.endswith("\nRajesh Kumar\n0 pts · 1620\nbye")


def test_a_long_pairing_sheet_runs_over_numbered_pages_with_the_heading_row_repeated():
    lines = [PairingLine(str(n), str(n), "14:30", f"Player {n}", f"Opponent {n}") for n in range(1, 121)]
    data = printing.pairing_sheet(heading(), [Section("", lines)], compress=False)
    text = pdf_text(data)
    pages = page_count(data)
    assert pages > 1
    assert text.count("Player/s A") == pages
    assert f"Mumbai Open 2026 · Pairings · Round 2 · page {pages}" in text


def test_results_sheet_by_group_with_an_empty_group():
    lines = [ResultLine("1", "2", "Hans Müller", "Anil Rao", "2–1 (62–47)", "A", "to confirm")]
    sections = [Section("Group A", lines), Section("Group B", [])]
    text = pdf_text(printing.results_sheet(heading("Results · Round 1"), sections, compress=False))
    assert "Group A" in text and "Group B" in text and "Nothing to show yet." in text
    assert "\nHans Müller\n2–1 (62–47)\nAnil Rao\nto confirm\n" in text


def test_standings_sheet_prints_rank_name_team_and_the_tie_breaks():
    lines = [
        StandingsLine("1", "Hans Müller", "Berlin CC (GER)", ["3", "6", "10", "40", "75"]),
        StandingsLine("2", "Anil Rao", "Mumbai CC (IND)", ["3", "4", "12", "11", "60"]),
    ]
    section = Section("", lines, ["P", "Pts", "Buchholz", "Net", "Total"])
    text = pdf_text(printing.standings_sheet(heading("Standings · Swiss"), [section], compress=False))
    assert "Country / club" in text and "Buchholz" in text
    assert "\n1\nHans Müller\nBerlin CC (GER)\n3\n6\n10\n40\n75\n" in text
    assert text.endswith("\n2\nAnil Rao\nMumbai CC (IND)\n3\n4\n12\n11\n60")


def test_standings_sheet_without_tables():
    text = pdf_text(printing.standings_sheet(heading("Standings"), [], compress=False))
    assert "No standings yet." in text


def test_the_versus_column_holds_hindis_word_on_one_line():
    style = printing.styles()["centre"]
    widths = pdf_kit.fractions(500, [11, 13, 17, 55, 6, 55, 29])
    wider = pdf_kit.widen_for(widths, 4, "बनाम", style, from_columns=(3, 5))
    shaped = fonts.in_its_script("बनाम", style)
    assert wider[4] >= pdf_kit.text_width("बनाम", shaped.fontName, shaped.fontSize) + 2 * pdf_kit.CELL_PADDING
    assert wider[4] > widths[4] and sum(wider) == pytest.approx(sum(widths))  # taken from the sides' columns
    assert wider[3] == pytest.approx(wider[5]) and wider[:3] == widths[:3]
    assert pdf_kit.widen_for(widths, 4, "v", style, from_columns=(3, 5)) == widths  # English fits already
