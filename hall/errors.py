"""What the hall services raise when a change is refused."""

from core.errors import ServiceError


class HallError(ServiceError):
    """Hall settings that cannot be saved; `field` names the setting."""
