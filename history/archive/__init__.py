"""The public archive, at the top of the `history` wing (`/archive/`): players' tournaments, results, rating history
chart and head-to-head, clubs, rating and championship rankings."""
