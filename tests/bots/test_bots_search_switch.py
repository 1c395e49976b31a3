"""The search leaves the normal policy's card only for a lead of ``switch_z`` standard errors:
the hard bot asks for ``SWITCH_Z`` (1.6), the expert, on eight times the deals, for less
(``EXPERT_SWITCH_Z``)."""

from __future__ import annotations

import math
import random

from bot_helpers import first_lead

from game.bots import expert
from game.bots.search import SWITCH_Z, search_play


def test_the_threshold_decides_when_the_search_leaves_the_policys_card() -> None:
    """On the same deals a lower threshold leaves the policy's card more often: never at an
    infinite one, whenever another card leads at none, in between at the hard bot's."""
    switched = {math.inf: 0, SWITCH_Z: 0, 0.0: 0}
    for seed in range(5, 17):
        k = first_lead(seed)
        for z in switched:
            result = search_play(k, random.Random(seed), 48, None, switch_z=z)
            assert result.gain >= 0.0
            assert (result.action != result.policy_action) == (result.gain > 0.0)
            switched[z] += result.action != result.policy_action
    assert switched[math.inf] == 0 < switched[SWITCH_Z] < switched[0.0] < 12


def test_the_expert_searches_with_its_own_lower_threshold(monkeypatch) -> None:
    assert 0.0 < expert.EXPERT_SWITCH_Z < SWITCH_Z
    seen: list[float] = []

    def recording(*args, **kwargs):
        seen.append(args[5] if len(args) > 5 else kwargs["switch_z"])
        return search_play(*args, **kwargs)

    monkeypatch.setattr(expert, "search_play", recording)
    expert.expert_play(first_lead(), random.Random(1), samples=32, budget_s=None)
    assert seen == [expert.EXPERT_SWITCH_Z]
