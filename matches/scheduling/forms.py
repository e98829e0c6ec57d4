"""Forms of the secretary's scheduling pages. Shapes only: the rules (table range, conflicts, rest) are checked by
scheduling.services, whose errors the views put back on these forms."""

import re
from datetime import date, time

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from matches.scheduling.display import user_name
from matches.scheduling.errors import ScheduleError
from matches.scheduling.services import MAX_MINUTES, MAX_TABLES

DATETIME_LOCAL = "%Y-%m-%dT%H:%M"


def datetime_field(**kwargs):
    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL)
    return forms.DateTimeField(widget=widget, **kwargs)


class ServiceErrorsMixin:
    def add_service_errors(self, error: ScheduleError):
        """Put a service's field errors on the form; errors about fields the form lacks go on top."""
        for field, messages in error.as_dict().items():
            for message in messages:
                self.add_error(field if field in self.fields else None, message)


# A session as a line: "2026-12-07 12:30 18:00" (the times may be joined by a dash, "12:30-18:00", or "12.30").
SESSION_LINE = re.compile(
    r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2})[:.](\d{2})\s*(?:[-\u2013\u2014]|\s)\s*(\d{1,2})[:.](\d{2})\s*$"
)


def session_lines(sessions):
    """The sessions (dicts of date, start and end) as the field's lines."""
    return "\n".join(f"{s['date']:%Y-%m-%d} {s['start']:%H:%M}-{s['end']:%H:%M}" for s in sessions)


def read_session(line):
    """A line as a session (a dict of date, start and end), or None when it is not one."""
    found = SESSION_LINE.match(line)
    if not found:
        return None
    year, month, day, start_hour, start_minute, end_hour, end_minute = map(int, found.groups())
    try:
        return {
            "date": date(year, month, day),
            "start": time(start_hour, start_minute),
            "end": time(end_hour, end_minute),
        }
    except ValueError:  # 2026-02-30, 25:00
        return None


class VenueForm(ServiceErrorsMixin, forms.Form):
    tables = forms.IntegerField(label=gettext_lazy("Carrom boards (tables)"), min_value=1, max_value=MAX_TABLES)
    match_minutes = forms.IntegerField(label=gettext_lazy("Minutes per match slot"), min_value=1, max_value=MAX_MINUTES)
    rest_minutes = forms.IntegerField(
        label=gettext_lazy("Minimum rest between a player's matches (minutes)"), min_value=0, max_value=MAX_MINUTES
    )
    sessions = forms.CharField(
        label=gettext_lazy("Playing sessions"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "2026-12-07 09:00-13:00\n2026-12-07 14:00-18:00"}),
        help_text=gettext_lazy(
            "One session a line: the date, then the hours it starts and ends, e.g. 2026-12-07 09:00-13:00. A break "
            "is the gap between two sessions. No match is booked outside them; leave empty to book at any hour."
        ),
    )

    def clean_sessions(self):
        """The lines as sessions, in the order written; the rules (end after start, no overlap) are the service's."""
        sessions, unread = [], []
        for number, line in enumerate(self.cleaned_data["sessions"].splitlines(), 1):
            if not line.strip():
                continue
            session = read_session(line)
            if session is None:
                unread.append(number)
            sessions.append(session)
        if unread:
            raise forms.ValidationError(
                ngettext(
                    "Line %(lines)s is not a session: write the date, then the hours, as 2026-12-07 09:00-13:00.",
                    "Lines %(lines)s are not sessions: write the date, then the hours, as 2026-12-07 09:00-13:00.",
                    len(unread),
                )
                % {"lines": ", ".join(map(str, unread))}
            )
        return sessions


class ScheduleForm(ServiceErrorsMixin, forms.Form):
    start = datetime_field(label=gettext_lazy("First match starts at"))
    first_table = forms.IntegerField(label=gettext_lazy("From table"), min_value=1, required=False)
    last_table = forms.IntegerField(label=gettext_lazy("To table"), min_value=1, required=False)
    keep_tables = forms.BooleanField(
        label=gettext_lazy("Keep the tables the draw chose, where free"), required=False, initial=True
    )


class MoveForm(ServiceErrorsMixin, forms.Form):
    table = forms.IntegerField(label=pgettext_lazy("carrom table", "Table"), min_value=1)
    planned_at = datetime_field(label=gettext_lazy("Time"))
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=200)


class UmpireForm(ServiceErrorsMixin, forms.Form):
    """The umpire of a match, chosen among `officials` (a list of users, read once for the whole page)."""

    umpire = forms.TypedChoiceField(label=gettext_lazy("Umpire"), coerce=int, required=False, empty_value=None)
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=200)

    def __init__(self, *args, officials=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.officials = {user.pk: user for user in officials}
        choices = [(user.pk, user_name(user)) for user in officials]
        self.fields["umpire"].choices = [("", _("No umpire")), *choices]

    def clean_umpire(self):
        pk = self.cleaned_data["umpire"]
        return None if pk is None else self.officials[pk]
