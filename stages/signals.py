"""How the stages floor, and the floors just above it, tell the upper ones what they cannot import.

An upper app connects its receivers in its AppConfig.ready(); the senders know nothing of them."""

from django.dispatch import Signal

# Sent with `matches` (a list) when what their reporting deadlines count from has changed: a match's call or
# state (scoring), its planned time or its round clock (scheduling). Sent inside the sender's transaction, before
# the sender saves the matches, so a receiver may set fields on them (the check-in desk sets `report_deadline`).
match_times_changed = Signal()

# Sent with `tournament` to ask how many carrom boards (tables) its hall has: Swiss pairing spreads players over
# the tables. The scheduling app answers with a number; with no answer, pairing assigns no tables.
tables_asked = Signal()


def hall_tables(tournament):
    """The tables of the tournament's hall, as the app that keeps the venue answers (0 without one)."""
    answers = [answer for _, answer in tables_asked.send(sender=type(tournament), tournament=tournament)]
    return next((answer for answer in answers if answer), 0)
