"""Protests (ICF XVIII, rules 144-151), on the floor above the `matches` wing: the oral protest at the board, the
written protest, the decision and its deadline, the scrutiny fee and its ledger. A protested result is withheld
until the decision."""
