"""What the round page shows of each of its matches, worked out once for the page rather than once per match: a
round has up to 500 matches, and the page is the secretary's desk.

- The move and umpire forms are written as Django's widgets write them, without building and rendering two forms
  per match (1,500 widget templates, and 500 copies of the same umpire <select>: 16,000 option templates). What
  the template reads of a form is here too (`non_field_errors`, each field's `id_for_label` and `errors`), so
  `round_detail.html` shows these and real forms alike; a refused change is shown with the real, bound form.
- The links of a match are reversed once per page and filled in with each match's id.
- The states' names are translated once, and each distinct start time formatted once.

`tests/scheduling/test_round_page_html.py` checks all of it against Django's own rendering."""

from django.forms.utils import to_current_timezone
from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString
from django.utils.timezone import template_localtime
from django.utils.translation import gettext as _

from matches.scheduling.display import user_name
from matches.scheduling.forms import DATETIME_LOCAL, MoveForm, UmpireForm
from stages.models import Match

# A match id no database hands out soon: reversed in its place, then replaced by each match's id.
SOME_ID = 987654321987654321


class MatchLinks:
    """The URLs named `names` of every match of a tournament: reverse(name, args=[slug, match.pk]), one reverse()
    per name rather than per match."""

    def __init__(self, slug, names):
        self.parts = {}
        for name in names:
            head, found, tail = reverse(name, args=[slug, SOME_ID]).rpartition(str(SOME_ID))
            assert found, name
            self.parts[name] = (head, tail)

    def url(self, name, match):
        head, tail = self.parts[name]
        return f"{head}{match.pk}{tail}"


class PlannedTimes:
    """A match's planned time as the page writes it, `|date:"c"` for <time datetime> and `|date:"D H:i"` to read,
    formatted once per distinct time: a round's 500 matches start at a handful of times."""

    def __init__(self):
        self.written = {}

    def __call__(self, planned_at):
        if planned_at not in self.written:
            local = template_localtime(planned_at)  # what the template's date filter is given
            self.written[planned_at] = (date_filter(local, "c"), date_filter(local, "D H:i"))
        return self.written[planned_at]


def status_names():
    """Each state's name in the current language, as Match.get_status_display() gives it."""
    return {value: str(label) for value, label in Match.Status.choices}


class Field:
    """One field of an unbound form: its HTML, and what the template asks a bound field for."""

    errors = ""

    def __init__(self, html, id_for_label):
        self.html, self.id_for_label = SafeString(html), id_for_label

    def __str__(self):
        return self.html

    def __html__(self):
        return self.html

    def __getitem__(self, name):
        # The template engine looks `field.id_for_label` up as field["id_for_label"] first: answered at once
        # rather than by an exception, thousands of times on a page.
        return getattr(self, name)


class UnboundForm:
    """An unbound form, its fields by name; it has no errors."""

    non_field_errors = ""

    def __init__(self, **fields):
        self.__dict__.update(fields)

    __getitem__ = Field.__getitem__


def field(auto_id, prefix, name, tag):
    """A field named `name` of the form with `prefix` and `auto_id`; `tag(html_name, html_id)` writes its HTML."""
    html_name = f"{prefix}-{name}"
    html_id = auto_id % html_name
    return Field(tag(escape(html_name), escape(html_id)), html_id)


def move_form(match):
    """The MoveForm of scheduling.views.move_form, unbound, as it renders."""
    planned_at = match.planned_at
    time = None if planned_at is None else to_current_timezone(planned_at).strftime(DATETIME_LOCAL)
    auto_id, prefix = f"move{match.pk}_%s", f"m{match.pk}"

    def table(name, id_):
        value = "" if match.table is None else f' value="{escape(match.table)}"'
        return f'<input type="number" name="{name}"{value} min="1" required id="{id_}">'

    def planned(name, id_):
        value = "" if time is None else f' value="{escape(time)}"'
        return f'<input type="datetime-local" name="{name}"{value} required id="{id_}">'

    return UnboundForm(
        table=field(auto_id, prefix, "table", table),
        planned_at=field(auto_id, prefix, "planned_at", planned),
        reason=field(auto_id, prefix, "reason", MOVE_REASON),
    )


def reason_input(form_class):
    """The `reason` text input of a form class (not required, its max_length)."""
    max_length = form_class.base_fields["reason"].max_length

    def tag(name, id_):
        return f'<input type="text" name="{name}" maxlength="{max_length}" id="{id_}">'

    return tag


MOVE_REASON, UMPIRE_REASON = reason_input(MoveForm), reason_input(UmpireForm)


class UmpireChoices:
    """The options of the umpire <select>, written once for every match of the page: "No umpire", then `people`
    (possible_umpires), in their order."""

    def __init__(self, people):
        self.written = {}  # the options, by the umpire chosen
        self.values = ["", *(str(user.pk) for user in people)]
        labels = [_("No umpire"), *(user_name(user) for user in people)]
        self.heads = [f'\n  <option value="{escape(value)}"' for value in self.values]
        self.tails = [f">{conditional_escape(label)}</option>\n" for label in labels]
        self.plain = [head + tail for head, tail in zip(self.heads, self.tails, strict=True)]
        self.index = {}
        for i, value in enumerate(self.values):
            self.index.setdefault(value, i)  # the first option of a value is the one selected, as Select does

    def options(self, umpire_id):
        """The options with the one of `umpire_id` (None: "No umpire") selected."""
        if umpire_id not in self.written:
            options = self.plain.copy()
            chosen = self.index.get("" if umpire_id is None else str(umpire_id))
            if chosen is not None:  # an umpire no longer an official of the tournament: none is selected
                options[chosen] = f"{self.heads[chosen]} selected{self.tails[chosen]}"
            self.written[umpire_id] = "".join(options)
        return self.written[umpire_id]


def umpire_form(match, choices):
    """The UmpireForm of scheduling.views.umpire_form, unbound, as it renders; `choices` an UmpireChoices."""
    auto_id, prefix = f"ump{match.pk}_%s", f"u{match.pk}"

    def select(name, id_):
        return f'<select name="{name}" id="{id_}">{choices.options(match.umpire_id)}\n</select>'

    return UnboundForm(
        umpire=field(auto_id, prefix, "umpire", select),
        reason=field(auto_id, prefix, "reason", UMPIRE_REASON),
    )
