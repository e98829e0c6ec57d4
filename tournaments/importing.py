"""Reading an entry list: plain parsing and checking, no database.

One row per player, under a header row naming the columns (order free, any case and spacing, in the spellings of
ALIASES): first_name (required), last_name, sex (M/F), date_of_birth (YYYY-MM-DD, or a date cell), country (three
letters), club, rating, seed, pair. Rows above the header (a title) are left out. In a doubles event the rows that
share a `pair` label form one entry, in the order they appear; in singles every row is an entry.

The file is an Excel workbook or CSV text (tournaments.spreadsheets reads either into rows of strings); the checks
below see only those rows, so every format gets the same messages, one per bad line.
"""

import unicodedata
from dataclasses import dataclass, field
from datetime import date

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.numbers import INT_MAX, whole_number
from tournaments.models import player_identity
from tournaments.spreadsheets import Unreadable, read_rows

COLUMNS = ("first_name", "last_name", "sex", "date_of_birth", "country", "club", "rating", "seed", "pair")
# Header spellings, compared after header_key(): casefolded, accents, spaces and punctuation left out. English,
# French, German and Italian, the languages of the federations' own entry lists. "Name" alone is none of them: it
# is the first name to some and the surname to others.
ALIASES = {
    "first_name": ("firstname", "givenname", "forename", "vorname", "prenom", "nome"),
    "last_name": ("lastname", "surname", "familyname", "nachname", "nom", "cognome"),
    "sex": ("sex", "gender", "geschlecht", "sexe", "sesso"),
    "date_of_birth": ("dateofbirth", "dob", "birthdate", "geburtsdatum", "datedenaissance", "datadinascita"),
    "country": ("country", "nation", "nationality", "land", "pays", "paese"),
    "club": ("club", "verein", "circolo"),
    "rating": ("rating",),
    "seed": ("seed",),
    "pair": ("pair", "team"),
}
COLUMN_OF = {alias: column for column, aliases in ALIASES.items() for alias in aliases}
# How many non-empty rows may stand above the header (a title, a date) before the file counts as having none.
TITLE_ROWS = 5
# Messages shown for a refused file; the rest are counted.
MAX_ERRORS = 100
# A NUL byte is no text (a spreadsheet's binary file, a UTF-16 export); the database refuses it in a name.
NUL = "\x00"
NUL_MESSAGE = gettext_lazy(
    "line %(line)s: holds a NUL byte: save the file as CSV text (UTF-8), not as a spreadsheet or UTF-16"
)


class ImportFailed(Exception):
    """The file is refused whole; `errors` holds one message per problem, each starting with its line number."""

    def __init__(self, errors):
        super().__init__("; ".join(errors))
        self.errors = errors


@dataclass
class PlayerRow:
    line: int
    first_name: str
    last_name: str = ""
    sex: str = ""
    date_of_birth: date | None = None
    country: str = ""
    club: str = ""
    rating: int | None = None

    @property
    def key(self):
        return player_identity(self.first_name, self.last_name, self.country)


@dataclass
class EntryRow:
    line: int
    players: list[PlayerRow] = field(default_factory=list)
    seed: int | None = None


@dataclass
class ImportPreview:
    """What importing a file into an event whose draw has begun would do, for the secretary to confirm: the new
    entries, the entries whose seed changes (name, seed before, seed after), how many stay as they are, and the
    drawn stages (tournaments.signals.DrawnStage) that take no new entry or pair them from their next round."""

    new_entries: list[str]
    seed_changes: list[tuple[str, int | None, int]]
    entries_unchanged: int
    players_created: int
    drawn_stages: list

    @property
    def closed_stages(self):
        return [stage.name for stage in self.drawn_stages if not stage.takes_new_entries]

    @property
    def open_stages(self):
        return [stage.name for stage in self.drawn_stages if stage.takes_new_entries]


class ImportNeedsConfirmation(Exception):
    """The event's draw has begun: nothing was written; `preview` says what the import would change."""

    def __init__(self, preview):
        super().__init__("the import needs confirmation")
        self.preview = preview


def header_key(name):
    """ "Prénom", "First name", "first_name" and "FIRSTNAME" alike: "prenom", "firstname"."""
    folded = unicodedata.normalize("NFKD", name).casefold()
    return "".join(char for char in folded if char.isalnum())


