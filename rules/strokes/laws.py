"""What differs between rule sets at the board, stroke by stroke: which fouls exist and what they cost, what a
time-out costs, whether the Queen needs a cover, and the law each consequence cites.

A rule set's ``stroke_laws`` is one ``StrokeLaws``; the engine (``rules.strokes.umpired``, ``rules.strokes.office``)
reads it and never tests the rule set's key."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.translation import gettext_lazy

# What a named foul does: "improper" marks a stroke (its pocketing decides the cost, ICF 64(b), 72(b), 76, 77,
# 98(b)-101(b)); "technical": one c/m out, the turn goes on (ICF 63); "foul": one c/m out, the turn is lost
# (ICF 64(a), ECC 43, office Fouls); "board_lost": the offender loses the board (ICF 121(b)).
IMPROPER, TECHNICAL, FOUL, BOARD_LOST = "improper", "technical", "foul", "board_lost"


@dataclass(frozen=True)
class Foul:
    key: str
    law: str
    effect: str
    description: str  # shown to the umpire: translated when read

    def as_dict(self) -> dict[str, str]:
        return {"key": self.key, "law": self.law, "effect": self.effect, "description": str(self.description)}


@dataclass(frozen=True)
class StrokeLaws:
    """``engine``: "umpired" (ICF and the laws built on it) or "office". ``queen_cover``: "stroke" (the same or
    the next stroke, ICF 15) or "none" (queen2 ¶5: the Queen is held once pocketed). ``time_out``: "foul" (ICF 50
    read with 64(a)), "turn_lost" (ECC 30) or None (not in the text: not offered). ``cites``: topic -> law."""

    engine: str = "umpired"
    queen_cover: str = "stroke"
    time_out: str | None = "foul"
    break_chances: int = 3
    fouls: tuple[Foul, ...] = ()
    cites: dict[str, str] = field(default_factory=dict)

    def cite(self, topic: str) -> str:
        return self.cites[topic]

    def foul(self, key: str | None) -> Foul | None:
        return next((foul for foul in self.fouls if foul.key == key), None)


ICF_CITES = {
    "coins": "ICF 52",
    "turn": "ICF 48",
    "break": "ICF 44, 45(a)",
    "break_lost": "ICF 45(b)",
    "break_improper": "ICF 45(c)",
    "striker": "ICF 72(a)",
    "striker_improper": "ICF 72(b)",
    "outstanding": "ICF 72(c)",
    "striker_own": "ICF 73",
    "striker_opponent": "ICF 74",
    "striker_both": "ICF 75",
    "improper_opponent": "ICF 76",
    "improper_own": "ICF 77(a)",
    "improper_own_striker": "ICF 77(b)",
    "placing": "ICF 78(a)",
    "improper": "ICF 64(b)",
    "foul": "ICF 64(a)",
    "technical": "ICF 63",
    "foul_out_of_turn": "ICF 63(b)",
    "time_out": "ICF 50, 64(a)",
    "queen_right": "ICF 92",
    "queen_placed": "ICF 93",
    "queen_first": "ICF 95(a)",
    "queen_due": "ICF 95(b)",
    "queen_striker_nine": "ICF 95(d)",
    "queen_uncovered": "ICF 96",
    "queen_covered": "ICF 97(a)",
    "queen_nine_one": "ICF 97(b)",
    "queen_cover": "ICF 15",
    "queen_own_striker": "ICF 98(a)",
    "queen_own_striker_improper": "ICF 98(b)",
    "queen_striker": "ICF 99(a)",
    "queen_striker_improper": "ICF 99(b)",
    "cover_striker": "ICF 100(a)",
    "cover_striker_improper": "ICF 100(b)",
    "cover_own_striker": "ICF 101(a)",
    "cover_own_striker_improper": "ICF 101(b)",
    "win": "ICF 52(a)",
    "written_off": "ICF 55",
    "over": "ICF 5",
}

ICF_FOULS = (
    Foul(
        "improper",
        "ICF 2(b), 64(b)",
        IMPROPER,
        gettext_lazy("Improper stroke (pushed, thumbed, from the wrong place)"),
    ),
    Foul(
        "technical",
        "ICF 63",
        TECHNICAL,
        gettext_lazy("Technical foul: before his first stroke, or by the player not having the turn"),
    ),
    Foul("foul", "ICF 64(a)", FOUL, gettext_lazy("Foul during the turn (touching a c/m, placing wrongly, powder)")),
    Foul(
        "plays_on_during_appeal",
        "ICF 121(b)",
        BOARD_LOST,
        gettext_lazy("Plays on during an appeal: loses the board"),
    ),
)

ICF = StrokeLaws(fouls=ICF_FOULS, cites=ICF_CITES)

ECC = StrokeLaws(
    time_out="turn_lost",
    fouls=(
        Foul(
            "foul",
            "ECC 43",
            FOUL,
            gettext_lazy("Foul (touching a c/m, phone ringing, powder, knocking the board)"),
        ),
    ),
    cites={
        **ICF_CITES,
        "coins": "ECC 34",
        "turn": "ECC 28",
        "break": "ECC 23, 24",
        "break_lost": "ECC 25",
        "break_improper": "ECC 26",
        "striker": "ECC 56",
        "outstanding": "ECC 57",
        "striker_own": "ECC 58",
        "striker_opponent": "ECC 59",
        "striker_both": "ECC 60",
        "placing": "ECC 61",
        "foul": "ECC 43",
        "foul_out_of_turn": "ECC 43",  # no technical foul in ECC: the foul's own law
        "time_out": "ECC 30",
        "queen_right": "ECC 79",
        "queen_placed": "ECC 80",
        "queen_first": "ECC 82",
        "queen_due": "ECC 83",
        "queen_striker_nine": "ECC 85",
        "queen_uncovered": "ECC 86",
        "queen_covered": "ECC 87",
        "queen_nine_one": "ECC 88",
        "queen_cover": "ECC XV",
        "queen_own_striker": "ECC 89",
        "queen_striker": "ECC 90",
        "cover_striker": "ECC 91",
        "cover_own_striker": "ECC 92",
        "win": "ECC 32",
        "written_off": "ECC 38",
        "over": "ECC 32",
    },
)


def queen2_cites() -> dict[str, str]:
    """queen2 ¶21 takes every ICF law it does not change: cited as "ICF n (queen2 ¶21)"."""
    cites = {topic: f"{law} (queen2 ¶21)" for topic, law in ICF_CITES.items()}
    cites.update(
        {
            "queen_right": "queen2 ¶7",
            "queen_first": "queen2 ¶7, ICF 95(a)",
            "queen_held": "queen2 ¶5",
            "queen_last": "queen2 ¶9",
            "time_out": "queen2 ¶2, ICF 64(a)",
        }
    )
    return cites


QUEEN2 = StrokeLaws(
    queen_cover="none",
    fouls=tuple(Foul(foul.key, f"{foul.law} (queen2 ¶21)", foul.effect, foul.description) for foul in ICF_FOULS),
    cites=queen2_cites(),
)

OFFICE = StrokeLaws(
    engine="office",
    queen_cover="turn",
    time_out=None,
    fouls=(
        Foul(
            "striking",
            "office (Fouls)",
            IMPROPER,
            gettext_lazy("Stroke against the rules for striking"),
        ),
        Foul("off_board", "office (Fouls)", IMPROPER, gettext_lazy("The striker or a piece leaves the board")),
        Foul("touch", "office (Fouls)", FOUL, gettext_lazy("Touches a piece in play other than the striker")),
    ),
    cites={
        "coins": "office (Scoring)",
        "turn": "office (Basic rules)",
        "break": "office (Fouls)",
        "break_lost": "office (Fouls)",
        "foul": "office (Fouls)",
        "placing": "office (Fouls)",
        "outstanding": "office (Fouls)",
        "queen_right": "office (Covering the Queen)",
        "queen_uncovered": "office (Covering the Queen)",
        "queen_covered": "office (Covering the Queen)",
        "last_opponent": "office (Fouls)",
        "last_own_uncovered": "office (Fouls)",
        "win": "office (Scoring)",
        "written_off": "office (Fouls)",
        "over": "office (Scoring)",
    },
)
