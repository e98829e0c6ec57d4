"""Forms of the secretary's stage pages. They check input only; every change goes through stages.services
or scoring.services."""

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from stages.draws.ties import FormatError, parse_format, parse_text
from stages.models import Stage
from stages.validation import next_order, settings_errors
from tournaments.models import Event

DELAYS = ("delay_compatriots", "delay_club_mates")
KEEP_APART_CHOICES = [("club", gettext_lazy("Same club")), ("country", gettext_lazy("Same country"))]


class StageForm(forms.ModelForm):
    keep_apart = forms.MultipleChoiceField(
        choices=KEEP_APART_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Keep apart"),
        help_text=gettext_lazy("Groups: keep players of the same club or country in different groups where possible."),
    )

    class Meta:
        model = Stage
        fields = ["name", "order", "kind", *Stage.DRAW_SETTINGS]
        # Every label here, so that each is translated (the model's own names are not marked).
        labels = {
            "name": gettext_lazy("Name"),
            "order": gettext_lazy("Order"),
            "kind": gettext_lazy("Kind"),
            "source": gettext_lazy("Entered from"),
            "qualifiers": gettext_lazy("Qualifiers"),
            "group_count": gettext_lazy("Number of groups"),
            "grouping": gettext_lazy("Grouping"),
            "double_round_robin": gettext_lazy("Double round robin"),
            "rounds_planned": gettext_lazy("Rounds (Swiss)"),
            "pairing_method": gettext_lazy("Pairing method"),
            "delay_top_players": gettext_lazy("Delay top players"),
            "delay_compatriots": gettext_lazy("Delay compatriots"),
            "delay_club_mates": gettext_lazy("Delay club mates"),
            "first_round_by_rating": gettext_lazy("First round by rating"),
            "forfeit_withdraws": gettext_lazy("Forfeit withdraws"),
            "third_place_match": gettext_lazy("Third place match"),
            "games_per_match": gettext_lazy("Games per match"),
        }
        help_texts = {"source": gettext_lazy("Empty: every entry of the event that has not withdrawn.")}

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.event = event
        self.event = event
        self.fields["source"].queryset = event.stages.exclude(pk=self.instance.pk)
        self.fields["source"].empty_label = _("The whole event")
        for name in DELAYS:  # left empty: no delay
            self.fields[name].required = False
        if self.instance.pk:
            self.initial["keep_apart"] = [key for key in self.instance.keep_apart.split(",") if key]
        else:
            self.initial.setdefault("keep_apart", ["club", "country"])
            self.initial.setdefault("order", next_order(event))
        del self.fields["tie_format"]
        if event.kind == Event.Kind.TEAM_TIES:
            self.fields.update(tie_fields(parse_format(self.instance.tie_format)))

    def clean_tie_format(self, cleaned):
        data = {
            "rubbers": parse_text(cleaned.get("tie_rubbers") or ""),
            "stop_when_decided": cleaned.get("tie_stop_when_decided", False),
            "tie_break": cleaned.get("tie_break") or "games",
            "rubbers_per_player": cleaned.get("tie_rubbers_per_player") or 1,
        }
        try:
            self.instance.tie_format = parse_format(data).as_data()
        except FormatError as error:
            self.add_error(f"tie_{error.field}" if f"tie_{error.field}" in self.fields else "tie_rubbers", str(error))

    def fields_with_kinds(self):
        """Each field with the kinds it applies to ("" for every kind): the page hides the others' options."""
        kinds = {}
        for kind, names in Stage.KIND_SETTINGS.items():
            for name in names:
                kinds.setdefault(name, []).append(kind)
        return [(field, " ".join(kinds.get(field.name, []))) for field in self]

    def clean_delay_compatriots(self):
        return self.cleaned_data["delay_compatriots"] or 0

    def clean_delay_club_mates(self):
        return self.cleaned_data["delay_club_mates"] or 0

    def clean_keep_apart(self):
        return ",".join(self.cleaned_data["keep_apart"])

    def clean(self):
        cleaned = super().clean()
        if "tie_rubbers" in self.fields:
            self.clean_tie_format(cleaned)
        for field, message in settings_errors(self.event, cleaned, self.instance if self.instance.pk else None).items():
            if field in self.fields:
                self.add_error(field, message)
        return cleaned


def tie_fields(fmt):
    """A team event's tie format as the secretary writes it: the rubbers in order, then how the tie is counted."""
    rubbers = ", ".join(r.kind + (f":{r.points}" if r.points != 1 else "") for r in fmt.rubbers)
    return {
        "tie_rubbers": forms.CharField(
            label=gettext_lazy("Rubbers of a tie"),
            initial=rubbers,
            max_length=200,
            help_text=gettext_lazy(
                "In playing order, e.g. “singles, doubles, singles”; a rubber worth more than one point: “doubles:2”."
            ),
        ),
        "tie_stop_when_decided": forms.BooleanField(
            label=gettext_lazy("Stop once the tie is decided"),
            initial=fmt.stop_when_decided,
            required=False,
            help_text=gettext_lazy("The rubbers left are not played."),
        ),
        "tie_break": forms.ChoiceField(
            label=gettext_lazy("A tie level on points is decided by"),
            initial=fmt.tie_break,
            choices=[
                ("games", gettext_lazy("The games won, then the board points, then a deciding singles")),
                ("decider", gettext_lazy("A deciding singles")),
            ],
        ),
        "tie_rubbers_per_player": forms.IntegerField(
            label=gettext_lazy("Rubbers a player may play in one tie"), initial=fmt.rubbers_per_player, min_value=1
        ),
    }


