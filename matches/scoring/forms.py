"""Forms of the umpire's score card page. They check input types only and put it in the rules app's shapes; the
laws are checked by the services (scoring.services, scoring.scorecard) through the rules app."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.specials import SITUATIONS
from stages.forms import GAMES_KEYBOARD, parse_games

QUEEN_CHOICES = [
    ("", gettext_lazy("Not covered / not stated")),
    ("covered_by_winner", gettext_lazy("Covered by the board's winner")),
    ("covered_by_loser", gettext_lazy("Covered by the loser")),
    ("on_board", gettext_lazy("Still on the board")),
]
# ICF 26 (ECC XXV, XXVI), in the players' terms: who made it, in which turn.
SLAM_CHOICES = [
    ("", gettext_lazy("No slam")),
    ("white", gettext_lazy("White slam, by the breaker")),
    ("black", gettext_lazy("Black slam, by the other side")),
]
CHANCE_CHOICES = [("", "—"), ("in", gettext_lazy("Pocketed")), ("out", gettext_lazy("Missed"))]
CHANCES = 3  # queen2 ¶12: three chances each


def side_choices(names, lower=False):
    """Radio choices naming the players: ("A", "A · Name")."""
    return [(side.lower() if lower else side, f"{side} · {names[side]}") for side in ("A", "B")]


class CardForm(forms.Form):
    """A form of the card page: it knows the players' names (for its choices) and the action it posts."""

    action = ""

    def __init__(self, *args, names, **kwargs):
        kwargs.setdefault("prefix", self.action)
        super().__init__(*args, **kwargs)
        self.names = names


