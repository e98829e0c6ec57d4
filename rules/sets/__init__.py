"""The built-in rule sets. Importing this package registers them."""

from rules.sets import ecc, icf, office, queen2  # noqa: F401
