"""Ten-level bids: the chance of taking every trick, read from sampled deals solved double dummy.

A ten-level contract needs every trick. The trick estimates of
:mod:`game.bots.evaluate` read a hand's pattern, and the hands that take every
trick do not stand out there: ten-level contracts bid on them were made a third
of the time. So before bidding at the ten level a bot deals the unseen cards
``TEN_SAMPLES`` times as the auction suggests (:class:`~game.bots.sampling.Sampler`:
a misère bidder holds low cards, a seat that passed holds no bid), takes the
kitty, discards and nominates as it would (:func:`~game.bots.kitty.contract_state`),
and asks the double-dummy solver on the engine's play state whether its side
takes all ten tricks. The share of
deals that it does is the chance (a deal whose solve outgrows ``NODE_BUDGET``
counts as not made). Double dummy sees every card, so it reads high: the
bidding asks for ``TEN_LEVEL_MIN`` of it, and hints correct it
(:data:`~game.bots.reliability.SHIFTS`).

The deals are drawn from a random stream seeded by the hand and the auction:
the same question always gets the same answer, for a bot and for a hint alike.

Five-handed, the partner is called only after the auction, so the bidder's side
is not known when it bids: :func:`every_trick_chance` returns ``None`` there
and the trick estimate decides alone.

>>> from game import Rules, new_game
>>> from game.bots.knowledge import Knowledge
>>> deal = {"dealer": 3, "hands": [
...     "JK JH JD AH KH QH 10H 9H AS AC".split(), "4H 5H 6H 7H 8H 5D 5S 6S 7S 8S".split(),
...     "9S 10S JS QS KS 5C 6C 7C 8C 9C".split(), "10C JC QC KC 4D 6D 7D 8D 9D 10D".split()],
...     "kitty": ["QD", "KD", "AD"]}
>>> g = new_game(Rules.preset("australian"), deal=deal)
>>> every_trick_chance(Knowledge.from_view(g.view(0)), "10H", "H")
1.0
"""

from __future__ import annotations

import random

from game.analysis.solver import OutOfBudget, Solver
from game.cards import CARD_STR, SUITS
from game.playstate import PlayState

from .kitty import contract_state
from .knowledge import Knowledge
from .sampling import Sampler

TEN_SAMPLES = 24
"""Sampled deals per ten-level bid."""
NODE_BUDGET = 4000
"""Search nodes per deal's solve. Solving a ten-level deal took 218 nodes at the median
and 5,987 at the 95th percentile (1,824 deals behind hard's ten-level bids over open misère,
``benchmarks/ten_level.py`` seeds 401-414); of the deals over 5,000 nodes, 15% were made."""


def every_trick_chance(k: Knowledge, bid: str, denom: str) -> float | None:
    """The share of sampled deals in which the actor's side, contracted to the ten-level
    ``bid`` played in ``denom`` (a suit letter or ``"NT"``: a Game bid's is the bidder's
    last suit), takes every trick double dummy (``None`` five-handed)."""
    rules = k.rules
    if rules.calls_partner:
        return None
    n, actor = rules.players, k.actor
    known = [list(k.hand) if s == actor else [] for s in range(n)]
    trump = None if denom == "NT" else SUITS.index(denom)
    before = PlayState.for_deal(n, k.sides, actor, 10, 0, trump, known, deck=rules.deck)
    sampler = Sampler(k, before)
    rng = random.Random(_question(k, bid))
    made = 0
    for _ in range(TEN_SAMPLES):
        drawn = sampler.draw(rng)
        pile = drawn.pop(-1)  # the kitty, and two-handed the cards left out of the deal
        kitty = rng.sample(pile, rules.kitty_size) if len(pile) > rules.kitty_size else pile
        hands = [list(k.hand) if s == actor else drawn.get(s, []) for s in range(n)]
        solver = Solver(contract_state(rules, hands, kitty, actor, bid, denom), NODE_BUDGET)
        try:
            made += solver.at_least(10)
        except OutOfBudget:
            pass
    return made / TEN_SAMPLES


def _question(k: Knowledge, bid: str) -> str:
    """The random stream's seed: the hand, the auction and the bid."""
    hand = " ".join(CARD_STR[c] for c in sorted(k.hand))
    calls = " ".join(f"{s}:{c}" for s, c in k.auction)
    return f"ten/{hand}/{calls}/{bid}"
