"""What the expert's double-dummy endgame is worth: the same hands finished with other endgames.

Usage (from the repository root)::

    nice -n 10 .venv/bin/python benchmarks/expert_tail.py [--deals 600] [--seed 47]
           [--jobs 2] [--samples 64] [--solve-from 5,4,3,0]

Every arena deal (:mod:`game.arena`: australian, the same deals and bot seeds, the
expert on one side and hard on the other, ``--samples`` deals per card for hard and
the expert in proportion) is played from both sides up to the expert's first card
decision with at most ``max(--solve-from)`` cards in hand. The game and every bot
(random states included) are then copied, and the hand is finished once per value
of ``--solve-from``: the expert solves deals double dummy from that many cards on
(``game.bots.expert.SOLVE_TRICKS``; 0: never, its sampled search plays to the end).
Everything before the fork is shared, so the differences between the endings are
paired and carry only the endgame's noise. Prints the expert's points per deal
against hard with the first value, then for each value the mean difference from
the first with its 95% interval, the deals whose result changed, and the expert's
decision times in the endgame.
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Game, Rules, new_game  # noqa: E402
from game.arena import make_deals, run_bots, seat_bots, side_difference  # noqa: E402
from game.bots import expert  # noqa: E402


def before_endgame(bots: list[Any], cards: int) -> Callable[[Game, dict[str, Any]], bool]:
    """Whether the expert is about to choose a card with at most ``cards`` in hand."""

    def due(game: Game, view: dict[str, Any]) -> bool:
        return (
            bots[view["seat"]].level == "expert"
            and game.phase == "play"
            and len(view["legal_actions"]) > 1
            and view["hand_sizes"][game.to_act] <= cards
        )

    return due


def expert_times(bots: list[Any], seat_times: list[list[float]]) -> list[float]:
    """The expert seats' decision seconds."""
    return [t for seat, ts in enumerate(seat_times) if bots[seat].level == "expert" for t in ts]


def finish_deal(args: tuple) -> tuple[dict[int, float], dict[int, list[float]]]:
    """One deal from both sides: per endgame, the deal's difference and the expert's
    endgame decision times."""
    rules_dict, deal, seed, index, samples, variants = args
    rules = Rules.from_dict(rules_dict)
    diffs: dict[int, list[float]] = {v: [] for v in variants}
    times: dict[int, list[float]] = {v: [] for v in variants}
    default = expert.SOLVE_TRICKS
    for a_side in range(rules.num_sides):
        bots = seat_bots(rules, ("expert", "hard"), a_side, seed, f"deal{index}", samples)
        game = new_game(rules, seed=seed, deals=[deal])
        expert.SOLVE_TRICKS = default
        unused: list[list[float]] = [[] for _ in bots]
        if not run_bots(game, bots, unused, True, before_endgame(bots, max(variants))):
            for v in variants:
                diffs[v].append(side_difference(rules, game, a_side))
            continue
        fork = copy.deepcopy((game, bots))
        for v in variants:
            expert.SOLVE_TRICKS = v
            g, b = copy.deepcopy(fork)
            seat_times: list[list[float]] = [[] for _ in b]
            run_bots(g, b, seat_times, stop_after_hand=True)
            times[v].extend(expert_times(b, seat_times))
            diffs[v].append(side_difference(rules, g, a_side))
        expert.SOLVE_TRICKS = default
    return {v: sum(d) / len(d) for v, d in diffs.items()}, times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--samples", type=int, default=64, help="hard's deals per card")
    parser.add_argument("--solve-from", default="5,4,3,0", help="endgames to compare")
    args = parser.parse_args(argv)
    variants = [int(x) for x in args.solve_from.split(",")]
    rules = Rules.preset("australian")
    deals = make_deals(rules, args.deals, args.seed)
    tasks = [
        (rules.to_dict(), d, args.seed, i, args.samples, variants) for i, d in enumerate(deals)
    ]
    start = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = list(pool.imap(finish_deal, tasks, chunksize=1))
    else:
        results = [finish_deal(t) for t in tasks]
    n = len(results)
    first = variants[0]
    base = [r[0][first] for r in results]
    print(
        f"{n} deals, seed {args.seed}, hard {args.samples} deals per card "
        f"({time.perf_counter() - start:.0f} s)"
    )
    print(f"expert - hard, solving from {first} cards: {sum(base) / n:+.2f} points per deal")
    for v in variants:
        d = [r[0][v] - r[0][first] for r in results]
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
        ts = sorted(t for r in results for t in r[1][v])
        median = 1000 * ts[len(ts) // 2] if ts else 0.0
        p95 = 1000 * ts[int(0.95 * len(ts))] if ts else 0.0
        label = f"solving from {v}" if v else "never solving"
        print(
            f"  {label:<17} - solving from {first}: {mean:+6.2f} +- {1.96 * sd / math.sqrt(n):.2f}"
            f"  (deals changed {sum(1 for x in d if x)});"
            f" endgame decision ms median {median:.0f}, p95 {p95:.0f}"
        )


if __name__ == "__main__":
    main()
