"""Checking a stage's settings before it is saved: the page form and the API both ask here, so each rule is
written once, for a new stage and a changed one alike."""

from django.db.models import Max
from django.utils.translation import gettext as _

from stages.draws.standings import METRICS
from stages.draws.ties import FormatError, parse_format
from stages.models import Stage


def next_order(event):
    """A new stage's place in its event's order: after the last one."""
    last = event.stages.aggregate(last=Max("order"))["last"]
    return (last or 0) + 1


def settings_errors(event, values, stage=None):
    """What is wrong with a stage's settings, as {field: message}.

    `values` holds the submitted settings; missing ones are read from `stage` (an update)."""

    def value(name):
        return values[name] if name in values else getattr(stage, name, None)

    errors = {}
    order, source, kind, qualifiers = value("order"), value("source"), value("kind"), value("qualifiers")
    others = event.stages.exclude(pk=stage.pk) if stage else event.stages.all()
    if order is not None and others.filter(order=order).exists():
        errors["order"] = _("Another stage of this event already has this place in the order.")
    if source is not None:
        if source.event_id != event.pk or (order is not None and source.order >= order):
            errors["source"] = _("The source must be an earlier stage (lower order) of the same event.")
        elif source.kind == Stage.Kind.KNOCKOUT:
            errors["source"] = _("A knockout has no standings to qualify from.")
        if not qualifiers:
            errors["qualifiers"] = _("Say how many qualify from %(stage)s.") % {"stage": source.name}
        elif kind == Stage.Kind.KNOCKOUT and source.kind != Stage.Kind.GROUPS and qualifiers < 2:
            errors["qualifiers"] = _("A knockout needs at least two entries.")
    elif qualifiers:
        errors["qualifiers"] = _("Qualifiers are counted from a source stage; choose one or leave this empty.")
    if kind == Stage.Kind.GROUPS and not value("group_count"):
        errors["group_count"] = _("Say how many groups to draw (at least 1).")
    if kind == Stage.Kind.SWISS and value("rounds_planned") == 0:
        errors["rounds_planned"] = _("A Swiss stage needs at least one round.")
    tiebreaks = value("tiebreaks") or []
    unknown = [key for key in tiebreaks if key not in METRICS]
    if unknown:
        errors["tiebreaks"] = _("Unknown tie-break(s): %(unknown)s. Known: %(known)s.") % {
            "unknown": ", ".join(unknown),
            "known": ", ".join(sorted(METRICS)),
        }
    elif len(set(tiebreaks)) != len(tiebreaks):
        errors["tiebreaks"] = _("Name each tie-break once.")
    if value("tie_format"):
        try:
            parse_format(value("tie_format"))
        except FormatError as error:
            errors["tie_format"] = str(error)
    return errors
