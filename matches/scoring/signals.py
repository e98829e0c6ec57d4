"""What the score card tells the floors above it (they connect in their AppConfig.ready()).

`game_finished` is sent with `match`, `game_no` and `match_over` when the card stores a finished game, inside the
card's transaction and before the match is saved, so a receiver may set fields on the match (the conduct app
starts the rest before the deciding game, ICF 138, and sets `Match.rest_deadline`)."""

from django.dispatch import Signal

game_finished = Signal()
