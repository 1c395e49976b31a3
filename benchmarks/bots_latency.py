"""Bot decision time: mean and p95 per level, under CPython (and, via bots_pyodide.mjs, Pyodide).

Usage: python benchmarks/bots_latency.py [--preset P] [--hands 12] [--levels easy,normal,hard]
       [--playouts-seconds 10]

Every seat is played by a bot of the level being measured, from new games of
the preset, for ``--hands`` hands; every decision (bids, discards, nominations,
cards) is timed from the view to the action, as the UI's bot worker sees it.
Targets (issue "Bots worth playing against"): hard p95 <= 150 ms in CPython,
<= 300 ms in Pyodide.

It then prints the hard bot's search speed: playouts (a sampled deal played to
the end of the hand for one candidate card) per second, over the card-play
decisions of the same kind of games, each searched with a fixed number of
deals (sampling included, as in play).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Rules, new_game  # noqa: E402
from game.bots import Bot  # noqa: E402
from game.bots.knowledge import Knowledge  # noqa: E402
from game.bots.search import search_play  # noqa: E402


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


def playout_rate(preset: str = "australian", seconds: float = 10.0, seed: int = 1) -> dict:
    """Hard search playouts per second over the card decisions of normal-bot games."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    playouts = decisions = 0
    spent = 0.0
    game_seed = seed
    while spent < seconds:
        g = new_game(rules, seed=game_seed)
        game_seed += 1
        bots = [Bot("normal", seed=game_seed * 10 + s) for s in range(rules.players)]
        while g.to_act is not None and spent < seconds:
            seat = g.controller_of(g.to_act)
            view = g.view(seat)
            if g.phase == "play":
                k = Knowledge.from_view(view)
                start = time.perf_counter()
                result = search_play(k, rng, samples=16, budget_s=None)
                spent += time.perf_counter() - start
                playouts += result.playouts
                decisions += 1
            g.act(bots[seat].choose(view))
    return {"preset": preset, "decisions": decisions, "playouts_per_s": round(playouts / spent)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="australian", choices=Rules.PRESETS)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--playouts-seconds", type=float, default=10.0)
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
    if args.playouts_seconds:
        rate = playout_rate(args.preset, args.playouts_seconds)
        print(
            f"hard search: {rate['playouts_per_s']} playouts/s "
            f"({rate['decisions']} card decisions, 16 deals each, {args.preset})"
        )


if __name__ == "__main__":
    main()
