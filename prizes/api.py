"""The prizes through the API, under /api/tournaments/<slug>/events/<id>/:

- prize-categories/: the event's prize rules; GET (anyone who sees the tournament) and PUT (its secretaries). PUT
  replaces them all, through the same service as the event page's form (prizes.services.set_prizes).
- prizes/: the prize list (prizes.selectors.event_prize_list), GET for anyone who sees the tournament: the overall
  prizes, then each prize category's winners with their prize and place, and the entries a category could not
  consider for want of a date of birth or a recorded sex."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ServiceAPIView
from core.http_errors import error_responses
from printing.export_data import person_values
from prizes import display
from prizes.models import ordered
from prizes.selectors import event_prize_list
from prizes.serializers import PrizeListSerializer, PrizeSettingsSerializer
from prizes.services import CategoryRule, set_prizes
from stages.models import Stage
from tournaments.models import Event
from tournaments.scoping import TournamentScopedMixin


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
                "rule": display.rule_line(category, start),
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


def names(entry):
    name, club, country = person_values(entry)
    return {"name": name, "club": club, "country": country}


def section_body(section, start):
    rule = display.prize_count(section.prizes)
    if section.rule is not None:
        rule = display.rule_line(section.rule, start)
    return {
        "kind": section.kind,
        "title": display.section_title(section.kind),
        "prizes": section.prizes,
        "rule": rule,
        "winners": [
            {
                "prize": w.prize,
                "prize_shared": w.shared,
                "place": w.placing.place,
                "place_shared": w.placing.shared,
                "entry": w.placing.entry.pk,
                **names(w.placing.entry),
            }
            for w in section.winners
        ],
        "not_considered": [{"entry": p.entry.pk, "name": p.entry.name, "place": p.place} for p in section.missing],
        "not_considered_for_want_of": section.missing_fact,
    }


class EventPrizesView(TournamentScopedMixin, APIView):
    @extend_schema(responses={200: PrizeListSerializer, **error_responses(404)})
    def get(self, request, tournament_slug, event_pk):
        event = get_object_or_404(Event.objects.select_related("tournament"), pk=event_pk, tournament=self.tournament)
        statuses = list(event.stages.values_list("status", flat=True))
        start = event.tournament.start_date
        body = {
            "provisional": any(status != Stage.Status.FINISHED for status in statuses),
            "overall_winners_excluded": event.overall_winners_excluded,
            "sections": [section_body(section, start) for section in event_prize_list(event)],
        }
        return Response(PrizeListSerializer(body).data)
