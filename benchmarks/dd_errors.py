"""How often each bot level's cards cost a trick against the double-dummy best, late in a hand.

Usage (from the repository root)::

    nice -n 10 .venv/bin/python benchmarks/dd_errors.py [--hands 100] [--levels expert,hard,normal]

For each level, ``--hands`` hands are played with that level in every seat
(same deals for every level). Each card played over the last five tricks is
checked with :func:`game.analysis.solve` on the real deal: it *costs a trick*
when its double-dummy value is worse, for the player's side, than the best
card's (the contractor's side wants more tricks, the defence fewer; in misère
the reverse). Prints per level: decisions checked, the rate that cost a trick,
and decision time mean and p95. Target: expert < 3%.
"""

from __future__ import annotations

import argparse
import time

from game import Rules, new_game
from game.analysis import solve
from game.bots import Bot

LAST_TRICKS = 5


def measure(level: str, hands: int, preset: str = "australian", seed: int = 1) -> dict[str, float]:
    rules = Rules.preset(preset)
    checked = costly = 0
    times: list[float] = []
    for h in range(hands):
        g = new_game(rules, seed=seed * 100_000 + h)
        bots = [Bot(level, seed=h * 10 + s) for s in range(rules.players)]
        start = len(g.hands_played)
        while g.to_act is not None and len(g.hands_played) == start and g.hand_number == 0:
            seat = g.to_act
            late = g.phase == "play" and len(g.hand(seat)) <= LAST_TRICKS
            t = time.perf_counter()
            action = bots[seat].choose(g.view(seat))
            times.append(time.perf_counter() - t)
            if late and len(g.legal_actions()) > 1:
                values = solve(g)
                cside = g.side_of(g.contract[0])  # type: ignore[index]
                wants_more = (g.side_of(seat) == cside) != (g.trump == "MIS")
                best = max(values.values()) if wants_more else min(values.values())
                checked += 1
                costly += values[action] != best
            g.act(action)
    times.sort()
    return {
        "checked": checked,
        "cost_rate": costly / max(1, checked),
        "mean_ms": 1000 * sum(times) / max(1, len(times)),
        "p95_ms": 1000 * times[int(len(times) * 0.95)] if times else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--levels", default="expert,hard,normal")
    parser.add_argument("--preset", default="australian")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"last {LAST_TRICKS} tricks, {args.hands} hands per level, {args.preset}")
    print("level     checked   cost a trick   mean ms   p95 ms")
    for level in args.levels.split(","):
        r = measure(level, args.hands, args.preset, args.seed)
        print(
            f"{level:8}{r['checked']:9d}{100 * r['cost_rate']:13.1f}%"
            f"{r['mean_ms']:10.1f}{r['p95_ms']:9.1f}"
        )


if __name__ == "__main__":
    main()
