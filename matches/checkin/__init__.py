"""The check-in desk, in the `matches` wing above scheduling: players report at their boards (at the desk, or
themselves: "I am at table N"); reporting deadlines from the rule set's late-arrival law (ICF 143(i), ECC 18);
forfeits applied by a periodic task; the chief referee's cancellations; Swiss withdrawals after a forfeit."""
