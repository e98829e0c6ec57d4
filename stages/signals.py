"""How the stages floor, and the floors just above it, tell the upper ones what they cannot import.

An upper app connects its receivers in its AppConfig.ready(); the senders know nothing of them."""

from django.dispatch import Signal

# Sent with `matches` (a list) when what their reporting deadlines count from has changed: a match's call or
# state (scoring), its planned time or its round clock (scheduling). Sent inside the sender's transaction, before
# the sender saves the matches, so a receiver may set fields on them (the check-in desk sets `report_deadline`).
match_times_changed = Signal()

# Sent with `stage` inside the transaction that finished it (stages.services.finish_stage): the ratings app
# recomputes the rating the event uses once it commits; the webhooks app tells the tournament's own systems.
stage_finished = Signal()

# Sent with `match` when its result comes to count (confirmed, a walk-over, a withheld result released, a confirmed
# result corrected), inside the transaction that decided it, after the match is saved
# (matches.services.result_changed): the webhooks app tells the tournament's own systems.
result_confirmed = Signal()


# Sent with `matches` (a list) and `news` when the players of those matches should hear of it: "drawn" (their
# round is published), "called" (their match is announced: go to the table) or "moved" (its table or time
# changed). Sent inside the sender's transaction, after the matches are saved; a receiver that tells people
# queues the telling with transaction.on_commit, so a rolled-back action tells nobody.
match_news = Signal()
NEWS = ("drawn", "called", "moved")


# Sent to ask how to read the rating a member's player had when their event began: an app that keeps ratings
# answers with a query expression over entry members (None where the event uses no rating). Seeding, Swiss
# pairing and side information read it (selectors.entry_rating); without it, a player's own `rating` counts.
# Sent with `events`, the ids of the members' events, when the sender knows them: the answer may then hold for those
# events only, and is None when none of them uses a rating (the members are read without a subquery each).
member_rating_asked = Signal()


def with_event_ratings(members, events=None):
    """Entry members annotated with `event_rating` when an app answers member_rating_asked. `events`: the ids of
    the events the members are entries of, when known."""
    for _, expression in member_rating_asked.send(sender=members.model, events=events):
        if expression is not None:
            return members.annotate(event_rating=expression)
    return members


# Sent with `rubber` (a match of a team tie) whenever its result changed, inside the transaction that changed it:
# the ties app settles the tie's score from its rubbers.
rubber_changed = Signal()