def file_rows(source):
    """The non-empty rows of an entry list as (line, cells): `source` is a file's bytes (XLSX or CSV), CSV text,
    or rows already read (a list). ImportFailed, with one message, for a file that is no entry list at all."""
    if isinstance(source, list):
        return source
    try:
        # The header and the title rows above it, then one row more than allowed, so the limit is seen: reading
        # stops there (settings.IMPORT_MAX_ROWS).
        return read_rows(source, limit=settings.IMPORT_MAX_ROWS + TITLE_ROWS + 2)
    except Unreadable as unreadable:
        raise ImportFailed([unreadable.message]) from None


def parse_entries(source, team_size):
    """Parse an entry list (see file_rows) into entries; raises ImportFailed listing every bad line."""
    rows = file_rows(source)
    start, columns = _header(rows)
    errors, entries, pairs = [], [], {}
    max_rows = settings.IMPORT_MAX_ROWS
    for number, (line, cells) in enumerate(rows[start + 1 :]):
        if number >= max_rows:
            message = ngettext(
                "line %(line)s: more than %(count)s row; split the list into several files",
                "line %(line)s: more than %(count)s rows; split the list into several files",
                max_rows,
            )
            errors.insert(0, message % {"line": line, "count": f"{max_rows:,}"})  # first: the file must be split
            break
        row, row_errors = _cells(columns, cells, line)
        if row is None:
            errors.extend(row_errors)
            continue
        player, seed, more_errors = _parse_row(row, line)
        row_errors.extend(more_errors)
        errors.extend(row_errors)
        if row_errors:
            continue
        if team_size == 1:
            entries.append(EntryRow(line, [player], seed))
            continue
        label = row.get("pair", "")
        if not label:
            errors.append(
                _("line %(line)s: pair is required in a doubles event (the same label for both partners)")
                % {"line": line}
            )
            continue
        entry = pairs.setdefault(label, EntryRow(line))
        entry.players.append(player)
        if seed is not None:
            entry.seed = seed
    if team_size > 1:
        for label, entry in pairs.items():
            if len(entry.players) != team_size:
                errors.append(
                    _("line %(line)s: pair '%(pair)s' has %(count)s player(s); a doubles entry needs %(needed)s")
                    % {"line": entry.line, "pair": label, "count": len(entry.players), "needed": team_size}
                )
            entries.append(entry)
    errors.extend(_duplicates(entries))
    if errors:
        raise ImportFailed(_first_errors(errors))
    return entries


def _first_errors(errors):
    """The first MAX_ERRORS messages and how many more: a file bad on every line is told in a page, not in a
    thousand, and the answer stays small whatever the file (each message may quote its cell)."""
    if len(errors) <= MAX_ERRORS:
        return errors
    more = len(errors) - MAX_ERRORS
    message = ngettext("… and %(count)s more error", "… and %(count)s more errors", more)
    return errors[:MAX_ERRORS] + [message % {"count": f"{more:,}"}]


def _header(rows):
    """The header's index in `rows` and its columns: (cell index, column name) of every named cell."""
    first_line = rows[0][0] if rows else 1
    for index, (line, cells) in enumerate(rows[:TITLE_ROWS]):
        if any(NUL in cell for cell in cells):
            raise ImportFailed([NUL_MESSAGE % {"line": line}])
        keys = [header_key(cell) for cell in cells]
        if any(COLUMN_OF.get(key) == "first_name" for key in keys):
            return index, _columns(line, cells, keys)
    message = _("line %(line)s: the header must name the columns, with at least first_name")
    raise ImportFailed([message % {"line": first_line}])


def _columns(line, cells, keys):
    columns, unknown, seen, errors = [], [], {}, []
    for index, (cell, key) in enumerate(zip(cells, keys, strict=True)):
        if not cell.strip():
            continue
        column = COLUMN_OF.get(key)
        if column is None:
            unknown.append(cell.strip())
        elif column in seen:
            message = _("line %(line)s: the columns '%(first)s' and '%(second)s' both give %(column)s")
            errors.append(message % {"line": line, "first": seen[column], "second": cell.strip(), "column": column})
        else:
            seen[column] = cell.strip()
            columns.append((index, column))
    if unknown:
        message = _("line %(line)s: unknown column(s) %(unknown)s; allowed: %(allowed)s")
        errors.insert(0, message % {"line": line, "unknown": ", ".join(unknown), "allowed": ", ".join(COLUMNS)})
    if errors:
        raise ImportFailed(errors)
    return columns


