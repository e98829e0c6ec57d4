"""Who wins an event's prizes: the overall prizes, then each prize category's (women, junior, veteran) top N, read
from the event's final placings (stages.placings).

A category's prizes go to its eligible entries in placing order: a woman is a player whose sex is "F"; a junior is
born on or after the category's date, or is under its age on the tournament's first day; a veteran has reached its
age on that day. A doubles pair is eligible when both partners are. A player without a date of birth is never
eligible for an age category (nor one without a recorded sex for the women's): the list names those placed within
the prizes' reach, so the secretary can complete them. Entries tied at the last prize's place share it, so a
category may award more than N. With `overall_winners_excluded` (one prize per person) the overall prize winners
are left out of the categories.

`prize_list` is plain Python on Placing objects and player facts (tested without the database);
prizes.selectors.event_prize_list reads the event for it."""

from dataclasses import dataclass, field

from prizes.models import PrizeCategory, ordered
from stages.placings import Placing
from tournaments.people_models import age_on

OVERALL = "overall"
MISSING_SEX = "sex"
MISSING_BIRTH = "date_of_birth"


@dataclass(frozen=True)
class Person:
    sex: str = ""
    date_of_birth: object = None  # a date, or None when unknown


@dataclass
class Prize:
    prize: int  # 1, 2, 3 within the category; shared like the place it comes from
    shared: bool
    placing: Placing


@dataclass
class PrizeSection:
    kind: str  # "overall" or a PrizeCategory.Kind
    prizes: int  # how many the secretary set (those tied at the last one share it)
    rule: object = None  # the PrizeCategory, None for the overall prizes
    winners: list = field(default_factory=list)  # Prize
    missing: list = field(default_factory=list)  # placings left out for want of a date of birth or sex
    missing_fact: str = ""  # MISSING_BIRTH or MISSING_SEX


def person_eligible(rule, person, start):
    """True, False, or None when the player's record lacks what the rule reads."""
    kind = PrizeCategory.Kind
    if rule.kind == kind.WOMEN:
        return None if not person.sex else person.sex == "F"
    if person.date_of_birth is None:
        return None
    if rule.kind == kind.JUNIOR:
        if rule.born_on_or_after is not None:
            return person.date_of_birth >= rule.born_on_or_after
        return age_on(person.date_of_birth, start) < rule.age_limit
    return age_on(person.date_of_birth, start) >= rule.age_limit  # veteran


def entry_eligible(rule, people, start):
    """Every member eligible: True; any member not: False; else (someone's record incomplete) None."""
    answers = [person_eligible(rule, person, start) for person in people]
    if not answers or False in answers:
        return False
    return None if None in answers else True


def top(placings, count):
    """The first `count` placings (in place order) and any tied with the last of them, as Prize rows numbered
    within the list: equal places share a prize number."""
    winners, last_place = [], None
    for index, placing in enumerate(placings):
        if index >= count and placing.place != last_place:
            break
        if placing.place != last_place:
            number, last_place = index + 1, placing.place
        winners.append(Prize(number, False, placing))
    for prize in winners:
        prize.shared = sum(1 for other in winners if other.prize == prize.prize) > 1
    return winners


def prize_list(placings, people, start, overall_prizes, categories, overall_winners_excluded=False):
    """[PrizeSection]: the overall prizes (when any), then each category's. `placings` the event's (stages.placings,
    in place order), `people` {entry: [Person]} its members, `start` the tournament's first day, `categories`
    PrizeCategory-like objects (kind, prizes, age_limit, born_on_or_after)."""
    placings = sorted(placings, key=lambda p: p.place)
    sections = []
    overall = top(placings, overall_prizes) if overall_prizes else []
    if overall_prizes:
        sections.append(PrizeSection(OVERALL, overall_prizes, winners=overall))
    excluded = {prize.placing.entry for prize in overall} if overall_winners_excluded else set()
    for rule in ordered(categories):
        candidates = [p for p in placings if p.entry not in excluded]
        answers = {p.entry: entry_eligible(rule, people.get(p.entry, []), start) for p in candidates}
        winners = top([p for p in candidates if answers[p.entry]], rule.prizes)
        # Who might have won but for a missing fact: placed above the last prize winner (or anywhere, when the
        # category has prizes left to give).
        reach = winners[-1].placing.place if winners and len(winners) >= rule.prizes else None
        missing = [p for p in candidates if answers[p.entry] is None and (reach is None or p.place <= reach)]
        fact = MISSING_SEX if rule.kind == PrizeCategory.Kind.WOMEN else MISSING_BIRTH
        sections.append(PrizeSection(rule.kind, rule.prizes, rule, winners, missing, fact if missing else ""))
    return sections
