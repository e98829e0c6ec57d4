"""The two kinds of draw error (after Tabbycat's ``DrawUserError`` and ``DrawFatalError``)."""


class DrawError(Exception):
    """A problem the secretary can fix: too few competitors, no full round left without a rematch, ...

    ``pairs_possible`` is set when a pairing round cannot be completed: the largest number of pairs (the bye
    counted as a pair) that can still be made without a rematch.
    """

    def __init__(self, message, *, pairs_possible=None):
        super().__init__(message)
        self.message = message
        self.pairs_possible = pairs_possible


class DrawBug(Exception):
    """An internal invariant failed. This should never happen; report it as a bug."""
