"""What a service raises when the user's request cannot be done: pages put it on their form, the API answers it
(core.api.ServiceAPIView: NotAllowed 403, Conflict 409 where the view says so, any other 400 with field errors)."""


class ServiceError(Exception):
    """A request that cannot be done now (a result, a schedule, a protest...); `field` names what is wrong, the
    message says why and names the law where one applies."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field = field
        self.message = message

    def as_dict(self):
        return {self.field: [self.message]}

    def show_on(self, form):
        """Put the refusal on a page's form: on its field when the form has it, else at the top."""
        form.add_error(self.field if self.field in form.fields else None, self.message)


class NotAllowed(ServiceError):
    """The user may not do this (e.g. confirm the score card they entered themselves): the API answers 403."""


class Conflict(ServiceError):
    """What the client read has changed since (e.g. two umpires entered the same board of a score card at once):
    the API answers 409 with the state as it now stands."""
