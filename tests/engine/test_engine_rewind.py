"""Taking back the last bid or card (game/rewind.py): the rebuilt game is exactly the game
as it was before that action, and nothing can be taken back once the auction or the trick
is closed."""

from __future__ import annotations

import random

import pytest

from game import Rules, new_game
from game.rewind import replay, take_back, undo_point

PLAYER = 0


def _random_action(game, rng: random.Random) -> str:
    legal = game.legal_actions()
    if game.phase == "discard":
        return legal[0]
    return rng.choice(legal)


@pytest.mark.parametrize("preset", ["australian", "american", "three-handed"])
@pytest.mark.parametrize("seed", range(4))
def test_take_back_restores_the_exact_game_while_open(preset, seed):
    rng = random.Random(seed)
    game = new_game(Rules.preset(preset), seed=seed)
    before_mine: str | None = None  # the save just before the player's last action
    checked = refused = 0
    while game.phase != "over" and len(game.actions) < 400:
        actor = game.controller_of(game.to_act)
        keep = undo_point(game, PLAYER)
        if keep is not None:
            assert before_mine is not None
            rebuilt = take_back(game, PLAYER)
            assert rebuilt is not None and rebuilt.to_json() == before_mine
            assert rebuilt.controller_of(rebuilt.to_act) == PLAYER
            assert rebuilt.view(PLAYER) == type(game).from_json(before_mine).view(PLAYER)
            checked += 1
        else:
            assert take_back(game, PLAYER) is None
            refused += 1
        if actor == PLAYER:
            before_mine = game.to_json()
        game.act(_random_action(game, rng))
    assert checked and refused


def test_nothing_to_take_back_after_a_throw_in_or_the_auction():
    game = new_game(Rules.preset("australian"), seed=11)
    for _ in range(game.players):
        game.act("PASS")
    assert len(game.deals) == 2 and game.phase == "bid"  # everyone passed: dealt again
    assert undo_point(game, PLAYER) is None
    while game.to_act != PLAYER:
        game.act("PASS")
    game.act("7S")
    assert undo_point(game, PLAYER) is not None
    while game.phase == "bid":
        game.act("PASS")
    assert game.contract == (PLAYER, "7S")
    assert undo_point(game, PLAYER) is None


def test_trick_closed_by_the_players_card_cannot_be_taken_back():
    game = new_game(Rules.preset("australian"), seed=5)
    rng = random.Random(1)
    while game.phase != "play":
        game.act(_random_action(game, rng))
    while True:
        seat = game.to_act
        last_of_trick = len(game.current_trick) == game.players - len(game.sitting_out()) - 1
        game.act(game.legal_actions()[0])
        if game.controller_of(seat) == PLAYER and last_of_trick:
            assert game.current_trick == []
            assert undo_point(game, PLAYER) is None
            break


def test_replay_checks_its_bounds():
    game = new_game(seed=2)
    with pytest.raises(ValueError):
        replay(game, 1)
