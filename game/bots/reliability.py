"""Claimed make chances corrected by what the bots' own play achieves, per bid type.

``benchmarks/bid_reliability.py`` plays hands with four bots of one level and
compares the chance each final contract was bid with (its *claim*) with how
often such contracts were made, per bid type (:func:`bid_kind`: the level of a
suit contract, ``"NT"``, ``"MIS"``, ``"OMIS"``...). :data:`SHIFTS` holds, per
table family and level, a recalibration of each type's claims in log-odds,
``logit(p') = a + b * logit(p)``, fitted on those observations (``--save`` keeps
them, ``--fit FILES --write`` fits on them). Bids are still decided with the raw
estimates (:mod:`game.bots.bidding`): the correction changes only the chance a
hint shows, so the contracts a run bids and makes do not depend on it and one
collection serves every fit — fitting claims that also drove the decisions changed
which hands bid, and the bots then overbid.

>>> round(corrected(0.7, "4p43", "normal", "zz"), 2)
0.7
"""

from __future__ import annotations

import math

from game.rules import BidTable

# fmt: off
SHIFTS: dict[str, dict[str, dict[str, tuple[float, float]]]] = {
    "4p43": {
        "normal": {
            "6": (-0.071, 1.0),
            "7": (-0.174, 1.186),
            "8": (-0.198, 1.124),
            "9": (-0.237, 1.0),
            "NT": (0.502, 0.658),
            "MIS": (-0.434, 1.0),
            "OMIS": (0.222, 0.403),
        },
        "hard": {
            "6": (-0.156, 1.0),
            "7": (-0.082, 1.039),
            "8": (-0.249, 1.124),
            "9": (-0.438, 1.402),
            "NT": (0.81, 0.658),
            "MIS": (-0.014, 1.0),
            "OMIS": (-1.146, 0.906),
        },
    },
}
"""Family -> level -> bid type -> ``(a, b)``: the claim ``p`` becomes
``logistic(a + b * logit(p))``; a level without fits of its own uses normal's. Normal's
are fitted on the raw claims of 12,000 deals of normal self-play (seeds 11-22,
benchmarks/bid_reliability.py --save, then --fit): a shift per type with 30 contracts or
more, and a slope where it earns its parameter (7, 8, NT, open misère; the 6 level, 9
level and misère get a shift only). On those deals the old fits claimed 5.8 points more
than 8-level contracts made (3,400 contracts) and open misère 6.6 points less. Hard's
are normal's composed with a fit of hard's claims as normal's correct them (--over
normal), on 10,000 deals of hard self-play searched with 64 samples per card (seeds
11-20). Held out in two halves (fit on seeds 11-15, check on 16-20, and the reverse): the
6, 7, 8 and 9 levels, NT and open misère within 5 points both ways; misère (37 and 40
contracts) made 86% and 72% in the two halves, a gap its 95% interval (+-11 to +-14)
covers and no fit on half of them can meet, so the fit pools all 77 (no hard seed is
left held out)."""

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


def shift_chance(p: float, shift: float, slope: float = 1.0) -> float:
    """``p`` rescaled in log-odds: ``logistic(shift + slope * logit(p))``."""
    return 1.0 / (1.0 + math.exp(-(shift + slope * _logit(p))))


FIT_FLOOR = 0.4
"""Claims below this are left as they are: the fits only saw the chances bids are made
with, and stretching them to weak hands would invent chances nobody measured."""


def corrected(p: float, fam: str, level: str, kind: str) -> float:
    """The claimed chance ``p`` of a bid of type ``kind``, corrected for ``level``'s play."""
    fits = SHIFTS.get(fam, {})
    fit = (fits.get(level) or fits.get("normal", {})).get(kind)
    if not fit or p < FIT_FLOOR:
        return p
    return max(FIT_FLOOR, shift_chance(p, *fit))


def fit_recalibration(obs: list[tuple[float, int]], prior: float = 20.0) -> tuple[float, float]:
    """``(a, b)`` of the logistic fit ``made ~ a + b * logit(claim)`` over ``obs``
    (Newton's method; ``b`` is pulled towards 1 as if by ``prior`` observations, so a few
    contracts only move ``a``).

    >>> a, b = fit_recalibration([(0.8, 1), (0.8, 0), (0.6, 1), (0.6, 0)] * 5)
    >>> a < 0
    True
    """
    a, b = 0.0, 1.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for p, y in obs:
            x = _logit(p)
            q = 1.0 / (1.0 + math.exp(-(a + b * x)))
            w = q * (1 - q)
            ga += y - q
            gb += (y - q) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        gb -= prior * 0.1 * (b - 1)
        hbb += prior * 0.1
        haa += 1e-6
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-7:
            break
    return round(a, 3), round(min(3.0, max(0.2, b)), 3)


def compose(outer: tuple[float, float], inner: tuple[float, float]) -> tuple[float, float]:
    """The recalibration ``outer`` applied after ``inner``, as one ``(a, b)``."""
    return round(outer[0] + outer[1] * inner[0], 3), round(outer[1] * inner[1], 3)
