"""Time of the ten-level check (:mod:`game.bots.ten_tricks`) per bid, in CPython or Pyodide.

Usage:
    python benchmarks/ten_check.py [--json]
    node benchmarks/ten_check_pyodide.mjs          (the same, inside Pyodide under Node)

A ten-level bid that the bidding's expected score change chooses is checked on
``TEN_SAMPLES`` sampled deals solved double dummy before it is made: the one costly call of
an auction, made about once in 1,600 deals of hard self-play. ``SITUATIONS`` are 24 such
bids of hard self-play (``benchmarks/ten_level.py`` seeds 401-414, each 10H over an open
misère), picked evenly by the time their check took there, from the quickest to the
slowest but one. Printed: checks, mean, median, p95 and max milliseconds (CPU time: the
machines here are shared), and the chances read (the same in CPython and Pyodide).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Rules, new_game  # noqa: E402
from game.arena import make_deals  # noqa: E402
from game.bots.knowledge import Knowledge  # noqa: E402
from game.bots.ten_tricks import every_trick_chance  # noqa: E402

SITUATIONS = [
    (404, 23403, "6D 8H OMIS PASS PASS", "10H"),
    (408, 26079, "PASS OMIS", "10H"),
    (402, 27859, "OMIS", "10H"),
    (407, 28492, "7C PASS 8H OMIS PASS", "10H"),
    (411, 35047, "7C OMIS", "10H"),
    (402, 2528, "7C OMIS", "10H"),
    (407, 22304, "PASS PASS 8H OMIS", "10H"),
    (404, 12490, "OMIS", "10H"),
    (403, 39731, "6H PASS 8H OMIS", "10H"),
    (411, 36894, "7C 7H OMIS", "10H"),
    (402, 1381, "6H OMIS", "10H"),
    (410, 36101, "6D OMIS", "10H"),
    (406, 34195, "6H OMIS", "10H"),
    (410, 7959, "7H OMIS", "10H"),
    (409, 3709, "7H MIS 8H OMIS PASS PASS", "10H"),
    (410, 17999, "7H OMIS", "10H"),
    (413, 10691, "PASS PASS 8H OMIS", "10H"),
    (407, 22931, "PASS 7H OMIS", "10H"),
    (414, 8419, "8H OMIS PASS PASS", "10H"),
    (411, 16989, "6C PASS 8H OMIS PASS", "10H"),
    (414, 20231, "7C MIS 8H OMIS", "10H"),
    (411, 3775, "8H OMIS PASS PASS", "10H"),
    (406, 11689, "OMIS PASS PASS", "10H"),
    (406, 27267, "7H OMIS", "10H"),
]
"""(arena seed, deal index, the calls before the bid, the bid)."""


def situation(seed: int, index: int, calls: str) -> Knowledge:
    """The bidder's knowledge after ``calls`` on deal ``index`` of arena seed ``seed``."""
    rules = Rules.preset("australian")
    g = new_game(rules, deal=make_deals(rules, index + 1, seed)[index])
    for call in calls.split():
        g.act(call)
    assert g.to_act is not None
    return Knowledge.from_view(g.view(g.to_act))


def measure() -> dict[str, Any]:
    """Each situation's check, timed: checks, mean/median/p95/max ms and the chances."""
    times, chances = [], []
    for seed, index, calls, bid in SITUATIONS:
        k = situation(seed, index, calls)
        start = time.process_time()
        chances.append(every_trick_chance(k, bid, k.table.denomination[bid]))
        times.append(1000 * (time.process_time() - start))
    ordered = sorted(times)
    n = len(ordered)
    return {
        "checks": n,
        "mean_ms": sum(ordered) / n,
        "median_ms": ordered[n // 2],
        "p95_ms": ordered[min(n - 1, int(0.95 * n))],
        "max_ms": ordered[-1],
        "chances": chances,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    r = measure()
    if args.json:
        print(json.dumps(r))
        return
    print(f"{sys.implementation.name} {sys.version.split()[0]}: {r['checks']} ten-level checks")
    print("mean ms  median ms  p95 ms  max ms")
    print(f"{r['mean_ms']:7.0f}  {r['median_ms']:9.0f}  {r['p95_ms']:6.0f}  {r['max_ms']:6.0f}")
    print("chances:", " ".join(f"{c:.3f}" if c is not None else "-" for c in r["chances"]))


if __name__ == "__main__":
    main()
