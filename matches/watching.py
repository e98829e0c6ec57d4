"""What a change of a match's own rows (its games and boards, its audit trail, the referee's records, the board
kept stroke by stroke) tells the public pages (core.page_cache.watch): the pages of its tournament that show its
stage, its round's stamp, and the match itself noted with that stamp (core.piece_notes), so that a worker which
kept the round reads that match again rather than the whole round."""

from core.page_cache import watch


def watch_match_rows(*models, match="match"):
    """Watch the rows of `models`; `match`: the path from such a row to its match."""
    for model in models:
        watch(
            model,
            f"{match}__stage__event__tournament",
            part=f"{match}__stage",
            piece=f"{match}__round",
            noted=match,
        )
