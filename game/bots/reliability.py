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
            "10": (-0.819, 1.0),
            "NT": (0.502, 0.658),
            "MIS": (-0.434, 1.0),
            "OMIS": (0.222, 0.403),
        },
        "hard": {
            "6": (-0.156, 1.0),
            "7": (-0.082, 1.039),
            "8": (-0.249, 1.124),
            "9": (-0.438, 1.402),
            "10": (-0.63, 1.0),
            "NT": (0.81, 0.658),
            "MIS": (-0.149, 0.53),
            "OMIS": (-0.298, 0.403),
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
left held out). Misère and open misère were refitted when misère came to be bid from the
0.66 bucket on (``bidding.MISERE_MIN``), on the misère contracts of 20,000 deals of hard
self-play (seeds 41-60, ``--kinds MIS,OMIS``: 1,334 misère, 393 open misère contracts).
Held out in two halves (fit on seeds 41-50, check on 51-60, and the reverse): misère -1.4
and +1.8 points, open misère +2.4 and -2.4 (the old fits, on all of them: misère +12.1, open
misère +4.4). Normal's fits stand: on 12,000 fresh deals of normal self-play (seeds
41-52) every type with 30 contracts or more is within 5 points (misère +0.7 on 1,158
contracts, the 9 level -4.3 on 197). The ten level (``"10"``, shifts only) is fitted on
the share of sampled deals solved double dummy that ten-level bids are made with
(:mod:`game.bots.ten_tricks`), over the ten-level contracts of seeds 401-454
(``benchmarks/ten_level.py --save``, 2.2 million deals per level) whose share reached
``bidding.TEN_LEVEL_MIN``: normal's 84, made 58% where their share read 75%, then hard's
104 over normal's fit (made 62%, read 75%). Checked on seeds 455-474: hard -0.6 points (48
contracts), normal -2.7 (38)."""

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


def logit(p: float) -> float:
    """Log-odds of ``p`` (kept inside (0, 1)).

    >>> logit(0.5)
    0.0
    """
    p = min(1 - 1e-6, max(1e-6, p))
    return math.log(p / (1 - p))


def shift_chance(p: float, shift: float, slope: float = 1.0) -> float:
    """``p`` rescaled in log-odds: ``logistic(shift + slope * logit(p))``."""
    return 1.0 / (1.0 + math.exp(-(shift + slope * logit(p))))


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