class TossForm(CardForm):
    """ICF 39: the toss winner chooses the break or the side."""

    action = "toss"
    winner = forms.ChoiceField(label=gettext_lazy("Won the toss"), widget=forms.RadioSelect)
    choice = forms.ChoiceField(
        label=gettext_lazy("Chose"),
        widget=forms.RadioSelect,
        choices=[
            ("break", gettext_lazy("To break first")),
            ("side", gettext_lazy("The side (the other player breaks)")),
        ],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = side_choices(self.names, lower=True)


class BoardForm(CardForm):
    """The next board of the card (ICF XIX): who won it, the loser's c/m left, the queen, the loser's dues; the
    breaker only when a toss decides it (ICF 56(b)); a special finish (ICF 102-112, 121(b)) when there was one."""

    action = "board"
    game = forms.IntegerField(widget=forms.HiddenInput)
    board = forms.IntegerField(widget=forms.HiddenInput)
    winner = forms.ChoiceField(label=gettext_lazy("Board won by"), required=False, widget=forms.RadioSelect)
    coins_left_of_loser = forms.IntegerField(
        label=gettext_lazy("Loser's c/m left on the board"),
        initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 9}),
    )
    queen = forms.ChoiceField(label=gettext_lazy("Queen"), choices=QUEEN_CHOICES, required=False)
    slam = forms.ChoiceField(label=gettext_lazy("Slam"), choices=SLAM_CHOICES, required=False)
    loser_outstanding_dues = forms.IntegerField(
        label=gettext_lazy("Loser's outstanding dues"),
        initial=0,
        required=False,
        max_value=99,  # written off, never counted (ICF 55); a sane bound for the score card's column
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
    )
    breaker = forms.ChoiceField(
        label=gettext_lazy("Breaks this board (won the toss)"), required=False, widget=forms.RadioSelect
    )
    situation = forms.ChoiceField(label=gettext_lazy("Special finish"), required=False)
    striker = forms.ChoiceField(label=gettext_lazy("Striker of that stroke"), required=False, widget=forms.RadioSelect)
    stroke = forms.ChoiceField(
        label=gettext_lazy("Stroke"),
        required=False,
        choices=[("proper", gettext_lazy("Proper stroke")), ("improper", gettext_lazy("Improper stroke"))],
        initial="proper",
    )
    striker_coins_left = forms.IntegerField(
        label=gettext_lazy("Striker's c/m left on the board"),
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"min": 0}),
    )
    additional_points_demanded = forms.IntegerField(
        label=gettext_lazy("Additional points demanded"),
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"min": 0}),
    )

    SPECIAL_FIELDS = ("situation", "striker", "stroke", "striker_coins_left", "additional_points_demanded")

    def __init__(self, *args, rule_set, toss_decides_break=False, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("winner", "breaker", "striker"):
            self.fields[name].choices = side_choices(self.names)
        specials = special_choices(rule_set)
        self.fields["situation"].choices = [("", _("None: an ordinary finish")), *specials]
        self.fields["slam"].help_text = _(
            "All the side's c/m in its first turn; a white slam with the Queen (%(law)s)."
        ) % {"law": rule_set.cite("slam")}
        if not toss_decides_break:
            del self.fields["breaker"]
        if not specials:  # e.g. office: those strokes are fouls and the board goes on
            for name in self.SPECIAL_FIELDS:
                del self.fields[name]

    def board_data(self):
        """The board in the rules endpoint's shape (what scoring.scorecard.add_board takes)."""
        data = self.cleaned_data
        special = None
        if data.get("situation"):
            special = {
                "situation": data["situation"],
                "striker": data.get("striker") or None,
                "stroke": data.get("stroke") or "proper",
                "striker_coins_left": data.get("striker_coins_left") or 0,
                "additional_points_demanded": data.get("additional_points_demanded") or 0,
            }
        return {
            "winner": data.get("winner") or None,
            "coins_left_of_loser": data["coins_left_of_loser"],
            "queen": data.get("queen") or None,
            "loser_outstanding_dues": data.get("loser_outstanding_dues") or 0,
            "special_ending": special,
            "slam": data.get("slam") or None,
            "breaker": data.get("breaker") or None,
        }

    def special_errors(self):
        return any(self.errors.get(name) for name in self.SPECIAL_FIELDS)


def special_choices(rule_set):
    """The special finishes the rule set knows (ICF 102-112, 121(b); ECC 93-102), named by its own law."""
    choices = []
    for key, situation in SITUATIONS.items():
        if key not in rule_set.special_endings:
            continue
        law = rule_set.special_law(situation, True)
        if "(" not in situation.icf and law.endswith("(a)"):  # the proper-stroke clause: name the rule only
            law = law[:-3]
        choices.append((key, f"{law}: {situation.description}"))
    return choices


class TieBreakerForm(CardForm):
    """queen2 ¶12-16: three chances each, alternately, the toss winner first; entered as they are taken."""

    action = "tie_breaker"
    game = forms.IntegerField(widget=forms.HiddenInput)
    first = forms.ChoiceField(label=gettext_lazy("First chance (won the toss, queen2 ¶16)"), widget=forms.RadioSelect)

    def __init__(self, *args, entry=None, **kwargs):
        if entry:  # the tie-breaker so far, as stored on the card
            initial = {"first": entry.get("first")}
            for side in ("A", "B"):
                for n, pocketed in enumerate(entry.get("attempts", {}).get(side, []), 1):
                    initial[f"{side.lower()}{n}"] = "in" if pocketed else "out"
            kwargs["initial"] = {**initial, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = side_choices(self.names)
        for side in ("A", "B"):
            for n in range(1, CHANCES + 1):
                # Shown in a fieldset per player, under the player's name.
                self.fields[f"{side.lower()}{n}"] = forms.ChoiceField(
                    label=_("Chance %(n)s") % {"n": n}, choices=CHANCE_CHOICES, required=False
                )

    @property
    def a_fields(self):
        return [self[f"a{n}"] for n in range(1, CHANCES + 1)]

    @property
    def b_fields(self):
        return [self[f"b{n}"] for n in range(1, CHANCES + 1)]

    def clean(self):
        cleaned = super().clean()
        for side in ("a", "b"):
            taken = [cleaned.get(f"{side}{n}", "") for n in range(1, CHANCES + 1)]
            if "" in taken and any(taken[taken.index("") :]):
                self.add_error(f"{side}1", _("Enter the chances in the order they were taken, leaving no gap."))
        return cleaned

    def entry(self):
        data = self.cleaned_data
        attempts = {
            side: [data[f"{side.lower()}{n}"] == "in" for n in range(1, CHANCES + 1) if data[f"{side.lower()}{n}"]]
            for side in ("A", "B")
        }
        return {"first": data["first"], "attempts": attempts}


class SuddenDeathForm(CardForm):
    """queen2 ¶15: one round of sudden death, added to the rounds already on the card."""

    action = "sudden_death"
    game = forms.IntegerField(widget=forms.HiddenInput)
    round = forms.IntegerField(widget=forms.HiddenInput)
    a = forms.ChoiceField(choices=CHANCE_CHOICES[1:], widget=forms.RadioSelect)
    b = forms.ChoiceField(choices=CHANCE_CHOICES[1:], widget=forms.RadioSelect)

    def __init__(self, *args, rounds=(), **kwargs):
        self.rounds = list(rounds)
        kwargs.setdefault("initial", {}).setdefault("round", len(self.rounds) + 1)
        super().__init__(*args, **kwargs)
        self.fields["a"].label, self.fields["b"].label = self.names["A"], self.names["B"]

    def clean_round(self):
        number = self.cleaned_data["round"]
        if number != len(self.rounds) + 1:
            raise forms.ValidationError(
                _("Round %(round)s of the sudden death is already on the card.") % {"round": number}
            )
        return number

    def entry(self):
        """Every round so far, this one last."""
        return [*self.rounds, {"A": self.cleaned_data["a"] == "in", "B": self.cleaned_data["b"] == "in"}]


class UnfinishedBoardForm(CardForm):
    """ECC 41: at the second bell, the c/m each player still has on the board (the Queen is not counted)."""

    action = "unfinished"
    game = forms.IntegerField(widget=forms.HiddenInput)
    board_no = forms.IntegerField(widget=forms.HiddenInput)
    coins_a = forms.IntegerField(widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 9}))
    coins_b = forms.IntegerField(widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 9}))
    queen_held_by = forms.ChoiceField(label=gettext_lazy("Queen held by"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["coins_a"].label = _("%(player)s: own c/m left") % {"player": self.names["A"]}
        self.fields["coins_b"].label = _("%(player)s: own c/m left") % {"player": self.names["B"]}
        self.fields["queen_held_by"].choices = [("", _("Nobody (still on the board)")), *side_choices(self.names)]

    def entry(self):
        data = self.cleaned_data
        return {
            "board_no": data["board_no"],
            "coins_left": {"A": data["coins_a"], "B": data["coins_b"]},
            "queen_held_by": data.get("queen_held_by") or None,
        }


class FinalScoreForm(CardForm):
    """Events that keep no board detail: the final score of each game, A first, checked by the rules app."""

    action = "final"
    games = forms.CharField(
        max_length=80,
        label=gettext_lazy("Final score"),
        help_text=gettext_lazy("Each game, A's points first: 25-10, or 25-10, 12-25, 25-0."),
        # The text keyboard: a phone's numeric keypad may have no "-" (stages.forms.GAMES_KEYBOARD).
        widget=forms.TextInput(attrs={**GAMES_KEYBOARD, "autocomplete": "off", "placeholder": "25-10"}),
    )

    def __init__(self, *args, example=None, **kwargs):
        """`example`: the match's final scores as its rule set accepts them (stages.rules_round.score_example_of),
        so that an office match is never shown ICF's three games of 25."""
        super().__init__(*args, **kwargs)
        if example:
            games = self.fields["games"]
            games.widget.attrs["placeholder"] = example
            games.help_text = _("Each game, A's points first, e.g. %(example)s.") % {"example": example}

    def clean_games(self):
        return parse_games(self.cleaned_data["games"].strip())
