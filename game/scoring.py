"""Scoring a hand and deciding the end of the game (RULES.md §5, §6).

>>> from game.rules import Rules
>>> r = Rules.preset("australian")
>>> s = score_hand(r, contractor_side=0, bid="7H", tricks=[7, 3], trick_sides=[0] * 7 + [1] * 3,
...                scores=[0, 0])
>>> s.points, s.made, s.winner
([200, 30], True, None)
>>> score_hand(r, 0, "6S", [10, 0], [0] * 10, [0, 0]).points   # slam under 250
[250, 0]
>>> score_hand(r, 0, "MIS", [1, 9], [0] + [1] * 9, [0, 0]).points  # defenders score nothing
[-250, 0]
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import NamedTuple

from game.rules import Rules, bid_table


class Scoring(NamedTuple):
    """What a hand's result is worth (RULES.md §5), fixed for one hand."""

    slam_bonus: bool = True
    to_defenders: bool = False
    """A failed contract's value goes to the defenders instead of a loss."""
    caps: tuple[int, ...] = ()
    """Most points each side may still gain while defending (must bid to win: trick points
    and a failed contract's value together); empty: no caps."""

    @staticmethod
    def for_hand(rules: Rules, scores: list[int]) -> Scoring:
        """The scoring of a hand played from ``scores`` (the caps of must-bid-to-win).

        >>> Scoring.for_hand(Rules.preset("australian"), [480, 0]).caps
        (10, 490)
        """
        caps = (
            tuple([defender_gain(rules, s, NO_CAP) for s in scores])
            if rules.must_bid_to_win
            else ()
        )
        return Scoring(rules.slam_bonus, rules.failed_contract_to_defenders, caps)


NO_CAP = 10**6


def contract_points(
    scoring: Scoring,
    cside: int,
    misere: bool,
    need: int,
    value: int,
    tricks: list[int],
    partner: int | None = None,
) -> tuple[list[int], bool]:
    """The one rule for a hand's points: ``(points per side, contract made)``.

    ``cside`` is the contractor's side, ``need`` the tricks bid, ``value`` the
    bid's value, ``tricks`` the tricks won per side; ``partner`` the side of a
    five-handed called partner: its tricks count for the contract and it scores
    the contract's result too. Everything a defending side gains (its tricks and,
    with ``to_defenders``, a failed contract's value) is capped by ``caps``.

    >>> contract_points(Scoring(), 0, False, 7, 200, [6, 4])
    ([-200, 40], False)
    >>> contract_points(Scoring(), 0, False, 8, 300, [5, 1, 3, 0, 1], partner=2)
    ([300, 10, 300, 0, 10], True)
    """
    contractors = (cside,) if partner is None or partner == cside else (cside, partner)
    taken = sum([tricks[s] for s in contractors])
    if misere:
        made = taken == 0
        reward = value
    else:
        made = taken >= need
        reward = 250 if (scoring.slam_bonus and taken == 10 and value < 250) else value
    points = [0] * len(tricks)
    caps = scoring.caps
    set_value = value if not made and scoring.to_defenders else 0
    for s in range(len(tricks)):
        if s in contractors:
            points[s] = reward if made else 0 if scoring.to_defenders else -value
        else:
            gain = set_value + (0 if misere else 10 * tricks[s])
            points[s] = min(gain, caps[s]) if caps else gain
    return points, made


@dataclass
class HandScore:
    """What one hand scored: each side's points, whether the contract was made, and the
    side that won the game with it (``score_hand``)."""

    points: list[int]
    """Change of each side's score."""
    made: bool
    winner: int | None
    """Side that has won the game with this hand, if any."""


def defender_gain(rules: Rules, score: int, points: int) -> int:
    """Points a defending side actually gains (capped under must-bid-to-win).

    Under must-bid-to-win everything a side gains by defending stops at
    ``target - defender_cap_margin``: its trick points and, with
    ``failed_contract_to_defenders``, the failed contract's value too.

    >>> r = Rules.preset("australian")
    >>> defender_gain(r, 470, 40), defender_gain(r, 495, 40), defender_gain(r, 0, 40)
    (20, 0, 40)
    """
    if not rules.must_bid_to_win:
        return points
    cap = rules.target - rules.defender_cap_margin
    return max(0, min(points, cap - score))


def score_hand(
    rules: Rules,
    contractor_side: int,
    bid: str,
    tricks: list[int],
    trick_sides: list[int],
    scores: list[int],
    partner_side: int | None = None,
    out_backwards: frozenset[int] = frozenset(),
) -> HandScore:
    """Score one played hand.

    ``tricks`` are tricks won per side, ``trick_sides`` the winning side of
    each trick in order (to find who reached the target first), ``scores``
    the sides' scores before the hand. ``partner_side`` is the five-handed
    contractor's called partner (its tricks count for the contract and it
    scores the contract too); ``out_backwards`` the sides that have gone out
    backwards earlier when they play on (``going_out_backwards="plays-on"``).
    """
    table = bid_table(rules)
    misere = table.denomination[bid] == "MIS"
    scoring = Scoring.for_hand(rules, scores)
    points, made = contract_points(
        scoring, contractor_side, misere, table.tricks[bid], table.value[bid], tricks, partner_side
    )
    new = list(map(operator.add, scores, points))
    winner = _winner(
        rules, contractor_side, partner_side, made, new, scores, trick_sides, out_backwards
    )
    return HandScore(points, made, winner)


def gone_out_backwards(rules: Rules, scores: list[int]) -> frozenset[int]:
    """Sides at minus the target or below."""
    floor = -rules.target
    if min(scores) > floor:
        return NOBODY
    return frozenset(s for s, score in enumerate(scores) if score <= floor)


NOBODY: frozenset[int] = frozenset()


def _winner(
    rules: Rules,
    cside: int,
    partner: int | None,
    made: bool,
    new: list[int],
    old: list[int],
    trick_sides: list[int],
    out_before: frozenset[int],
) -> int | None:
    target = rules.target
    if not out_before and -target < min(new) and max(new) < target:
        return None  # the common hand: nobody has reached the target or gone out backwards
    sides = range(len(new))
    out = out_before | gone_out_backwards(rules, new)
    plays_on = rules.going_out_backwards == "plays-on"
    barred = out if plays_on else frozenset()
    if plays_on and len(out) == len(new):
        # Everybody has gone out backwards: nobody can win any more, so the game ends
        # and the best score wins (ties: the contractor, then the lower side).
        return max(sides, key=lambda s: (new[s], s == cside, -s))
    if made:
        for side in (cside, partner):
            if side is not None and new[side] >= target and side not in barred:
                return side
    if not rules.must_bid_to_win:
        contractors = (cside, partner)
        reached = [s for s in sides if new[s] >= target and s not in contractors + tuple(barred)]
        if len(reached) == 1:
            return reached[0]
        if reached:
            return _first_to_reach(rules, reached, old, trick_sides)
    if not plays_on and out:
        # Going out backwards ends the game; the best score among the others wins
        # (with two sides: the other side). Ties go to the contractor's side.
        others = [s for s in sides if s not in out]
        if others:
            return max(others, key=lambda s: (new[s], s == cside, -s))
        return max(sides, key=lambda s: (new[s], s == cside, -s))
    return None


def _first_to_reach(
    rules: Rules, reached: list[int], old: list[int], trick_sides: list[int]
) -> int:
    """Among several defenders past the target, the one who got there first by trick order."""
    running = list(old)
    for side in trick_sides:
        running[side] += 10
        if side in reached and running[side] >= rules.target:
            return side
    return max(reached, key=lambda s: (old[s], -s))
