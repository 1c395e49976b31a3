"""Double-dummy solver speed: ``analyse`` (every legal card's value) on random positions.

Usage (from the repository root)::

    nice -n 10 .venv/bin/python benchmarks/solver_speed.py [--positions 1000] [--hands 10]
    nice -n 10 .venv/bin/python benchmarks/solver_speed.py --worst 5      # list the slowest
    nice -n 10 .venv/bin/python benchmarks/solver_speed.py --replay 137   # time one again
    nice -n 10 .venv/bin/python benchmarks/solver_speed.py --cpu   # CPU time, shared machine

Prints median, p95 and worst time for positions with at most six tricks left
(every table size and contract kind, some in mid-trick), then the median and
worst time to value every card of the first lead of whole 10-trick hands
(australian, four-handed). Targets: <= 50 ms median, <= 200 ms worst;
<= 3 s median for a whole hand. ``--worst`` prints the slowest small positions
by index; ``--replay`` rebuilds one by its index (same ``--seed``) and times it.
:func:`measure` is also what ``benchmarks/solver_pyodide.mjs`` runs inside Pyodide.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

from game.analysis.positions import KINDS, random_position
from game.analysis.solver import Solver, analyse
from game.playstate import PlayState


def _stats(times: list[float]) -> dict[str, float]:
    n = len(times)
    times = sorted(times) or [0.0]
    return {
        "n": n,
        "median_ms": 1000 * times[n // 2],
        "p95_ms": 1000 * times[min(len(times) - 1, int(n * 0.95))],
        "max_ms": 1000 * times[-1],
    }


def small_positions(positions: int, rng: random.Random) -> Iterator[tuple[str, PlayState]]:
    """The benchmark's positions with <= 6 tricks left, in order: ``(table, state)``."""
    made = 0
    while made < positions:
        kind = KINDS[made % len(KINDS)]
        st = random_position(rng, kind, rng.randint(1, 6))
        if st.over:
            continue
        made += 1
        yield kind[0] + "-" + kind[1], st


def measure(
    positions: int = 1000, hands: int = 10, seed: int = 1, worst: int = 0, cpu: bool = False
) -> dict[str, dict[str, float]]:
    """Timings of small positions (<= 6 tricks left) and of whole hands.

    With ``worst``, also ``"worst <i>"`` entries: the slowest small positions by index.
    With ``cpu``, process CPU time instead of wall time (steadier on a shared machine).
    """
    clock = time.process_time if cpu else time.perf_counter
    rng = random.Random(seed)
    small: list[float] = []
    by_table: dict[str, list[float]] = {}
    labelled: list[tuple[float, int, str, int]] = []
    for i, (kind, st) in enumerate(small_positions(positions, rng)):
        t = clock()
        analyse(st)
        small.append(clock() - t)
        by_table.setdefault(kind.split("-")[0], []).append(small[-1])
        labelled.append((small[-1], i, kind, len(st.hands[st.to_act])))
    whole: list[float] = []
    for i in range(hands):
        contract = ("suit", "nt", "nt-nominated", "misere-nominated")[i % 4]
        st = random_position(rng, ("four", contract), 10, mid_trick=False)
        t = clock()
        analyse(st)
        whole.append(clock() - t)
    out = {"small": _stats(small), "whole": _stats(whole)}
    out.update({f"small {table}": _stats(ts) for table, ts in by_table.items()})
    for t, i, kind, left in sorted(labelled, reverse=True)[:worst]:
        out[f"worst {i} {kind} {left}"] = {"n": 1, "median_ms": 1000 * t, "p95_ms": 0, "max_ms": 0}
    return out


def replay(index: int, seed: int) -> None:
    """Rebuild small position ``index`` and print its kind, time and node count."""
    rng = random.Random(seed)
    for i, (kind, st) in enumerate(small_positions(index + 1, rng)):
        if i == index:
            t = time.perf_counter()
            solver = Solver(st)
            solver.value()
            t1 = time.perf_counter()
            analyse(st)
            t2 = time.perf_counter()
            print(
                f"position {index} {kind}: {len(st.hands[st.to_act])} tricks left, "
                f"{len(st.trick)} cards on the table; value {1000 * (t1 - t):.1f} ms "
                f"({solver.nodes} nodes), analyse {1000 * (t2 - t1):.1f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worst", type=int, default=0, help="print the N slowest positions")
    parser.add_argument("--replay", type=int, help="time small position INDEX alone")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    args = parser.parse_args()
    if args.replay is not None:
        replay(args.replay, args.seed)
        return
    r = measure(args.positions, args.hands, args.seed, args.worst, args.cpu)
    labels = {"small": "<= 6 tricks left", "whole": "whole hand, first lead"}
    for name, s in r.items():
        if name.startswith("worst"):
            print(f"  slow: position {name[6:]} tricks left: {s['median_ms']:9.1f} ms")
            continue
        label = labels.get(name, "  " + name.replace("small ", "of which "))
        print(
            f"{label:24} n={s['n']:5d}  median {s['median_ms']:9.1f} ms  "
            f"p95 {s['p95_ms']:9.1f} ms  worst {s['max_ms']:9.1f} ms"
        )


if __name__ == "__main__":
    main()
