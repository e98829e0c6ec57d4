import pytest

from stages.models import Stage
from stages.services import draw_stage
from tests.factories import EntryFactory, EventFactory


@pytest.fixture
def groups_feeding_a_drawn_knockout(tournament):
    """A drawn groups stage whose knockout (the later stage) is drawn too: the groups' draw can no longer go."""
    event = EventFactory(tournament=tournament, rule_set="ecc")
    for _ in range(4):
        EntryFactory(event=event)
    groups = Stage.objects.create(event=event, name="Groups", kind="groups", group_count=2)
    draw_stage(groups)
    later = Stage.objects.create(event=event, order=2, name="KO", kind="knockout", source=groups, qualifiers=1)
    Stage.objects.filter(pk=later.pk).update(status="drawn")
    return groups
