"""Hand evaluation for bidding and discarding: feature patterns, expected tricks, misère risk.

A hand's trick-taking in a denomination is summarised by a small *pattern*
(trump length, top trumps, side winners for a suit; jokers, aces, stoppers and
the longest suit for no trumps; a danger score for misère). The calibration
tool (:mod:`game.bots.calibrate`) played many deals with the normal policy and
tabulated, per pattern, the mean and spread of the tricks the contractor's side
took (kitty included) — or, for misère, how often it succeeded. That table is
:mod:`game.bots.tables`; :func:`estimate` looks patterns up in it.

>>> from game.cards import card_id as c
>>> hand = [c(x) for x in "JK JH JD AH KH 9H AS AC 5D 6D".split()]
>>> suit_pattern(hand, 3)
(6, 4, 3)
>>> nt_pattern(hand)
(1, 3, 3, 4)
>>> est = estimate("4p43", "H", hand)
>>> est.mean > 8, est.p_make(8) > 0.6
(True, True)
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from game.cards import ACE, JOKER, JOKERS, KING, QUEEN, build_deck, rank_of, suit_of
from game.playstate import mask_of
from game.rules import Rules
from game.tricks import play_context

from . import tables

SUIT_LETTERS = "SCDH"


def family(rules: Rules) -> str:
    """The calibration table a rule set uses: players and deck (``"4p43"``, ``"3p33"``...)."""
    key = f"{rules.players}p{rules.deck}"
    if key in tables.TABLES:
        return key
    # Two-handed plays the 33-card deck against one opponent (the three-handed table is a
    # cautious estimate); five-handed has a called partner, much like a four-handed one.
    return {2: "3p33", 3: "3p33", 4: "4p43", 5: "4p43", 6: "6p63"}[rules.players]


# ---------------------------------------------------------------------------- patterns
@functools.lru_cache(maxsize=8)
def _card_kinds(trump: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card id, for a suit contract in ``trump``: its effective suit, and its kind —
    0 a plain side card, 1 a side ace, 2 a side king, 3 a trump, 4 a top trump."""
    ctx = play_context(trump)
    ace_power = ctx.power[trump * 18 + ACE]
    kinds = []
    for c in range(len(ctx.eff)):
        if ctx.eff[c] == trump:
            kinds.append(4 if ctx.power[c] >= ace_power else 3)
        else:
            kinds.append({ACE: 1, KING: 2}.get(rank_of(c), 0))
    return ctx.eff, tuple(kinds)


@functools.lru_cache(maxsize=8)
def _suit_masks(trump: int) -> tuple[int, int, int, int, tuple[int, ...]]:
    """:func:`_card_kinds` as bit masks: trumps, top trumps, side aces, side kings, and the
    side cards of each suit (none for ``trump``)."""
    eff, kinds = _card_kinds(trump)
    masks = [0] * 5
    side = [0] * 4
    for c, kind in enumerate(kinds):
        masks[kind] |= 1 << c
        if kind < 3:
            side[eff[c]] |= 1 << c
    return masks[3] | masks[4], masks[4], masks[1], masks[2], tuple(side)


