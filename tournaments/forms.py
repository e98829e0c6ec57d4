from django import forms
from django.conf import settings
from django.core import signing
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.embedding import clean_origins
from tournaments.models import Event, Tournament
from tournaments.time_zones import default_time_zone, time_zone_choices


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "name", "venue", "start_date", "end_date", "host_club", "status", "language", "time_zone", "embed_origins",
        ]  # fmt: skip
        widgets = {
            "time_zone": forms.Select(choices=time_zone_choices),
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
            "time_zone": gettext_lazy("Time zone"),
            "embed_origins": gettext_lazy("Sites that may frame its pages"),
        }
        help_texts = {
            "language": gettext_lazy(
                "Its public pages and printed sheets are in this language for visitors who have not chosen one."
            ),
            "time_zone": gettext_lazy("Where it is played: its pages, sheets and e-mails give the times of this zone."),
            "embed_origins": gettext_lazy(
                "One site a line, e.g. https://carrom.example.org: they may show its pages in a frame. Empty: none."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [("", _("The visitor's browser decides")), *settings.LANGUAGES]
        self.fields["time_zone"].required = False  # left out: the zone it has (a new one: the site's)
        # One site a line in a text box; stored as a list.
        self.fields["embed_origins"] = forms.CharField(
            label=self.fields["embed_origins"].label,
            help_text=self.fields["embed_origins"].help_text,
            required=False,
            widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false", "autocapitalize": "none"}),
        )
        self.initial["embed_origins"] = "\n".join(self.instance.embed_origins or ())

    def clean_embed_origins(self):
        return clean_origins(self.cleaned_data.get("embed_origins") or "")

    def clean_time_zone(self):
        return self.cleaned_data.get("time_zone") or self.instance.time_zone or default_time_zone()

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The tournament cannot end before it starts."))
        return cleaned


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = ["name", "kind", "category", "rule_set", "citizens_only"]
        labels = {
            "name": gettext_lazy("Name"),
            "kind": gettext_lazy("Kind"),
            "category": gettext_lazy("Category"),
            "rule_set": gettext_lazy("Rule set"),
            "citizens_only": gettext_lazy("Citizens only"),
        }

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("File"),
        help_text=gettext_lazy(
            "An Excel workbook (.xlsx, its first sheet) or CSV (comma, semicolon or tab; UTF-8, UTF-16 or "
            "Windows-1252). Columns: first name, last name, sex, date of birth, country, club, rating, seed, "
            "pair (doubles)."
        ),
    )

    def clean_file(self):
        # The bytes as they are: tournaments.importing tells a workbook from CSV and finds the text's encoding.
        return self.cleaned_data["file"].read()


# How long the secretary may take to confirm an import into an event whose draw has begun.
CONFIRM_SECONDS = 3600


class ConfirmImportForm(forms.Form):
    """The second step of an import into an event whose draw has begun: the rows read from the uploaded file,
    signed for this event and this secretary, so the file need not be uploaded twice and cannot be swapped."""

    rows = forms.CharField(widget=forms.HiddenInput)
    confirm = forms.BooleanField(widget=forms.HiddenInput)

    def __init__(self, *args, event, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.salt = f"tournaments.import:{event.pk}:{user.pk}"

    def sign(self, rows):
        return signing.dumps(rows, salt=self.salt, compress=True)

    def clean_rows(self):
        try:
            return signing.loads(self.cleaned_data["rows"], salt=self.salt, max_age=CONFIRM_SECONDS)
        except signing.BadSignature:  # expired too
            raise forms.ValidationError(
                _("This confirmation is too old or was changed: upload the file again.")
            ) from None


class AppointForm(forms.Form):
    """Invite an existing account (tournaments.invitations.invite)."""

    role = forms.ChoiceField(label=gettext_lazy("Role"), initial="umpire")
    user = forms.CharField(label=gettext_lazy("User name or e-mail address"), max_length=254)

    def __init__(self, *args, roles, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = roles


class NewOfficialForm(forms.Form):
    """Create an account and invite it (tournaments.invitations.create_and_invite)."""

    role = forms.ChoiceField(label=gettext_lazy("Role"), initial="umpire")
    name = forms.CharField(label=gettext_lazy("Name"), max_length=300)
    email = forms.EmailField(
        label=gettext_lazy("E-mail address"),
        required=False,
        help_text=gettext_lazy("Optional: the set-password link is sent there."),
    )
    username = forms.CharField(
        label=gettext_lazy("User name"),
        required=False,
        max_length=150,
        help_text=gettext_lazy("Optional: made from the name when left empty."),
    )

    def __init__(self, *args, roles, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = roles


class RemoveOfficialForm(forms.Form):
    role = forms.CharField(max_length=20)
    user = forms.IntegerField(min_value=1, max_value=2**31 - 1)


class MergePlayersForm(forms.Form):
    """Two records of one person: `kept` stays, `merged` is merged into it (tournaments.merging)."""

    kept = forms.ModelChoiceField(queryset=None, widget=forms.HiddenInput)
    merged = forms.ModelChoiceField(queryset=None, widget=forms.HiddenInput)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kept"].queryset = players
        self.fields["merged"].queryset = players
