"""Bot decision time: mean and p95 per level, under CPython (and, via bots_pyodide.mjs, Pyodide).

Usage: python benchmarks/bots_latency.py [--preset P] [--hands 12] [--levels easy,normal,hard]

Every seat is played by a bot of the level being measured, from new games of
the preset, for ``--hands`` hands; every decision (bids, discards, nominations,
cards) is timed from the view to the action, as the UI's bot worker sees it.
Targets (issue "Bots worth playing against"): hard p95 <= 150 ms in CPython,
<= 300 ms in Pyodide.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Rules, new_game  # noqa: E402
from game.bots import Bot  # noqa: E402


def measure(level: str, preset: str = "australian", hands: int = 12, seed: int = 1) -> dict:
    """Time every decision of ``hands`` hands played by four bots of ``level``."""
    rules = Rules.preset(preset)
    times: list[float] = []
    played = 0
    game_seed = seed
    while played < hands:
        g = new_game(rules, seed=game_seed)
        game_seed += 1
        bots = [Bot(level, seed=game_seed * 10 + s) for s in range(rules.players)]
        while g.phase != "over" and played < hands:
            before = len(g.hands_played), g.hand_number
            assert g.to_act is not None  # someone is to act until the game is over
            seat = g.controller_of(g.to_act)
            view = g.view(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view)
            times.append(time.perf_counter() - start)
            g.act(action)
            if (len(g.hands_played), g.hand_number) != before:
                played += 1
    times.sort()
    return {
        "level": level,
        "preset": preset,
        "decisions": len(times),
        "mean_ms": round(1000 * sum(times) / len(times), 2),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 2),
        "max_ms": round(1000 * times[-1], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="australian", choices=Rules.PRESETS)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [measure(lv, args.preset, args.hands) for lv in args.levels.split(",")]
    if args.json:
        print(json.dumps(results))
        return
    print(f"{'level':<8}{'preset':<14}{'decisions':>10}{'mean ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for r in results:
        print(
            f"{r['level']:<8}{r['preset']:<14}{r['decisions']:>10}{r['mean_ms']:>10.2f}"
            f"{r['p95_ms']:>10.2f}{r['max_ms']:>10.2f}"
        )


if __name__ == "__main__":
    main()
