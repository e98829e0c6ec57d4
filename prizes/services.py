"""The prizes an event awards, set by its secretary: how many overall prizes, whether an overall prize winner may
also take a category's, and the categories (women, junior, veteran) with their rules. One function validates and
writes them, for the event page's form and the API alike. Who wins is read in prizes.winners."""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from prizes.models import PrizeCategory

MAX_PRIZES = 100

TOO_MANY = gettext_lazy("Give a number of prizes from 0 to %(most)s.")


@dataclass
class CategoryRule:
    kind: str
    prizes: int = 3
    age_limit: int | None = None
    born_on_or_after: object = None  # a date


def check_category(rule):
    """The refusal (field, message) of one category's rule, or None. Field names are the API's."""
    kind = PrizeCategory.Kind
    if rule.kind not in kind.values:
        return "kind", _("Choose women, junior or veteran.")
    if rule.prizes is None or not 0 <= rule.prizes <= MAX_PRIZES:
        return "prizes", TOO_MANY % {"most": MAX_PRIZES}
    if rule.age_limit is not None and not 1 <= rule.age_limit <= 120:
        return "age_limit", _("Give an age from 1 to 120.")
    if rule.kind == kind.WOMEN and (rule.age_limit is not None or rule.born_on_or_after):
        return "age_limit", _("The women's category has no age rule.")
    if rule.kind == kind.JUNIOR and (rule.age_limit is None) == (rule.born_on_or_after is None):
        return "age_limit", _(
            "A junior category needs either an age (under) or a date of birth (on or after), not both."
        )
    if rule.kind == kind.VETERAN:
        if rule.age_limit is None:
            return "age_limit", _("A veteran category needs the age its players have reached.")
        if rule.born_on_or_after:
            return "born_on_or_after", _("A veteran category is set by age only.")
    return None


def set_prizes(event, *, overall_prizes, overall_winners_excluded, categories):
    """Replace the event's prize rules; `categories` a list of CategoryRule, each kind at most once. Raises
    ServiceError (field "overall_prizes" or "categories", the message naming the category) and writes nothing."""
    if overall_prizes is None or not 0 <= overall_prizes <= MAX_PRIZES:
        raise ServiceError("overall_prizes", TOO_MANY % {"most": MAX_PRIZES})
    seen = set()
    for rule in categories:
        refusal = check_category(rule)
        if refusal is None and rule.kind in seen:
            refusal = "kind", _("Each category at most once.")
        if refusal is not None:
            field, message = refusal
            label = PrizeCategory.Kind(rule.kind).label if rule.kind in PrizeCategory.Kind.values else rule.kind
            if field != "kind":
                message = _("%(category)s: %(reason)s") % {"category": label, "reason": message}
            raise ServiceError("categories", message)
        seen.add(rule.kind)
    with transaction.atomic():
        event.overall_prizes = overall_prizes
        event.overall_winners_excluded = overall_winners_excluded
        event.save(update_fields=["overall_prizes", "overall_winners_excluded"])
        event.prize_categories.all().delete()
        PrizeCategory.objects.bulk_create(
            PrizeCategory(
                event=event,
                kind=rule.kind,
                prizes=rule.prizes,
                age_limit=rule.age_limit,
                born_on_or_after=rule.born_on_or_after,
            )
            for rule in categories
        )
    return event
