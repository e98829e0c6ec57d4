"""The event's prize rules through the API: GET (anyone who sees the tournament) and PUT (its secretaries)
/api/tournaments/<slug>/events/<id>/prize-categories/. PUT replaces them all, through the same service as the event
page's form (tournaments.prize_services.set_prizes). The prize list itself is stages' (…/prizes/)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.http_errors import error_responses
from tournaments import prize_display
from tournaments.models import Event, PrizeCategory
from tournaments.prize_services import MAX_PRIZES, CategoryRule, ordered, set_prizes
from tournaments.scoping import TournamentScopedMixin


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


def settings_body(event):
    start = event.tournament.start_date
    return {
        "overall_prizes": event.overall_prizes,
        "overall_winners_excluded": event.overall_winners_excluded,
        "categories": [
            {
                "kind": category.kind,
                "prizes": category.prizes,
                "age_limit": category.age_limit,
                "born_on_or_after": category.born_on_or_after,
                "rule": prize_display.rule_line(category, start),
            }
            for category in ordered(event.prize_categories.all())
        ],
    }


class PrizeCategoriesView(TournamentScopedMixin, ServiceAPIView):
    """GET the event's prize rules; PUT {overall_prizes, overall_winners_excluded, categories: [{kind, prizes,
    age_limit, born_on_or_after}]} replaces them (secretaries only)."""

    def event(self):
        return get_object_or_404(Event, pk=self.kwargs["event_pk"], tournament=self.tournament)

    @extend_schema(responses={200: PrizeSettingsSerializer, **error_responses(404)})
    def get(self, request, tournament_slug, event_pk):
        return Response(PrizeSettingsSerializer(settings_body(self.event())).data)

    @extend_schema(
        request=PrizeSettingsSerializer, responses={200: PrizeSettingsSerializer, **error_responses(400, 403, 404)}
    )
    def put(self, request, tournament_slug, event_pk):
        event = self.event()
        data = self.valid(PrizeSettingsSerializer)
        rules = [
            CategoryRule(c["kind"], c["prizes"], c.get("age_limit"), c.get("born_on_or_after"))
            for c in data["categories"]
        ]
        set_prizes(
            event,
            overall_prizes=data["overall_prizes"],
            overall_winners_excluded=data["overall_winners_excluded"],
            categories=rules,
        )
        return Response(PrizeSettingsSerializer(settings_body(event)).data)
