"""The secretary's form for a team of a team event: its name, what it represents, its roster as handed in."""

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.entry_services import CLUB_LENGTH


class TeamForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Team name"), max_length=200)
    country = forms.CharField(
        label=gettext_lazy("Country"),
        max_length=3,
        required=False,
        help_text=gettext_lazy("Three-letter country code, e.g. IND, FRA."),
    )
    club = forms.CharField(label=gettext_lazy("Club"), max_length=CLUB_LENGTH, required=False)
    roster = forms.CharField(
        label=gettext_lazy("Roster"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy(
            'One player a line, first name then last name; after a comma "C" for the captain, "R" for a reserve, '
            "three letters for a citizenship other than the team's country. E.g. “Asha Rao, C”."
        ),
    )
