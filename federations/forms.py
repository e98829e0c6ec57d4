"""The federations' forms: the secretary's invitation and quotas, the delegate's entry and corrections."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from federations.fee_services import MAX_AMOUNT
from federations.models import FeePayment
from federations.services import MAX_PLACES
from tournaments.entry_services import CLUB_LENGTH, NAME_LENGTH
from tournaments.models import Event, Player


class DateInput(forms.DateInput):
    input_type = "date"


class InviteForm(forms.Form):
    federation = forms.ModelChoiceField(
        queryset=None,
        required=False,
        label=gettext_lazy("Federation"),
        empty_label=gettext_lazy("— a federation not in the list (give its name below) —"),
    )
    name = forms.CharField(label=gettext_lazy("New federation's name"), max_length=CLUB_LENGTH, required=False)
    country = forms.CharField(
        label=gettext_lazy("Country"),
        max_length=3,
        required=False,
        help_text=gettext_lazy("Three-letter country code, e.g. IND, FRA."),
    )

    def __init__(self, *args, federations, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["federation"].queryset = federations

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("federation") and not cleaned.get("name") and not self.has_error("name"):
            self.add_error("name", _("Choose a federation, or give a new federation's name."))
        return cleaned


class QuotaForm(forms.Form):
    """A delegation's places per event, one number per event."""

    def __init__(self, *args, summary, **kwargs):
        super().__init__(*args, prefix=f"d{summary.delegation.pk}", **kwargs)
        self.summary = summary
        for line in summary.quotas:
            self.fields[f"event_{line.event.pk}"] = forms.IntegerField(
                label=line.event.name, min_value=0, max_value=MAX_PLACES, initial=line.places, required=False
            )

    def lines(self):
        """(QuotaLine, its bound field) per event, for the page's table."""
        return [(line, self[f"event_{line.event.pk}"]) for line in self.summary.quotas]

    def quotas(self):
        return {line.event: self.cleaned_data.get(f"event_{line.event.pk}") or 0 for line in self.summary.quotas}


def player_fields(suffix="", required=True):
    """What a delegate gives of a player; `suffix` tells a doubles partner ("_2")."""
    return {
        "first_name" + suffix: forms.CharField(
            label=gettext_lazy("First name"), max_length=NAME_LENGTH, required=required
        ),
        "last_name" + suffix: forms.CharField(label=gettext_lazy("Last name"), max_length=NAME_LENGTH, required=False),
        "sex" + suffix: forms.ChoiceField(
            label=gettext_lazy("Sex"), choices=[("", "—"), *Player.Sex.choices], required=False
        ),
        "date_of_birth" + suffix: forms.DateField(
            label=gettext_lazy("Date of birth"), required=False, widget=DateInput(format="%Y-%m-%d")
        ),
        "country" + suffix: forms.CharField(
            label=gettext_lazy("Country"),
            max_length=3,
            required=False,
            help_text=gettext_lazy("Three-letter country code, e.g. IND, FRA."),
        ),
        "nationality" + suffix: forms.CharField(
            label=gettext_lazy("Nationality"),
            max_length=3,
            required=False,
            help_text=gettext_lazy("Only if not the country above."),
        ),
    }


NAMES = ("first_name", "last_name", "sex", "date_of_birth", "country", "nationality")
CONSENT = ("publish_name", "publish_rating", "publish_portrait")


def consent_fields(suffix=""):
    """What the player agreed, through their federation, to publish (tournaments.consent)."""
    return {
        "publish_name" + suffix: forms.BooleanField(
            label=gettext_lazy("Publish the name, club and country"),
            help_text=gettext_lazy("Unticked, the public sees the initials and club."),
            required=False,
            initial=True,
        ),
        "publish_rating" + suffix: forms.BooleanField(
            label=gettext_lazy("Publish the rating"), required=False, initial=True
        ),
        "publish_portrait" + suffix: forms.BooleanField(label=gettext_lazy("Show the portrait"), required=False),
    }


class DelegateEntryForm(forms.Form):
    """One entry from a delegate: the event, the player, and in doubles the partner."""

    def __init__(self, *args, events, **kwargs):
        super().__init__(*args, **kwargs)
        self.events = {str(event.pk): event for event in events}
        self.fields["event"] = forms.ChoiceField(
            label=gettext_lazy("Event"), choices=[("", "—"), *((pk, e.name) for pk, e in self.events.items())]
        )
        self.fields.update({**player_fields(), **consent_fields()})
        self.fields.update({**player_fields("_2", required=False), **consent_fields("_2")})

    @property
    def has_doubles(self):
        return any(event.kind == Event.Kind.DOUBLES for event in self.events.values())

    def player(self):
        return [self[name] for name in (*NAMES, *CONSENT)]

    def partner(self):
        return [self[name + "_2"] for name in (*NAMES, *CONSENT)]

    def clean(self):
        cleaned = super().clean()
        event = self.events.get(cleaned.get("event") or "")
        self.event = event
        if event is not None and event.kind == Event.Kind.DOUBLES and not cleaned.get("first_name_2"):
            self.add_error("first_name_2", _("A doubles entry is a pair: give the partner's first name."))
        return cleaned

    def players(self):
        positions = ("", "_2") if self.event.kind == Event.Kind.DOUBLES else ("",)
        return [{name: self.cleaned_data.get(name + suffix) for name in (*NAMES, *CONSENT)} for suffix in positions]


class CorrectionForm(forms.Form):
    """A delegate's corrections of one player of an entry it sent (prefixed by the player's position)."""

    def __init__(self, *args, player, **kwargs):
        initial = {name: getattr(player, name) for name in NAMES}
        super().__init__(*args, initial=initial, **kwargs)
        self.player = player
        self.fields.update(player_fields())

    def changes(self):
        return {name: self.cleaned_data[name] for name in NAMES}


class FeesForm(forms.Form):
    """The entry fee of each event: an amount and its currency (an empty amount: no fee)."""

    def __init__(self, *args, events, **kwargs):
        super().__init__(*args, **kwargs)
        self.events = events
        for event in events:
            fee = event.fee
            self.fields[f"fee_{event.pk}"] = forms.DecimalField(
                label=event.name,
                min_value=0,
                max_value=MAX_AMOUNT,
                decimal_places=2,
                required=False,
                initial=fee.amount if fee else None,
            )
            self.fields[f"currency_{event.pk}"] = forms.CharField(
                label=gettext_lazy("Currency"), max_length=3, required=False, initial=fee.currency if fee else ""
            )

    def lines(self):
        return [(event, self[f"fee_{event.pk}"], self[f"currency_{event.pk}"]) for event in self.events]

    def fees(self):
        return {
            event: (self.cleaned_data.get(f"fee_{event.pk}"), self.cleaned_data.get(f"currency_{event.pk}"))
            for event in self.events
        }


class PaymentForm(forms.Form):
    """What the secretary records of one entry's fee."""

    status = forms.ChoiceField(label=gettext_lazy("Fee"), choices=FeePayment.Status.choices)
    method = forms.ChoiceField(
        label=gettext_lazy("Paid by"), choices=[("", "—"), *FeePayment.Method.choices], required=False
    )
    paid_on = forms.DateField(label=gettext_lazy("Paid on"), required=False, widget=DateInput(format="%Y-%m-%d"))

    def __init__(self, *args, entry, **kwargs):
        payment = entry.payment
        initial = {"status": entry.fee_status}
        if payment is not None:
            initial.update(method=payment.method, paid_on=payment.paid_on)
        super().__init__(*args, initial=initial, prefix=f"fee{entry.pk}", **kwargs)
        self.entry = entry
