"""benchmarks/ten_level.py: the auctions of many deals, and only their ten-level contracts
played out, as a full self-play run plays them (issue 17, item 1)."""

from __future__ import annotations

from bot_helpers import AUSTRALIAN, load_benchmark

from game.arena import make_deals

br = load_benchmark("bid_reliability")
ten = load_benchmark("ten_level")


def test_only_ten_level_contracts_are_played_and_as_in_a_full_run():
    """Seed 101's first 4,421 deals end in a ten-level contract at most twice (deal 3,949's
    7H PASS 10H, before TEN_LEVEL_MAX, and 10H over open misère on deal 4,420): that one is
    played out exactly as a full self-play run plays the deal, and passing instead leaves
    the opponents' open misère, made (-500)."""
    rows, cpu = ten.collect("normal", 4421, 101, 12, alternative=True)
    assert all(ten.is_ten(r["bid"]) for r in rows) and len(rows) <= 2
    row = next(r for r in rows if r["deal"] == 4420)
    assert row["auction"] == "6C 8H OMIS PASS PASS 10H PASS".split()
    assert ten.over_open_misere(row)
    assert row["pass_bid"] == "OMIS" and row["pass_gain"] == -500
    deal = make_deals(AUSTRALIAN, 4421, 101)[4420]
    with br._raw_claims() as seen:
        g, claims, calls = br.play_hand("normal", deal, 101, 4420, 12, seen)
    full = br.contract_row(g, claims, "normal", 12, 101, 4420)
    assert full is not None and calls == row["auction"]
    assert {k: row[k] for k in full} == full
    assert row["taken"] == 10 and row["made"] == 1 and cpu["play"] > 0
    summary = ten.summary([row])
    assert summary["n"] == 1 and summary["made_pct"] == 100.0 and summary["ci95"][0] > 0


def test_a_contract_below_ten_is_left_unplayed():
    """Deal 0 of seed 101 ends in a contract below the ten level: the auction alone is run."""
    deal = make_deals(AUSTRALIAN, 1, 101)[0]
    with br._raw_claims() as seen:
        g, _, calls = br.play_hand("normal", deal, 101, 0, 12, seen, keep=ten.is_ten)
    assert calls and not g.hands_played and g.phase != "bid"
    assert g.contract is None or not ten.is_ten(g.contract[1])
