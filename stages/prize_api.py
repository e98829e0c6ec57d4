"""GET /api/tournaments/<slug>/events/<id>/prizes/: the event's prize list (stages.prizes), for anyone who sees the
tournament: the overall prizes, then each prize category's winners with their prize and place, and the entries a
category could not consider for want of a date of birth or a recorded sex."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from stages import prizes
from stages.models import Stage
from tournaments import prize_display
from tournaments.models import Event
from tournaments.scoping import TournamentScopedMixin


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


def names(entry):
    players = [member.player for member in entry.members.all()]
    clubs = dict.fromkeys(player.club.name for player in players if player.club)
    countries = dict.fromkeys(player.country for player in players if player.country)
    return {"name": entry.name, "club": " / ".join(clubs), "country": " / ".join(countries)}


def section_body(section, start):
    rule = prize_display.prize_count(section.prizes)
    if section.rule is not None:
        rule = prize_display.rule_line(section.rule, start)
    return {
        "kind": section.kind,
        "title": prize_display.section_title(section.kind),
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
            "sections": [section_body(section, start) for section in prizes.event_prize_list(event)],
        }
        return Response(PrizeListSerializer(body).data)
