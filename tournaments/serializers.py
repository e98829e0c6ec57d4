from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.validators import UniqueValidator

from tournaments.models import SLUG_LENGTH, Club, Entry, Event, Player, Tournament
from tournaments.permissions import can_see_birth_date

SLUG_TAKEN = gettext_lazy(
    "Another tournament has this slug: choose another, or leave it out to have one made from the name."
)


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "country", "is_federation"]


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name", "sex", "date_of_birth", "country", "club", "rating"]
        extra_kwargs = {
            "date_of_birth": {
                "help_text": "null unless you are a secretary or chief referee of a tournament the player is in."
            }
        }

    def to_representation(self, player):
        data = super().to_representation(player)
        if not self.birth_date_shown(player):
            data["date_of_birth"] = None
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
        fields = ["id", "name", "slug", "venue", "start_date", "end_date", "host_club", "status", "language"]

    def validate(self, attrs):
        start = attrs.get("start_date", getattr(self.instance, "start_date", None))
        end = attrs.get("end_date", getattr(self.instance, "end_date", None))
        if start and end and end < start:
            raise serializers.ValidationError({"end_date": [_("The tournament cannot end before it starts.")]})
        return attrs


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = ["id", "name", "kind", "category", "rule_set"]

    def validate_name(self, name):
        tournament = self.context["tournament"]
        clash = Event.objects.filter(tournament=tournament, name=name)
        if self.instance:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError(_("This tournament already has an event of that name."))
        return name


class EntrySerializer(serializers.ModelSerializer):
    players = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True)

    class Meta:
        model = Entry
        fields = ["id", "name", "players", "seed", "withdrawn"]
        read_only_fields = ["name"]

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
    file = serializers.FileField(required=False)
    text = serializers.CharField(required=False, trim_whitespace=False)

    def validate(self, attrs):
        if not attrs.get("file") and not attrs.get("text"):
            raise serializers.ValidationError({"file": [_("Send a CSV file (multipart) or its content as text.")]})
        upload = attrs.get("file")
        if upload:
            try:
                attrs["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise serializers.ValidationError({"file": [_("The file must be UTF-8 text (CSV).")]}) from None
        return attrs


class ImportSummarySerializer(serializers.Serializer):
    """What an import did (services.ImportSummary). Importing the same file again creates nothing."""

    entries_created = serializers.IntegerField()
    entries_updated = serializers.IntegerField(help_text="Existing entries whose seed the file changed.")
    entries_unchanged = serializers.IntegerField()
    players_created = serializers.IntegerField(help_text="Players not found by first name, last name and country.")
