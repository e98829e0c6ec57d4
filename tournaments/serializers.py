from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.validators import UniqueValidator

from tournaments import officials
from tournaments.embedding import clean_origins
from tournaments.models import SLUG_LENGTH, Club, Entry, Event, Player, Tournament
from tournaments.privacy import can_see_birth_date

SLUG_TAKEN = gettext_lazy(
    "Another tournament has this slug: choose another, or leave it out to have one made from the name."
)


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "guid", "name", "country", "is_federation", "federation"]
        read_only_fields = ["guid"]
        extra_kwargs = {"federation": {"help_text": "The federation (a club) this club belongs to."}}


CONSENT_FIELDS = ["publish_name", "publish_portrait", "publish_rating", "alias", "consent_source"]


class PlayerSerializer(serializers.ModelSerializer):
    shown_name = serializers.CharField(read_only=True, help_text="The name the public sees (Player.shown_name).")

    class Meta:
        model = Player
        fields = [
            "id", "guid", "first_name", "last_name", "shown_name", "sex", "date_of_birth", "country", "club",
            "rating", *CONSENT_FIELDS, "consent_at",
        ]  # fmt: skip
        read_only_fields = ["guid", "consent_at"]
        extra_kwargs = {
            "date_of_birth": {
                "help_text": "null unless you are a secretary or chief referee of a tournament the player is in."
            },
            "first_name": {"help_text": "A name the player keeps private: the shown name, except to the officials."},
            "last_name": {"help_text": "A name the player keeps private: empty, except to the officials."},
            "country": {"help_text": "A name kept private keeps the country private: empty, except to the officials."},
            "rating": {"help_text": "A rating the player keeps private: null, except to the officials."},
            "consent_source": {
                "help_text": "Where the consent came from; given with a change of publish_* or alias (else "
                "'secretary')."
            },
        }

    def to_representation(self, player):
        data = super().to_representation(player)
        if not self.birth_date_shown(player):
            # Not an official of the player's tournaments: what the public sees, no more.
            data["date_of_birth"] = None
            if not player.publish_name:
                data["first_name"], data["last_name"] = player.shown_name, ""
                data["country"] = player.shown_country
            if not player.publish_rating:
                data["rating"] = None
        return data

    def birth_date_shown(self, player):
        # PlayerViewSet's queryset says it per player in one query; a player saved just now is asked for.
        shown = getattr(player, "birth_date_shown", None)
        if shown is None:
            request = self.context.get("request")
            shown = request is not None and can_see_birth_date(request.user, player)
        return shown


class TournamentSerializer(serializers.ModelSerializer):
    # Left out, the slug is made from the name (Tournament.save); given, it must be free.
    slug = serializers.SlugField(
        required=False,
        max_length=SLUG_LENGTH,
        validators=[UniqueValidator(Tournament.objects.all(), message=SLUG_TAKEN)],
    )

    class Meta:
        model = Tournament
        fields = [
            *["id", "guid", "name", "slug", "venue", "start_date", "end_date", "host_club", "status", "language"],
            "time_zone",
            "embed_origins",
        ]
        read_only_fields = ["guid"]
        extra_kwargs = {
            "embed_origins": {
                "help_text": "The sites that may frame the embed form of its pages (?embed=1), e.g. "
                '["https://carrom.example.org"]; empty: none.'
            }
        }

    def validate_embed_origins(self, origins):
        if not isinstance(origins, list):
            raise serializers.ValidationError(_("Give a list of web sites' addresses."))
        return clean_origins(origins)

    def validate(self, attrs):
        start = attrs.get("start_date", getattr(self.instance, "start_date", None))
        end = attrs.get("end_date", getattr(self.instance, "end_date", None))
        if start and end and end < start:
            raise serializers.ValidationError({"end_date": [_("The tournament cannot end before it starts.")]})
        return attrs


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = ["id", "name", "kind", "category", "rule_set", "citizens_only"]

    def validate_name(self, name):
        tournament = self.context["tournament"]
        clash = Event.objects.filter(tournament=tournament, name=name)
        if self.instance:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError(_("This tournament already has an event of that name."))
        return name


class NewPlayerSerializer(serializers.Serializer):
    """A player entered with the entry: one already known by first name, last name and country is reused."""

    first_name = serializers.CharField(max_length=80)
    last_name = serializers.CharField(max_length=80, required=False, allow_blank=True, default="")
    club = serializers.CharField(
        max_length=120, required=False, allow_blank=True, default="", help_text="A club's name; created if unknown."
    )
    country = serializers.RegexField(
        r"^[A-Za-z]{3}$",
        required=False,
        allow_blank=True,
        default="",
        error_messages={"invalid": gettext_lazy("A country is three letters, e.g. IND or FRA.")},
    )
    rating = serializers.IntegerField(min_value=0, required=False, allow_null=True, default=None)


class EntrySerializer(serializers.ModelSerializer):
    players = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), many=True, required=False, help_text="Known players, in member order."
    )
    new_players = NewPlayerSerializer(
        many=True, required=False, write_only=True, help_text="Players not known yet, after the known ones."
    )

    class Meta:
        model = Entry
        fields = ["id", "name", "players", "new_players", "seed", "withdrawn"]
        read_only_fields = ["name", "withdrawn"]

    def to_representation(self, entry):
        data = super().to_representation(entry)
        data["players"] = [member.player_id for member in entry.members.all()]
        return data


