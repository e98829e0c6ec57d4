"""Floor 5: the check-in desk. Players report at their boards; reporting deadlines from the rule set's
late-arrival law (ICF 143); forfeits applied by a periodic task; the chief referee's cancellations; Swiss
withdrawals after a forfeit."""
