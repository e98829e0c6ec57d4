"""Template helpers for protests: the countdown text and the protest box shown on match pages."""

from django import template
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches.permissions import is_official
from protests import permissions

register = template.Library()


@register.filter
def countdown(deadline, now=None):
    """ "12 min left", "due now" or "overdue by 3 min" (protests/countdown.js keeps it ticking on the page)."""
    if deadline is None:
        return ""
    seconds = int((deadline - (now or timezone.now())).total_seconds())
    minutes = abs(seconds) // 60
    # "min" and "s" are abbreviations: the same for one and many in English, not in every language.
    if seconds >= 60:
        return ngettext("%(n)s min left", "%(n)s min left", minutes) % {"n": minutes}
    if seconds >= 0:
        return ngettext("%(n)s s left", "%(n)s s left", seconds) % {"n": seconds}
    if minutes:
        return ngettext("overdue by %(n)s min", "overdue by %(n)s min", minutes) % {"n": minutes}
    return _("due now")


@register.simple_tag(takes_context=True)
def protest_box(context, match):
    """What the match page shows about protests: every protest's status (anyone), a link to each (the officials,
    umpires and players of the match) and "log a protest" (the match's umpire or an official). Pages listing many
    matches include it once per match, so the official check is made once per stage and request."""
    user = context.get("user")
    protests = list(match.protests.all())
    box = {"protests": protests, "can_read": False, "can_log": False, "slug": ""}
    if user is None or not user.is_authenticated:
        return box
    may_log = permissions.is_match_umpire(user, match) or official(context, user, match)
    box["can_log"] = may_log and permissions.under_way(match)
    rule_set = match.stage.event.rules
    if box["can_log"] and rule_set.protest_window_minutes is None:  # ECC, office: not offered, and why
        box["can_log"], box["not_offered"] = False, rule_set.no_protest_reason
    box["can_read"] = bool(protests) and permissions.can_read(user, match)
    if box["can_log"] or box["can_read"]:
        box["slug"] = match.stage.event.tournament.slug
    return box


def official(context, user, match):
    request = context.get("request")
    memo = getattr(request, "_protest_officials", None)
    if memo is None:
        memo = {}
        if request is not None:
            request._protest_officials = memo
    if match.stage_id not in memo:
        memo[match.stage_id] = is_official(user, match)
    return memo[match.stage_id]
