"""The event page's forms for one entry: a late entry, and the entry page (seed, its players' corrections)."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.entry_services import CLUB_LENGTH, NAME_LENGTH
from tournaments.models import Player


def player_fields(suffix="", required=True):
    """A player's name, club, country and rating; `suffix` tells a doubles pair's second player ("_2")."""
    return {
        "first_name" + suffix: forms.CharField(
            label=gettext_lazy("First name"), max_length=NAME_LENGTH, required=required
        ),
        "last_name" + suffix: forms.CharField(label=gettext_lazy("Last name"), max_length=NAME_LENGTH, required=False),
        "club" + suffix: forms.CharField(label=gettext_lazy("Club"), max_length=CLUB_LENGTH, required=False),
        "country" + suffix: forms.CharField(
            label=gettext_lazy("Country"),
            max_length=3,
            required=False,
            help_text=gettext_lazy("Three-letter country code, e.g. IND, FRA."),
        ),
        "rating" + suffix: forms.IntegerField(label=gettext_lazy("Rating"), min_value=0, required=False),
    }


def seed_field():
    return forms.IntegerField(label=gettext_lazy("Seed"), min_value=1, required=False)


class LateEntryForm(forms.Form):
    """One more entry: for each member, a player of the tournament not yet in this event, or a player by name
    (a known one is found by first name, last name and country; else a new one is made)."""

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.positions = range(1, event.team_size + 1)
        others = Player.objects.filter(memberships__entry__event__tournament=event.tournament_id).exclude(
            memberships__entry__event=event
        )
        choices = others.distinct().select_related("club").order_by("last_name", "first_name")
        for position in self.positions:
            suffix = self.suffix(position)
            self.fields["player" + suffix] = forms.ModelChoiceField(
                queryset=choices,
                required=False,
                label=gettext_lazy("A player of this tournament"),
                empty_label=_("— a player not in the list (give the name below) —"),
            )
            self.fields.update(player_fields(suffix, required=False))
        self.fields["seed"] = seed_field()

    @staticmethod
    def suffix(position):
        return "" if position == 1 else f"_{position}"

    def members(self):
        """Per member, the field names shown together (the page sets one box per member of a pair)."""
        names = ("player", "first_name", "last_name", "club", "country", "rating")
        return [[self[name + self.suffix(position)] for name in names] for position in self.positions]

    def clean(self):
        cleaned = super().clean()
        self.known, self.new = [], []
        for position in self.positions:
            suffix = self.suffix(position)
            if cleaned.get("player" + suffix):
                self.known.append(cleaned["player" + suffix])
            elif cleaned.get("first_name" + suffix):
                fields = ("first_name", "last_name", "club", "country", "rating")
                self.new.append({name: cleaned.get(name + suffix) for name in fields})
            elif not self.has_error("first_name" + suffix):
                self.add_error("first_name" + suffix, _("Choose a player, or give a new player's first name."))
        return cleaned


class PlayerForm(forms.Form):
    """A member's corrections on the entry page (prefixed by its position)."""

    def __init__(self, *args, player, **kwargs):
        initial = {
            "first_name": player.first_name,
            "last_name": player.last_name,
            "club": player.club.name if player.club else "",
            "country": player.country,
            "rating": player.rating,
        }
        super().__init__(*args, initial=initial, **kwargs)
        self.player = player
        self.fields.update(player_fields())

    def changes(self):
        return {name: self.cleaned_data[name] for name in self.fields}


class SeedForm(forms.Form):
    def __init__(self, *args, entry, **kwargs):
        super().__init__(*args, initial={"seed": entry.seed}, **kwargs)
        self.fields["seed"] = seed_field()
