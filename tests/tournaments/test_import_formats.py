"""Entry lists as secretaries have them: Excel workbooks and CSV in the delimiters and encodings spreadsheet
programs write, headers in their usual spellings, and files that are neither (one message, never a 500)."""

import io
import zipfile
from datetime import date, datetime

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.authtoken.models import Token

from core.numbers import INT_MAX
from tests.factories import EventFactory
from tournaments.importing import ImportFailed, parse_entries
from tournaments.models import Entry, Player
from tournaments.services import import_entries
from tournaments.spreadsheets import NOT_A_SPREADSHEET, read_rows
from tournaments.workbooks import cell_text

pytestmark = pytest.mark.django_db

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def xlsx(rows, cells=None):
    """A workbook whose first sheet holds `rows` (lists of values, None for an empty row); `cells` sets single
    cells by coordinate afterwards. A second sheet holds nothing of the list."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for line, values in enumerate(rows, 1):
        for column, value in enumerate(values or [], 1):
            sheet.cell(row=line, column=column, value=value)
    for coordinate, value in (cells or {}).items():
        sheet[coordinate] = value
    workbook.create_sheet("Notes")["A1"] = "not an entry list"
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def names(entries):
    return [(p.first_name, p.last_name, p.country) for entry in entries for p in entry.players]


# ---------------------------------------------------------------- CSV: delimiters and encodings

ROWS = [
    ["first_name", "last_name", "country", "club", "rating"],
    ["Asha", "Rao", "IND", "Mumbai Carrom, West", "1850"],
    ["Jürgen", "Müller", "GER", "Carrom Köln", ""],
]
EXPECTED = [("Asha", "Rao", "IND"), ("Jürgen", "Müller", "GER")]


def csv_text(delimiter):
    def cell(value):
        return f'"{value}"' if delimiter in value or "," in value else value

    return "\r\n".join(delimiter.join(cell(value) for value in row) for row in ROWS) + "\r\n"


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_each_delimiter_is_found_from_the_header(delimiter):
    entries = parse_entries(csv_text(delimiter).encode(), team_size=1)
    assert names(entries) == EXPECTED
    assert entries[0].players[0].club == "Mumbai Carrom, West"
    assert entries[0].players[0].rating == 1850


def test_excel_sep_line_names_the_delimiter_and_is_no_row():
    text = "sep=;\r\n" + csv_text(";")
    entries = parse_entries(text.encode("cp1252"), team_size=1)
    assert names(entries) == EXPECTED
    assert [entry.line for entry in entries] == [3, 4]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252"])
def test_each_encoding_spreadsheet_programs_write(encoding):
    # "utf-16" writes a BOM; Excel's "Unicode text" is tab-separated UTF-16.
    delimiter = "\t" if encoding.startswith("utf-16") else ";"
    entries = parse_entries(csv_text(delimiter).encode(encoding), team_size=1)
    assert names(entries) == EXPECTED
    assert entries[1].players[0].club == "Carrom Köln"


def test_windows_1252_letters_outside_latin_1_are_read():
    entries = parse_entries("Prénom;Nom;Club\nJosé;Œdipe;Café “Queen”\n".encode("cp1252"), team_size=1)
    assert (entries[0].players[0].last_name, entries[0].players[0].club) == ("Œdipe", "Café “Queen”")


def test_the_same_file_in_every_format_imports_the_same_entries():
    results = []
    for data in (csv_text(",").encode(), csv_text(";").encode("cp1252"), csv_text("\t").encode("utf-16"), xlsx(ROWS)):
        event = EventFactory()
        import_entries(event, data)
        results.append(sorted(event.entries.values_list("name", flat=True)))
    assert results == [["Asha Rao", "Jürgen Müller"]] * 4


# ---------------------------------------------------------------- headers


@pytest.mark.parametrize(
    "header",
    [
        "first_name,last_name,country,sex,date_of_birth,club,rating,seed",
        "First name,Last name,Country,Sex,Date of birth,Club,Rating,Seed",
        "FIRSTNAME , SURNAME,NATION,GENDER,DOB,club,RATING,seed",
        "Given name,Family name,Land,Sex,Birth date,Club,Rating,Seed",
        "Vorname,Nachname,Land,Geschlecht,Geburtsdatum,Verein,Rating,Seed",
        "Prénom,Nom,Pays,Sexe,Date de naissance,Club,Rating,Seed",
        "Nome,Cognome,Paese,Sesso,Data di nascita,Circolo,Rating,Seed",
        "first-name,last.name,Nationality,sex,date-of-birth,Club,rating,SEED",
    ],
)
def test_header_spellings(header):
    entries = parse_entries(f"{header}\nAsha,Rao,IND,F,1990-04-01,Mumbai,1850,1\n", team_size=1)
    player = entries[0].players[0]
    assert (player.first_name, player.last_name, player.country, player.sex) == ("Asha", "Rao", "IND", "F")
    assert (player.date_of_birth, player.club, player.rating, entries[0].seed) == (date(1990, 4, 1), "Mumbai", 1850, 1)


def test_team_is_the_pair_column():
    entries = parse_entries("Prénom,Nom,Team\nAsha,Rao,A\nRavi,Rao,A\n", team_size=2)
    assert [[p.first_name for p in entry.players] for entry in entries] == [["Asha", "Ravi"]]


def test_two_columns_for_the_same_field_are_refused():
    with pytest.raises(ImportFailed) as failure:
        parse_entries("First name,Country,Nation\nAsha,IND,IND\n", team_size=1)
    assert failure.value.errors == ["line 1: the columns 'Country' and 'Nation' both give country"]


def test_name_alone_is_no_known_column():
    with pytest.raises(ImportFailed) as failure:
        parse_entries("First name,Name\nAsha,Rao\n", team_size=1)
    assert failure.value.errors[0].startswith("line 1: unknown column(s) Name; allowed: first_name, last_name")


def test_title_rows_above_the_header_are_left_out_and_lines_keep_their_numbers():
    text = "Entry list, Eurocup 2026\n\nfirst_name;last_name\nAsha;Rao\n\nRavi;\n"
    entries = parse_entries(text, team_size=1)
    assert [(entry.line, entry.players[0].first_name) for entry in entries] == [(4, "Asha"), (6, "Ravi")]


def test_a_value_in_a_column_without_a_header_is_a_line_error():
    with pytest.raises(ImportFailed) as failure:
        parse_entries("first_name,last_name\nAsha,Rao\nRavi,Rao,oops\n", team_size=1)
    assert failure.value.errors == ["line 3: column 3 holds a value but has no name in the header"]


def test_bad_lines_give_one_message_each_whatever_the_delimiter():
    text = "Vorname;Nachname;Land;Rating;Seed\nAsha;Rao;India;²;1\n;Nameless;IND;;\nRavi;Rao;IND;12;0\n"
    with pytest.raises(ImportFailed) as failure:
        parse_entries(text.encode("utf-16"), team_size=1)
    assert failure.value.errors == [
        "line 2: country must be a three-letter code such as IND, not 'India'",
        "line 2: rating must be a whole number of at least 0, not '²'",
        "line 3: first_name is required",
        "line 4: seed must be a whole number of at least 1, not '0'",
    ]


# ---------------------------------------------------------------- Excel workbooks


def test_a_workbook_imports_with_date_cells_numbers_and_sheet_row_numbers():
    rows = [
        ["First name", "Last name", "Date of birth", "Country", "Rating", "Seed", "Club"],
        ["Asha", "Rao", datetime(1990, 4, 1), "IND", 1850, 1, "Mumbai Carrom"],
        None,  # an empty row keeps the rows below at their sheet numbers
        ["Ravi", "Kumar", date(1988, 12, 31), "ind", 1700.0, None, None],
        ["Joy", "Das", "1995-06-15", "IND", "1600", "2", None],
    ]
    event = EventFactory()
    summary = import_entries(event, xlsx(rows))
    assert (summary.entries_created, summary.players_created) == (3, 3)
    ravi = Player.objects.get(first_name="Ravi")
    assert (ravi.date_of_birth, ravi.rating, ravi.country) == (date(1988, 12, 31), 1700, "IND")
    assert Player.objects.get(first_name="Asha").date_of_birth == date(1990, 4, 1)
    assert sorted(event.entries.values_list("name", "seed")) == [("Asha Rao", 1), ("Joy Das", 2), ("Ravi Kumar", None)]
    assert [line for line, _cells in read_rows(xlsx(rows))] == [1, 2, 4, 5]


def test_workbook_values_that_fit_no_column_are_line_errors_and_nothing_is_saved():
    rows = [
        ["First name", "Last name", "Rating", "Seed", "Date of birth", "Club"],
        ["Asha", "Rao", "²", 1, None, None],
        ["Ravi", "Rao", 99_999_999_999, 2, None, None],
        ["Joy", "Das", 1e20, 2.5, None, None],
        ["Meena", "Iyer", "12 points", None, "01/04/1990", "C" * 121],
        ["M" * 81, "Shah", None, INT_MAX + 1, None, None],
        ["Good", "Row", 1500, 3, date(2000, 1, 1), "Club"],
    ]
    event = EventFactory()
    with pytest.raises(ImportFailed) as failure:
        import_entries(event, xlsx(rows))
    assert failure.value.errors == [
        "line 2: rating must be a whole number of at least 0, not '²'",
        f"line 3: rating must be at most {INT_MAX}, not '99999999999'",
        f"line 4: rating must be at most {INT_MAX}, not '100000000000000000000'",
        "line 4: seed must be a whole number of at least 1, not '2.5'",
        "line 5: date_of_birth must be YYYY-MM-DD, not '01/04/1990'",
        "line 5: rating must be a whole number of at least 0, not '12 points'",
        "line 5: club is longer than 120 characters",
        f"line 6: seed must be at most {INT_MAX}, not '{INT_MAX + 1}'",
        "line 6: first_name is longer than 80 characters",
    ]
    assert (Entry.objects.count(), Player.objects.count()) == (0, 0)


def test_cells_become_the_text_a_csv_file_would_hold():
    assert [cell_text(value) for value in (None, 12, 12.0, 12.5, True, datetime(2001, 2, 3, 14, 5))] == [
        "",
        "12",
        "12",
        "12.5",
        "TRUE",
        "2001-02-03",
    ]


def test_only_the_first_sheet_is_read_even_when_another_is_active():
    data = xlsx([["first_name"], ["Asha"]])
    workbook = openpyxl.load_workbook(io.BytesIO(data))
    workbook.active = 1
    buffer = io.BytesIO()
    workbook.save(buffer)
    assert names(parse_entries(buffer.getvalue(), team_size=1)) == [("Asha", "", "")]


def test_a_workbook_with_the_header_only_imports_nothing():
    assert parse_entries(xlsx([["First name", "Last name"]]), team_size=1) == []


def test_a_workbook_longer_than_the_limit_is_refused_by_its_line(settings):
    settings.IMPORT_MAX_ROWS = 3
    rows = [["first_name"]] + [[f"P{n}"] for n in range(10)]
    with pytest.raises(ImportFailed) as failure:
        parse_entries(xlsx(rows), team_size=1)
    assert failure.value.errors == ["line 5: more than 3 rows; split the list into several files"]


# ---------------------------------------------------------------- files that are no entry list


def zip_of(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01" + bytes(range(256)) * 4
NEITHER = str(NOT_A_SPREADSHEET)
DAMAGED = (
    "This Excel workbook cannot be read: it may be damaged or too large once unpacked. Save it again as .xlsx or as "
    "CSV and upload it again."
)


@pytest.mark.parametrize(
    "data, message",
    [
        (PNG, NEITHER),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", NEITHER),
        (bytes(range(256)) * 40, NEITHER),
        (b"\x00\x01\x02\x03" * 500, NEITHER),
        (zip_of({"word/document.xml": "<w/>"}), NEITHER),
        (b"PK\x03\x04 not really a zip", NEITHER),
        (
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500),
            "This file is a spreadsheet of another kind (.xls): save it as an Excel workbook (.xlsx) without a "
            "password, or as CSV, and upload it again.",
        ),
        (
            zip_of({"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<x/>"}),
            "This file is a spreadsheet of another kind (.ods): save it as an Excel workbook (.xlsx) without a "
            "password, or as CSV, and upload it again.",
        ),
        (zip_of({"xl/workbook.xml": "<not a workbook", "[Content_Types].xml": "<x/>"}), DAMAGED),
        (xlsx([["first_name"], ["Asha"]])[:-200], NEITHER),
    ],
)
def test_a_file_that_is_no_entry_list_gets_one_message(data, message):
    with pytest.raises(ImportFailed) as failure:
        parse_entries(data, team_size=1)
    assert failure.value.errors == [message]


def test_a_workbook_that_unpacks_into_too_much_is_refused_unread(settings):
    settings.IMPORT_MAX_UNPACKED_BYTES = 1000
    with pytest.raises(ImportFailed) as failure:
        parse_entries(xlsx([["first_name"], ["Asha"]]), team_size=1)
    assert failure.value.errors == [
        "This Excel workbook holds far more than an entry list of 5,000 rows: copy the list alone into a new "
        "workbook, or save it as CSV, and upload it again."
    ]


def test_an_empty_file_asks_for_the_header():
    with pytest.raises(ImportFailed, match="line 1: the header must name the columns"):
        parse_entries(b"", team_size=1)


def test_a_value_too_long_for_the_csv_reader_is_a_line_error():
    with pytest.raises(ImportFailed) as failure:
        parse_entries(b"first_name,club\nAsha,Club\nRavi," + b"x" * 200_000 + b"\n", team_size=1)
    assert failure.value.errors == ["line 3: a value is too long to be read"]


# ---------------------------------------------------------------- through the page, the API and the command


def test_the_page_imports_a_workbook(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    upload = SimpleUploadedFile("entries.xlsx", xlsx(ROWS), content_type=XLSX_TYPE)
    response = client.post(reverse("event-import-page", args=[tournament.slug, event.pk]), {"file": upload})
    assert response.status_code == 302
    assert sorted(event.entries.values_list("name", flat=True)) == ["Asha Rao", "Jürgen Müller"]


def test_the_page_shows_one_message_for_a_file_that_is_neither(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    upload = SimpleUploadedFile("photo.png", PNG, content_type="image/png")
    response = client.post(reverse("event-import-page", args=[tournament.slug, event.pk]), {"file": upload})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Nothing was imported." in page and "neither an Excel workbook (.xlsx) nor CSV text" in page
    assert event.entries.count() == 0


def test_the_page_shows_workbook_line_errors(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    data = xlsx([["Prénom", "Nom", "Rating"], ["Asha", "Rao", "²"], ["Ravi", "Rao", 10**12]])
    upload = SimpleUploadedFile("entries.xlsx", data, content_type=XLSX_TYPE)
    response = client.post(reverse("event-import-page", args=[tournament.slug, event.pk]), {"file": upload})
    page = response.content.decode()
    assert response.status_code == 200
    assert "line 2: rating must be a whole number of at least 0, not &#x27;²&#x27;" in page
    assert f"line 3: rating must be at most {INT_MAX}" in page
    assert event.entries.count() == 0


def api_auth(user):
    return {"HTTP_AUTHORIZATION": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


def test_the_api_imports_a_workbook_and_semicolon_text(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    url = reverse("event-import", args=[tournament.slug, event.pk])
    upload = SimpleUploadedFile("entries.xlsx", xlsx(ROWS), content_type=XLSX_TYPE)
    response = client.post(url, {"file": upload}, **api_auth(secretary))
    assert response.status_code == 200 and response.json()["entries_created"] == 2
    text = "Prénom;Nom;Pays\nMeena;Iyer;IND\n"
    response = client.post(url, {"text": text}, content_type="application/json", **api_auth(secretary))
    assert response.status_code == 200 and response.json()["entries_created"] == 1


def test_the_api_answers_400_for_a_file_that_is_neither(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    url = reverse("event-import", args=[tournament.slug, event.pk])
    response = client.post(url, {"file": SimpleUploadedFile("x.pdf", b"%PDF-1.4 ...")}, **api_auth(secretary))
    assert response.status_code == 400
    assert response.json() == {"file": [NEITHER]}


def test_large_workbook_and_csv_uploads_are_refused_before_they_are_read(client, tournament, secretary, settings):
    settings.UPLOAD_MAX_BYTES = 20_000
    event = EventFactory(tournament=tournament)
    big_xlsx = xlsx([["first_name", "last_name"]] + [[f"Player{n}", f"Surname {n * 7919}"] for n in range(3000)])
    big_csv = b"first_name;last_name\n" + b"".join(f"Player{n};Rao\n".encode() for n in range(3000))
    assert len(big_xlsx) > settings.UPLOAD_MAX_BYTES and len(big_csv) > settings.UPLOAD_MAX_BYTES
    page = reverse("event-import-page", args=[tournament.slug, event.pk])
    api = reverse("event-import", args=[tournament.slug, event.pk])
    client.force_login(secretary)
    for name, data in (("e.xlsx", big_xlsx), ("e.csv", big_csv)):
        response = client.post(page, {"file": SimpleUploadedFile(name, data)})
        assert response.status_code == 413
        response = client.post(api, {"file": SimpleUploadedFile(name, data)}, **api_auth(secretary))
        assert response.status_code == 413 and "larger than 20,000 bytes" in response.json()["detail"]
    assert event.entries.count() == 0


def test_the_command_imports_a_workbook_and_windows_1252_csv(tmp_path):
    from django.core.management import call_command

    event = EventFactory()
    workbook = tmp_path / "entries.xlsx"
    workbook.write_bytes(xlsx(ROWS))
    call_command("import_entries", str(event.pk), str(workbook))
    listed = tmp_path / "more.csv"
    listed.write_bytes("Prénom;Nom;Pays\nJosé;Núñez;ESP\n".encode("cp1252"))
    call_command("import_entries", str(event.pk), str(listed))
    assert sorted(event.entries.values_list("name", flat=True)) == ["Asha Rao", "José Núñez", "Jürgen Müller"]
