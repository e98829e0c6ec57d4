"""The Office Carrom League's day, played end to end by its secretary on a phone, through the pages only: the 31
players of the league's real list imported from an Excel workbook and a corrected list (seeds, semicolon CSV) once
the draw has begun, two umpires invited, a late entry and a withdrawal, four groups and a knockout of their top
two, the whole groups stage scheduled at once, every result typed in, then the standings spreadsheet and the
bracket and placings sheets.

Who wins is fixed by the participant list's order (the earlier listed player wins), so every group table, the
bracket and the champion are known before a single result is typed."""

import io
import re

import openpyxl
import pypdfium2
import pytest
from playwright.sync_api import expect

from demo import office
from tests.browser.conftest import PHONE, log_in
from tests.factories import EventFactory, TournamentFactory, UserFactory

SHOTS = "/tmp/office-day-{}.png"
LATE = "Meera Iyer"  # the late entry: last in strength
WITHDRAWN = "Shaji John"  # withdrawn before the draw: 31 play, in groups of 8, 8, 8 and 7 as the league's 31 did
SEEDED = office.PLAYERS[:4]  # the corrected list seeds the four strongest, one per group
CHAMPION = "Harsh K Shah"


def display_name(listed):
    return " ".join(part for part in office.split_name(listed) if part)


STRENGTH = {display_name(name): rank for rank, name in enumerate(office.PLAYERS)}
STRENGTH[LATE] = len(STRENGTH)


