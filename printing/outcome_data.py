"""What the placings and bracket sheets print, read from the database (stages.placings places the entries) and
shaped into printing.outcome_pdf's dataclasses. Published rounds only, as on the public pages."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from printing import outcome_pdf as outcome
from printing.export_data import placing_lines
from printing.pdf import Heading, Section
from printing.selectors import printed
from stages import placings
from stages.display import side_scores
from stages.draws.knockout import THIRD_PLACE
from stages.models import Round, Stage


class NoBracket(Exception):
    """Only a knockout has a bracket."""


def provisional(stages):
    """A note while a stage is still being played (its secretary has not finished it): its placings can change."""
    if all(stage.status == Stage.Status.FINISHED for stage in stages):
        return ""
    if len(stages) == 1:
        return _("Provisional: this stage is not finished yet.")
    return _("Provisional: not every stage of this event is finished yet.")


def stage_placings_sheet(stage):
    """(Heading, sections) of a stage's final placings: one section, or one per group of a groups stage."""
    heading = Heading(
        title=f"{_('Final placings')} · {stage.name}",
        tournament=stage.event.tournament.name,
        lines=[f"{stage.event.name} · {stage.get_kind_display()}", provisional([stage])],
        printed=printed(),
    )
    sections = [
        Section(title, [outcome.PlacingLine(*line) for line in placing_lines(rows)])
        for title, rows in placings.stage_placings(stage).items()
    ]
    return heading, sections


def event_placings_sheet(event):
    """(Heading, [section]) of an event's final placings over all its stages."""
    stages = list(event.stages.all())
    heading = Heading(
        title=f"{_('Final placings')} · {event.name}",
        tournament=event.tournament.name,
        lines=[provisional(stages)],
        printed=printed(),
    )
    lines = [outcome.PlacingLine(*line) for line in placing_lines(placings.event_stage_placings(event))]
    return heading, [Section("", lines)] if lines else []


def bracket_sheet_data(stage):
    """(Heading, rounds, third-place round or None, champion's name) of a knockout's published bracket."""
    if stage.kind != Stage.Kind.KNOCKOUT:
        raise NoBracket(_("Only a knockout has a bracket."))
    rounds = list(stage.rounds.filter(status=Round.Status.PUBLISHED).order_by("number"))
    matches = stage.matches.filter(round__in=rounds).select_related("entry_a", "entry_b").order_by("number")
    by_round = {r.pk: [] for r in rounds}
    for match in matches:
        by_round[match.round_id].append(match)
    heading = Heading(
        title=f"{_('Bracket')} · {stage.name}",
        tournament=stage.event.tournament.name,
        lines=[stage.event.name],
        printed=printed(),
    )
    bracket = [outcome.BracketRound(r.display_name, boxes(by_round[r.pk])) for r in rounds if r.name != THIRD_PLACE]
    third = next((r for r in rounds if r.name == THIRD_PLACE and by_round[r.pk]), None)
    third_round = outcome.BracketRound(third.display_name, boxes(by_round[third.pk])) if third else None
    final = next((by_round[r.pk][0] for r in reversed(rounds) if r.name == "final" and by_round[r.pk]), None)
    champion = ""
    if final is not None and final.is_decided and final.winner_id:
        champion = final.entry_a.name if final.winner_id == final.entry_a_id else final.entry_b.name
    return heading, bracket, third_round, champion


def boxes(matches):
    return [box(match) for match in matches]


def box(match):
    score_a, score_b = side_scores(match)
    winner = ""
    if match.is_decided and match.winner_id:
        winner = "A" if match.winner_id == match.entry_a_id else "B"
    bye = pgettext("no opponent", "bye") if match.status == match.Status.BYE else ""
    return outcome.BracketBox(
        side_a=match.entry_a.name if match.entry_a else bye,
        side_b=match.entry_b.name if match.entry_b else bye,
        score_a=str(score_a),
        score_b=str(score_b),
        winner=winner,
    )
