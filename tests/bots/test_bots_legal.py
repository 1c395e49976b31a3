"""Bots always answer with a legal action: every preset, every level, many rule options."""

from __future__ import annotations

import pytest
from bot_helpers import make_bot, play_hand

from game import Rules, new_game
from game.bots import LEVELS, Bot

VARIANTS = [
    ("australian", {}),
    ("american", {}),
    ("three-handed", {}),
    ("six-handed", {}),
    ("46-card-1000", {}),
    ("australian", {"misere": "anytime", "misere_partner": "both-hands", "blind_misere": True}),
    ("australian", {"open_misere_exposed": "from-start", "joker_lead": "last-trick"}),
    ("australian", {"deck": 45, "sans_kitty": True, "raise_own_bid": True}),
    ("six-handed", {"teams": "3v3", "deck": 66}),
    ("american", {"deck": 46, "misere": "anytime"}),
    ("two-handed", {}),
    ("five-handed", {}),
    ("five-handed", {"sans_kitty": True, "misere": "anytime"}),
]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset,options", VARIANTS)
def test_bots_play_legal_hands(preset, options, level):
    rules = Rules.preset(preset).with_options(**options)
    hands = 2 if level in ("hard", "expert") else 4
    for seed in range(hands):
        g = new_game(rules, seed=seed)
        bots = [make_bot(level, seed * 10 + s) for s in range(rules.players)]
        play_hand(g, bots)


def test_mixed_levels_play_whole_games():
    rules = Rules.preset("australian")
    for seed in range(2):
        g = new_game(rules, seed=seed)
        bots = [make_bot(lvl, seed) for lvl in ("easy", "normal", "easy", "normal")]
        for _ in range(40):
            if g.phase == "over":
                break
            play_hand(g, bots)
        assert g.phase == "over"


def test_bots_never_bid_blind_misere():
    rules = Rules.preset("australian").with_options(blind_misere=True)
    for seed in range(30):
        g = new_game(rules, seed=seed)
        for level in ("easy", "normal", "hard"):
            assert make_bot(level).choose(g.view(g.to_act)) != "BMIS"


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        Bot("grandmaster")


def test_a_view_without_legal_actions_is_refused():
    g = new_game(seed=1)
    other = (g.to_act + 1) % 4
    with pytest.raises(ValueError, match="not this seat's turn"):
        Bot("normal").choose(g.view(other))


def test_random_level_is_uniform_over_legal_actions_and_seeded():
    g = new_game(seed=2)
    view = g.view(g.to_act)
    picks = [Bot("random", seed=s).choose(view) for s in range(200)]
    assert set(picks) <= set(view["legal_actions"])
    assert len(set(picks)) > len(view["legal_actions"]) // 2
    assert picks == [Bot("random", seed=s).choose(view) for s in range(200)]
