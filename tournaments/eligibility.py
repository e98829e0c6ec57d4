"""Who may enter an event: its rules (tournaments.eligibility_models.EventEligibility: sex, born on or after / on
or before a date, residence or nationality in a list of countries, membership of the sending federation) and the
exceptions its secretary admits, one player each, with the reason.

Every way into an event asks here: the secretary's "Add an entry" (entry_services.add_late_entry, the API's
POST entries/), the entry import (services.import_entries, one refusal per row) and a team's roster
(tournaments.teams). Other floors call check_eligible(event, players, federation) with the federation sending
the players; without one, each player's own federation is taken, so each must belong to one.

A player is a member of federation F when their club is F or belongs to F (Club.federation). A player whose record
lacks what a rule reads (sex, date of birth, country) is refused, and told what is missing."""

import re

from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.countries import clean_country
from tournaments.models import Club, EligibilityException, EventEligibility, Player


def check_eligible(event, players, federation=None, field="players"):
    """Refused with ServiceError(field, message), the message naming the player and the rule, unless every one of
    `players` may enter `event` (sent by `federation`, a Club, or by their own federation when None)."""
    checker = Checker(event)
    checker.load_clubs(players)
    message = checker.refusal(players, federation)
    if message:
        raise ServiceError(field, message)


def details_read(event):
    """Which of a player's "sex" and "date_of_birth" the event's rules read: what a form taking entries from
    outside must ask (registration's public sign-up)."""
    rule = EventEligibility.objects.filter(event=event).first()
    if rule is None:
        return ()
    read = {"sex": rule.sex, "date_of_birth": rule.born_on_or_after or rule.born_on_or_before}
    return tuple(name for name, asked in read.items() if asked)


class Checker:
    """An event's rules and exceptions read once (two queries), then any number of entries checked in Python: the
    import checks thousands of rows this way. load_clubs() reads the players' clubs (one query) when a rule asks
    for a federation."""

    def __init__(self, event):
        self.event = event
        self.rule = EventEligibility.objects.filter(event=event).first()
        self.excepted = set()
        if self.rule is not None:
            self.excepted = set(EligibilityException.objects.filter(event=event).values_list("player_id", flat=True))
        self.clubs = {}

    @property
    def asks_federation(self):
        return self.rule is not None and self.rule.federation_members

    def load_clubs(self, players):
        if not self.asks_federation:
            return
        ids = {player.club_id for player in players if player.club_id} - set(self.clubs)
        if ids:
            for club in Club.objects.filter(pk__in=ids).select_related("federation"):
                self.clubs[club.pk] = club

    def refusal(self, players, federation=None):
        """The refusal of the first player who may not enter, or None when all may."""
        if self.rule is None:
            return None
        for player in players:
            if player.pk is not None and player.pk in self.excepted:
                continue
            reason = self.reason(player, federation)
            if reason:
                return _("%(player)s may not enter %(event)s: %(reason)s") % {
                    "player": player.full_name,
                    "event": self.event.name,
                    "reason": reason,
                }
        return None

    def reason(self, player, federation):
        rule = self.rule
        if rule.sex:
            if not player.sex:
                return sex_missing(rule.sex)
            if player.sex != rule.sex:
                return sex_line(rule.sex)
        for day, later in ((rule.born_on_or_after, True), (rule.born_on_or_before, False)):
            if day is None:
                continue
            if player.date_of_birth is None:
                return _("%(rule)s No date of birth is recorded for the player.") % {"rule": born_line(day, later)}
            if (player.date_of_birth < day) if later else (player.date_of_birth > day):
                return _("%(rule)s Born %(born)s.") % {
                    "rule": born_line(day, later),
                    "born": date_format(player.date_of_birth, "DATE_FORMAT"),
                }
        if rule.countries:
            country = player.citizenship if rule.country_of == rule.CountryOf.NATIONALITY else player.country
            if not country:
                return _("%(rule)s No country is recorded for the player.") % {"rule": countries_line(rule)}
            if country not in rule.countries:
                return _("%(rule)s The player's is %(country)s.") % {"rule": countries_line(rule), "country": country}
        if rule.federation_members:
            return self.federation_reason(player, federation)
        return ""

    def federation_reason(self, player, federation):
        club = self.clubs.get(player.club_id) if player.club_id else None
        if federation is not None:
            if club is not None and federation.pk in (club.pk, club.federation_id):
                return ""
            return _("Members of %(federation)s only (the federation sending the entry).") % {
                "federation": federation.name
            }
        if club is not None and (club.is_federation or club.federation_id):
            return ""
        if club is None:
            return _("Members of the sending federation only; the player has no club.")
        return _("Members of the sending federation only; %(club)s belongs to no federation.") % {"club": club.name}


