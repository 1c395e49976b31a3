"""The expert bot's card play: sampled deals solved double dummy once few cards remain.

Early in the hand the expert searches as the hard bot does
(:mod:`game.bots.search`), on eight times as many sampled deals
(:data:`EXPERT_SAMPLES`, within :data:`EXPERT_BUDGET_S`), dropping the cards
that fall clearly behind on the way (:data:`PRUNE_AT`) and trusting a smaller
lead over the policy's card (:data:`EXPERT_SWITCH_Z`). Once the actor holds
at most :data:`SOLVE_TRICKS` cards (fewer at big tables), each deal of the
hidden cards drawn as the hard bot draws them (consistent with the auction and
the voids shown, :mod:`game.bots.sampling`) is solved exactly by
:func:`game.analysis.analyse` for every legal card; a card's worth in a deal is
the points the bot's side scores if everyone then plays perfectly. The card
with the best mean over the deals replaces the normal policy's card only if it
beats it by ``SWITCH_Z`` standard errors of the paired difference (the hard
bot's rule: a few lucky deals never move the bot off a sound card). Deals are
solved until ``budget_s`` seconds have passed or ``min(samples,
SOLVE_SAMPLES)`` deals are done; each solve has a node budget, and a deal left
with bounds counts at their midpoint.

>>> import random
>>> from game import Rules, new_game
>>> from game.bots.knowledge import Knowledge
>>> g = new_game(Rules.preset("australian"), seed=5)
>>> while g.phase != "play":
...     g.act(g.legal_actions()[-1] if g.phase == "bid" and len(g.auction) == 0 else
...           g.legal_actions()[0])
>>> for _ in range(28):
...     g.act(g.legal_actions()[0])
>>> k = Knowledge.from_view(g.view(g.to_act))
>>> result = expert_play(k, random.Random(1), samples=6, budget_s=None)
>>> result.samples, result.solved
(6, True)
"""

from __future__ import annotations

import random
import sys
import time
from typing import NamedTuple

from game.analysis import analyse
from game.playstate import PlayState, mask_of
from game.scoring import Scoring, contract_points

from .knowledge import Knowledge
from .play import normal_play
from .sampling import Sampler
from .search import MAX_SAMPLES, Move, search_play, significant_gain

SOLVE_TRICKS = 5
"""Cards in the actor's hand from which on deals are solved (four-handed). Solving from 6
(``SOLVE_CARDS`` 24) screened worse: expert - hard -14.8 [-25.4, -4.3] points per deal
against -3.6 [-14.3, +7.0] with 5, the same 300 duplicate deals (australian, seed 1)."""
SOLVE_CARDS = 20
"""At most this many cards in play when solving starts (3- and 6-handed tables scale)."""
NODE_BUDGET = 3000
"""Search nodes per solved deal."""
SOLVE_SAMPLES = MAX_SAMPLES
"""Deals solved per decision at most (the hard bot's sample count)."""
EXPERT_SAMPLES = 8 * MAX_SAMPLES
"""Sampled deals per card at most in the expert's search, eight times the hard bot's 64 (more
deals keep paying: hard searching 64 deals per card beat hard searching 16 by +14.8 [+9.2,
+20.4] points per deal, 1,000 duplicate deals, australian, seed 42; the expert searching 256
beat hard by about +7.8 over 3,600). Cards clearly behind are dropped on the way
(:data:`PRUNE_AT`), so the 512 deals cost 1.24 times the play-outs of 256 without pruning.
``python benchmarks/expert_racing.py`` (342 decisions, each card valued on deals the search did
not see): the chosen card gains +4.92 points per decision over the policy's with 256 deals,
+5.42 with 512, +5.40 with 512 pruned."""
EXPERT_SWITCH_Z = 0.7
"""Standard errors by which the expert's searched card must beat the policy's to replace it
(hard: :data:`~game.bots.search.SWITCH_Z`, 1.6). On 512 deals a card's lead is seldom noise:
``python benchmarks/expert_racing.py --hands 120 --seed 4000`` (1,767 decisions, each card
valued on deals the search did not see) gives the card's gain over the policy's as +5.19 points
per decision at 1.6, +5.41 at 1.0, +5.47 at 0.7 and +5.52 at 0.4. The lower the threshold, the
more the bot trusts play-outs in which the normal policy plays every seat, so 0.7 takes most of
the gain and no more."""
PRUNE_AT = (32, 64, 128, 256)
"""Deals after which the expert's search drops the cards that trail the leader
(:func:`~game.bots.search.prune`)."""
EXPERT_BUDGET_S = 0.5 if sys.platform == "emscripten" else 0.25
"""Seconds of search per decision (targets: p95 <= 300 ms in CPython, 600 ms in Pyodide)."""


