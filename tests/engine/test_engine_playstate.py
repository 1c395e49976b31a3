"""The play core (game/playstate.py): play/undo restores every slot exactly; copies are apart."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.cards import BLACK_JOKER, JOKER, build_deck
from game.playstate import PlayState, Scoring, hand_points, mask_of
from game.tricks import play_context

CONTRACTS = [
    # (trump, misere, nominated, deck, joker_lead, sides, active)
    (3, False, None, 43, "unled-suit", [0, 1, 0, 1], None),
    (None, False, None, 43, "unled-suit", [0, 1, 0, 1], None),
    (None, False, 2, 46, "any", [0, 1, 0, 1], None),
    (None, True, None, 46, "last-trick", [0, 1, 0, 1], [0, 1, 3]),
    (None, False, None, 33, "unled-suit", [0, 1, 2], None),
    (0, False, None, 53, "unled-suit", [0, 1, 0, 1, 0], None),
    (None, True, None, 63, "unled-suit", [0, 1, 2, 0, 1, 2], None),
]


def snapshot(st: PlayState) -> dict[str, Any]:
    """Every slot but the undo stack, deep enough to catch shared-list mutation."""
    out: dict[str, Any] = {}
    for name in PlayState.__slots__:
        if name == "history":
            continue
        value = getattr(st, name)
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        out[name] = value
    return out


def deal_state(rng: random.Random, contract: tuple) -> PlayState:
    trump, misere, nominated, deck, joker_lead, sides, active = contract
    players = len(sides)
    cards = build_deck(deck)
    rng.shuffle(cards)
    hands = [sorted(cards[10 * s : 10 * s + 10]) for s in range(players)]
    held = tuple(j for j in (JOKER, BLACK_JOKER) if j in hands[0])
    ctx = play_context(trump, nominated, held, misere) if nominated is not None else None
    st = PlayState.for_deal(
        players, sides, 0, 7, 200, trump, hands, misere=misere, deck=deck,
        active=active, ctx=ctx, joker_lead=joker_lead,
    )  # fmt: skip
    st.reveal = 1 if misere else 0
    return st


@pytest.mark.parametrize("contract", CONTRACTS)
def test_play_undo_restores_every_slot(contract: tuple) -> None:
    rng = random.Random(repr(contract))
    for _ in range(20):
        st = deal_state(rng, contract)
        snaps = [snapshot(st)]
        while not st.over:
            moves = st.legal_plays()
            assert moves, "a seat to play always has a legal move"
            assert {c for c, _ in moves} == set(st.legal(st.to_act))
            st.play(*rng.choice(moves))
            snaps.append(snapshot(st))
            if rng.random() < 0.3:  # undo and redo a different move on the way
                st.undo()
                assert snapshot(st) == snaps[-2]
                snaps.pop()
                st.play(*rng.choice(st.legal_plays()))
                snaps.append(snapshot(st))
        assert len(st.history) == len(snaps) - 1
        while st.history:
            st.undo()
            snaps.pop()
            assert snapshot(st) == snaps[-1]
        with pytest.raises(IndexError):
            st.undo()


@pytest.mark.parametrize("contract", CONTRACTS)
def test_legal_mask_is_the_legal_list_as_a_mask(contract: tuple) -> None:
    rng = random.Random(repr(contract) + "/mask")
    for _ in range(20):
        st = deal_state(rng, contract)
        while not st.over:
            assert st.legal_mask() == mask_of(st.legal(st.to_act))
            st.play(*rng.choice(st.legal_plays()))


@pytest.mark.parametrize("contract", CONTRACTS)
def test_play_returns_the_trick_it_completes_and_a_state_without_undo_plays_alike(
    contract: tuple,
) -> None:
    """``play`` returns ``None`` but for the last card of a trick, then the trick (as
    :meth:`completed_trick` gives it); a state built with ``undo=False`` keeps no undo
    stack and plays exactly like one that does; its copy can play and undo."""
    rng = random.Random(repr(contract) + "/no-undo")
    for _ in range(10):
        st = deal_state(rng, contract)
        lean = st.copy()
        lean.history = None  # as for_deal(..., undo=False) builds it
        while not st.over:
            trick, led, named = list(st.trick), st.led, st.named
            move = rng.choice(st.legal_plays())
            done, lean_done = st.play(*move), lean.play(*move)
            assert snapshot(lean) == snapshot(st) and lean.history is None
            assert lean_done == done
            if st.trick:
                assert done is None
            else:
                assert done == st.completed_trick()
                assert done is not None and done[0] == [*trick, (st.history[-1][0], move[0])]
                assert done[1:3] == (led, named)
        sim = lean.copy()
        assert sim.history == []
        sim_before = snapshot(sim)
        if not sim.over:
            sim.play(*sim.legal_plays()[0])
            sim.undo()
        assert snapshot(sim) == sim_before


def test_for_deal_without_undo_keeps_no_stack() -> None:
    st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, 3, [[0], [1], [2], [3]], undo=False)
    assert st.history is None and st.completed_trick() is None
    assert PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, 3, [[0]] * 4).history == []


def test_copy_plays_and_undoes_without_touching_the_original() -> None:
    rng = random.Random(5)
    st = deal_state(rng, CONTRACTS[0])
    for _ in range(6):
        st.play(*st.legal_plays()[0])
    before = snapshot(st)
    sim = st.clone()
    assert snapshot(sim) == before and sim.history == st.history
    while not sim.over:
        sim.play(*rng.choice(sim.legal_plays()))
    while sim.history:
        sim.undo()
    assert snapshot(st) == before
    assert snapshot(sim)["won"] == [0, 0, 0, 0]


def test_led_joker_named_suit_is_the_led_suit_and_is_undone() -> None:
    rng = random.Random(1)
    st = deal_state(rng, CONTRACTS[1])
    st.hands[0] = [JOKER] + [c for c in st.hands[0] if c != JOKER][:9]
    for seat in range(1, 4):
        st.hands[seat] = [c for c in st.hands[seat] if c != JOKER]
    st.masks = [mask_of(h) for h in st.hands]
    st.play(JOKER, 3)
    assert (st.led, st.named, st.led_suits) == (3, 3, 1 << 3)
    st.undo()
    assert (st.led, st.named, st.led_suits) == (None, None, 0)


def test_a_played_out_hand_scores_with_the_engines_rule() -> None:
    st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, 3, [[], [], [], []])
    st.won = [3, 2, 3, 2]
    assert hand_points(st, Scoring()) == [-200, 40]
    assert hand_points(st, Scoring(caps=(0, 10))) == [-200, 10]
