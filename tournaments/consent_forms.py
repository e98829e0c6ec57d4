"""The secretary's forms on a player's privacy page: what the player agreed to publish, and the erasure."""

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.consent import ALIAS_LENGTH
from tournaments.models import Player


class ConsentForm(forms.Form):
    publish_name = forms.BooleanField(label=gettext_lazy("Publish the name, club and country"), required=False)
    alias = forms.CharField(
        label=gettext_lazy("Public name instead"),
        max_length=ALIAS_LENGTH,
        required=False,
        help_text=gettext_lazy("Shown when the name is not published; blank: the initials and the club."),
    )
    publish_portrait = forms.BooleanField(label=gettext_lazy("Publish the portrait"), required=False)
    publish_rating = forms.BooleanField(label=gettext_lazy("Publish the rating"), required=False)
    consent_source = forms.ChoiceField(
        label=gettext_lazy("Where the answer came from"), choices=Player.ConsentSource.choices
    )

    def __init__(self, *args, player, **kwargs):
        initial = {name: getattr(player, name) for name in ("publish_name", "publish_portrait", "publish_rating")}
        initial |= {"alias": player.alias, "consent_source": player.consent_source or Player.ConsentSource.SECRETARY}
        super().__init__(*args, initial=initial, **kwargs)


class EraseForm(forms.Form):
    confirm = forms.BooleanField(
        label=gettext_lazy("The player asked to be erased: clear their personal data for good"), required=True
    )
