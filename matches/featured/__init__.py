"""The featured tables, at the top of the `matches` wing: what a tournament shows on stream (a table, whatever match
is played on it now, or one match), as a transparent overlay for streaming software and as a plain court-side
scoreboard, both following the score card board by board."""
