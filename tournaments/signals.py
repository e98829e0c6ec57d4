"""How the tournaments floor tells the floors above it about entries, without importing them.

An upper app connects its receivers in its AppConfig.ready(); the senders know nothing of them."""

from dataclasses import dataclass

from django.dispatch import Signal
from django.utils.translation import gettext as _

# Sent with `entry` inside the transaction that withdrew or reinstated it (`entry.withdrawn` says which): the
# stages floor moves a knockout's bracket on (the opponent of a withdrawn entry advances). A receiver refuses the
# change by raising core.errors.ServiceError, which rolls the whole operation back.
entry_withdrawn = Signal()


@dataclass(frozen=True)
class DrawnStage:
    """A stage whose draw has begun, as the stages floor describes it: its name, and whether an entry added now
    still enters it (a Swiss stage pairs every active entry round by round; groups, round robins and knockouts
    keep the entrants they were drawn with)."""

    name: str
    takes_new_entries: bool


# Sent with `event` to ask which of its stages have been drawn: a receiver answers with a list of DrawnStage.
# An entry import asks before it writes, so the secretary confirms what it will and will not change.
drawn_stages_asked = Signal()


def drawn_stages(event):
    """The drawn stages of `event` (DrawnStage), as the floors above answer; empty when none is drawn."""
    answers = drawn_stages_asked.send(sender=type(event), event=event)
    return [stage for _, answer in answers for stage in answer or ()]


def removal_refusal(event):
    """Why no entry of `event` may be removed now (a stage of it has been drawn), or None."""
    drawn = drawn_stages(event)
    if not drawn:
        return None
    return _("%(stage)s has been drawn: withdraw the entry instead of removing it.") % {"stage": drawn[0].name}


@dataclass(frozen=True)
class StageLine:
    """A stage as the event page lists it, described by the stages floor: its name, page, kind, and its badge as
    its own page shows it (`badge`: not-drawn/pending, drawn, published, in-play or finished; `badge_words`)."""

    name: str
    url: str
    kind: str
    badge: str
    badge_words: str


# Sent with `event` and `secretary` (whether the reader is one of its secretaries: they also see preview rounds)
# to ask for the event page's list of stages: a receiver answers with a list of StageLine, in order.
event_stages_asked = Signal()


def event_stages(event, secretary=False):
    """The stages of `event` (StageLine), in order, as the floors above answer; empty when there are none."""
    answers = event_stages_asked.send(sender=type(event), event=event, secretary=secretary)
    return [stage for _, answer in answers for stage in answer or ()]
