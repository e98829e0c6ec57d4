"""What the stages floor's operations raise when the secretary asks for something that cannot be done now. The
engines' own errors (a setup mistake, a bug) are in stages.draws.errors; the services turn them into these."""


class StageError(Exception):
    """An operation the secretary asked for cannot be done now; the message says why."""
