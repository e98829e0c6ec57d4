"""The match and its day: what happens to a match from the draw to its confirmed result.

Here, shared by every match-day app: the lock on a match (`services.lock_match`), its state machine
(`transitions`), the audit log of every change (`models.ResultChange`, written by `audit.log_change`) and who may do
what to it (`permissions`). The Match model itself is `stages.models.Match`: a draw creates the matches, so they are
made one floor down, beside the rounds and groups they belong to.

The match-day apps, each an app of its own (its label is its folder's name):
- `scoring`: the umpire's score card, board by board, and the result;
- `scheduling`: the venue's carrom boards (tables), the schedule, calling a round and the round clock;
- `checkin`: the check-in desk, reporting deadlines and late-arrival forfeits;
- `conduct`: the referee's desk: warnings, penalties, concession and the rest before the deciding game."""
