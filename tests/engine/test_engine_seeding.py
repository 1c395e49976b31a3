"""game/seeding.py deals exactly what the engine deals from a seed, hand after hand
(thrown-in hands included), and finds which seed hand a game started with."""

from __future__ import annotations

import random

import pytest

from game import Rules, new_game
from game.seeding import first_hand_index, seed_deal


def _modest_action(game, rng: random.Random) -> str:
    legal = game.legal_actions()
    if game.phase == "bid":
        return "PASS" if "PASS" in legal and rng.random() < 0.8 else legal[0]
    return legal[0] if game.phase == "discard" else rng.choice(legal)


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_seed_deals_match_the_engine(preset):
    rules = Rules.preset(preset)
    game = new_game(rules, seed=4)
    rng = random.Random(1)
    while len(game.deals) < 6 and game.phase != "over":
        game.act(_modest_action(game, rng))
    assert len(game.deals) >= 4
    assert [seed_deal(rules, 4, i) for i in range(len(game.deals))] == game.deals


def test_first_hand_index():
    rules = Rules.preset("three-handed")
    assert first_hand_index(new_game(rules, seed=8)) == 0
    assert first_hand_index(new_game(rules, seed=8, deal=seed_deal(rules, 8, 7))) == 7
    other = new_game(rules, seed=8, deal=seed_deal(rules, 9, 0))
    assert first_hand_index(other) is None
    with pytest.raises(ValueError):
        seed_deal(rules, 8, -1)
