from django import forms

from tournaments.models import Event, Tournament


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["name", "venue", "start_date", "end_date", "host_club", "status"]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "The tournament cannot end before it starts.")
        return cleaned


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = ["name", "kind", "category", "rule_set"]

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament


class ImportForm(forms.Form):
    file = forms.FileField(
        help_text="CSV, UTF-8. Columns: first_name, last_name, sex, date_of_birth, country, "
        "club, rating, seed, pair (doubles)."
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError("The file must be UTF-8 text (CSV).") from None