def _cells(columns, cells, line):
    """A data row as {column: value}, or None when the row cannot be read (its errors in the second value)."""
    if any(NUL in cell for cell in cells):
        return None, [NUL_MESSAGE % {"line": line}]
    named = {index for index, _column in columns}
    stray = next((index for index, cell in enumerate(cells) if index not in named and cell.strip()), None)
    if stray is not None:
        message = _("line %(line)s: column %(column)s holds a value but has no name in the header")
        return None, [message % {"line": line, "column": stray + 1}]
    return {column: cells[index].strip() if index < len(cells) else "" for index, column in columns}, []


def _parse_row(row, line):
    errors = []
    first_name = row.get("first_name", "")
    if not first_name:
        errors.append(_("line %(line)s: first_name is required") % {"line": line})
    sex = row.get("sex", "").upper()
    if sex and sex not in ("M", "F"):
        errors.append(_("line %(line)s: sex must be M or F, not '%(value)s'") % {"line": line, "value": row["sex"]})
    country = row.get("country", "").upper()
    if country and (len(country) != 3 or not country.isalpha()):
        errors.append(
            _("line %(line)s: country must be a three-letter code such as IND, not '%(value)s'")
            % {"line": line, "value": row["country"]}
        )
    born = None
    if row.get("date_of_birth"):
        try:
            born = date.fromisoformat(row["date_of_birth"])
        except ValueError:
            errors.append(
                _("line %(line)s: date_of_birth must be YYYY-MM-DD, not '%(value)s'")
                % {"line": line, "value": row["date_of_birth"]}
            )
    rating = _whole_number(row, "rating", line, errors)
    seed = _whole_number(row, "seed", line, errors, minimum=1)
    for name, limit in (("first_name", 80), ("last_name", 80), ("club", 120)):
        if len(row.get(name, "")) > limit:
            message = ngettext(
                "line %(line)s: %(column)s is longer than %(count)s character",
                "line %(line)s: %(column)s is longer than %(count)s characters",
                limit,
            )
            errors.append(message % {"line": line, "column": name, "count": limit})
    player = PlayerRow(
        line=line,
        first_name=first_name,
        last_name=row.get("last_name", ""),
        sex=sex,
        date_of_birth=born,
        country=country,
        club=row.get("club", ""),
        rating=rating,
    )
    return player, seed, errors


def _whole_number(row, name, line, errors, minimum=0):
    value = row.get(name, "")
    if not value:
        return None
    number = whole_number(value, minimum, INT_MAX)
    # Ten digits or more and still refused: too large for the column.
    if number is None and value.isascii() and value.isdigit() and len(value.lstrip("0")) >= len(str(INT_MAX)):
        message = _("line %(line)s: %(column)s must be at most %(maximum)s, not '%(value)s'")
        errors.append(message % {"line": line, "column": name, "maximum": INT_MAX, "value": value})
    elif number is None:
        message = _("line %(line)s: %(column)s must be a whole number of at least %(minimum)s, not '%(value)s'")
        errors.append(message % {"line": line, "column": name, "minimum": minimum, "value": value})
    return number


def _duplicates(entries):
    errors, players_seen, seeds_seen = [], {}, {}
    for entry in entries:
        for player in entry.players:
            if player.key in players_seen:
                errors.append(
                    _("line %(line)s: %(player)s is already on line %(other)s")
                    % {
                        "line": player.line,
                        "player": f"{player.first_name} {player.last_name}",
                        "other": players_seen[player.key],
                    }
                )
            players_seen.setdefault(player.key, player.line)
        if entry.seed is not None:
            if entry.seed in seeds_seen:
                errors.append(
                    _("line %(line)s: seed %(seed)s is already given on line %(other)s")
                    % {"line": entry.line, "seed": entry.seed, "other": seeds_seen[entry.seed]}
                )
            seeds_seen.setdefault(entry.seed, entry.line)
    return errors
