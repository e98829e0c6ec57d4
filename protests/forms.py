"""Page forms for protests: shapes only; protests.services checks the laws and its refusals come back on the form."""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from protests.models import Protest

WHEN = forms.DateTimeInput(attrs={"type": "datetime-local", "step": 1}, format="%Y-%m-%dT%H:%M:%S")


class OralProtestForm(forms.Form):
    """ICF 145: logged by the umpire at the incident."""

    game_no = forms.IntegerField(min_value=1, max_value=32767, label=pgettext_lazy("carrom", "Game"))
    board_no = forms.IntegerField(
        min_value=1, max_value=32767, label=pgettext_lazy("carrom: a unit of play inside a game", "Board")
    )
    # Offered when a board of the match was kept stroke by stroke: a choice is "game-board-stroke", read by clean().
    stroke_no = forms.ChoiceField(
        required=False,
        label=pgettext_lazy("carrom", "Stroke"),
        help_text=gettext_lazy("On a board kept stroke by stroke: the stroke protested, if the protest is about one."),
        error_messages={"invalid_choice": gettext_lazy("This stroke is not on the board (any more): choose again.")},
    )
    side = forms.ChoiceField(label=gettext_lazy("Side that protests"))
    role = forms.ChoiceField(
        choices=Protest.Role.choices, initial=Protest.Role.PLAYER, label=gettext_lazy("Protester is the")
    )
    protester_name = forms.CharField(max_length=120, label=gettext_lazy("Name of the protester"))
    decision_appealed = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), label=gettext_lazy("Decision appealed against"), max_length=5000
    )
    # Not required by the form: the service refuses a protest without its fee naming ICF 145, and saves nothing.
    fee_paid = forms.BooleanField(
        required=False,
        label=gettext_lazy("Scrutiny fee paid now"),
        help_text=gettext_lazy("ICF 145: no protest is entertained without payment of the scrutiny fee."),
    )
    board_completed_at = forms.DateTimeField(
        required=False,
        widget=WHEN,
        label=gettext_lazy("Board completed at"),
        help_text=gettext_lazy("Leave empty: the score card gives it."),
    )

    def __init__(self, *args, match, fee=None, kept_boards=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = [("A", f"A: {match.entry_a}"), ("B", f"B: {match.entry_b}")]
        if kept_boards:
            self.fields["stroke_no"].choices = stroke_choices(kept_boards)
        else:
            del self.fields["stroke_no"]
        if fee is not None:
            self.fields["fee_paid"].label = gettext("Scrutiny fee of %(amount)s %(currency)s paid now") % {
                "amount": fee.fee_amount,
                "currency": fee.fee_currency,
            }

    def clean(self):
        """The stroke chosen, as its number on the board protested (None: the protest cites no stroke)."""
        data = super().clean()
        chosen = data.get("stroke_no")
        if not chosen:
            data["stroke_no"] = None
            return data
        game_no, board_no, number = (int(part) for part in chosen.split("-"))
        data["stroke_no"] = number
        protested = (data.get("game_no"), data.get("board_no"))
        if None not in protested and protested != (game_no, board_no):
            message = gettext("Stroke %(number)s is of game %(game)s board %(board)s, not of the board protested.")
            self.add_error("stroke_no", message % {"number": number, "game": game_no, "board": board_no})
        return data


def stroke_choices(kept_boards):
    """The strokes of each board kept stroke by stroke (matches.strokes.selectors.boards_with_strokes), grouped by
    board, each by its number and in words."""
    choices = [("", gettext("None: the protest is not about one stroke"))]
    for board in kept_boards:
        where = {"game": board["game"], "board": board["board"]}
        options = [
            (f"{board['game']}-{board['board']}-{stroke['seq']}", stroke_label(stroke)) for stroke in board["strokes"]
        ]
        choices.append((gettext("Game %(game)s, board %(board)s") % where, options))
    return choices


def stroke_label(stroke):
    return gettext("Stroke %(number)s: %(words)s") % {"number": stroke["seq"], "words": stroke["words"]}


class WrittenProtestForm(forms.Form):
    """ICF 144, 147: in English, the facts as they occurred and the point appealed against."""

    written_text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=20000,
        label=gettext_lazy("Written protest (facts, in English)"),
    )
    point_appealed = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}), max_length=5000, label=gettext_lazy("Point appealed")
    )
    board_completed_at = forms.DateTimeField(
        required=False,
        widget=WHEN,
        label=gettext_lazy("Board completed at"),
        help_text=gettext_lazy("Leave empty: the score card gives it."),
    )


class DecisionForm(forms.Form):
    outcome = forms.ChoiceField(
        widget=forms.RadioSelect,
        label=gettext_lazy("Outcome"),
        choices=[
            ("upheld", gettext_lazy("Upheld: replay from the beginning of the board, fee refunded (ICF 151(a))")),
            ("overruled", gettext_lazy("Overruled: the result stands, fee forfeited (ICF 151(b))")),
            (
                "rejected",
                gettext_lazy("Rejected: no written protest in time (ICF 146), or logged without its fee (ICF 145)"),
            ),
            (
                "abusive",
                gettext_lazy(
                    "Rejected summarily: uncouth and abusive language; a disciplinary report is opened (ICF 148)"
                ),
            ),
        ],
    )
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=5000, label=gettext_lazy("Reason"))


class FeeForm(forms.Form):
    fee_amount = forms.DecimalField(
        max_digits=9, decimal_places=2, min_value=Decimal("0.01"), label=gettext_lazy("Scrutiny fee")
    )
    fee_currency = forms.CharField(
        max_length=3, label=gettext_lazy("Currency"), help_text=gettext_lazy("Three letters, e.g. INR, EUR.")
    )


class PhotoForm(forms.Form):
    """One photo the written protest carries (the signed paper, the board); protests.evidence checks it."""

    image = forms.FileField(
        label=gettext_lazy("Photo"),
        help_text=gettext_lazy("A photo (JPEG, PNG, WebP or GIF): the signed protest, the board."),
        widget=forms.FileInput(attrs={"accept": "image/*", "capture": "environment"}),
    )
    caption = forms.CharField(max_length=200, required=False, label=gettext_lazy("What it shows"))
