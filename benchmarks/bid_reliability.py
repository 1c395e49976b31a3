"""Bid reliability: the make chance bots claim for their contracts against what they make.

Usage: python benchmarks/bid_reliability.py [--level normal] [--deals 2000] [--samples 12]
       [--seed 1] [--json] [--write]

Four bots of one level play one hand of each arena deal (australian). For every
final contract, the chance the winning bid was made with (the ``p`` of its
reason, what a hint shows) is the claim; the table gives per bid type (suit
level, NT, MIS, OMIS) the contracts, mean claim, measured make rate with its 95%
half-width, the gap (claim − made) and the recalibration ``(a, b)`` that would close
it (:func:`game.bots.reliability.fit_recalibration`).
``--write`` composes those fits into ``game/bots/reliability.py`` (``SHIFTS`` for
the level): run it, then run again on another seed to check the gaps are within 5
points. Hard bots search a
fixed ``--samples`` deals per card (no clock).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Rules, new_game  # noqa: E402
from game.arena import make_deals  # noqa: E402
from game.bots import (
    Bot,  # noqa: E402
    reliability,  # noqa: E402
)
from game.bots.reliability import bid_kind, compose, fit_recalibration  # noqa: E402
from game.rules import bid_table  # noqa: E402

ORDER = ("6", "7", "8", "9", "10", "NT", "MIS", "OMIS", "BMIS", "GAME")


def play(level: str, deals: int, seed: int, samples: int) -> dict[str, list[tuple[float, int]]]:
    """Per bid type: ``(claimed chance, made)`` of every final contract."""
    rules = Rules.preset("australian")
    table = bid_table(rules)
    out: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for i, deal in enumerate(make_deals(rules, deals, seed)):
        bots = [
            Bot(level, seed=seed * 1000 + i * 4 + s, samples=samples, budget_s=None)
            for s in range(rules.players)
        ]
        g = new_game(rules, seed=seed, deals=[deal])
        claims: dict[int, float] = {}
        while g.to_act is not None and not g.hands_played and g.hand_number == 0:
            seat = g.controller_of(g.to_act)
            view = g.view(seat)
            if g.phase == "bid":
                action, why = bots[seat].advise(view)
                if action != "PASS" and "p" in why.params:
                    claims[seat] = why.params["p"] / 100
            else:
                action = bots[seat].choose(view)
            g.act(action)
        if g.hands_played:
            rec = g.hands_played[0]
            if rec["contractor"] in claims:
                kind = bid_kind(table, rec["bid"])
                out[kind].append((claims[rec["contractor"]], int(rec["made"])))
    return out


def table_rows(obs: dict[str, list[tuple[float, int]]]) -> list[dict]:
    rows = []
    for kind in sorted(obs, key=lambda k: ORDER.index(k) if k in ORDER else 99):
        pairs = obs[kind]
        n = len(pairs)
        claim = sum(p for p, _ in pairs) / n
        made = sum(m for _, m in pairs)
        rate = made / n
        half = 1.96 * math.sqrt(rate * (1 - rate) / n) if n > 1 else 1.0
        fit = fit_recalibration(pairs, prior=max(20.0, 400.0 - n)) if 0 < made < n else (0, 1)
        rows.append(
            {
                "kind": kind,
                "n": n,
                "claimed": round(100 * claim, 1),
                "made": round(100 * rate, 1),
                "half95": round(100 * half, 1),
                "gap": round(100 * (claim - rate), 1),
                "fit": fit,
            }
        )
    return rows


def write(level: str, rows: list[dict], step: float = 1.0, min_n: int = 20) -> None:
    """Compose the fits into ``SHIFTS``, each moved ``step`` of the way."""
    path = Path(reliability.__file__)
    text = path.read_text()
    fits = dict(reliability.SHIFTS["4p43"].get(level, {}))
    for r in rows:
        if r["n"] >= min_n:
            a, b = r["fit"]
            fit = (step * a, 1 + step * (b - 1))
            fits[r["kind"]] = compose(fit, fits.get(r["kind"], (0.0, 1.0)))
    body = "".join(f'\n            "{k}": {fits[k]!r},' for k in ORDER if k in fits)
    text = re.sub(rf'"{level}": \{{[^}}]*\}},', f'"{level}": {{{body}\n        }},', text)
    path.write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="normal", choices=("normal", "hard"))
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write", action="store_true", help="refit reliability.py")
    parser.add_argument("--step", type=float, default=1.0, help="damping of --write (0..1)")
    args = parser.parse_args()
    rows = table_rows(play(args.level, args.deals, args.seed, args.samples))
    if args.json:
        print(json.dumps({"level": args.level, "deals": args.deals, "rows": rows}))
    else:
        print(f"{args.level}, {args.deals} deals, australian, seed {args.seed}")
        print(f"{'type':<6}{'n':>6}{'claimed%':>10}{'made%':>8}{'±95':>6}{'gap':>7}  refit a, b")
        for r in rows:
            print(
                f"{r['kind']:<6}{r['n']:>6}{r['claimed']:>10.1f}{r['made']:>8.1f}"
                f"{r['half95']:>6.1f}{r['gap']:>+7.1f}  {r['fit'][0]:+.2f}, {r['fit'][1]:.2f}"
            )
    if args.write:
        write(args.level, rows, args.step)


if __name__ == "__main__":
    main()
