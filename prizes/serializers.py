"""The prizes' API bodies: the event's prize rules (…/prize-categories/) and its prize list (…/prizes/)."""

from rest_framework import serializers

from prizes.models import PrizeCategory
from prizes.services import MAX_PRIZES


class PrizeCategorySerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=PrizeCategory.Kind.choices)
    prizes = serializers.IntegerField(min_value=0, max_value=MAX_PRIZES, default=3)
    age_limit = serializers.IntegerField(
        min_value=1,
        max_value=120,
        required=False,
        allow_null=True,
        default=None,
        help_text="Junior: under this age on the tournament's first day; veteran: at least this age.",
    )
    born_on_or_after = serializers.DateField(
        required=False, allow_null=True, default=None, help_text="Junior only, instead of an age."
    )
    rule = serializers.CharField(read_only=True, help_text="Who is eligible, in words.")


class PrizeSettingsSerializer(serializers.Serializer):
    overall_prizes = serializers.IntegerField(min_value=0, max_value=MAX_PRIZES, default=3)
    overall_winners_excluded = serializers.BooleanField(
        default=False, help_text="One prize per person: overall prize winners take no category's prize."
    )
    categories = PrizeCategorySerializer(many=True)


class PrizeWinnerSerializer(serializers.Serializer):
    prize = serializers.IntegerField()
    prize_shared = serializers.BooleanField()
    place = serializers.IntegerField(help_text="The place in the event's final placings.")
    place_shared = serializers.BooleanField()
    entry = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    country = serializers.CharField()


class MissingSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    place = serializers.IntegerField()


class PrizeSectionSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text='"overall", "women", "junior" or "veteran".')
    title = serializers.CharField()
    prizes = serializers.IntegerField(help_text="How many prizes; entries tied at the last one share it.")
    rule = serializers.CharField()
    winners = PrizeWinnerSerializer(many=True)
    not_considered = MissingSerializer(many=True)
    not_considered_for_want_of = serializers.CharField(help_text='"date_of_birth", "sex" or "".')


class PrizeListSerializer(serializers.Serializer):
    provisional = serializers.BooleanField(help_text="True while a stage of the event is not finished.")
    overall_winners_excluded = serializers.BooleanField()
    sections = PrizeSectionSerializer(many=True)
