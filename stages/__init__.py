"""The draw, on the floor above `tournaments`. An event's stages (groups, round robin, Swiss rounds, knockout),
their groups, rounds and matches (the Match model is here: a draw creates them), the standings and the knockout
bracket. The plain-Python engines (Swiss pairing, Berger tables, bracket seeding, standings metrics) live in
`stages.draws` and know nothing of Django. What happens to a match once drawn is the `matches` wing's, one floor up;
the floors above are told what they must know through `stages.signals`."""
