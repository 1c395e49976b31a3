"""Hints (suggest equals choose, with a reason), the arena's command line, the doctests."""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
from pathlib import Path

import pytest
from bot_helpers import make_bot, make_deal

import game.bots
from game import Rules, new_game
from game.arena import RemoteBots, run_arena
from game.arena import main as arena_main
from game.bots import Bot


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
@pytest.mark.parametrize("preset", ["australian", "american", "three-handed"])
def test_suggest_gives_the_chosen_action_and_a_reason(level, preset):
    rules = Rules.preset(preset)
    for seed in range(2):
        g = new_game(rules, seed=seed)
        while g.phase != "over" and not g.hands_played and g.hand_number == 0:
            seat = g.controller_of(g.to_act)
            view = g.view(seat)
            chosen = make_bot(level, seed).choose(view)
            suggested, reason = make_bot(level, seed).suggest(view)
            assert suggested == chosen
            assert isinstance(reason, str) and len(reason) > 5
            g.act(chosen)


def test_hard_bot_with_a_fixed_sample_count_is_deterministic():
    rules = Rules.preset("australian")
    g = new_game(rules, deal=make_deal(rules, {0: "JK JH JD AH KH 9H AS AC 5D 6D".split()}))
    while g.phase != "play":
        g.act(Bot("normal", seed=1).choose(g.view(g.controller_of(g.to_act))))
    for _ in range(6):
        seat = g.controller_of(g.to_act)
        view = g.view(seat)
        picks = {Bot("hard", seed=3, samples=8, budget_s=None).choose(view) for _ in range(3)}
        assert len(picks) == 1
        g.act(picks.pop())


def test_arena_cli_prints_one_json_object(capsys):
    report = arena_main(["--a", "normal", "--b", "easy", "--deals", "3", "--seed", "2", "--json"])
    printed = json.loads(capsys.readouterr().out)
    assert printed == report
    assert {"deals", "diff_per_deal", "ci95", "contracts", "decision_ms"} <= set(printed)
    assert printed["deals"] == 3
    assert printed["ci95"][0] <= printed["diff_per_deal"] <= printed["ci95"][1]
    assert set(printed["decision_ms"]) == {"normal", "easy"}


ROOT = str(Path(__file__).resolve().parents[2])


def test_arena_b_root_plays_that_checkouts_bots_exactly_as_its_own():
    # this checkout as "another" one: the same bots with the same seeds, so the same games
    local = run_arena("normal", "easy", deals=4, seed=5)
    remote = run_arena("normal", "easy", deals=4, seed=5, b_root=ROOT)
    assert remote["b"] == f"easy@{Path(ROOT).name}"
    assert remote["diff_per_deal"] == local["diff_per_deal"]
    assert remote["contracts"]["B"] == {**local["contracts"]["B"], "level": remote["b"]}
    assert set(remote["decision_ms"]) == {"normal", remote["b"]}


def test_arena_b_root_leaves_out_only_default_options_the_checkout_lacks():
    remote = RemoteBots(ROOT)
    try:
        remote.options -= {"going_out_backwards"}  # as a checkout from before that option
        g = new_game(Rules.preset("australian"), seed=1)
        view = g.view(g.to_act)
        assert "going_out_backwards" not in remote.view_for(view)["rules"]
        assert remote.view_for(view)["rules"]["target"] == view["rules"]["target"]
        changed = Rules.preset("australian").with_options(going_out_backwards="plays-on")
        g = new_game(changed, seed=1)
        with pytest.raises(ValueError, match="going_out_backwards"):
            remote.view_for(g.view(g.to_act))
    finally:
        remote.close()


def test_arena_cli_refuses_a_b_root_that_is_not_a_checkout(tmp_path, capsys):
    with pytest.raises(SystemExit):
        arena_main(["--b-root", str(tmp_path), "--deals", "1"])
    assert "not a checkout" in capsys.readouterr().err


def test_arena_text_report(capsys):
    arena_main(["--a", "easy", "--b", "random", "--deals", "2", "--games", "1"])
    out = capsys.readouterr().out
    assert "points per deal" in out and "95% CI" in out and "games won by A" in out


@pytest.mark.parametrize("preset", ["three-handed", "six-handed", "46-card-1000"])
def test_arena_runs_every_table_size(preset):
    report = run_arena("normal", "easy", deals=2, preset=preset, seed=3)
    assert report["deals"] == 2
    sides = Rules.preset(preset).num_sides
    assert report["decision_ms"]["normal"]["n"] > 0 and sides in (2, 3)


def test_arena_is_deterministic_for_a_seed():
    a = run_arena("normal", "easy", deals=3, seed=9)
    b = run_arena("normal", "easy", deals=3, seed=9)
    assert a["diff_per_deal"] == b["diff_per_deal"] and a["contracts"] == b["contracts"]


@pytest.mark.parametrize("preset", ["australian", "three-handed"])
def test_equal_bots_play_each_deal_alike_from_every_side(preset):
    # a seat's bot draws the same random numbers in every play of a deal (common random
    # numbers), so only a difference between the levels can make a deal's difference
    report = run_arena("hard", "hard", deals=3, preset=preset, seed=4, samples=4)
    assert report["diff_per_deal"] == 0 and report["ci95"] == [0, 0]


MODULES = ["game.arena", "game.bots"] + [
    f"game.bots.{m.name}" for m in pkgutil.iter_modules(game.bots.__path__)
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
