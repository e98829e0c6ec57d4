from rest_framework import serializers

from history.championships.models import Championship


class ChampionshipSerializer(serializers.ModelSerializer):
    tournaments = serializers.SlugRelatedField(slug_field="slug", many=True, read_only=True)

    class Meta:
        model = Championship
        fields = [
            "id",
            "guid",
            "name",
            "club",
            "prize_scheme",
            "skip_worst",
            "players_per_team",
            "closed",
            "previous",
            "tournaments",
        ]


class ChampionshipPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    guid = serializers.CharField(allow_null=True)
    first_name = serializers.CharField()
    last_name = serializers.CharField()


class ChampionshipTournamentSerializer(serializers.Serializer):
    guid = serializers.CharField(allow_null=True, help_text="The tournament's guid (null for our own).")
    slug = serializers.SlugField()
    points = serializers.DecimalField(max_digits=9, decimal_places=2, coerce_to_string=False)
    played = serializers.BooleanField()


class ChampionshipRankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    players = ChampionshipPlayerSerializer(many=True)
    points = serializers.DecimalField(max_digits=11, decimal_places=2, coerce_to_string=False)
    played = serializers.IntegerField(help_text="Prized tournaments the competitor played.")
    skipped = serializers.ListField(
        child=serializers.DecimalField(max_digits=9, decimal_places=2, coerce_to_string=False),
        help_text="The worst results the championship leaves out.",
    )
    tournaments = ChampionshipTournamentSerializer(many=True)
