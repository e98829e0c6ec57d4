"""The secretary's hall settings page: the views and their rotation; the announcement."""

from django import forms
from django.utils.translation import gettext_lazy

from hall.models import ANNOUNCEMENT_LENGTH, MAX_ROTATION_SECONDS, MIN_ROTATION_SECONDS, HallView
from hall.services import MAX_ANNOUNCEMENT_MINUTES


class HallViewsForm(forms.Form):
    views = forms.MultipleChoiceField(
        label=gettext_lazy("Views shown, by turns"),
        choices=HallView.choices,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": gettext_lazy("Choose at least one view for the display.")},
    )
    rotation_seconds = forms.IntegerField(
        label=gettext_lazy("Seconds each view stays"),
        min_value=MIN_ROTATION_SECONDS,
        max_value=MAX_ROTATION_SECONDS,
    )


class AnnouncementForm(forms.Form):
    announcement = forms.CharField(
        label=gettext_lazy("Announcement across the screen"),
        max_length=ANNOUNCEMENT_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    minutes = forms.IntegerField(
        label=gettext_lazy("For how many minutes"),
        help_text=gettext_lazy("Empty: until you clear it."),
        required=False,
        min_value=1,
        max_value=MAX_ANNOUNCEMENT_MINUTES,
    )
