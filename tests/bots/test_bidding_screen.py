"""benchmarks/bidding_screen.py: the bidding alone, paired, with changed constants."""

from __future__ import annotations

import pytest
from bot_helpers import load_benchmark

from game.bots import bidding

bs = load_benchmark("bidding_screen")


def test_unchanged_bidding_scores_zero_on_every_deal():
    assert bs.screen({}, 6, 3, "normal", 64) == [0.0] * 6


def test_a_side_that_never_bids_scores_on_the_deals_it_changed():
    margin = bidding.BID_MARGIN
    diffs = bs.screen({"BID_MARGIN": 1e9}, 6, 3, "normal", 64)
    assert len(diffs) == 6 and any(diffs)
    assert bidding.BID_MARGIN == margin  # restored


def test_changed_constants_are_restored_after_an_error():
    margin = bidding.BID_MARGIN
    with pytest.raises(RuntimeError), bs.changed({"BID_MARGIN": 99.0}):
        assert bidding.BID_MARGIN == 99.0
        raise RuntimeError
    assert bidding.BID_MARGIN == margin
