"""Errors of the results flow. `scoring.services` re-exports them."""


class ResultError(Exception):
    """A result that cannot be recorded; `field` names what is wrong, the message names the law."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field = field
        self.message = message

    def as_dict(self):
        return {self.field: [self.message]}

    def show_on(self, form):
        """Put the refusal on a page's form: on its field when the form has it, else at the top."""
        form.add_error(self.field if self.field in form.fields else None, self.message)


class TransitionError(ResultError):
    """A change of a match's state that the state machine does not allow."""

    def __init__(self, message):
        super().__init__("status", message)


class NotAllowed(ResultError):
    """The user may not do this to this match (e.g. confirm the score card they entered themselves)."""


class Conflict(ResultError):
    """The score card changed since the client read it (e.g. two umpires entered the same board at once): the
    API answers 409 with the card as it now stands."""
