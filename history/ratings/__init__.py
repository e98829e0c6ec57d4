"""Ratings, in the `history` wing: Glicko-2 rates computed as SoL 5.26 computes them, the events that use a rating
(seeding reads it) and `recompute_ratings`. See README.md beside this file."""
