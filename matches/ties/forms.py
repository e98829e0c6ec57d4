"""The line-up form: for each rubber to name, its players chosen from the team's roster."""

from django import forms
from django.utils.translation import gettext as _

from stages.draws.ties import kind_name


class LineUpForm(forms.Form):
    def __init__(self, *args, team, rubbers, **kwargs):
        super().__init__(*args, **kwargs)
        members = team.members.select_related("player").order_by("position")
        choices = [("", "—")] + [
            (member.player_id, member.player.full_name + (" " + _("(reserve)") if member.reserve else ""))
            for member in members
        ]
        self.rubbers = rubbers
        for rubber in rubbers:
            for seat in range(1, rubber.players + 1):
                label = _("Rubber %(number)s, %(kind)s") % {"number": rubber.number, "kind": kind_name(rubber.kind)}
                if rubber.players > 1:
                    label += " · " + _("player %(seat)s") % {"seat": seat}
                self.fields[f"r{rubber.number}_{seat}"] = forms.TypedChoiceField(
                    choices=choices, coerce=int, label=label
                )

    def line_up(self):
        """{rubber number: [player ids]} as the ties services take it."""
        return {
            rubber.number: [self.cleaned_data[f"r{rubber.number}_{seat}"] for seat in range(1, rubber.players + 1)]
            for rubber in self.rubbers
        }
