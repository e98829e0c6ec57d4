"""The two long lists of a Swiss stage's page written in Python: the standings (a row per entry, 1,000 in a large
open) and the latest round's pairings (500 matches). Rendered by template loops they took most of the page's time:
an include per match, and every number and translation looked up, localized and escaped again on every row.

Each function writes exactly what its template wrote (`stages/_swiss.html`'s standings rows, `stages/_match.html`
for a match that takes no result from the page): values escaped as the templates' autoescaping does, numbers
localized as they do, translations looked up once per list. `tests/stages/test_page_html.py` renders both ways
and compares. A list where some match takes a result (the secretary's forms, each with its own CSRF token) is
still rendered by the template."""

from django.conf import settings
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

# A match id no database hands out soon: reversed in its place, then replaced by each match's id.
SOME_ID = 987654321987654321
QUALIFIES = ' class="qualifies"'


def number(value):
    """A number as `{{ value }}` writes it: localized (an int without grouping is its digits), then escaped."""
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    return conditional_escape(localize(value))


def standings_rows(rows, qualified_words=""):
    """The <tr> of each standings row (stages.draws.standings.Standing; `qualifies` marks a qualifying place),
    with the whitespace the template loop put around them."""
    mark = (
        f' <abbr class="badge qualified" title="{escape(qualified_words or "")}">'
        f"{pgettext('qualified, abbreviation', 'Q')}</abbr>"
    )
    html = []
    for row in rows:
        qualifies = getattr(row, "qualifies", False)
        html.append(
            f'\n      <tr{QUALIFIES if qualifies else ""}><td class="num">{number(row.rank)}</td>'
            f'<td>{escape(row.name)}{mark if qualifies else ""}</td><td class="num">{number(row.played)}</td>'
            f'<td class="num"><strong>{number(row.points)}</strong></td><td class="num">{number(row.buchholz)}</td>'
            f'<td class="num">{number(row.net_score)}</td><td class="num">{number(row.total_score)}</td></tr>\n    '
        )
    return SafeString("".join(html))


class MatchLinks:
    """The page of each match of a tournament, reverse("match-detail", args=[slug, pk]), reversed once per list."""

    def __init__(self, slug):
        self.head, found, self.tail = reverse("match-detail", args=[slug, SOME_ID]).rpartition(str(SOME_ID))
        assert found

    def url(self, match):
        return escape(f"{self.head}{match.pk}{self.tail}")


def match_items(matches, slug):
    """The <li> of each match, as `stages/_match.html` writes a match that takes no result (`takes_result`
    false). A match carries what the template reads: its fields, `entry_a` and `entry_b` (printed; None when no
    side), `info_a`, `info_b` and `result_text`."""
    links = MatchLinks(slug)
    versus = pgettext("versus", "v")
    bye = pgettext("no opponent", "bye")
    table_text = pgettext("table number, abbreviated", "T%(table)s")
    html = []
    for m in matches:
        shown = not m.result_withheld
        decided = " decided" if m.winner_id and shown else ""
        table = f'<span class="badge">{table_text % {"table": number(m.table)}}</span>' if m.table else ""
        a_wins = " winner" if m.winner_id and m.winner_id == m.entry_a_id and shown else ""
        b_wins = " winner" if m.winner_id and m.winner_id == m.entry_b_id and shown else ""
        side_a = escape(m.entry_a) if m.entry_a else "—"
        if m.info_a:
            side_a += f' <small class="side-info">{escape(m.info_a)}</small>'
        if m.entry_b_id:
            score = escape(m.result_text) if m.result_text else versus
            side_b = escape(m.entry_b)
            if m.info_b:
                side_b += f' <small class="side-info">{escape(m.info_b)}</small>'
        else:
            score, side_b = "", bye if m.entry_a_id else "—"
        html.append(
            f'<li class="match{decided}" id="match-{m.pk}">\n  <a class="pair" href="{links.url(m)}">\n    {table}\n'
            f'    <span class="side{a_wins}">{side_a}</span>\n    <span class="score">{score}</span>\n'
            f'    <span class="side{b_wins}">{side_b}</span>\n  </a>\n  \n</li>\n'
        )
    return SafeString("".join(html))
