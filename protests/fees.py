"""The scrutiny fee (ICF 145): the tournament's setting, and the ledger of the fees paid. No protest is entertained
without the fee; it is refunded when the protest is upheld (ICF 151(a)) and forfeited otherwise (151(b)). Paying
and settling a fee are operations of `protests.services`; this module only reads."""

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Sum

from protests.models import ProtestSettings
from protests.selectors import paid_protests


def fee_of(tournament):
    """The tournament's scrutiny fee setting, or None until a secretary sets it."""
    return ProtestSettings.objects.filter(tournament=tournament).first()


@dataclass
class CurrencyTotals:
    currency: str
    paid: Decimal = Decimal("0.00")
    held: Decimal = Decimal("0.00")
    refunded: Decimal = Decimal("0.00")
    forfeited: Decimal = Decimal("0.00")

    @property
    def adds_up(self):
        return self.held + self.refunded + self.forfeited == self.paid


@dataclass
class Ledger:
    tournament: object
    totals: list = field(default_factory=list)  # CurrencyTotals, one per currency fees were paid in
    protests: list = field(default_factory=list)  # every protest with a fee paid, oldest first


def ledger(tournament):
    """The scrutiny fees of a tournament: paid, and of that held, refunded and forfeited, per currency. Paid is
    summed on its own, so the page shows that the three parts add up to it."""
    paid = paid_protests(tournament)
    totals = {}
    for row in paid.values("fee_currency").annotate(total=Sum("fee_amount")).order_by("fee_currency"):
        totals[row["fee_currency"]] = CurrencyTotals(row["fee_currency"], paid=cents(row["total"]))
    for row in paid.values("fee_currency", "fee_status").annotate(total=Sum("fee_amount")).order_by():
        setattr(totals[row["fee_currency"]], row["fee_status"], cents(row["total"]))
    return Ledger(tournament, list(totals.values()), list(paid.order_by("fee_paid_at", "pk")))


def cents(amount):
    # SQLite sums decimals without their places; amounts of money always show two.
    return Decimal(amount).quantize(Decimal("0.01"))
