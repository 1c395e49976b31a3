"""Double-dummy solver speed: ``analyse`` (every legal card's value) on random positions.

Usage (from the repository root)::

    nice -n 10 .venv/bin/python benchmarks/solver_speed.py [--positions 1000] [--hands 10]

Prints median, p95 and worst time for positions with at most six tricks left
(every table size and contract kind, some in mid-trick), then the median and
worst time to value every card of the first lead of whole 10-trick hands
(australian, four-handed). Targets: <= 50 ms median, <= 200 ms worst;
<= 3 s median for a whole hand. :func:`measure` is also what
``benchmarks/solver_pyodide.mjs`` runs inside Pyodide.
"""

from __future__ import annotations

import argparse
import random
import time

from game.analysis.positions import KINDS, random_position
from game.analysis.solver import analyse


def _stats(times: list[float]) -> dict[str, float]:
    times = sorted(times) or [0.0]
    n = len(times)
    return {
        "n": n,
        "median_ms": 1000 * times[n // 2],
        "p95_ms": 1000 * times[min(n - 1, int(n * 0.95))],
        "max_ms": 1000 * times[-1],
    }


def measure(positions: int = 1000, hands: int = 10, seed: int = 1) -> dict[str, dict[str, float]]:
    """Timings of small positions (<= 6 tricks left) and of whole hands."""
    rng = random.Random(seed)
    small: list[float] = []
    by_table: dict[str, list[float]] = {}
    while len(small) < positions:
        kind = KINDS[len(small) % len(KINDS)]
        st = random_position(rng, kind, rng.randint(1, 6))
        if st.over:
            continue
        t = time.perf_counter()
        analyse(st)
        small.append(time.perf_counter() - t)
        by_table.setdefault(kind[0], []).append(small[-1])
    whole: list[float] = []
    for i in range(hands):
        contract = ("suit", "nt", "nt-nominated", "misere-nominated")[i % 4]
        st = random_position(rng, ("four", contract), 10, mid_trick=False)
        t = time.perf_counter()
        analyse(st)
        whole.append(time.perf_counter() - t)
    out = {"small": _stats(small), "whole": _stats(whole)}
    out.update({f"small {table}": _stats(ts) for table, ts in by_table.items()})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    r = measure(args.positions, args.hands, args.seed)
    labels = {"small": "<= 6 tricks left", "whole": "whole hand, first lead"}
    for name, s in r.items():
        label = labels.get(name, "  " + name.replace("small ", "of which "))
        print(
            f"{label:24} n={s['n']:5d}  median {s['median_ms']:9.1f} ms  "
            f"p95 {s['p95_ms']:9.1f} ms  worst {s['max_ms']:9.1f} ms"
        )


if __name__ == "__main__":
    main()
