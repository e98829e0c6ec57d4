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
