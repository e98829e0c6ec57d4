"""The score card, in the `matches` wing: the umpire's card board by board through the rules app, the final score
for events that keep no boards, walkovers, retirements, replays from board N, confirmation, and the results that
flow into standings and brackets. The state machine, the lock and the audit log it writes are the wing's own
(`matches.transitions`, `matches.services`, `matches.audit`)."""