def players_workbook(path):
    """The league's participant list as the secretary keeps it: a title row above the header, as Excel files do."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Office Carrom League: participant list"])
    sheet.append(["First name", "Last name", "Country", "Club"])
    for name in office.PLAYERS:
        sheet.append([*office.split_name(name), office.COUNTRY, office.CLUB])
    book.save(path)


def corrected_list(path):
    """The same list with a seed for the four strongest, semicolon-separated as a European Excel saves CSV."""
    lines = ["first_name;last_name;country;club;seed"]
    for name in office.PLAYERS:
        first, last = office.split_name(name)
        seed = SEEDED.index(name) + 1 if name in SEEDED else ""
        lines.append(f"{first};{last};{office.COUNTRY};{office.CLUB};{seed}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def fits(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def message(page):
    return page.locator(".message").first


def import_file(page, event_url, path):
    page.goto(event_url)
    page.get_by_role("link", name="Import entries").click()
    page.set_input_files("input[type=file]", str(path))
    page.get_by_role("button", name="Import", exact=True).click()


def add_stage(page, event_url, fields, kind, source=None):
    page.goto(event_url)
    page.get_by_role("link", name="Add stage").click()
    page.select_option("#id_kind", value=kind)  # first the kind: the form then shows that kind's options
    for field, value in fields.items():
        page.fill(f"#id_{field}", value)
    if source:
        page.select_option("#id_source", label=source)
    page.get_by_role("button", name="Save stage").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(fields["name"])


def winner_first(a, b, score):
    """The games typed for a match of `a` against `b`, A's points first: the stronger player wins `score`."""
    won, lost = score
    return f"{won}-{lost}" if STRENGTH[a] < STRENGTH[b] else f"{lost}-{won}"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_office_league_day_on_the_secretary_phone(live_server, phone, tmp_path):
    page = phone
    secretary = UserFactory(username="secretary", first_name="Shishir", last_name="Saxena")
    tournament = TournamentFactory(status="published", name="Office Carrom League")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Office singles", rule_set="office")
    event_url = live_server.url + event.get_absolute_url()
    log_in(page, live_server, "secretary", event.get_absolute_url())
    expect(page.get_by_role("heading", level=1)).to_have_text("Office singles")

    # 1. The participant list, from Excel.
    workbook = tmp_path / "office-league.xlsx"
    players_workbook(workbook)
    import_file(page, event_url, workbook)
    expect(message(page)).to_contain_text("Imported:")
    expect(page.locator("table.entries tbody tr")).to_have_count(31)
    expect(page.locator("table.entries")).to_contain_text("Ramachandran Kaunder")
    fits(page)
    page.screenshot(path=SHOTS.format("entries"), full_page=True)

    # 2. Two umpires, accounts created on the spot: each gets its set-password link, and is an umpire once it
    # accepts the invitation.
    page.goto(f"{live_server.url}/t/{tournament.slug}/officials/")
    create = page.locator("#create")
    for name, username in (("Anil Umpire", "anil.umpire"), ("Bina Umpire", "bina.umpire")):
        create.get_by_label("Role").select_option("umpire")
        create.get_by_label("Name:", exact=True).fill(name)
        create.get_by_role("button", name="Create and invite").click()
        expect(page.locator("#new-account")).to_contain_text(username)
    expect(page.locator("#officials-umpire")).to_contain_text("None yet.")
    fits(page)
    page.screenshot(path=SHOTS.format("officials"), full_page=True)

    # 3. A late entry, and a withdrawal.
    page.goto(event_url)
    page.get_by_role("link", name="Add an entry").click()
    page.fill("#id_first_name", "Meera")
    page.fill("#id_last_name", "Iyer")
    page.fill("#id_country", "ind")
    page.get_by_role("button", name="Add the entry").click()
    expect(message(page)).to_contain_text(f"{LATE} entered in Office singles.")
    page.get_by_role("link", name=WITHDRAWN).click()
    page.get_by_role("button", name="Withdraw").click()
    expect(message(page)).to_contain_text(f"{WITHDRAWN} is withdrawn")
    expect(page.locator("table.entries tbody tr", has_text=WITHDRAWN)).to_contain_text("withdrawn")

    # 4. Four groups, their top two into a knockout; the draw, then the corrected list, confirmed.
    add_stage(page, event_url, {"name": "Groups", "group_count": "4"}, "groups")
    groups_url = page.url
    add_stage(page, event_url, {"name": "Knockout", "qualifiers": "2"}, "knockout", "Office singles: Groups")
    knockout_url = page.url
    page.goto(groups_url)
    page.get_by_role("button", name="Draw").click()
    expect(message(page)).to_contain_text("preview")

    corrected = tmp_path / "office-league-seeds.csv"
    corrected_list(corrected)
    import_file(page, event_url, corrected)
    expect(page.locator(".message.warning")).to_contain_text("The draw of this event has begun (Groups)")
    expect(page.locator(".import-preview").first).to_contain_text("4 entries get a new seed")
    fits(page)
    page.screenshot(path=SHOTS.format("import-confirm"), full_page=True)
    page.get_by_role("button", name="Confirm the import").click()
    expect(message(page)).to_contain_text("Imported:")
    expect(page.locator("table.entries tbody tr").first).to_contain_text(CHAMPION)

    page.goto(groups_url)
    page.get_by_role("button", name="Publish stage").first.click()  # the one above the pairings
    expect(message(page)).to_contain_text("published")
    page.get_by_role("link", name="Schedule the stage").click()
    page.fill("#schedule_start", "2026-12-05T09:00")
    page.get_by_role("button", name="Schedule").click()
    expect(page.locator(".message.success")).to_contain_text("Groups: 105 matches scheduled.")
    fits(page)

    # 5. Every group match is one board (office, Game Rules): only its winner scores. No page takes a whole round's
    # results, so each of the 105 goes through its box on the stage page, as the secretary would type them.
    forms = page.locator("form.result-inline")
    expect(forms).to_have_count(105)
    for _ in range(105):
        form = forms.first
        games = form.locator("input[name=games]")
        a, b = re.fullmatch(r"Games of (.+) v (.+)", games.get_attribute("aria-label")).groups()
        games.fill(winner_first(a, b, (9, 0)))
        with page.expect_navigation(wait_until="commit"):
            form.get_by_role("button", name="Save").click()
    expect(forms).to_have_count(0)
    expect(message(page)).to_contain_text("Result saved")
    fits(page)
    page.screenshot(path=SHOTS.format("groups"), full_page=True)
    page.get_by_role("button", name="Finish stage").click()
    page.get_by_role("button", name="Yes, finish Groups").click()
    expect(message(page)).to_contain_text("is finished")

    # 6. The standings spreadsheet: a worksheet per group, the stronger player above.
    page.locator("#print summary").click()
    with page.expect_download() as download:
        page.locator(".export-links li", has_text="Standings").get_by_role("link", name="XLSX").click()
    book = openpyxl.load_workbook(io.BytesIO(download.value.path().read_bytes()))
    assert len(book.worksheets) == 4
    sizes, group_winners = [], []
    for sheet in book.worksheets:
        rows = [row for row in sheet.iter_rows(values_only=True) if any(row)]
        names = [next(cell for cell in row if cell in STRENGTH) for row in rows if any(c in STRENGTH for c in row)]
        sizes.append(len(names))
        assert names == sorted(names, key=STRENGTH.get), names
        group_winners.append(names[0])
    assert sorted(sizes) == [7, 8, 8, 8]
    assert CHAMPION in group_winners and WITHDRAWN not in str([list(s.values) for s in book.worksheets])

    # The knockout of the eight qualifiers: 15 points in the quarter-finals, 29 from the semi-finals.
    page.goto(knockout_url)
    page.get_by_role("button", name="Draw").click()
    page.get_by_role("button", name="Publish stage").first.click()  # the one above the pairings
    expect(page.locator(".bracket-match")).to_have_count(7)
    for _ in range(7):
        box = page.locator(".bracket-match", has=page.get_by_role("link", name="Enter result")).first
        a, b = box.locator(".name").all_inner_texts()
        quarter = page.locator(".bracket-round").first.locator(f"#{box.get_attribute('id')}").count() == 1
        box.get_by_role("link", name="Enter result").click()
        page.fill("#id_games", winner_first(a, b, (15, 7) if quarter else (29, 12)))
        page.get_by_role("button", name="Save result").click()
        expect(message(page)).to_contain_text("Result saved")
    expect(page.locator(".bracket-round").last.locator(".slot.winner")).to_contain_text(CHAMPION)
    fits(page)
    page.screenshot(path=SHOTS.format("bracket"), full_page=True)

    # 7. The bracket and the placings, printed.
    page.locator("#print summary").click()
    bracket = printed(page, "Bracket")
    assert CHAMPION in bracket
    placings = printed(page, "Final placings")
    assert re.search(rf"^\s*1\.?\s+{CHAMPION}", placings, re.MULTILINE), placings


def printed(page, link):
    """The text of the PDF behind a link of the stage page's "Print (PDF)" box, fetched with the page's session (the
    sheets open inline, in a viewer headless Chromium does not hand back)."""
    href = page.locator("#print").get_by_role("link", name=link, exact=True).evaluate("a => a.href")
    response = page.request.get(href)
    assert response.ok and response.headers["content-type"] == "application/pdf", (href, response.status)
    document = pypdfium2.PdfDocument(response.body())
    return "\n".join(sheet.get_textpage().get_text_range() for sheet in document)