class ExpertResult(NamedTuple):
    action: Move
    policy_action: Move
    policy_reason: str
    solved: bool
    """Whether deals were solved (else the hard bot's search chose)."""
    samples: int
    gain: float
    """Mean points the chosen card gained over the policy's card."""


def solving(st: PlayState, seat: int) -> bool:
    """Whether the expert solves deals in this position (few enough cards left)."""
    left = len(st.hands[seat])
    return left <= SOLVE_TRICKS and left * len(st.active) <= SOLVE_CARDS


def expert_play(
    k: Knowledge,
    rng: random.Random,
    samples: int = EXPERT_SAMPLES,
    budget_s: float | None = EXPERT_BUDGET_S,
) -> ExpertResult:
    """The expert's card for the actor in ``k`` (see the module docstring)."""
    st = k.play_state()
    seat = k.actor
    if not solving(st, seat):
        r = search_play(k, rng, samples, budget_s, PRUNE_AT, EXPERT_SWITCH_Z)
        return ExpertResult(r.action, r.policy_action, r.policy_reason, False, r.samples, r.gain)
    start = time.perf_counter()
    card, named, reason = normal_play(st, seat)
    base: Move = (card, named)
    plays = st.legal_plays()
    if len(plays) == 1:
        return ExpertResult(plays[0], base, reason, True, 0, 0.0)
    scoring = k.scoring()
    my_side = st.side[seat]
    sampler = Sampler(k, st)
    values: dict[Move, list[float]] = {m: [] for m in plays}
    done = 0
    while done < min(samples, SOLVE_SAMPLES):
        if budget_s is not None and done >= 2 and time.perf_counter() - start > budget_s:
            break
        world = _world(st, sampler, rng)
        for move, (lo, hi) in analyse(world, NODE_BUDGET).items():
            values[move].append(_utility(world, scoring, (lo + hi) / 2, my_side))
        done += 1
    best = max(plays, key=lambda m: (sum(values[m]), m == base))
    if base in values:
        gain = significant_gain(values[best], values[base])
        best = best if gain else base
    else:
        gain = 0.0
    return ExpertResult(best, base, reason, True, done, gain)


def _world(st: PlayState, sampler: Sampler, rng: random.Random) -> PlayState:
    """``st`` with the hidden hands dealt by ``sampler`` (the pile left out of play)."""
    hands = sampler.draw(rng)
    world = st.copy()
    hands.pop(-1)
    for s, h in hands.items():
        world.hands[s] = h
        world.masks[s] = mask_of(h)
    return world


def _utility(world: PlayState, scoring: Scoring, tricks: float, side: int) -> float:
    """Points of ``side`` minus the others' mean if the contractor's side takes ``tricks``
    more (the rest shared evenly by the defending sides)."""
    taken = world.side_tricks()
    left = len(world.hands[world.to_act]) if not world.over else 0
    cside = world.cside
    lo = int(tricks)
    outcome = [0.0] * world.nsides
    for whole, weight in ((lo, 1 - (tricks - lo)), (lo + 1, tricks - lo)):
        if weight <= 0:
            continue
        split = list(taken)
        split[cside] += whole
        rest = left - whole
        defenders = [s for s in range(world.nsides) if s != cside]
        for i, s in enumerate(defenders):
            split[s] += rest // len(defenders) + (1 if i < rest % len(defenders) else 0)
        points, _ = contract_points(scoring, cside, world.misere, world.need, world.value, split)
        for s in range(world.nsides):
            outcome[s] += weight * points[s]
    others = [p for s, p in enumerate(outcome) if s != side]
    return outcome[side] - sum(others) / len(others)
