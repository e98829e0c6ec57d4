"""The entries window's form (the secretary's) and the public sign-up form. Shapes only: registration.services
checks the rest, and the views put its refusals back on these forms."""

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.entry_services import CLUB_LENGTH, NAME_LENGTH
from tournaments.models import Player

DATETIME_LOCAL = "%Y-%m-%dT%H:%M"


def datetime_field(label, help_text):
    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL)
    return forms.DateTimeField(label=label, help_text=help_text, required=False, widget=widget)


class WindowForm(forms.Form):
    opens_at = datetime_field(gettext_lazy("Entries open"), gettext_lazy("Empty: open at once."))
    closes_at = datetime_field(gettext_lazy("Entries close"), gettext_lazy("Empty: until closed by hand."))
    cap = forms.IntegerField(
        label=gettext_lazy("Most entries"),
        min_value=1,
        max_value=100_000,
        required=False,
        help_text=gettext_lazy("How many entries the event takes; empty: no limit. Past it, sign-ups wait on a list."),
    )
    public_sign_up = forms.BooleanField(label=gettext_lazy("Anyone may sign up on the public form"), required=False)


class SignUpForm(forms.Form):
    first_name = forms.CharField(label=gettext_lazy("First name"), max_length=NAME_LENGTH)
    last_name = forms.CharField(label=gettext_lazy("Last name"), max_length=NAME_LENGTH)
    club = forms.CharField(label=gettext_lazy("Club"), max_length=CLUB_LENGTH, required=False)
    country = forms.CharField(
        label=gettext_lazy("Country"),
        min_length=3,
        max_length=3,
        help_text=gettext_lazy("Three-letter country code, e.g. IND, FRA."),
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "size": 4}),
    )
    email = forms.EmailField(
        label=gettext_lazy("E-mail"),
        help_text=gettext_lazy("We send you a link to confirm your sign-up."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, *args, doubles=False, asks=(), **kwargs):
        """`asks`: what the event's eligibility reads of each player ("sex", "date_of_birth"), asked of both
        partners in doubles."""
        super().__init__(*args, **kwargs)
        self.fields["first_name"].widget.attrs["autocomplete"] = "given-name"
        self.fields["last_name"].widget.attrs["autocomplete"] = "family-name"
        self.fields.update(details_fields("", asks))
        self.fields.update(consent_fields())
        if doubles:
            self.fields["partner_first_name"] = forms.CharField(
                label=gettext_lazy("Partner's first name"), max_length=NAME_LENGTH
            )
            self.fields["partner_last_name"] = forms.CharField(
                label=gettext_lazy("Partner's last name"), max_length=NAME_LENGTH
            )
            self.fields.update(details_fields("partner_", asks))


def details_fields(prefix, asks):
    fields = {}
    if "sex" in asks:
        fields[prefix + "sex"] = forms.ChoiceField(
            label=gettext_lazy("Partner's sex") if prefix else gettext_lazy("Sex"),
            choices=[("", "—"), *Player.Sex.choices],
            help_text=gettext_lazy("The event is open to one sex only."),
        )
    if "date_of_birth" in asks:
        fields[prefix + "date_of_birth"] = forms.DateField(
            label=gettext_lazy("Partner's date of birth") if prefix else gettext_lazy("Date of birth"),
            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            help_text=gettext_lazy("The event has an age limit. Only the officials see it."),
        )
    return fields


def consent_fields():
    """What the one signing up agrees to publish of themselves (tournaments.consent)."""
    return {
        "publish_name": forms.BooleanField(
            label=gettext_lazy("Publish my name, club and country in lists and results"),
            help_text=gettext_lazy("Unticked, the public sees your initials and club."),
            required=False,
            initial=True,
        ),
        "publish_rating": forms.BooleanField(label=gettext_lazy("Publish my rating"), required=False, initial=True),
        "publish_portrait": forms.BooleanField(
            label=gettext_lazy("Show my portrait, if the federation has one"), required=False
        ),
    }