# ---------------------------------------------------------------- wording of the rules


def sex_line(sex):
    return _("Men only.") if sex == EventEligibility.Sex.MEN else _("Women only.")


def sex_missing(sex):
    return _("%(rule)s No sex is recorded for the player.") % {"rule": sex_line(sex)}


def born_line(day, later):
    # The prize categories' words (prizes.display.rule_line).
    if later:
        return _("Born on or after %(date)s.") % {"date": date_format(day, "DATE_FORMAT")}
    return _("Born on or before %(date)s.") % {"date": date_format(day, "DATE_FORMAT")}


def countries_line(rule):
    countries = ", ".join(rule.countries)
    if rule.country_of == EventEligibility.CountryOf.NATIONALITY:
        return _("Citizens of %(countries)s only.") % {"countries": countries}
    return _("Residents of %(countries)s only.") % {"countries": countries}


def rule_lines(rule):
    """The event's rules in words, one sentence each (the eligibility page, the API)."""
    if rule is None:
        return []
    lines = [sex_line(rule.sex)] if rule.sex else []
    if rule.born_on_or_after:
        lines.append(born_line(rule.born_on_or_after, True))
    if rule.born_on_or_before:
        lines.append(born_line(rule.born_on_or_before, False))
    if rule.countries:
        lines.append(countries_line(rule))
    if rule.federation_members:
        lines.append(_("Members of the sending federation only."))
    return lines


# ---------------------------------------------------------------- the secretary's operations


def clean_countries(countries):
    """A list of three-letter codes from a list or from text ("IND, FRA SRI"); ServiceError on a bad one."""
    if isinstance(countries, str):
        countries = re.split(r"[\s,;]+", countries)
    cleaned = []
    for code in (clean_country(str(code), "countries") for code in countries):
        if code and code not in cleaned:
            cleaned.append(code)
    return cleaned


@transaction.atomic
def set_eligibility(event, *, sex="", born_on_or_after=None, born_on_or_before=None, countries=(),
                    country_of=EventEligibility.CountryOf.RESIDENCE, federation_members=False):  # fmt: skip
    """Replace the event's entry rules. They apply to entries made from now on; those already made stay."""
    if sex not in ("", *EventEligibility.Sex.values):
        raise ServiceError("sex", _("Choose men only, women only, or no rule."))
    if country_of not in EventEligibility.CountryOf.values:
        raise ServiceError("country_of", _("Choose residence or nationality."))
    if born_on_or_after and born_on_or_before and born_on_or_after > born_on_or_before:
        raise ServiceError("born_on_or_before", _("Nobody is born on or after the first date and on or before this."))
    rule, _created = EventEligibility.objects.select_for_update().get_or_create(event=event)
    rule.sex, rule.born_on_or_after, rule.born_on_or_before = sex, born_on_or_after, born_on_or_before
    rule.countries, rule.country_of = clean_countries(countries), country_of
    rule.federation_members = bool(federation_members)
    rule.save()
    return rule


@transaction.atomic
def admit_exception(event, player, reason, user=None):
    """Let `player` into `event` whatever its rules say; `reason` is kept with who admitted it and when."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise ServiceError("reason", _("Say why this player is admitted."))
    if not isinstance(player, Player):
        raise ServiceError("player", _("Choose a player."))
    exception, created = EligibilityException.objects.get_or_create(
        event=event, player=player, defaults={"reason": reason, "admitted_by": user}
    )
    if not created:
        raise ServiceError("player", _("%(player)s is already admitted.") % {"player": player.full_name})
    return exception


@transaction.atomic
def revoke_exception(exception):
    exception.delete()
