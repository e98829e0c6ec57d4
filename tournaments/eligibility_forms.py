"""The event's entry rules on a page, and the exception the secretary admits for one player
(tournaments.eligibility)."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import EventEligibility, Player


class EligibilityForm(forms.Form):
    sex = forms.ChoiceField(
        label=gettext_lazy("Sex"),
        required=False,
        choices=[("", gettext_lazy("Men and women")), *EventEligibility.Sex.choices],
    )
    born_on_or_after = forms.DateField(
        label=gettext_lazy("Born on or after (juniors)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    born_on_or_before = forms.DateField(
        label=gettext_lazy("Born on or before (veterans)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    countries = forms.CharField(
        label=gettext_lazy("Countries"),
        required=False,
        max_length=400,
        help_text=gettext_lazy("Three-letter codes, e.g. IND, FRA; empty: any country."),
    )
    country_of = forms.ChoiceField(
        label=gettext_lazy("The country that counts"),
        choices=EventEligibility.CountryOf.choices,
        widget=forms.RadioSelect,
        initial=EventEligibility.CountryOf.RESIDENCE,
    )
    federation_members = forms.BooleanField(
        label=gettext_lazy("Members of the sending federation only"),
        required=False,
        help_text=gettext_lazy("A player's club is the federation, or belongs to it."),
    )

    @classmethod
    def of(cls, rule, data=None):
        initial = {}
        if rule is not None:
            initial = {
                "sex": rule.sex,
                "born_on_or_after": rule.born_on_or_after,
                "born_on_or_before": rule.born_on_or_before,
                "countries": ", ".join(rule.countries),
                "country_of": rule.country_of,
                "federation_members": rule.federation_members,
            }
        return cls(data, initial=initial)


class ExceptionForm(forms.Form):
    first_name = forms.CharField(label=gettext_lazy("First name"), max_length=80)
    last_name = forms.CharField(label=gettext_lazy("Last name"), max_length=80, required=False)
    country = forms.CharField(
        label=gettext_lazy("Country"),
        max_length=3,
        required=False,
        help_text=gettext_lazy("When several share the name."),
    )
    reason = forms.CharField(label=gettext_lazy("Why"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}))

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        players = Player.objects.filter(
            first_name__iexact=cleaned["first_name"].strip(), last_name__iexact=cleaned.get("last_name", "").strip()
        )
        if cleaned.get("country"):
            players = players.filter(country__iexact=cleaned["country"].strip())
        found = list(players[:2])
        if not found:
            raise forms.ValidationError(_("No player of this name is known."))
        if len(found) > 1:
            raise forms.ValidationError(_("Several players have this name: give the country too."))
        cleaned["player"] = found[0]
        return cleaned
