from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Event, Tournament


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["name", "venue", "start_date", "end_date", "host_club", "status", "language"]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }
        labels = {
            "name": gettext_lazy("Name"),
            "venue": gettext_lazy("Venue"),
            "start_date": gettext_lazy("Start date"),
            "end_date": gettext_lazy("End date"),
            "host_club": gettext_lazy("Host club"),
            "status": gettext_lazy("Status"),
            "language": gettext_lazy("Language of its pages"),
        }
        help_texts = {
            "language": gettext_lazy(
                "Its public pages and printed sheets are in this language for visitors who have not chosen one."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [("", _("The visitor's browser decides")), *settings.LANGUAGES]

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The tournament cannot end before it starts."))
        return cleaned


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = ["name", "kind", "category", "rule_set"]
        labels = {
            "name": gettext_lazy("Name"),
            "kind": gettext_lazy("Kind"),
            "category": gettext_lazy("Category"),
            "rule_set": gettext_lazy("Rule set"),
        }

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("File"),
        help_text=gettext_lazy(
            "CSV, UTF-8. Columns: first_name, last_name, sex, date_of_birth, country, "
            "club, rating, seed, pair (doubles)."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file must be UTF-8 text (CSV).")) from None
