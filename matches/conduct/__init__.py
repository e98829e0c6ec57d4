"""The referee's desk, at the top of the `matches` wing: warnings, loss of the entire match (ICF 143), concession
(ICF 139), the rest before the deciding game (ICF 138) and its deadline, and each player's disciplinary record."""
