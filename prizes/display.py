"""The prize rules in words, for the event page, the prize list sheet and the API: "Junior: under 18 on 12 May
2026", "3 prizes"."""

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from prizes.models import PrizeCategory, ordered


def overall_title():
    return _("Overall")


def section_title(kind):
    return overall_title() if kind == "overall" else str(PrizeCategory.Kind(kind).label)


def prize_count(count):
    return ngettext("%(count)s prize", "%(count)s prizes", count) % {"count": count}


def rule_text(category, start):
    """Who is eligible, in a sentence; `start` the tournament's first day, on which ages are counted."""
    kind = PrizeCategory.Kind
    day = date_format(start, "DATE_FORMAT")
    if category.kind == kind.WOMEN:
        return _("Players recorded as female.")
    if category.kind == kind.JUNIOR and category.born_on_or_after is not None:
        return _("Born on or after %(date)s.") % {"date": date_format(category.born_on_or_after, "DATE_FORMAT")}
    if category.kind == kind.JUNIOR:
        return _("Under %(age)s on %(date)s.") % {"age": category.age_limit, "date": day}
    return _("%(age)s or older on %(date)s.") % {"age": category.age_limit, "date": day}


def rule_line(category, start):
    """A category's rule and prize count, e.g. "Under 18 on 12 May 2026. 3 prizes."."""
    return _("%(rule)s %(prizes)s.") % {"rule": rule_text(category, start), "prizes": prize_count(category.prizes)}


def event_rules(event):
    """Lines describing the event's prizes: the overall ones, each category's, and the rules for pairs and for
    overall winners."""
    start = event.tournament.start_date
    lines = []
    if event.overall_prizes:
        lines.append(_("Overall: %(prizes)s.") % {"prizes": prize_count(event.overall_prizes)})
    for category in ordered(event.prize_categories.all()):
        lines.append(
            _("%(category)s: %(rule)s %(prizes)s.")
            % {
                "category": category.get_kind_display(),
                "rule": rule_text(category, start),
                "prizes": prize_count(category.prizes),
            }
        )
    return lines


def notes(event):
    """The general rules printed under the prize list's heading."""
    lines = []
    if event.kind == event.Kind.DOUBLES and event.prize_categories.exists():
        lines.append(_("A pair is eligible for a category when both partners are."))
    if event.overall_winners_excluded:
        lines.append(_("Overall prize winners do not take a category's prize (one prize per person)."))
    return lines


def event_page_lines(event):
    """The event page's lines about its prizes: the overall prizes, each category's rule, the rules for pairs and
    for overall winners; empty when the event awards none (templatetags/prize_tags.py hands them to the page)."""
    return event_rules(event) + notes(event)


def missing_text(fact, names):
    """The placed entries a category could not consider, and why."""
    if fact == "sex":
        return _("Not considered, sex not recorded: %(names)s.") % {"names": ", ".join(names)}
    return _("Not considered, no date of birth: %(names)s.") % {"names": ", ".join(names)}
