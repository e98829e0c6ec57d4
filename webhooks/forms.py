from django import forms
from django.utils.translation import gettext_lazy

from webhooks.addresses import LONGEST_URL


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=gettext_lazy("Receiver's URL"),
        max_length=LONGEST_URL,
        widget=forms.URLInput(attrs={"placeholder": "https://example.org/carrom-hook", "autocomplete": "off"}),
    )
    active = forms.BooleanField(label=gettext_lazy("Send the events"), required=False, initial=True)
