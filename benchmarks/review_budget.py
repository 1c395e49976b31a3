"""How much of a hand the review analyses within its node budget, and how long it takes.

Plays australian hands with the normal bots, then reviews every card last first (as the
bot worker does) with ``DEFAULT_NODE_BUDGET`` (or ``--budget``), and prints per hand the
cards analysed, the slowest card and the total time; then the medians.

    python benchmarks/review_budget.py [--hands 5] [--budget 30000]
"""

from __future__ import annotations

import argparse
import statistics
import time

from game import Rules, new_game
from game.analysis.review import DEFAULT_NODE_BUDGET, HandReplay, review_cards, review_order
from game.bots import Bot


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--budget", type=int, default=DEFAULT_NODE_BUDGET)
    args = parser.parse_args()
    totals, worsts, shares = [], [], []
    for seed in range(args.hands):
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
            known.update(review_cards(replay, [index], args.budget, known))
            times.append(time.perf_counter() - t)
        total = time.perf_counter() - start
        analysed = sum(1 for r in known.values() if r.analysed)
        first = min((i for i, r in known.items() if r.analysed), default=None)
        print(
            f"hand {seed}: {replay.bid:>4}  {analysed}/{len(known)} cards analysed "
            f"(from card {first})  slowest {max(times) * 1000:.0f} ms  total {total:.1f} s"
        )
        totals.append(total)
        worsts.append(max(times))
        shares.append(analysed / len(known))
    print(
        f"budget {args.budget}: median {statistics.median(shares):.0%} of cards analysed, "
        f"slowest card median {statistics.median(worsts) * 1000:.0f} ms, "
        f"whole review median {statistics.median(totals):.1f} s"
    )


if __name__ == "__main__":
    main()
