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

from dataclasses import dataclass
from typing import NamedTuple

from game.rules import Rules, bid_table


class Scoring(NamedTuple):
    """What a hand's result is worth (RULES.md §5), fixed for one hand."""

    slam_bonus: bool = True
    to_defenders: bool = False
    """A failed contract's value goes to the defenders instead of a loss."""
    caps: tuple[int, ...] = ()
    """Most trick points each side may still gain while defending (must bid to win);
    empty: no caps."""

    @staticmethod
    def for_hand(rules: Rules, scores: list[int]) -> Scoring:
        """The scoring of a hand played from ``scores`` (the caps of must-bid-to-win).

        >>> Scoring.for_hand(Rules.preset("australian"), [480, 0]).caps
        (10, 490)
        """
        caps = tuple(defender_gain(rules, s, 1000) for s in scores) if rules.must_bid_to_win else ()
        return Scoring(rules.slam_bonus, rules.failed_contract_to_defenders, caps)


def contract_points(
    scoring: Scoring, cside: int, misere: bool, need: int, value: int, tricks: list[int]
) -> tuple[list[int], bool]:
    """The one rule for a hand's points: ``(points per side, contract made)``.

    ``cside`` is the contractor's side, ``need`` the tricks bid, ``value`` the
    bid's value, ``tricks`` the tricks won per side.

    >>> contract_points(Scoring(), 0, False, 7, 200, [6, 4])
    ([-200, 40], False)
    """
    taken = tricks[cside]
    if misere:
        made = taken == 0
        reward = value
    else:
        made = taken >= need
        reward = 250 if (scoring.slam_bonus and taken == 10 and value < 250) else value
    points = [0] * len(tricks)
    if made:
        points[cside] = reward
    elif scoring.to_defenders:
        for s in range(len(tricks)):
            if s != cside:
                points[s] = value
    else:
        points[cside] = -value
    if not misere:
        caps = scoring.caps
        for s in range(len(tricks)):
            if s != cside:
                points[s] += min(10 * tricks[s], caps[s]) if caps else 10 * tricks[s]
    return points, made


@dataclass
class HandScore:
    points: list[int]
    """Change of each side's score."""
    made: bool
    winner: int | None
    """Side that has won the game with this hand, if any."""


def defender_gain(rules: Rules, score: int, points: int) -> int:
    """Trick points a defending side actually gains (capped under must-bid-to-win)."""
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
) -> HandScore:
    """Score one played hand.

    ``tricks`` are tricks won per side, ``trick_sides`` the winning side of
    each trick in order (to find who reached the target first), ``scores``
    the sides' scores before the hand.
    """
    table = bid_table(rules)
    misere = table.denomination[bid] == "MIS"
    scoring = Scoring.for_hand(rules, scores)
    points, made = contract_points(
        scoring, contractor_side, misere, table.tricks[bid], table.value[bid], tricks
    )
    new = [s + p for s, p in zip(scores, points)]
    return HandScore(points, made, _winner(rules, contractor_side, made, new, scores, trick_sides))


def _winner(
    rules: Rules,
    cside: int,
    made: bool,
    new: list[int],
    old: list[int],
    trick_sides: list[int],
) -> int | None:
    target = rules.target
    if new[cside] >= target and made:
        return cside
    if not rules.must_bid_to_win:
        reached = [s for s in range(len(new)) if new[s] >= target and s != cside]
        if len(reached) == 1:
            return reached[0]
        if reached:
            return _first_to_reach(rules, reached, old, trick_sides)
    if any(score <= -target for score in new):
        # Going out backwards ends the game; the best score among the others wins
        # (with two sides: the other side). Ties go to the contractor's side.
        others = [s for s in range(len(new)) if new[s] > -target]
        if others:
            return max(others, key=lambda s: (new[s], s == cside, -s))
        return max(range(len(new)), key=lambda s: (new[s], s == cside, -s))
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
