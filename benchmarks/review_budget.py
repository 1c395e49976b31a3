"""How much of a hand the review analyses within its node budget, and how long it takes.

Plays australian hands with the normal bots, then reviews every card last first (as the
bot worker does) with ``DEFAULT_NODE_BUDGET`` (or ``--budget``), and prints per hand the
cards analysed, the slowest card and the total time; then the medians.
``benchmarks/review_pyodide.mjs`` runs the same :func:`measure` inside Pyodide.

    python benchmarks/review_budget.py [--hands 5] [--budget 30000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from game import Rules, new_game
from game.analysis.review import DEFAULT_NODE_BUDGET, HandReplay, review_cards, review_order
from game.bots import Bot


def measure(hands: int = 5, budget: int = DEFAULT_NODE_BUDGET) -> dict[str, Any]:
    """Per hand (seeds 0..hands-1) the review's figures, and their medians."""
    rows: list[dict[str, Any]] = []
    for seed in range(hands):
        g = new_game(Rules.preset("australian"), seed=seed)
        bots = [Bot("normal", seed * 10 + s) for s in range(4)]
        while not g.hands_played:
            seat = g.to_act
            assert seat is not None
            g.act(bots[seat].choose(g.view(seat)))
        replay = HandReplay.of(g, 0)
        known: dict = {}
        times = []
        start = time.perf_counter()
        for index in review_order(replay):
            t = time.perf_counter()
            known.update(review_cards(replay, [index], budget, known))
            times.append(time.perf_counter() - t)
        analysed = sum(1 for r in known.values() if r.analysed)
        rows.append(
            {
                "hand": seed,
                "bid": replay.bid,
                "analysed": analysed,
                "cards": len(known),
                "first": min((i for i, r in known.items() if r.analysed), default=None),
                "slowest_ms": max(times) * 1000,
                "total_s": time.perf_counter() - start,
            }
        )
    return {
        "budget": budget,
        "hands": rows,
        "share": statistics.median(r["analysed"] / r["cards"] for r in rows),
        "slowest_ms": statistics.median(r["slowest_ms"] for r in rows),
        "total_s": statistics.median(r["total_s"] for r in rows),
    }


def report(result: dict[str, Any]) -> str:
    lines = [
        f"hand {r['hand']}: {r['bid']:>4}  {r['analysed']}/{r['cards']} cards analysed "
        f"(from card {r['first']})  slowest {r['slowest_ms']:.0f} ms  total {r['total_s']:.1f} s"
        for r in result["hands"]
    ]
    lines.append(
        f"budget {result['budget']}: median {result['share']:.0%} of cards analysed, "
        f"slowest card median {result['slowest_ms']:.0f} ms, "
        f"whole review median {result['total_s']:.1f} s"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--budget", type=int, default=DEFAULT_NODE_BUDGET)
    args = parser.parse_args()
    print(report(measure(args.hands, args.budget)))


if __name__ == "__main__":
    main()
