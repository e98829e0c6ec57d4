"""Forms of the secretary's scheduling pages. Shapes only: the rules (table range, conflicts, rest) are checked by
scheduling.services, whose errors the views put back on these forms."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

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


class VenueForm(ServiceErrorsMixin, forms.Form):
    tables = forms.IntegerField(label=gettext_lazy("Carrom boards (tables)"), min_value=1, max_value=MAX_TABLES)
    match_minutes = forms.IntegerField(label=gettext_lazy("Minutes per match slot"), min_value=1, max_value=MAX_MINUTES)
    rest_minutes = forms.IntegerField(
        label=gettext_lazy("Minimum rest between a player's matches (minutes)"), min_value=0, max_value=MAX_MINUTES
    )


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
