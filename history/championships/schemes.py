"""Prize schemes: what each place of a prized tournament's final ranking earns, as SoL computes it (see README)."""

from decimal import Decimal

FIXED = [18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
FIXED40 = [
    1000, 900, 800, 750, 700, 650, 600, 550, 500, 450, 400, 375, 350, 325, 300, 275, 250, 225, 200, 175,
    150, 140, 130, 120, 110, 100, 90, 80, 70, 60, 50, 40, 35, 30, 25, 20, 15, 10, 5, 1,
]  # fmt: skip
CENT = Decimal(100)


def fixed(count, table=FIXED):
    return [Decimal(table[place]) if place < len(table) else Decimal(0) for place in range(count)]


def fixed40(count):
    return fixed(count, FIXED40)


def asis(count):
    """count, count - 1 ... 1: the final ranking as it is."""
    return [Decimal(count - place) for place in range(count)]


def millesimal(count):
    """1000 to the winner, then down by the whole part of 1000 / count each place."""
    step = 1000 // count if count else 0
    return [Decimal(1000 - step * place) for place in range(count)]


def centesimal(count):
    """100 to the winner, 1 to the last, evenly between. SoL steps a float down, rounds it to two decimals and
    keeps the hundredths' whole part, so 98.67 may be kept as 98.66; we do the same. SoL cannot prize a
    tournament of one competitor (a division by zero); here that one earns 100."""
    if count == 1:
        return [CENT]
    prizes, prize, step = [], 100.0, 99 / (count - 1)
    for _place in range(count):
        prizes.append(Decimal(int(Decimal(round(prize, 2)) * 100)) / CENT)
        prize -= step
    return prizes


SCHEMES = {
    "fixed": fixed,
    "fixed40": fixed40,
    "asis": asis,
    "millesimal": millesimal,
    "centesimal": centesimal,
}


def prizes(scheme, count):
    """The prizes of places 1..count under `scheme` (a Championship.Scheme value), as Decimals."""
    return SCHEMES[scheme](count)
