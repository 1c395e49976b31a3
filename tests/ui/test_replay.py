"""Importing a game: refused at once when it holds more actions than its deals can; else
replayed in slices with the same result and errors as the engine's own loading."""

from __future__ import annotations

import asyncio
import json

import pytest
from fakes import run

from game import new_game
from ui.replay import replay_in_slices
from ui.save_bounds import max_actions_per_deal, refusal
from ui.storage import parse_save


def played(seed: int, moves: int):
    game = new_game(seed=seed)
    for _ in range(moves):
        game.act(game.legal_actions()[-1] if game.phase == "bid" else game.legal_actions()[0])
        if game.phase == "over":
            break
    return game


def test_100000_passes_are_refused_before_any_replay():
    """(400,000 passes, 3 MB, are refused by their size alone.)"""
    game = new_game(seed=1)
    data = json.loads(game.to_json())
    data["actions"] = ["PASS"] * 100_000
    text = json.dumps(data)
    assert refusal(data).code == "too-long"
    result = parse_save(text)
    assert result.game is None and "more moves" in result.error
    sliced = run(replay_in_slices(text))
    assert sliced.game is None and sliced.error == result.error


def test_the_bound_holds_real_games():
    for seed in range(5):
        game = played(seed, 200)
        per_deal = max_actions_per_deal(game.rules)
        assert len(game.actions) <= len(game.deals) * per_deal
        assert refusal(json.loads(game.to_json())) is None


@pytest.mark.parametrize("moves", [0, 1, 30, 200])
def test_slices_give_the_engines_result(moves):
    game = played(3, moves)
    assert run(replay_in_slices(game.to_json(), slice_seconds=0)).game == game


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["actions"].append("ZZ"),
        lambda d: d.update(seed="x"),
        lambda d: d.update(version=9),
        lambda d: d["deals"].append(d["deals"][0]),
    ],
)
def test_slices_give_the_engines_errors(change):
    data = json.loads(played(3, 30).to_json())
    change(data)
    text = json.dumps(data)
    assert run(replay_in_slices(text, slice_seconds=0)).error == parse_save(text).error


def test_the_page_gets_its_thread_back_between_slices():
    game = played(4, 200)
    ticks = []

    async def both():
        async def tick():
            while True:
                ticks.append(1)
                await asyncio.sleep(0)

        ticker = asyncio.ensure_future(tick())
        result = await replay_in_slices(game.to_json(), slice_seconds=0)
        ticker.cancel()
        return result

    assert run(both()).game == game
    assert len(ticks) > 10
