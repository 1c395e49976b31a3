"""Claimed make chances corrected by what the bots' own play achieves, per bid type.

``benchmarks/bid_reliability.py`` plays hands with four bots of one level and
compares the chance each final contract was bid with (its *claim*) with how
often such contracts were made, per bid type (:func:`bid_kind`: the level of a
suit contract, ``"NT"``, ``"MIS"``, ``"OMIS"``...). :data:`SHIFTS` holds, per
table family and level, the shift in log-odds that brings the claims of a type
onto the measured rate (``--write`` refits it from the current shifts);
:data:`MAKES` the measured make rate of each type, which a bidder uses for the
opponents' contract when it considers passing.

>>> round(corrected(0.7, "4p43", "normal", "zz"), 2)
0.7
>>> 0.0 < make_rate("4p43", "9") < 1.0
True
"""

from __future__ import annotations

import math

from game.rules import BidTable

# fmt: off
SHIFTS: dict[str, dict[str, dict[str, float]]] = {
    "4p43": {
        "normal": {},
        "hard": {},
    },
}
"""Family -> level -> bid type -> log-odds shift of the claimed chance."""

MAKES: dict[str, dict[str, float]] = {
    "4p43": {"6": 0.85, "7": 0.8, "8": 0.72, "9": 0.6, "10": 0.35, "NT": 0.65, "MIS": 0.7,
             "OMIS": 0.7, "BMIS": 0.7, "GAME": 0.4},
}
"""Family -> bid type -> make rate of final contracts in the bots' own play."""
# fmt: on


def bid_kind(table: BidTable, bid: str) -> str:
    """The reliability class of ``bid``: the level of a suit bid (``"8"``), else its
    denomination (``"NT"``, ``"MIS"``, ``"OMIS"``, ``"BMIS"``, ``"GAME"``).

    >>> from game import Rules
    >>> from game.rules import bid_table
    >>> t = bid_table(Rules.preset("australian"))
    >>> bid_kind(t, "8H"), bid_kind(t, "7NT"), bid_kind(t, "OMIS")
    ('8', 'NT', 'OMIS')
    """
    denom = table.denomination[bid]
    if denom in ("S", "C", "D", "H"):
        return str(table.tricks[bid])
    return bid if denom == "MIS" else denom


def _logit(p: float) -> float:
    p = min(1 - 1e-6, max(1e-6, p))
    return math.log(p / (1 - p))


def shift_chance(p: float, shift: float) -> float:
    """``p`` moved by ``shift`` in log-odds."""
    return 1.0 / (1.0 + math.exp(-(_logit(p) + shift)))


def corrected(p: float, fam: str, level: str, kind: str) -> float:
    """The claimed chance ``p`` of a bid of type ``kind``, corrected for ``level``'s play."""
    shift = SHIFTS.get(fam, {}).get(level, {}).get(kind, 0.0)
    return shift_chance(p, shift) if shift else p


def make_rate(fam: str, kind: str) -> float:
    """How often a final contract of type ``kind`` is made (4-handed figures elsewhere)."""
    rates = MAKES.get(fam, MAKES["4p43"])
    return rates.get(kind, MAKES["4p43"].get(kind, 0.65))


def fit_shift(claims: list[float], made: int) -> float:
    """The log-odds shift that makes the mean of ``claims`` equal ``made / len(claims)``.

    >>> abs(fit_shift([0.5, 0.5, 0.5, 0.5], 2))
    0.0
    >>> fit_shift([0.8] * 10, 5) < 0
    True
    """
    target = made / len(claims)
    lo, hi = -6.0, 6.0
    for _ in range(60):
        mid = (lo + hi) / 2
        mean = sum(shift_chance(p, mid) for p in claims) / len(claims)
        if mean < target:
            lo = mid
        else:
            hi = mid
    return round((lo + hi) / 2, 3)
