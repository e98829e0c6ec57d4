"""The referee's desk forms: each names the player or side from the match, never a free id."""

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from matches.conduct.models import Concession

SIDE_CHOICES = [("a", "A"), ("b", "B")]


class PlayerForm(forms.Form):
    """A warning: the player warned (one of the match's players)."""

    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    note = forms.CharField(label=gettext_lazy("What happened (optional)"), required=False, max_length=500)

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.pk, f"{side.upper()} · {p}") for side, p in players]


class LossForm(PlayerForm):
    """The loss of the entire match: the player and the sub-clause."""

    clause = forms.ChoiceField(label=gettext_lazy("Law"))

    def __init__(self, *args, clauses=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["clause"].choices = [(c.key, f"{c.law} · {c.label}") for c in clauses if c.by_umpire]


class SideForm(forms.Form):
    """A side of the match, offered by its players' names."""

    side = forms.ChoiceField(label=gettext_lazy("Side"), choices=SIDE_CHOICES, widget=forms.RadioSelect)

    def __init__(self, *args, match=None, **kwargs):
        super().__init__(*args, **kwargs)
        if match is not None:
            self.fields["side"].choices = [("a", f"A · {match.entry_a}"), ("b", f"B · {match.entry_b}")]


class ConcedeForm(SideForm):
    scope = forms.ChoiceField(
        label=pgettext_lazy("what is conceded", "Concedes"),
        choices=Concession.Scope.choices,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].label = gettext_lazy("Side that concedes")


class BackForm(SideForm):
    pass
