"""Ten-level contracts: how often the bots make the 10-trick contracts they bid.

Usage:
    python benchmarks/ten_level.py [--level normal] [--deals 20000] [--seed 1]
           [--samples 64] [--alternative] [--save FILE] [--show] [--json]

Ten-level contracts are rare (about one deal in 1,000-2,000 of self-play), and a self-play
deal's cost is its card play: so four bots of one level bid every arena deal of
``--seed`` (australian, the deals and bot seeds of ``benchmarks/bid_reliability.py``) and
only the deals whose auction ends in a ten-level contract are played out
(:func:`bid_reliability.play_hand` with ``keep``). Counted: suit contracts of 10 tricks
and 10NT (bid types ``"10"`` and ``"NT"`` at 10 tricks), each also shown on its own, and
those bid over an open misère call (``/OMIS``) apart from the ``other`` ones.
Printed: contracts, made % with its 95% interval (Wilson's), mean tricks of the
contractor's side, the mean raw claim (the chance the bid was decided with), the mean
shown claim (as a hint shows it), the mean points the contractor's side gained over the
other, and the CPU seconds of the auctions and of the play. ``--alternative`` also plays
each such deal with the contractor's ten-level call replaced by a pass (the bots bid on
and play it) and prints the points the same side gained then (``passing``).
``--show`` lists every ten-level contract: deal, auction, claim, result (and passing's).
``--save FILE`` appends each contract to FILE as a ``bid_reliability.py`` row (plus its
``"auction"``, the tricks its contractor's side ``"taken"`` and its points), so
``bid_reliability.py --check FILE`` reads it too.

The bots' auction is the same at every level but for hard's play bonus and its reading
of partner's contract (:mod:`game.bots.bidding`): it samples deals only to check a ten-level
bid (:mod:`game.bots.ten_tricks`, about 0.3 s CPU each), so a hard auction costs what a
normal one does (about 0.8 ms CPU per deal here: 33 s per 40,000 deals); hard's card play
(64 samples per card) costs about 1 s per hand.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bid_reliability import Row, _raw_claims, contract_row, play_hand  # noqa: E402

from game import Game, Rules  # noqa: E402
from game.arena import make_deals  # noqa: E402
from game.bots.search import MAX_SAMPLES  # noqa: E402
from game.rules import bid_table  # noqa: E402

TABLE = bid_table(Rules.preset("australian"))


def is_ten(bid: str) -> bool:
    """Whether ``bid`` is a ten-level suit or no-trumps contract.

    >>> is_ten("10H"), is_ten("10NT"), is_ten("9H"), is_ten("OMIS")
    (True, True, False, False)
    """
    return TABLE.denomination[bid] in ("S", "C", "D", "H", "NT") and TABLE.tricks[bid] == 10


def gain(g: Game, seat: int) -> float:
    """Points of ``seat``'s side in the hand played in ``g`` less the other sides' mean."""
    points = g.hands_played[0]["points"] if g.hands_played else [0] * g.rules.num_sides
    side = g.rules.side_of(seat)
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)


def collect(
    level: str, deals: int, seed: int, samples: int, alternative: bool = False
) -> tuple[list[Row], dict[str, float]]:
    """The ten-level contracts of ``deals`` deals of ``seed``, and the CPU seconds spent on
    auctions and on play. Each row also has its auction, the tricks its contractor's side
    took and the points it gained over the other side (``gain``); with ``alternative``,
    the points the same side gained with the contractor's ten-level call replaced by a
    pass (the bots bid on and play the deal: ``pass_gain``)."""
    rows: list[Row] = []
    cpu = {"auctions": 0.0, "play": 0.0}
    with _raw_claims() as seen:
        for i, deal in enumerate(make_deals(Rules.preset("australian"), deals, seed)):
            start = time.process_time()
            g, claims, calls = play_hand(level, deal, seed, i, samples, seen, keep=is_ten)
            spent = time.process_time() - start
            row = contract_row(g, claims, level, samples, seed, i)
            if row is None:
                cpu["auctions"] += spent
                continue
            seat = g.hands_played[0]["contractor"]
            row |= {"taken": row["tricks"][g.rules.side_of(seat)], "auction": calls}
            row["gain"] = gain(g, seat)
            if alternative:
                ten = calls.index(row["bid"])
                opening = [*calls[:ten], "PASS"]
                h, _, _ = play_hand(level, deal, seed, i, samples, seen, opening=opening)
                row["pass_gain"] = gain(h, seat)
                row["pass_bid"] = h.hands_played[0]["bid"] if h.hands_played else "-"
            cpu["play"] += time.process_time() - start
            rows.append(row)
    return rows, cpu


def over_open_misere(row: Row) -> bool:
    """Whether the ten-level call of ``row`` came after an open misère call (over which only
    10H and 10NT can be bid).

    >>> over_open_misere({"bid": "10H", "auction": "7H OMIS 10H PASS PASS PASS".split()})
    True
    """
    calls = row["auction"]
    return "OMIS" in calls[: calls.index(row["bid"])]


def wilson(made: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``made`` in ``n``.

    >>> [round(x, 3) for x in wilson(3, 9)]
    [0.121, 0.646]
    """
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = made / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def summary(rows: list[Row]) -> dict[str, Any]:
    """Contracts, made %, its interval, mean tricks of the contractor's side and mean claims."""
    n = len(rows)
    made = sum(r["made"] for r in rows)
    low, high = wilson(made, n)
    return {
        "n": n,
        "made": made,
        "made_pct": round(100 * made / n, 1) if n else None,
        "ci95": [round(100 * low, 1), round(100 * high, 1)],
        "mean_tricks": round(sum(r["taken"] for r in rows) / n, 2) if n else None,
        "claim_pct": round(100 * sum(r["claim"] for r in rows) / n, 1) if n else None,
        "shown_pct": round(100 * sum(r["shown"] for r in rows) / n, 1) if n else None,
        "gain": round(sum(r["gain"] for r in rows) / n, 1) if n else None,
        "pass_gain": (
            round(sum(r["pass_gain"] for r in rows) / n, 1)
            if n and "pass_gain" in rows[0]
            else None
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="normal", choices=("normal", "hard"))
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=MAX_SAMPLES)
    parser.add_argument("--save", metavar="FILE", help="append the contracts to FILE")
    parser.add_argument("--show", action="store_true", help="list every ten-level contract")
    parser.add_argument(
        "--alternative", action="store_true", help="also play each deal with a pass for the 10"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows, cpu = collect(args.level, args.deals, args.seed, args.samples, args.alternative)
    if args.save:
        with open(args.save, "a", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    report = {
        "level": args.level,
        "seed": args.seed,
        "deals": args.deals,
        "all": summary(rows),
        "suit": summary([r for r in rows if r["kind"] == "10"]),
        "NT": summary([r for r in rows if r["kind"] == "NT"]),
        "/OMIS": summary([r for r in rows if over_open_misere(r)]),
        "other": summary([r for r in rows if not over_open_misere(r)]),
        "cpu_s": {k: round(v, 1) for k, v in cpu.items()},
    }
    if args.json:
        print(json.dumps(report))
        return
    print(f"{args.level}, {args.deals} deals, australian, seed {args.seed}")
    print(
        f"{'type':<6}{'n':>5}{'made%':>8}{'95% interval':>14}{'tricks':>8}{'raw%':>7}"
        f"{'shown%':>8}{'points':>8}{'passing':>9}"
    )
    for name in ("all", "suit", "NT", "/OMIS", "other"):
        s = report[name]
        if not s["n"]:
            print(f"{name:<6}{0:>5}")
            continue
        ci = f"[{s['ci95'][0]:.0f}, {s['ci95'][1]:.0f}]"
        print(
            f"{name:<6}{s['n']:>5}{s['made_pct']:>8.1f}{ci:>14}{s['mean_tricks']:>8.2f}"
            f"{s['claim_pct']:>7.1f}{s['shown_pct']:>8.1f}{s['gain']:>+8.0f}"
            + (f"{s['pass_gain']:>+9.0f}" if s["pass_gain"] is not None else "")
        )
    print(f"CPU s: auctions {cpu['auctions']:.1f}, play {cpu['play']:.1f}")
    if args.show:
        for r in rows:
            print(
                f"seed {r['seed']} deal {r['deal']}: {' '.join(r['auction'])}  claim "
                f"{100 * r['claim']:.0f}%  {'made' if r['made'] else 'failed'}, "
                f"{r['taken']} tricks, {r['gain']:+.0f}"
                + (f"; passing: {r['pass_bid']} {r['pass_gain']:+.0f}" if "pass_gain" in r else "")
            )


if __name__ == "__main__":
    main()
