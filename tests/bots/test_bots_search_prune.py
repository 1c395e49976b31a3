"""The expert's search drops the cards that fall clearly behind (``prune_at``): fewer play-outs,
the same kind of choice; without ``prune_at`` (the hard bot) every card is played on every deal."""

from __future__ import annotations

import random

from bot_helpers import first_lead

from game.bots import expert
from game.bots.search import prune, search_play


def test_without_pruning_every_card_plays_every_deal() -> None:
    k = first_lead()
    full = search_play(k, random.Random(1), samples=96, budget_s=None)
    cards = len({c for c in k.play_state().legal_plays()})
    assert full.samples == 96
    assert full.playouts % 96 == 0 and 96 < full.playouts <= 96 * cards


def test_pruning_spends_fewer_play_outs_on_the_same_deals() -> None:
    k = first_lead()
    full = search_play(k, random.Random(1), samples=256, budget_s=None)
    pruned = search_play(k, random.Random(1), samples=256, budget_s=None, prune_at=(32, 64, 128))
    assert pruned.playouts < full.playouts
    assert pruned.samples in (32, 64, 128, 256)
    assert pruned.policy_action == full.policy_action


def test_the_policy_card_and_the_leader_are_never_pruned() -> None:
    a, b, c = (1, None), (2, None), (3, None)
    values = {a: [0.0, 0.0, 0.0, 0.0], b: [9.0, 10.0, 11.0, 10.0], c: [-5.0, -6.0, -5.0, -6.0]}
    assert prune([a, b, c], values, base=c) == [b, c]  # a trails b by far: dropped
    assert prune([a, b, c], values, base=a) == [a, b]
    close = {a: [0.0, 10.0, 0.0, 10.0], b: [10.0, 0.0, 10.0, 0.0]}
    assert prune([a, b], close, base=b) == [a, b]  # level pegging: both stay


def test_the_expert_prunes_and_searches_up_to_eight_times_hards_deals() -> None:
    k = first_lead()
    result = expert.expert_play(k, random.Random(2), samples=expert.EXPERT_SAMPLES, budget_s=None)
    assert not result.solved
    assert result.samples == expert.EXPERT_SAMPLES or result.samples in expert.PRUNE_AT
