"""The deals a seed gives, hand by hand, without playing the hands before: for sharing a
game "from hand K" and for the deal of the day.

A game dealt from its seed (no fixed deals) deals hand ``K`` with
``random.Random(f"{seed}/{K}")``, the dealer moving left once per hand (thrown-in hands
count) from the first dealer drawn with ``random.Random(f"{seed}/dealer")``; this module
mirrors :meth:`game.engine.Game._start_hand`, and the tests check it against real games.

>>> from game import Rules, new_game
>>> g = new_game(Rules(), seed=9)
>>> seed_deal(Rules(), 9, 0) == g.deals[0]
True
>>> first_hand_index(g)
0
>>> first_hand_index(new_game(Rules(), seed=9, deal=seed_deal(Rules(), 9, 4)))
4
"""

from __future__ import annotations

import random
from typing import Any

from game.deal import choose_first_dealer, deal_cards
from game.engine import Game
from game.rules import Rules

MAX_SEARCH = 200
"""How many of a seed's hands :func:`first_hand_index` looks through."""


def seed_deal(rules: Rules, seed: int, index: int) -> dict[str, Any]:
    """Hand ``index`` (0 = the first) of a game dealt from ``seed``, as ``Deal.to_dict()``."""
    if index < 0:
        raise ValueError(f"a hand index is 0 or more (got {index})")
    first = choose_first_dealer(rules, random.Random(f"{seed}/dealer"))
    dealer = (first + index) % rules.players
    return deal_cards(rules, dealer, random.Random(f"{seed}/{index}")).to_dict()


def first_hand_index(game: Game) -> int | None:
    """Which of its seed's hands ``game`` started with (0 for a game dealt from its seed,
    ``K`` for one started from hand K), or ``None`` for deals that are not the seed's."""
    if not game.deals:
        return None
    first = game.deals[0]
    for index in range(MAX_SEARCH):
        if seed_deal(game.rules, game.seed, index) == first:
            return index
    return None
