"""What the ratings ask the floors above them."""

from django.dispatch import Signal

# Sent to ask an event's final ranking as its prizes give it (SoL ranks a prized tourney by prize first, and its
# prizes need not follow the standings): an app that prizes events answers with the entry ids from the first
# place, or an empty list when the event has no prizes. Keyword argument: `event`.
prize_ranking_asked = Signal()


def prize_ranking(event):
    """The event's entry ids in prize order, or [] when no app answers with one."""
    for _, ranking in prize_ranking_asked.send(sender=type(event), event=event):
        if ranking:
            return list(ranking)
    return []
