"""Floor 1: the people and the tournament. Clubs, players, tournaments, events, entries (singles players and
doubles pairs, with the CSV import), officials (secretaries, chief referees, umpires) and notifications.
`Tournament.objects.visible_to(user)` says who sees what; `Event.rules` is the event's rule set."""
