"""benchmarks/bid_reliability.py: contracts saved with their raw claims, and fits and
checks made from such a file without replaying (issue 17, item 3)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from bot_helpers import AUSTRALIAN, load_benchmark, make_bot

from game import new_game
from game.bots.evaluate import family
from game.bots.knowledge import Knowledge
from game.bots.reliability import FIT_FLOOR, corrected, shift_chance

SAMPLE = Path(__file__).with_name("bid_reliability_sample.jsonl")
"""150 contracts of normal self-play (seed 11) as ``--save`` wrote them."""


br = load_benchmark("bid_reliability")


@pytest.mark.parametrize(("level", "seed", "seat"), [("normal", 126, 3), ("hard", 80, 0)])
def test_raw_claims_are_what_the_hint_shows_before_its_correction(level, seed, seat):
    """Seed 126: seat 3 opens open misère; seed 80: hard opens 7C. The raw chance recorded
    leaves the bid unchanged and, corrected, is the chance the hint shows."""
    view = new_game(AUSTRALIAN, seed=seed).view(seat)
    bid, why = make_bot(level).advise(view)
    with br._raw_claims() as seen:
        raw_bid, _ = make_bot(level).advise(view)
    k = Knowledge.from_view(view)
    kind = br.bid_kind(k.table, bid)
    assert raw_bid == bid and seen
    assert round(100 * corrected(seen[-1], family(AUSTRALIAN), level, kind)) == why.params["p"]


def test_saved_contracts_check_without_replaying(tmp_path, capsys, monkeypatch):
    """Played with ``--save``, the file holds every contract of the run; ``--check`` on it
    prints the same table as the run."""
    path = tmp_path / "normal.jsonl"
    with open(path, "w") as f:
        rows = br.play("normal", 6, 99, 12, f)
    assert rows and br.load([str(path)], "normal") == rows
    assert br.load([str(path)], "hard") == []
    assert {r["deal"] for r in rows} <= set(range(6))
    fam = family(AUSTRALIAN)
    for r in rows:
        assert r["shown"] == pytest.approx(
            corrected(r["claim"], fam, "normal", r["kind"]), abs=1e-5
        )
    played = br.table_rows(br.by_kind(rows, br.shown_now("normal")))
    monkeypatch.setattr(sys, "argv", ["bid_reliability.py", "--check", str(path), "--json"])
    br.main()
    assert json.loads(capsys.readouterr().out)["rows"] == played


def test_a_fit_shows_the_make_rate_of_its_contracts():
    """Fitted per bid type on the sample, the corrected claims average the rate those
    contracts were made at (the intercept's equation); a type whose slope is uncertain
    gets a shift only."""
    rows = [r for r in br.load([str(SAMPLE)], "normal") if r["claim"] >= FIT_FLOOR]
    fits = br.fits(rows)
    for kind, pairs in br.by_kind(rows, lambda r: r["claim"]).items():
        made = sum(m for _, m in pairs)
        if len(pairs) < br.MIN_CONTRACTS or not 0 < made < len(pairs):
            assert kind not in fits
            continue
        shown = sum(max(FIT_FLOOR, shift_chance(p, *fits[kind])) for p, _ in pairs)
        assert shown == pytest.approx(made, abs=0.01 * len(pairs))
        free = br.fit_recalibration(pairs, prior=0.0)
        earned = (free[1] - 1) ** 2 >= br.SLOPE_Z2 * br.slope_error(pairs, free) ** 2
        assert fits[kind] == free if earned else fits[kind][1] == 1.0


def test_a_slope_is_fitted_once_the_contracts_pin_it_down():
    """The sample's 83 seven-level contracts leave their slope, 0.85, to noise (a shift
    only); the same contracts fifty times over pin it down (its error shrinks by √50):
    then it is fitted."""
    pairs = [(r["claim"], r["made"]) for r in br.load([str(SAMPLE)], "normal") if r["kind"] == "7"]
    assert br.fit_type(pairs)[1] == 1.0
    many = pairs * 50
    free = br.fit_recalibration(many, prior=0.0)
    assert (free[1] - 1) ** 2 > br.SLOPE_Z2 * br.slope_error(many, free) ** 2
    assert br.fit_type(many) == free != br.fit_type(pairs)


def test_a_fit_over_the_fit_of_the_same_contracts_changes_nothing():
    """``--over``: the claims as a fit corrects them are already calibrated on its own
    contracts, so fitting them again and composing gives the same fit; a type with too
    few contracts to fit (4 misère bids) keeps the base's fit."""
    rows = br.load([str(SAMPLE)], "normal")
    fits = br.fits(rows)
    assert "MIS" not in fits
    assert br.fits(rows, fits | {"MIS": (0.5, 1.0)})["MIS"] == (0.5, 1.0)
    for kind, (a, b) in br.fits(rows, fits).items():
        assert a == pytest.approx(fits[kind][0], abs=0.01)
        assert b == pytest.approx(fits[kind][1], abs=0.01)


def test_a_run_narrowed_to_some_bid_types_plays_those_contracts_as_a_full_run_does():
    """``--kinds``: only the contracts of those types are played out, and each is played
    as in the full run (bidding draws nothing from the bots' random streams)."""
    full = br.play("normal", 12, 99, 12)
    kinds = {r["kind"] for r in full if r["kind"] != "7"}
    assert kinds and len(kinds) < len({r["kind"] for r in full})
    assert br.play("normal", 12, 99, 12, kinds=kinds) == [r for r in full if r["kind"] in kinds]


def test_a_fit_narrowed_to_some_bid_types_keeps_the_other_shifts(tmp_path, capsys, monkeypatch):
    """``--fit FILE --kinds 7``: the 7 level is refitted on the file; every other type of
    the level keeps its current ``SHIFTS``; an unknown type is refused."""
    monkeypatch.setattr(sys, "argv", ["bid_reliability.py", "--fit", str(SAMPLE), "--kinds", "7"])
    br.main()
    new = json.loads(capsys.readouterr().out)
    current = br.reliability.SHIFTS["4p43"]["normal"]
    rows = br.load([str(SAMPLE)], "normal")
    assert new == {k: list(v) for k, v in (current | {"7": br.fits(rows)["7"]}).items()}
    assert new["7"] != list(current["7"])
    monkeypatch.setattr(sys, "argv", ["bid_reliability.py", "--fit", str(SAMPLE), "--kinds", "X"])
    with pytest.raises(SystemExit):
        br.main()
    assert "unknown bid type X" in capsys.readouterr().err
