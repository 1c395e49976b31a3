"""Engine speed: contracted random-play hands per second, per preset, under CPython.

Usage: python benchmarks/engine_speed.py [--preset australian] [--seconds 5] [--pass-rate 0.7]

Plays random legal actions from new games (each game stops when it ends), on
one core: in the auction a player passes with probability ``--pass-rate``
(else bids at random among the other legal calls), and every other action is
a uniformly random legal one. Only hands that reach trick play count:
thrown-in deals are nearly free and would inflate the figure. Target (issue
10): at least 7,000 contracted hands per second in the australian preset.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Rules, new_game  # noqa: E402


def measure(preset: str, seconds: float, pass_rate: float = 0.7, seed: int = 1) -> dict[str, float]:
    """Play random games of ``preset`` for about ``seconds``; count contracted hands."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    hands = actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = new_game(rules, seed=games)
        games += 1
        choose, chance = rng.choice, rng.random
        while g.phase != "over":
            legal = g.legal_actions()
            if g.phase == "bid" and len(legal) > 1:
                g.act("PASS" if chance() < pass_rate else choose(legal[1:]))
            else:
                g.act(choose(legal))
            actions += 1
        hands += len(g.hands_played)
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
    parser.add_argument("--pass-rate", type=float, default=0.7)
    args = parser.parse_args()
    presets = [args.preset] if args.preset else list(Rules.PRESETS)
    print(f"{'preset':<14} {'games':>6} {'hands':>7} {'hands/s':>9} {'µs/action':>10}")
    for preset in presets:
        m = measure(preset, args.seconds, args.pass_rate)
        print(
            f"{preset:<14} {m['games']:>6} {m['hands']:>7} {m['hands_per_s']:>9.0f} "
            f"{m['us_per_action']:>10.1f}"
        )


if __name__ == "__main__":
    main()