GAME_RE = re.compile(r"^\s*(\d{1,3})\s*[-–:]\s*(\d{1,3})\s*$")
# The same, for the browser (an input's `pattern`, read as a JavaScript regular expression in its "v" mode, where
# "-" and "/" are escaped in a class): it refuses a malformed score before it is sent.
GAMES_PATTERN = r"\s*\d{1,3}\s*[\-–:]\s*\d{1,3}\s*([,;\/]\s*\d{1,3}\s*[\-–:]\s*\d{1,3}\s*)*"
# Phones: numeric keypads ("numeric", "decimal", "tel") have no "-" on some phones; the text keyboard has it on
# every phone, one tap away in its number layout.
GAMES_KEYBOARD = {"inputmode": "text", "autocapitalize": "off", "spellcheck": "false", "pattern": GAMES_PATTERN}


def parse_games(text):
    """ "25-10, 12-25, 25-0" -> [(25, 10), (12, 25), (25, 0)]."""
    games = []
    for n, part in enumerate(re.split(r"[,;/]", text), 1):
        found = GAME_RE.match(part)
        if not found:
            raise forms.ValidationError(
                _("Game %(number)s: write each game as A's points-B's points, e.g. 25-10; separate games with commas.")
                % {"number": n}
            )
        games.append((int(found[1]), int(found[2])))
    return games


class ResultForm(forms.Form):
    games = forms.CharField(
        required=False,
        max_length=80,
        label=gettext_lazy("Games"),
        help_text=gettext_lazy("Final score of each game, A first: 25-10 or 25-10, 12-25, 25-0."),
        widget=forms.TextInput(attrs={**GAMES_KEYBOARD, "autocomplete": "off", "placeholder": "25-10"}),
    )
    absent = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Walkover"),
        choices=[
            ("", gettext_lazy("No: the match was played")),
            ("a", gettext_lazy("A did not play")),
            ("b", gettext_lazy("B did not play")),
        ],
    )
    correct = forms.BooleanField(
        required=False,
        initial=True,
        label=gettext_lazy("Correct the confirmed result"),
        help_text=gettext_lazy("Replace the result already confirmed for this match with the games above."),
    )

    def __init__(self, *args, confirmed=False, example=None, **kwargs):
        """`confirmed`: the match has a confirmed result, which only an explicit correction replaces; the
        checkbox is shown only then (the page reached by the stage page's 'Correct' link has it ticked).
        `example`: the match's final scores as its rule set accepts them (stages.rules_round.score_example_of)."""
        super().__init__(*args, **kwargs)
        if not confirmed:
            del self.fields["correct"]
        if example:
            games = self.fields["games"]
            games.widget.attrs["placeholder"] = example
            games.help_text = _("Final score of each game, A first, e.g. %(example)s.") % {"example": example}

    def clean_games(self):
        text = self.cleaned_data["games"].strip()
        return parse_games(text) if text else []

    def clean(self):
        cleaned = super().clean()
        if "games" in cleaned and not cleaned["games"] and not cleaned.get("absent"):
            self.add_error("games", _("Enter the games' scores, or say who did not play."))
        if cleaned.get("games") and cleaned.get("absent"):
            self.add_error("absent", _("A walkover has no game scores: clear one of the two."))
        return cleaned


class SwapForm(forms.Form):
    first = forms.ChoiceField(label=gettext_lazy("Swap"))
    second = forms.ChoiceField(label=pgettext_lazy("swap this place with that one", "with"))

    def __init__(self, *args, matches, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [
            (
                f"{match.pk}:{side}",
                _("Match %(number)s, %(side)s: %(entry)s")
                % {"number": match.number, "side": side.upper(), "entry": entry},
            )
            for match in matches
            for side, entry in (("a", match.entry_a), ("b", match.entry_b))
            if entry is not None
        ]
        self.fields["first"].choices = self.fields["second"].choices = choices
        self.matches = {match.pk: match for match in matches}

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("first") and cleaned.get("first") == cleaned.get("second"):
            raise forms.ValidationError(_("Pick two different places to swap."))
        return cleaned

    def places(self):
        """((match, side), (match, side)) chosen."""
        return tuple(
            (self.matches[int(value.split(":")[0])], value.split(":")[1])
            for value in (self.cleaned_data["first"], self.cleaned_data["second"])
        )
