"""A federation's receipt (PDF): the entries its delegate sent, each entry's fee and whether it is due, paid (how,
when) or waived, and the totals by currency. Printed in the sheets' type (printing.fonts), so every player's name
prints, in whatever script it is written."""

import io

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table

from printing.pdf import build, document, styles
from printing.pdf_kit import grid_style, para

COLUMNS = (0.34, 0.22, 0.16, 0.28)  # entry, event, fee, status


def money(amount, currency):
    return f"{formats.number_format(amount, 2, use_l10n=True)} {currency}"


def receipt_pdf(summary, compress=None):
    """The receipt of a delegation (federations.selectors.DelegationSummary), as PDF bytes."""
    delegation = summary.delegation
    st = styles()
    title = _("Entry fees of %(federation)s") % {"federation": delegation.federation.name}
    story = [
        para(title, st["title"]),
        para(delegation.tournament.name, st["text"]),
        para(
            _("Printed on %(date)s") % {"date": formats.date_format(timezone.localdate(), "DATE_FORMAT")},
            st["small"],
        ),
        Spacer(1, 4 * mm),
    ]
    width = document(io.BytesIO(), title, compress).width
    rows = [[para(text, st["colhead"]) for text in (_("Entry"), _("Event"), _("Fee"), _("Status"))]]
    for entry in summary.entries:
        if entry.fee is None:
            continue
        rows.append(
            [
                para(entry.real_name, st["cell"]),
                para(entry.event.name, st["cell"]),
                para(money(entry.fee.amount, entry.fee.currency), st["right"]),
                para(fee_status(entry), st["cell"]),
            ]
        )
    if len(rows) == 1:
        story.append(para(_("No entry of this federation has a fee."), st["text"]))
    else:
        table = Table(rows, colWidths=[width * share for share in COLUMNS], repeatRows=1)
        table.setStyle(grid_style())
        story += [table, Spacer(1, 5 * mm)]
    for total in summary.fee_totals:
        line = _("%(currency)s: paid %(paid)s, due %(due)s, waived %(waived)s") % {
            "currency": total.currency,
            "paid": money(total.paid, total.currency),
            "due": money(total.due, total.currency),
            "waived": money(total.waived, total.currency),
        }
        story.append(para(line, st["section"]))
    buffer = io.BytesIO()
    return build(document(buffer, title, compress), story, footer=title)


def fee_status(entry):
    """The entry's fee status as the receipt prints it."""
    payment = entry.payment
    if entry.withdrawn and entry.fee_status == "due":
        return _("Withdrawn: nothing due")
    if payment is None:
        return pgettext("fee", "Due")
    if entry.fee_status == "paid":
        return _("Paid: %(method)s, %(date)s") % {
            "method": payment.get_method_display(),
            "date": formats.date_format(payment.paid_on, "SHORT_DATE_FORMAT"),
        }
    return payment.get_status_display()
