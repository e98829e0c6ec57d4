"""Floor 2: the draw. An event's stages (groups, round robin, Swiss rounds, knockout), their groups, rounds and
matches, the standings and the knockout bracket. The plain-Python engines (Swiss pairing, Berger tables, bracket
seeding, standings metrics) live in `stages.draws` and know nothing of Django. Upper floors are told what they
must know through `stages.signals`."""
