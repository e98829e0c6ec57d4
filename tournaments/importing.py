"""Reading an entry list from CSV: plain parsing and checking, no database.

One row per player. Columns (header required, order free): first_name (required), last_name, sex (M/F),
date_of_birth (YYYY-MM-DD), country (three letters), club, rating, seed, pair. In a doubles event the rows that
share a `pair` label form one entry, in the order they appear; in singles every row is an entry.
"""

import csv
import io
from dataclasses import dataclass, field
from datetime import date

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.numbers import INT_MAX, whole_number
from tournaments.models import player_identity

COLUMNS = ("first_name", "last_name", "sex", "date_of_birth", "country", "club", "rating", "seed", "pair")
MAX_ROWS = 20_000
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


def parse_entries(text, team_size):
    """Parse CSV text into entries; raises ImportFailed listing every bad line."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [name.strip().lower() for name in (reader.fieldnames or [])]
    if any(NUL in name for name in header):
        raise ImportFailed([NUL_MESSAGE % {"line": 1}])
    if "first_name" not in header:
        raise ImportFailed(
            [_("line %(line)s: the header must name the columns, with at least first_name") % {"line": 1}]
        )
    unknown = [name for name in header if name not in COLUMNS]
    if unknown:
        message = _("line %(line)s: unknown column(s) %(unknown)s; allowed: %(allowed)s")
        raise ImportFailed([message % {"line": 1, "unknown": ", ".join(unknown), "allowed": ", ".join(COLUMNS)}])
    reader.fieldnames = header

    errors, entries, pairs = [], [], {}
    for number, raw in enumerate(reader):
        if number >= MAX_ROWS:
            message = ngettext(
                "line %(line)s: more than %(count)s row", "line %(line)s: more than %(count)s rows", MAX_ROWS
            )
            errors.append(message % {"line": reader.line_num, "count": MAX_ROWS})
            break
        row = {key: (value or "").strip() for key, value in raw.items() if key}
        if not any(row.values()):
            continue
        line = reader.line_num
        if any(NUL in value for value in row.values()):
            errors.append(NUL_MESSAGE % {"line": line})
            continue
        player, seed, row_errors = _parse_row(row, line)
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
        raise ImportFailed(errors)
    return entries


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
