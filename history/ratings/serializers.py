from rest_framework import serializers

from history.ratings.models import Rate, Rating
from tournaments.models import Player


class RatingSerializer(serializers.ModelSerializer):
    class Meta:
        model = Rating
        fields = [
            "id", "guid", "name", "level", "inheritance", "tau", "default_rate", "default_deviation",
            "default_volatility", "lower_rate", "higher_rate", "outcomes", "club", "recomputed_at",
        ]  # fmt: skip


class RankedPlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "guid", "first_name", "last_name"]

    def to_representation(self, player):
        data = super().to_representation(player)
        if not player.publish_name:  # a private name: the shown one (Player.shown_name), never the real one
            data["first_name"], data["last_name"] = player.shown_name, ""
        return data


class RankingRowSerializer(serializers.ModelSerializer):
    player = RankedPlayerSerializer()
    rates_count = serializers.IntegerField()

    class Meta:
        model = Rate
        fields = ["player", "rate", "deviation", "volatility", "rates_count"]
