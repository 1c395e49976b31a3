"""The expert leaves the normal policy's card only for one its solved deals show better
beyond their noise (the hard bot's rule, ``SWITCH_Z`` standard errors), and searches more deals
than the hard bot."""

from __future__ import annotations

import random

import pytest
from bot_helpers import first_lead

from game import Rules, new_game
from game.bots import Bot, expert
from game.bots.knowledge import Knowledge
from game.bots.search import BUDGET_S, MAX_SAMPLES
from game.playstate import PlayState


def _knowledge() -> Knowledge:
    """The expert doctest's position: seven tricks played, the expert solving."""
    g = new_game(Rules.preset("australian"), seed=5)
    while g.phase != "play":
        legal = g.legal_actions()
        g.act(legal[-1] if g.phase == "bid" and len(g.auction) == 0 else legal[0])
    for _ in range(28):
        g.act(g.legal_actions()[0])
    return Knowledge.from_view(g.view(g.to_act))


def _fake_analyse(better: tuple[int, int | None], favoured: set[int]):
    """An ``analyse`` stand-in: in the deals numbered in ``favoured`` the card ``better``
    makes the contract (the contractor's side takes every trick left) and every other card
    sets it (no trick); elsewhere every card sets it."""
    calls = [0]

    def analyse(world: PlayState, node_budget: int | None = None):
        n = calls[0]
        calls[0] += 1
        left = len(world.hands[world.to_act])
        out = {}
        for move in world.legal_plays():
            tricks = left if move == better and n in favoured else 0
            out[move] = (tricks, tricks)
        return out

    return analyse


@pytest.mark.parametrize("favoured, switches", [({0}, False), (set(range(6)), True)])
def test_expert_switches_only_on_a_significant_gain(monkeypatch, favoured, switches) -> None:
    """The actor's side needs every trick left: a card making the contract in one deal of
    six is noise (the old rule, best mean, took it); in all six it is taken."""
    k = _knowledge()
    st = k.play_state()
    assert st.side[k.actor] == st.cside and expert.solving(st, k.actor)
    base = expert.expert_play(k, random.Random(1), samples=6, budget_s=None).policy_action
    other = next(m for m in st.legal_plays() if m != base)
    monkeypatch.setattr(expert, "analyse", _fake_analyse(other, favoured))
    result = expert.expert_play(k, random.Random(1), samples=6, budget_s=None)
    assert result.samples == 6
    assert result.action == (other if switches else base)


def test_expert_searches_eight_times_the_hard_bots_deals() -> None:
    """Early in the hand the expert's search plays out up to EXPERT_SAMPLES deals per card
    (hard: MAX_SAMPLES), fewer once only the policy's card is left; near the end it solves at
    most SOLVE_SAMPLES deals."""
    assert expert.EXPERT_SAMPLES == 8 * MAX_SAMPLES
    assert (Bot("expert").samples, Bot("hard").samples) == (expert.EXPERT_SAMPLES, MAX_SAMPLES)
    assert Bot("expert").budget_s == expert.EXPERT_BUDGET_S > Bot("hard").budget_s == BUDGET_S
    early = expert.expert_play(first_lead(), random.Random(1), budget_s=None)
    assert not early.solved
    assert early.samples == expert.EXPERT_SAMPLES or early.samples in expert.PRUNE_AT
    late = expert.expert_play(_knowledge(), random.Random(1), budget_s=None)
    assert late.solved and late.samples == expert.SOLVE_SAMPLES
