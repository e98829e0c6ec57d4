"""What the scheduling services raise when a change is refused."""

from core.errors import ServiceError


class ScheduleError(ServiceError):
    """A schedule change that is refused. `errors` maps each field to its messages ({"table": ["..."]})."""

    def __init__(self, errors):
        self.errors = errors
        field = next(iter(errors))
        super().__init__(field, " ".join(message for messages in errors.values() for message in messages))

    def as_dict(self):
        return self.errors


def refuse(field, message):
    raise ScheduleError({field: [message]})
