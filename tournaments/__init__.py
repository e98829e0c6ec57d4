"""The people and the tournament, on the floor above `core` and `rules`. Clubs, players, tournaments, events,
entries (singles players and doubles pairs, with the CSV and Excel import), officials (secretaries, chief referees,
umpires) and notifications. `Tournament.objects.visible_to(user)` says who sees which tournament, `tournaments.privacy`
who sees what of a player; `Event.rules` is the event's rule set."""
