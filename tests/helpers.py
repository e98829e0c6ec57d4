"""Shared builders for the match tests: rounds and matches, knockouts, boards of a score card."""

from django.core.files.uploadedfile import SimpleUploadedFile

from matches.scoring.services import record_result
from protests.models import ProtestPhoto
from stages.models import Match, Stage
from stages.services import draw_stage, publish_stage
from tests.factories import EntryFactory, EventFactory, MatchFactory, RoundFactory


def make_round(tournament, rule_set="icf", kind=Stage.Kind.SWISS, matches=0, **fields):
    """A round of a new stage (`kind`) in a new event (`rule_set`) of `tournament`, with matches numbered 1 to
    `matches`. `fields` go to RoundFactory, as factory-boy spells them: status=..., stage__event__name=..."""
    rnd = RoundFactory(stage__event__tournament=tournament, stage__event__rule_set=rule_set, stage__kind=kind, **fields)
    for number in range(1, matches + 1):
        MatchFactory(round=rnd, number=number)
    return rnd


def make_match(tournament, rule_set="icf", kind=Stage.Kind.ROUND_ROBIN, **fields):
    return MatchFactory(round=make_round(tournament, rule_set, kind), **fields)


def knockout(tournament, size=4, publish=True):
    """An ICF knockout of `size` seeded entries, drawn and published (`publish=False`: left a preview, whose
    matches take no play)."""
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, size + 1):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT)
    draw_stage(stage)
    if publish:
        publish_stage(stage)
    return stage


def play_round_robin(event, secretary, finish=True):
    """A round robin of the event's entries, drawn and published, the lower seed always winning 2-0 (ICF 57);
    finished unless `finish` is false."""
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN, keep_apart="")
    draw_stage(stage)
    publish_stage(stage)
    for match in Match.objects.filter(stage=stage).exclude(entry_b=None):
        a_wins = match.entry_a.seed < match.entry_b.seed
        record_result(match, [(25, 10), (25, 12)] if a_wins else [(10, 25), (12, 25)], confirm=True, user=secretary)
    if finish:
        stage.status = Stage.Status.FINISHED
        stage.save()
    return stage


def win(side, coins, queen=False):
    """An ordinary finish: `side` pocketed all his c/m first with `coins` of the opponent's left (ICF 52, 53)."""
    board = {"winner": side, "coins_left_of_loser": coins}
    if queen:
        board["queen"] = "covered_by_winner"
    return board


# A 25-3 ICF game in four boards: 5+Q, B 3, 9+Q (12, ICF 55), 5.
GAME_25_3 = [win("A", 5, queen=True), win("B", 3), win("A", 9, queen=True), win("A", 5)]


# A 25-0 game in three boards: 12, 12, 1 (the queen counts up to 21: ICF 54).
def game_25_0(side):
    return [win(side, 9, queen=True), win(side, 9, queen=True), win(side, 1)]


def protest_photo(protest):
    """A photo of the protest (a 1-pixel GIF), stored in the test's MEDIA_ROOT: the caller points it at a tmp_path."""
    return ProtestPhoto.objects.create(
        protest=protest,
        image=SimpleUploadedFile("p.gif", b"GIF89a", content_type="image/gif"),
        image_format="GIF",
        size=6,
        width=1,
        height=1,
    )
