"""The hard bot's card play: sample the unseen cards, play each candidate out, keep the best.

The normal bot runs the same search on a few deals (``NORMAL_SAMPLES`` in
:mod:`game.bots.bot`): a light check that changes the policy's card only when
it is clearly beaten.

Anytime Monte Carlo over consistent deals (:mod:`game.bots.sampling`): each
sampled deal is played to the end of the hand once per candidate card with the
normal policy for every seat (fast integer simulation on
:class:`~game.bots.state.PlayState`), and scored in points for the bot's side
(contract made or failed, defenders' tricks). All candidates share the same
deals, so they are compared pair by pair; the normal policy's own card is kept
unless another beats it by more than ``SWITCH_Z`` standard errors of the paired
difference — noise alone never moves the bot off a sound rule (the expert, on
more deals, asks for less: ``search_play``'s ``switch_z``).

The loop stops at ``samples`` deals or when ``budget_s`` has passed (checked
with ``time.perf_counter`` after each deal); ``budget_s=None`` gives a fixed
number of deals: deterministic for a seed on any machine. The expert's longer
search also drops, at a few points on the way, the cards that have fallen
clearly behind (``prune_at``), and stops when only the policy's card is left.

>>> import random
>>> from game import Rules, new_game
>>> from game.bots.knowledge import Knowledge
>>> g = new_game(Rules.preset("australian"), seed=5)
>>> while g.phase != "play":
...     g.act(g.legal_actions()[-1] if g.phase == "bid" and len(g.auction) == 0 else
...           g.legal_actions()[0])
>>> k = Knowledge.from_view(g.view(g.to_act))
>>> result = search_play(k, random.Random(1), samples=4, budget_s=None)
>>> from game.cards import card_str
>>> card_str(result.action[0]) in g.legal_actions(), result.samples
(True, 4)
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import NamedTuple

from game.cards import JOKERS, NO_SUIT, SUITS
from game.tricks import play_context

from .kitty import choose_nomination
from .knowledge import Knowledge
from .play import name_joker, normal_play
from .sampling import Sampler
from .state import PlayState, Scoring, hand_points, mask_of, side_utility

SWITCH_Z = 1.6
"""Standard errors by which a card must beat the normal policy's card to replace it."""
Move = tuple[int, "int | None"]
"""A card and, for a led un-nominated joker, the suit it is led as."""
PRUNE_Z = 2.0
"""Standard errors of the paired difference by which a card must trail the leading card to
stop being played out, where the search prunes (``search_play``'s ``prune_at``)."""
MAX_SAMPLES = 64
"""Sampled deals per decision at most."""
BUDGET_S = 0.2 if sys.platform == "emscripten" else 0.1
"""Seconds of search per decision: Pyodide runs Python about 1.5x slower, so it gets more
time for a similar number of samples (targets: p95 <= 150 ms in CPython, 300 ms in Pyodide)."""


class SearchResult(NamedTuple):
    action: tuple[int, int | None]
    """``(card, named suit)`` chosen."""
    policy_action: tuple[int, int | None]
    """What the normal policy would play."""
    policy_reason: str
    """The normal policy's reason code for it."""
    gain: float
    """Points per deal the chosen card gained over the policy's card (0 if the same)."""
    samples: int
    playouts: int = 0
    """Hands played out to the end (samples times candidates)."""


def candidates(st: PlayState, seat: int, prefer: int) -> list[tuple[int, int | None]]:
    """Legal plays for ``seat``, one per run of touching cards (equal in play).

    A run is represented by ``prefer`` if it holds it, else by its lowest card;
    a led un-nominated joker names the suit the normal policy would name.
    """
    legal = st.legal(seat)
    ctx = st.ctx
    others = st.others(seat)
    mine = mask_of(legal)
    out: list[tuple[int, int | None]] = []
    seen = 0
    for card in legal:
        if seen >> card & 1:
            continue
        e = ctx.eff[card]
        run = [card]
        if e != NO_SUIT:
            suit = st.tables.by_suit[e]
            i = suit.index(card)
            for step in (-1, 1):
                j = i + step
                while 0 <= j < len(suit) and not others >> suit[j] & 1:
                    if mine >> suit[j] & 1:
                        run.append(suit[j])
                    elif st.live >> suit[j] & 1:
                        break
                    j += step
        for c in run:
            seen |= 1 << c
        rep = prefer if prefer in run else min(run, key=lambda c: ctx.power[c])
        out.append((rep, name_joker(st, seat, rep)))
    return out


def search_moves(st: PlayState, seat: int) -> tuple[Move, str, list[Move]]:
    """The normal policy's move for ``seat`` and its reason code, and the moves a search
    compares (:func:`candidates`, the policy's move last)."""
    card, named, reason = normal_play(st, seat)
    base = (card, named)
    return base, reason, [c for c in candidates(st, seat, card) if c[0] != card] + [base]


def rollout(st: PlayState) -> None:
    """Play ``st`` to the end of the hand with the normal policy for every seat."""
    while not st.over:
        card, named, _ = normal_play(st, st.to_act)
        st.play(card, named)


def sampled_world(st: PlayState, seat: int, sampler: Sampler, rng: random.Random) -> PlayState:
    """A copy of ``st`` with the cards ``seat`` cannot see dealt by ``sampler`` (a defender's
    draw of the contractor's discards goes to the contractor's dead cards)."""
    hands = sampler.draw(rng)
    world = st.copy()
    pile = hands.pop(-1)
    for s, h in hands.items():
        world.hands[s] = h
        world.masks[s] = mask_of(h)
    if st.contractor != seat and st.contractor in hands:
        world.dead[st.contractor] = mask_of(pile)
    return world


