"""How the tournaments floor tells the floors above it about entries, without importing them.

An upper app connects its receivers in its AppConfig.ready(); the senders know nothing of them."""

from dataclasses import dataclass

from django.dispatch import Signal
from django.utils.translation import gettext as _

# Sent with `entry` inside the transaction that withdrew or reinstated it (`entry.withdrawn` says which): the
# stages floor moves a knockout's bracket on (the opponent of a withdrawn entry advances). A receiver refuses the
# change by raising core.errors.ServiceError, which rolls the whole operation back.
entry_withdrawn = Signal()


# Sent with `team` and `dropped` (the players leaving its roster) inside the transaction that changes a team's
# roster: the match day refuses, by raising core.errors.ServiceError, to drop a player its captain has named in
# the line-up of a tie not yet over.
roster_changing = Signal()


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

# Sent with `mails`, OutgoingMail rows refused for good or past MAIL_MAX_ATTEMPTS tries (tournaments.mail), outside
# any transaction of theirs: the players floor tells each tournament's officials, on the page where they see the
# news and e-mails not delivered.
mail_undelivered = Signal()

# Sent with `player` to gather everything held about them (tournaments.consent.player_data): a receiver answers
# with a dict of sections ({"results": [...]}), plain JSON-ready data.
player_data_asked = Signal()

# Sent with `player` inside the transaction that erases them (tournaments.consent.erase_player), their name already
# replaced by a pseudonym: a receiver deletes what it holds of the person (a portrait, personal links), never a
# result.
player_erasing = Signal()


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


# Sent with `kept` and `merged`, two Player rows of one person, inside the transaction that merges them
# (tournaments.merging): each app above moves its own rows naming `merged` over to `kept` (a line-up, a rate, a
# personal link...), or refuses the merge by raising core.errors.ServiceError. `merged` is deleted afterwards; a
# row still naming it then stops the merge (nothing is lost to a cascade).
players_merging = Signal()
