"""Engine speed: random-play hands per second and µs per legal_actions()+act().

Usage: python benchmarks/engine_speed.py [--preset australian] [--seconds 5]

Plays random legal actions from new games (each game stops when it ends), on
one core under CPython, and prints the figures. Target (issue 3): at least
2,000 random-play hands per second in the australian preset.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Rules, new_game  # noqa: E402


def measure(preset: str, seconds: float, seed: int = 1) -> dict[str, float]:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    hands = actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = new_game(rules, seed=games)
        games += 1
        choose = rng.choice
        while g.phase != "over":
            g.act(choose(g.legal_actions()))
            actions += 1
        hands += len(g.deals)
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "hands": hands,
        "hands_per_s": hands / elapsed,
        "us_per_action": elapsed / actions * 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default=None, help="one preset (default: all)")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    presets = [args.preset] if args.preset else list(Rules.PRESETS)
    print(f"{'preset':<14} {'games':>6} {'hands':>7} {'hands/s':>9} {'µs/action':>10}")
    for preset in presets:
        m = measure(preset, args.seconds)
        print(
            f"{preset:<14} {m['games']:>6} {m['hands']:>7} {m['hands_per_s']:>9.0f} "
            f"{m['us_per_action']:>10.1f}"
        )


if __name__ == "__main__":
    main()
