"""The referee's board calculator form. It checks nothing itself beyond types: the engine checks the laws."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.base import all_rule_sets
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError
from rules.specials import SITUATIONS

SIDE_CHOICES = [("A", "A"), ("B", "B")]
QUEEN_CHOICES = [
    ("covered_by_winner", gettext_lazy("Covered by the winner")),
    ("covered_by_loser", gettext_lazy("Covered by the loser")),
    ("on_board", gettext_lazy("On the board")),
]
STAGE_CHOICES = [
    ("", "—"),
    ("group", gettext_lazy("Group")),
    ("knockout", gettext_lazy("Knockout")),
    ("semi_final", gettext_lazy("Semi-final")),
    ("final", gettext_lazy("Final")),
]
# Engine field -> form field, for placing the engine's error messages.
FIELD_MAP = {"scores_before": "score_a", "special_ending": "situation"}


class BoardCalculatorForm(forms.Form):
    rule_set = forms.ChoiceField(label=gettext_lazy("Rule set"))
    score_a = forms.IntegerField(label=gettext_lazy("Score of A before the board"), initial=0)
    score_b = forms.IntegerField(label=gettext_lazy("Score of B before the board"), initial=0)
    winner = forms.ChoiceField(choices=SIDE_CHOICES, label=gettext_lazy("Board won by (ordinary finish)"))
    coins_left_of_loser = forms.IntegerField(label=gettext_lazy("Loser's c/m left on the board"), initial=0)
    queen = forms.ChoiceField(choices=QUEEN_CHOICES, label=gettext_lazy("Queen"))
    loser_outstanding_dues = forms.IntegerField(label=gettext_lazy("Loser's outstanding dues"), initial=0)
    stage = forms.ChoiceField(choices=STAGE_CHOICES, required=False, label=gettext_lazy("Stage (office league)"))
    situation = forms.ChoiceField(required=False, label=gettext_lazy("Special ending"))
    striker = forms.ChoiceField(choices=SIDE_CHOICES, required=False, label=gettext_lazy("Striker"))
    stroke = forms.ChoiceField(
        choices=[("proper", gettext_lazy("Proper")), ("improper", gettext_lazy("Improper"))],
        required=False,
        label=gettext_lazy("Stroke"),
    )
    striker_coins_left = forms.IntegerField(
        required=False, initial=0, label=gettext_lazy("Striker's c/m left on the board")
    )
    additional_points_demanded = forms.IntegerField(
        required=False, initial=0, label=gettext_lazy("Additional points demanded")
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].choices = [(rs.key, rs.name) for rs in all_rule_sets()]
        self.fields["situation"].choices = [("", _("— none: ordinary finish —"))] + [
            (key, f"ICF {s.icf}: {s.description}") for key, s in SITUATIONS.items()
        ]
        self.result = None

    def board_input(self) -> BoardInput:
        data = self.cleaned_data
        special = None
        if data.get("situation"):
            special = SpecialEnding(
                situation=data["situation"],
                striker=data.get("striker") or "A",
                stroke=data.get("stroke") or "proper",
                striker_coins_left=data.get("striker_coins_left") or 0,
                additional_points_demanded=data.get("additional_points_demanded") or 0,
            )
        return BoardInput(
            scores_before={"A": data["score_a"], "B": data["score_b"]},
            winner=data["winner"],
            coins_left_of_loser=data["coins_left_of_loser"],
            queen=data["queen"],
            loser_outstanding_dues=data["loser_outstanding_dues"],
            stage=data.get("stage") or None,
            special_ending=special,
        )

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        from rules.base import get_rule_set

        try:
            self.result = get_rule_set(cleaned["rule_set"]).score_board(self.board_input())
        except RuleError as error:
            field = FIELD_MAP.get(error.field, error.field)
            self.add_error(field if field in self.fields else None, error.message)
        return cleaned
