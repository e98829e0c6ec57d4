"""The stroke page's forms: each tap posts one stroke in the engine's shape (rules.strokes.Stroke). Shapes only:
the engine checks the laws."""

from django import forms
from django.utils.translation import gettext_lazy

from rules.strokes.laws import IMPROPER

# One tap, one stroke: what each big button of the page records.
TAPS = {
    "nothing": {},
    "own": {"own": 1},
    "opponent": {"opponent": 1},
    "queen": {"queen": True},
    "striker": {"striker": True},
    "missed": {"missed": True},
    "time_out": {"kind": "time_out"},
}
# The other posts: a foul named from the list, several things in one stroke.
FOUL, COMPOSED = "foul", "composed"


class StartForm(forms.Form):
    """Keep the card's next board stroke by stroke; who breaks only when a toss decided it (ICF 56(b))."""

    breaker = forms.ChoiceField(label=gettext_lazy("Breaks (won the toss)"), required=False, widget=forms.RadioSelect)

    def __init__(self, *args, names, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["breaker"].choices = [(side, f"{side} · {names[side]}") for side in ("A", "B")]


class StrokeForm(forms.Form):
    """One stroke: a tap (TAPS), a foul from the rule set's list, or several things pocketed at once."""

    seq = forms.IntegerField(min_value=1, max_value=10_000, widget=forms.HiddenInput)
    tap = forms.ChoiceField(choices=[(key, key) for key in [*TAPS, FOUL, COMPOSED]])
    foul = forms.ChoiceField(label=gettext_lazy("Foul"), required=False)
    improper = forms.ChoiceField(label=gettext_lazy("Improper stroke"), required=False)
    by = forms.ChoiceField(label=gettext_lazy("Committed by"), required=False, widget=forms.RadioSelect)
    own = forms.IntegerField(label=gettext_lazy("Own c/m"), min_value=0, max_value=9, required=False, initial=0)
    opponent = forms.IntegerField(
        label=gettext_lazy("Opponent's c/m"), min_value=0, max_value=9, required=False, initial=0
    )
    queen = forms.BooleanField(label=gettext_lazy("Queen"), required=False)
    striker = forms.BooleanField(label=gettext_lazy("Striker"), required=False)
    additional_points_demanded = forms.IntegerField(
        label=gettext_lazy("Additional points demanded"), min_value=0, max_value=12, required=False, initial=0
    )

    def __init__(self, *args, names, fouls, **kwargs):
        super().__init__(*args, **kwargs)
        self.fouls = {foul.key: foul for foul in fouls}
        choices = [(foul.key, f"{foul.description} ({foul.law})") for foul in fouls]
        self.fields["foul"].choices = [("", gettext_lazy("None")), *choices]
        improper = [choice for choice, foul in zip(choices, fouls, strict=True) if foul.effect == IMPROPER]
        self.fields["improper"].choices = [("", gettext_lazy("No: a proper stroke")), *improper]
        self.fields["by"].choices = [(side, f"{side} · {names[side]}") for side in ("A", "B")]

    def clean(self):
        data = super().clean()
        if data.get("tap") == FOUL and not data.get("foul"):
            self.add_error("foul", gettext_lazy("Say which foul."))
        return data

    def stroke(self):
        """The stroke in the engine's dict shape."""
        data = self.cleaned_data
        tap = data["tap"]
        if tap in TAPS:
            return {"kind": "stroke", **TAPS[tap]}
        if tap == FOUL:
            foul = self.fouls[data["foul"]]
            if foul.effect == IMPROPER:  # a stroke played improperly, nothing pocketed (else: several in one stroke)
                return {"kind": "stroke", "foul": foul.key}
            return {"kind": "foul", "foul": foul.key, "by": data.get("by") or None}
        return {
            "kind": "stroke",
            "own": data.get("own") or 0,
            "opponent": data.get("opponent") or 0,
            "queen": data.get("queen", False),
            "striker": data.get("striker", False),
            "foul": data.get("improper") or None,
            "additional_points_demanded": data.get("additional_points_demanded") or 0,
        }


class UndoForm(forms.Form):
    seq = forms.IntegerField(min_value=1, max_value=10_000, widget=forms.HiddenInput)
