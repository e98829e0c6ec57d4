"""Forms of the page that chooses what the stream shows. Shapes only: the services check the rest."""

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from matches.scheduling.services import MAX_TABLES


class TableForm(forms.Form):
    table = forms.IntegerField(label=pgettext_lazy("carrom table", "Table"), min_value=1, max_value=MAX_TABLES)


class MatchForm(forms.Form):
    match = forms.IntegerField(label=gettext_lazy("Match"), min_value=1, max_value=2**63 - 1)


class StopForm(forms.Form):
    featured = forms.IntegerField(min_value=1, max_value=2**63 - 1)
