"""Engine speed: contracted random-play hands per second, per preset, under CPython.

Usage: python benchmarks/engine_speed.py [--preset australian] [--seconds 5] [--pass-rate 0.7]
       [--cpu-clock] [--games N]

Plays random legal actions from new games (each game stops when it ends), on
one core: in the auction a player passes with probability ``--pass-rate``
(else bids at random among the other legal calls); a discard is drawn at
random from the hand (uniform over the legal discards, without listing them:
``legal_actions()`` lists every combination, 8,008 with a 6-card kitty, while
``act("DISCARD ...")`` validates one directly); every other action is a
uniformly random legal one. Only hands that reach trick play count:
thrown-in deals are nearly free and would inflate the figure. Target (issue
10): at least 7,000 contracted hands per second in the australian preset.
``--cpu-clock`` times with the process's CPU time instead of the wall clock
(steadier on a busy machine). ``benchmarks/engine_pyodide.mjs`` runs the same
``measure()`` inside Pyodide under Node (target there: 4,000 hands per second).

Comparing two versions in one run (the machine's load hits both alike): ``ENGINE_ROOT=DIR``
plays the engine (``game/``) of another checkout with this driver, e.g. alternately::

    git worktree add /tmp/old 00f3eab
    for r in /tmp/old . /tmp/old .; do
        ENGINE_ROOT=$r python benchmarks/engine_speed.py --preset australian --cpu-clock
    done

``--games N`` plays exactly N games instead of timing (the same games every run), for counting
instructions, which a busy machine does not disturb: Valgrind's total for ``--games 1000``
minus that for ``--games 0`` (the imports), divided by the hands printed::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/engine_speed.py --preset australian --games 1000
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, os.environ.get("ENGINE_ROOT") or str(Path(__file__).resolve().parent.parent))

from game import Rules, new_game  # noqa: E402


def measure(
    preset: str,
    seconds: float,
    pass_rate: float = 0.7,
    seed: int = 1,
    clock: Callable[[], float] = time.perf_counter,
    games_to_play: int | None = None,
) -> dict[str, float]:
    """Play random games of ``preset`` for about ``seconds`` (or exactly ``games_to_play``
    games); count contracted hands."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    hands = actions = games = 0
    start = clock()
    while clock() - start < seconds if games_to_play is None else games < games_to_play:
        g = new_game(rules, seed=games)
        games += 1
        chance, sample = rng.random, rng.sample
        kitty = rules.kitty_size
        while g.phase != "over":
            phase = g.phase
            if phase == "discard":
                g.act("DISCARD " + " ".join(sample(g.hand(g.to_act), kitty)))  # type: ignore[arg-type]
            else:
                legal = g.legal_actions()
                if phase == "bid" and len(legal) > 1:
                    bid = legal[1 + int(chance() * (len(legal) - 1))]
                    g.act("PASS" if chance() < pass_rate else bid)
                else:
                    g.act(legal[int(chance() * len(legal))])
            actions += 1
        hands += len(g.hands_played)
    elapsed = max(clock() - start, 1e-9)
    return {
        "games": games,
        "hands": hands,
        "hands_per_s": hands / elapsed,
        "us_per_action": elapsed / max(actions, 1) * 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default=None, help="one preset (default: all)")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--pass-rate", type=float, default=0.7)
    parser.add_argument("--cpu-clock", action="store_true", help="time with process CPU time")
    parser.add_argument("--games", type=int, help="play exactly N games (no timing)")
    args = parser.parse_args()
    clock = time.process_time if args.cpu_clock else time.perf_counter
    presets = [args.preset] if args.preset else list(Rules.PRESETS)
    print(f"{'preset':<14} {'games':>6} {'hands':>7} {'hands/s':>9} {'µs/action':>10}")
    for preset in presets:
        m = measure(preset, args.seconds, args.pass_rate, clock=clock, games_to_play=args.games)
        print(
            f"{preset:<14} {m['games']:>6} {m['hands']:>7} {m['hands_per_s']:>9.0f} "
            f"{m['us_per_action']:>10.1f}"
        )


if __name__ == "__main__":
    main()