def suit_pattern(hand: list[int], trump: int) -> tuple[int, int, int]:
    """``(trumps, top trumps, side winners)`` for a suit contract in ``trump``.

    Top trumps are the jokers, both bowers and the trump ace (at most 4 counted);
    side winners are side aces, guarded side kings in pairs, and voids or
    singletons (half) while holding at least three trumps (at most 3 counted).

    >>> from game.cards import card_id as c, HEARTS
    >>> suit_pattern([c(x) for x in ("JK", "JH", "4H", "5H", "AS", "KC", "4C", "4D")], HEARTS)
    (4, 2, 2)
    """
    trumps_mask, top_mask, aces_mask, kings_mask, side = _suit_masks(trump)
    held = mask_of(hand)
    trumps = (held & trumps_mask).bit_count()
    kings = 0
    ruffs = 0.0
    for s in range(4):
        n = (held & side[s]).bit_count()
        if n >= 2:
            kings += (held & kings_mask & side[s]).bit_count()
        if trumps >= 3 and s != trump:
            ruffs += 1.0 if n == 0 else 0.5 if n == 1 else 0.0
    side_winners = int((held & aces_mask).bit_count() + kings // 2 + ruffs)
    return min(trumps, 8), min((held & top_mask).bit_count(), 4), min(side_winners, 3)


def nt_pattern(hand: list[int]) -> tuple[int, int, int, int]:
    """``(has joker, aces, stopped suits, longest suit)`` for no trumps.

    A suit is stopped by its ace, a king with one more card, or a queen with two.

    >>> from game.cards import card_id as c
    >>> nt_pattern([c(x) for x in ("JK", "AS", "KH", "4H", "QD", "5D", "6D", "7D", "8D")])
    (1, 1, 3, 5)
    """
    held = mask_of(hand)
    aces = stopped = longest = 0
    for s in range(4):
        suit = held >> (18 * s) & _SUIT_BITS
        n = suit.bit_count()
        longest = max(longest, n)
        if suit >> ACE & 1:
            aces += 1
            stopped += 1
        elif suit >> KING & 1:
            stopped += n >= 2
        elif suit >> QUEEN & 1:
            stopped += n >= 3
    return 1 if held >> JOKER else 0, min(aces, 3), stopped, max(4, min(longest, 7))


_SUIT_BITS = (1 << 18) - 1
"""The bits of one suit's cards in a hand's mask (card ids ``suit * 18 + rank``)."""


def misere_danger(hand: list[int], deck: int, opponents: int) -> int:
    """How exposed a hand is in misère: 0 is safe; each point is a likely forced win.

    In each suit, the k-th lowest card is in danger by the number of outstanding
    cards below it, less what ``opponents`` spend on the earlier rounds of the
    suit. A joker (nominated or not) is always a danger of 3.
    """
    mine = set(hand)
    danger = 0
    for suit in _suits_of_deck(deck):
        k = lower = 0
        for c in suit:
            if c in mine:
                if lower > opponents * k:
                    danger += lower - opponents * k
                k += 1
            else:
                lower += 1
    return danger + 3 * sum(1 for c in hand if c in JOKERS)


def misere_discards(hand: list[int], k: int, deck: int, opponents: int) -> list[int]:
    """The ``k`` cards whose discard leaves the safest misère hand (greedy)."""
    left = list(hand)
    out: list[int] = []
    for _ in range(k):
        best = max(
            left,
            key=lambda c: (
                -misere_danger([x for x in left if x != c], deck, opponents),
                c in JOKERS,
                rank_of(c),
            ),
        )
        left.remove(best)
        out.append(best)
    return out


@functools.lru_cache(maxsize=16)
def _suits_of_deck(deck: int) -> tuple[tuple[int, ...], ...]:
    """The plain cards of each suit of ``deck``, lowest first."""
    cards = [c for c in build_deck(deck) if c not in JOKERS]
    return tuple(tuple(sorted(c for c in cards if suit_of(c) == s)) for s in range(4))


def misere_pattern(hand: list[int], deck: int, opponents: int) -> int:
    """The danger of the hand without its jokers (they go into the kitty), in buckets 0..7.

    The kitty's effect — three unknown cards in, the three worst out — is left to the
    calibration, which measures the success rate per bucket with real discards.
    """
    d = misere_danger([c for c in hand if c not in JOKERS], deck, opponents)
    return d if d <= 3 else 4 if d <= 5 else 5 if d <= 8 else 6 if d <= 12 else 7


# ---------------------------------------------------------------------------- estimates
class Estimate(NamedTuple):
    """Expected tricks of the contractor's side (kitty included), with its spread."""

    mean: float
    sd: float

    def p_make(self, tricks: int) -> float:
        """Probability of taking at least ``tricks`` (a normal approximation; narrowing the
        spread near 10 tricks, where counts are bounded, measured worse in the arena)."""
        if tricks <= 0:
            return 1.0
        z = (tricks - 0.5 - self.mean) / max(self.sd, 0.3)
        return 0.5 * math.erfc(z / math.sqrt(2))

    def shifted(self, delta: float) -> Estimate:
        return Estimate(min(10.0, max(0.0, self.mean + delta)), self.sd)


PRIOR = 25
"""Cells with fewer observations lean on the linear fit (as if it were this many)."""


def _lookup(cells: dict, fit: tuple[float, ...], key: tuple[int, ...]) -> tuple[float, float]:
    """Mean and sd for ``key``: the cell's, shrunk towards the table's linear fit when sparse."""
    *coef, fit_sd = fit
    pred = coef[0] + sum(c * k for c, k in zip(coef[1:], key))
    n, mean, sd = cells.get(key, (0, pred, fit_sd))
    w = n / (n + PRIOR)
    return min(10.0, max(0.0, w * mean + (1 - w) * pred)), w * sd + (1 - w) * fit_sd


def estimate(fam: str, denom: str, hand: list[int]) -> Estimate:
    """Expected tricks for contracting in ``denom`` (``S C D H NT``) with ``hand``."""
    key: tuple[int, ...] = (
        nt_pattern(hand) if denom == "NT" else suit_pattern(hand, SUIT_LETTERS.index(denom))
    )
    memo = (fam, denom, key)
    found = _ESTIMATES.get(memo)
    if found is None:
        table = tables.TABLES[fam]
        cells, fit = (table["NT"], table["fit"]["NT"]) if denom == "NT" else (
            table["suit"], table["fit"]["suit"])  # fmt: skip
        found = _ESTIMATES[memo] = Estimate(*_lookup(cells, fit, key))
    return found


_ESTIMATES: dict[tuple[str, str, tuple[int, ...]], Estimate] = {}
""":func:`estimate` by table, denomination and hand pattern (a few hundred patterns)."""


def misere_chance(fam: str, open_: bool, hand: list[int], rules: Rules) -> float:
    """Probability the misère (open misère if ``open_``) succeeds with ``hand``."""
    table = tables.TABLES[fam]["OMIS" if open_ else "MIS"]
    opponents = rules.players - rules.players // rules.num_sides
    bucket = misere_pattern(hand, rules.deck, opponents)
    n, rate = table.get(bucket, (0, 0.0))
    if n < 10:
        return 0.0 if bucket >= 3 else 0.5
    return rate