class EntryUpdateSerializer(serializers.ModelSerializer):
    class Meta:
        model = Entry
        fields = ["id", "name", "seed", "withdrawn"]
        read_only_fields = ["name"]


class ImportSerializer(serializers.Serializer):
    file = serializers.FileField(
        required=False,
        help_text="An Excel workbook (.xlsx, first sheet) or CSV (comma, semicolon or tab; UTF-8, UTF-16 or "
        "Windows-1252).",
    )
    text = serializers.CharField(required=False, trim_whitespace=False, help_text="The entry list as CSV text.")
    confirm = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Import although a stage of the event is drawn (without it: 409 with what would change).",
    )

    def validate(self, attrs):
        if not attrs.get("file") and not attrs.get("text"):
            raise serializers.ValidationError(
                {"file": [_("Send the entry list as a file (an Excel workbook or CSV) or as CSV text.")]}
            )
        upload = attrs.get("file")
        # Bytes of any format, or text: tournaments.importing reads either.
        attrs["source"] = upload.read() if upload else attrs["text"]
        return attrs


class SeedChangeSerializer(serializers.Serializer):
    entry = serializers.CharField()
    seed_before = serializers.IntegerField(allow_null=True)
    seed = serializers.IntegerField()


class ImportConfirmationSerializer(serializers.Serializer):
    """409: a stage of the event is drawn, and nothing was imported. Send the same file again with confirm=true."""

    detail = serializers.CharField()
    new_entries = serializers.ListField(child=serializers.CharField())
    seed_changes = SeedChangeSerializer(many=True)
    entries_unchanged = serializers.IntegerField()
    players_created = serializers.IntegerField()
    drawn_stages = serializers.ListField(child=serializers.CharField())
    not_entered_in = serializers.ListField(
        child=serializers.CharField(), help_text="Drawn stages the new entries will not enter: their draw stays."
    )
    paired_from_next_round_in = serializers.ListField(
        child=serializers.CharField(), help_text="Drawn Swiss stages that pair the new entries from their next round."
    )


class ImportSummarySerializer(serializers.Serializer):
    """What an import did (services.ImportSummary). Importing the same file again creates nothing."""

    entries_created = serializers.IntegerField()
    entries_updated = serializers.IntegerField(help_text="Existing entries whose seed the file changed.")
    entries_unchanged = serializers.IntegerField()
    players_created = serializers.IntegerField(help_text="Players not found by first name, last name and country.")


OFFICIAL_ROLES = officials.ROLES


class OfficialSerializer(serializers.Serializer):
    """One official of the tournament in one role (someone in two roles is listed twice)."""

    role = serializers.ChoiceField(choices=OFFICIAL_ROLES)
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField(help_text="Full name, or the user name when the account has none.")


class NewAccountSerializer(OfficialSerializer):
    """An account made by this request (without an e-mail address), invited to the role: not an official until its
    owner accepts."""

    set_password_url = serializers.CharField(help_text="Where its owner chooses a password (one use).")


class InvitedSerializer(serializers.Serializer):
    """The same answer whether an account has the name or address given or not."""

    detail = serializers.CharField()


class AppointOfficialSerializer(serializers.Serializer):
    """Invite an existing account (`user`) or create one and invite it (`name`, optional `email` and
    `username`)."""

    role = serializers.ChoiceField(choices=OFFICIAL_ROLES)
    user = serializers.CharField(
        required=False, allow_blank=True, max_length=254, help_text="An existing account's user name or e-mail."
    )
    name = serializers.CharField(required=False, allow_blank=True, max_length=300, help_text="A new account's name.")
    email = serializers.EmailField(
        required=False,
        allow_blank=True,
        help_text="A new account's e-mail: the set-password link is sent there (an account that has it already is "
        "invited instead).",
    )
    username = serializers.CharField(
        required=False, allow_blank=True, max_length=150, help_text="A new account's user name; made from the name."
    )

    def validate(self, attrs):
        new = attrs.get("name") or attrs.get("email") or attrs.get("username")
        if attrs.get("user") and new:
            raise serializers.ValidationError(
                {"user": [_("Give an existing account or a new account's name, not both.")]}
            )
        if not attrs.get("user") and not attrs.get("name"):
            raise serializers.ValidationError(
                {"user": [_("Give an existing account's user name or e-mail address, or a new account's name.")]}
            )
        return attrs


class RemoveOfficialSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=OFFICIAL_ROLES)
    user = serializers.CharField(max_length=254, help_text="The official's id, user name or e-mail.")


class MergePlayersSerializer(serializers.Serializer):
    """The player record to merge into the one of the URL, which is kept (tournaments.merging)."""

    merged = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), help_text="The id of the record merged into this one, then deleted."
    )

    def __init__(self, *args, players=None, **kwargs):
        super().__init__(*args, **kwargs)
        if players is not None:  # the players the caller may see (tournaments.privacy)
            self.fields["merged"].queryset = players
