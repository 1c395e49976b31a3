"""The double-dummy solver agrees with plain minimax, and ``solve(g)`` follows the contract."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest

from game import Rules, new_game
from game.analysis import Solver, analyse, solve, solve_bounds
from game.analysis.minimax import minimax, minimax_moves
from game.analysis.positions import KINDS, random_position
from game.engine import Game

MODULES = ["solver", "minimax", "positions", "solve_game"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(f"game.analysis.{name}"))
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: f"{k[0]}-{k[1]}")
def test_every_move_agrees_with_minimax(kind: tuple[str, str]) -> None:
    """100 random positions per contract kind and table: 2000 in all, mid-trick included."""
    rng = random.Random(f"{kind}")
    checked = 0
    while checked < 100:
        tricks = rng.choice((1, 2, 3) if kind[0] != "three" else (2, 3, 4))
        st = random_position(rng, kind, tricks)
        if st.over:
            continue
        before = (list(map(list, st.hands)), list(st.trick), st.to_act, list(st.won))
        expected = minimax_moves(st)
        got = analyse(st)
        assert got == {m: (v, v) for m, v in expected.items()}, (kind, tricks)
        assert (list(map(list, st.hands)), list(st.trick), st.to_act, list(st.won)) == before
        checked += 1


def test_value_agrees_with_minimax_on_deeper_positions() -> None:
    rng = random.Random(11)
    for i in range(40):
        st = random_position(rng, KINDS[i % len(KINDS)], 4 if i % 2 else 3)
        if not st.over:
            assert Solver(st).value() == minimax(st)


def test_budget_gives_bounds_around_the_exact_value() -> None:
    rng = random.Random(5)
    for i in range(30):
        st = random_position(rng, ("four", "suit" if i % 2 else "nt"), 5, mid_trick=False)
        exact = analyse(st)
        rough = analyse(st, node_budget=20)
        for move, (lo, hi) in rough.items():
            assert lo <= exact[move][0] <= hi


def _to_play(preset: str, bid: str, seed: int) -> Game:
    """The first hand with ``bid`` as the contract. Misère needs a seven bid before it
    in Australian rules, so the opener bids 7S and the next player bids ``bid``."""
    g = new_game(Rules.preset(preset), seed=seed)
    for _ in range(200):
        if g.phase == "play":
            return g
        if g.phase == "bid":
            legal = g.legal_actions()
            if bid in legal and all(b == "PASS" for _, b in g.auction):
                g.act(bid)
            elif not g.auction and "7S" in legal:
                g.act("7S")
            elif len(g.auction) == 1 and bid in legal:
                g.act(bid)
            else:
                g.act("PASS")
        else:
            g.act(g.legal_actions()[0])
    raise AssertionError(f"no {bid} contract reached in {preset}")


@pytest.mark.parametrize(
    "preset,bid",
    [("australian", "7H"), ("australian", "MIS"), ("three-handed", "7NT"), ("six-handed", "8S")],
)
def test_solve_on_a_real_game_matches_the_played_out_result(preset: str, bid: str) -> None:
    """Late in a real hand, ``solve`` names every legal action, and playing a best card each
    turn for the side to move (contractor maximising) realises the solved value."""
    for attempt in range(50):  # a random misère play-out often ends early: try another
        g = _to_play(preset, bid, seed=2)
        rng = random.Random(attempt)
        while g.phase == "play" and len(g.hand(g.to_act)) > 3:
            g.act(rng.choice(g.legal_actions()))
        if g.phase == "play":
            break
    assert g.phase == "play", "every random play-out ended the hand early"
    contractor = g.contract[0]
    cside = g.side_of(contractor)
    hand = len(g.hands_played)
    start = g.tricks_won()
    values = solve(g)
    assert set(values) == set(g.legal_actions())
    misere = g.trump == "MIS"
    want_high = (g.side_of(g.to_act) == cside) != misere
    target = (max if want_high else min)(values.values())
    assert all(0 <= v <= len(g.hand(g.to_act)) for v in values.values())
    while len(g.hands_played) == hand:
        vals = solve(g)
        want_high = (g.side_of(g.to_act) == cside) != misere
        best = (max if want_high else min)(vals.values())
        g.act(next(a for a, v in vals.items() if v == best))
    record = g.hands_played[hand]
    taken_total = record["tricks"][cside]
    taken_before = sum(w for s, w in enumerate(start) if g.side_of(s) == cside)
    assert taken_total - taken_before == target


def test_solve_outside_play_raises() -> None:
    g = new_game(Rules.preset("australian"), seed=1)
    with pytest.raises(ValueError):
        solve(g)
    g2 = _to_play("australian", "7S", seed=4)
    assert set(solve_bounds(g2, node_budget=50)) == set(g2.legal_actions())
