"""benchmarks/expert_tail.py: a hand stopped before the expert's endgame and finished from a
copy ends as the arena's uninterrupted play of the same deal, for every endgame setting."""

from __future__ import annotations

from bot_helpers import AUSTRALIAN, load_benchmark

from game.arena import make_deals, play_deal
from game.bots import expert

tail = load_benchmark("expert_tail")


def test_a_forked_endgame_ends_as_the_arena_plays_it(monkeypatch) -> None:
    deals = make_deals(AUSTRALIAN, 3, 47)
    for index, deal in enumerate(deals):
        args = (AUSTRALIAN.to_dict(), deal, 47, index, 2, [5, 0])
        diffs, times = tail.finish_deal(args)
        assert expert.SOLVE_TRICKS == 5  # restored
        arena = play_deal(AUSTRALIAN, deal, ("expert", "hard"), 47, index, 2)["diff"]
        assert diffs[5] == arena
        monkeypatch.setattr(expert, "SOLVE_TRICKS", 0)
        assert diffs[0] == play_deal(AUSTRALIAN, deal, ("expert", "hard"), 47, index, 2)["diff"]
        monkeypatch.setattr(expert, "SOLVE_TRICKS", 5)
        assert times[5] and times[0]  # the expert chose endgame cards in every deal here