def play_out(world: PlayState, move: Move, scoring: Scoring, side: int) -> float:
    """``move`` played in ``world`` (left unchanged), then the hand to its end with the normal
    policy: the points of ``side`` over the others' (:func:`~game.bots.state.side_utility`)."""
    sim = world.copy()
    sim.play(*move)
    rollout(sim)
    return side_utility(hand_points(sim, scoring), side)


def search_play(
    k: Knowledge,
    rng: random.Random,
    samples: int = MAX_SAMPLES,
    budget_s: float | None = BUDGET_S,
    prune_at: tuple[int, ...] = (),
    switch_z: float = SWITCH_Z,
) -> SearchResult:
    """Choose the actor's card by sampling (see the module docstring).

    After as many deals as each number in ``prune_at``, the cards that trail the leading
    one by more than ``PRUNE_Z`` standard errors stop being played out (:func:`prune`),
    and the search ends once the policy's card is the only one left. The best card
    replaces the policy's if it beats it by ``switch_z`` standard errors
    (:func:`significant_gain`).
    """
    start = time.perf_counter()
    st = k.play_state()
    seat = k.actor
    base, reason, cands = search_moves(st, seat)
    if len(cands) == 1:
        return SearchResult(base, base, reason, 0.0, 0, 0)
    scoring: Scoring = k.scoring()
    my_side = st.side[seat]
    sampler = Sampler(k, st)
    values: dict[Move, list[float]] = {c: [] for c in cands}
    live = cands
    done = playouts = 0
    while done < samples:
        if budget_s is not None and done >= 2 and time.perf_counter() - start > budget_s:
            break
        world = sampled_world(st, seat, sampler, rng)
        for c in live:
            values[c].append(play_out(world, c, scoring, my_side))
        done += 1
        playouts += len(live)
        if done in prune_at:
            live = prune(live, values, base)
            if len(live) == 1:
                break
    best = max(live, key=lambda c: (sum(values[c]), c == base))
    gain = significant_gain(values[best], values[base], switch_z)
    return SearchResult(best if gain else base, base, reason, gain, done, playouts)


def prune(live: list[Move], values: dict[Move, list[float]], base: Move) -> list[Move]:
    """The cards of ``live`` still worth playing out: the leader (best total so far), the
    policy's card ``base``, and every card that does not trail the leader by more than
    ``PRUNE_Z`` standard errors of the paired difference over the deals played.

    >>> prune([(1, None), (2, None), (3, None)],
    ...       {(1, None): [0, 10, 0, 10], (2, None): [10, 10, 10, 10], (3, None): [0, 0, 0, 0]},
    ...       (1, None))
    [(1, None), (2, None)]
    """
    leader = max(live, key=lambda c: sum(values[c]))
    lead = values[leader]
    return [c for c in live if c in (leader, base) or not _trails(values[c], lead)]


def _trails(a: list[float], b: list[float]) -> bool:
    """Whether ``a`` is behind ``b`` by more than ``PRUNE_Z`` standard errors (paired)."""
    mean, se = _paired(a, b)
    return mean < -PRUNE_Z * se


NOMINATION_SAMPLES = {"normal": 24, "hard": 48}
"""Sampled deals per option when choosing the no-trumps joker's nomination."""


def search_nomination(k: Knowledge, rng: random.Random, samples: int) -> tuple[str, float]:
    """The no-trumps contractor's joker nomination, by playing each option out.

    Every option (each suit, or ``"-"``: the joker kept free) is played to the end
    of the hand on the same ``samples`` sampled deals with the normal policy; the
    best mean score wins, with the longest-suit rule's choice kept on ties.
    Returns the option and the points per deal it gains over the rule's choice.
    """
    st = k.play_state()
    seat = k.actor
    rule = choose_nomination(k.hand, "NT")
    held = tuple(c for c in JOKERS if c in k.hand)
    options = [rule] + [s for s in SUITS if s != rule] + ["-"]
    contexts = {
        o: st.ctx if o == "-" else play_context(None, SUITS.index(o), held, misere=False)
        for o in options
    }
    scoring: Scoring = k.scoring()
    my_side = st.side[seat]
    sampler = Sampler(k, st)
    totals = dict.fromkeys(options, 0.0)
    for _ in range(samples):
        hands = sampler.draw(rng)
        hands.pop(-1)
        for o in options:
            sim = st.copy()
            sim.set_context(contexts[o])
            for s, h in hands.items():
                sim.hands[s] = list(h)
                sim.masks[s] = mask_of(h)
            rollout(sim)
            totals[o] += side_utility(hand_points(sim, scoring), my_side)
    best = max(options, key=lambda o: (totals[o], o == rule))
    return best, (totals[best] - totals[rule]) / max(1, samples)


def significant_gain(chosen: list[float], base: list[float], z: float = SWITCH_Z) -> float:
    """Mean paired gain of ``chosen`` over ``base`` if above ``z`` standard errors, else 0.

    >>> significant_gain([3.0, 1.0, 2.0], [1.0, 1.0, 1.0])
    1.0
    >>> significant_gain([3.0, 1.0, 2.0], [1.0, 1.0, 1.0], z=2.0)
    0.0
    """
    if not chosen:
        return 0.0
    mean, se = _paired(chosen, base)
    return mean if mean > z * se else 0.0


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of the differences ``a[i] - b[i]`` and its standard error."""
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    return mean, math.sqrt(var / n)
