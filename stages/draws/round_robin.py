"""Round-robin schedules from the FIDE Berger tables.

Round 1 is 1-n, 2-(n-1), ..., (n/2)-(n/2+1). Each next round adds n/2 to every number but n, wrapping within
1...n-1, and n alternates sides. In round r, players a and b (neither of them n) meet when
a + b = r + 1 (mod n - 1). With an odd count the extra number n is the bye, shown as ``None``.
"""

from django.utils.translation import gettext as _

from stages.draws.errors import DrawError


def berger_rounds(n, double=False):
    """Rounds of seed-number pairs for ``n`` competitors.

    Returns ``rounds[r][i] == (first, second)``: the first of a pair has the first break (white side). A bye is
    ``(seed, None)``. With ``double=True`` the second cycle repeats the first with sides swapped.
    """
    if n < 2:
        raise DrawError(_("A round robin needs at least 2 competitors."))
    size = n + (n % 2)  # an odd count gets a dummy number: the bye
    half = size // 2
    last = size

    pairs = [(i, size + 1 - i) for i in range(1, half + 1)]
    rounds = [pairs]
    for _round in range(size - 2):
        nxt = []
        for a, b in pairs:
            if a == last:  # n alternates sides: it was first, so now it is second
                nxt.append((_shift(b, half, last), last))
            elif b == last:
                nxt.append((last, _shift(a, half, last)))
            else:
                nxt.append((_shift(a, half, last), _shift(b, half, last)))
        rounds.append(nxt)
        pairs = nxt

    if double:
        rounds = rounds + [[(b, a) for a, b in rnd] for rnd in rounds]
    if size != n:
        rounds = [[_with_bye(a, b, size) for a, b in rnd] for rnd in rounds]
    return [list(rnd) for rnd in rounds]


def _shift(x, half, last):
    return (x + half - 1) % (last - 1) + 1


def _with_bye(a, b, dummy):
    if a == dummy:
        return (b, None)
    if b == dummy:
        return (a, None)
    return (a, b)
