"""Floor 3: the score card. The umpire's card board by board through the rules app, results and walkovers, the
match's state machine (`transitions.py`), replays, and the audit log of every change (who, when, before, after)."""
