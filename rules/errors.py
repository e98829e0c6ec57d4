"""Errors raised by the rules engine.

A ``RuleError`` is a mistake in the input that a user must fix: it names the input field and carries a message
that cites the law, e.g. ``RuleError("coins_left_of_loser", "ICF 52: at most 9 c/m can be left on the
board")``.
"""

from rules.translation import gettext as _


class RuleError(ValueError):
    """Input that the laws do not allow. ``field`` names the input field, ``message`` cites the law."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def as_dict(self) -> dict[str, list[str]]:
        """The error as a DRF-style field error: ``{"field": ["message"]}``."""
        return {self.field: [self.message]}


class UnknownRuleSet(LookupError):
    """No rule set is registered under this key."""

    def __init__(self, key: str):
        super().__init__(_("No rule set is registered under the key %(key)s.") % {"key": repr(key)})
        self.key = key
