"""Duplicate arena: two bot levels play the same deals from both sides.

    python -m game.arena --a hard --b normal --deals 1000 --preset australian --seed 1 [--json]

Every deal is fixed (``new_game(rules, deals=[deal])``) and played once per
side of the table, one hand each time (until the hand is scored or thrown
in). In play ``j`` level A controls the seats of side ``j`` and level B every
other seat; so with two sides (4-handed, 6-handed 3v3) the deal is played
twice with the seats swapped, and with three sides (3-handed cut-throat,
6-handed 2v2v2) A takes each side in turn against B on the other two. A
play's difference is A's points minus the mean of the other sides' points;
a deal's difference is the mean over its plays, so the luck of the cards
cancels. The report gives the mean difference per deal with its 95%
confidence interval, deals won, contracts bid and made by type for each
side, and decision times per level. The bot in a seat draws its random numbers from a
seed of the deal and the seat, the same in every play of the deal (common random
numbers): two equal bots then play the deal alike from both sides, and the
difference measures only what differs between the levels (hard against its
original, 2,000 deals of seed 31: +5.3 [+1.6, +9.0], against +5.0 [+0.6, +9.5]
when each side's bots had seeds of their own). ``--games N`` also plays N whole
games in the same duplicate way and counts the games A wins. Hard and expert bots search
within their time budget, so results depend a little on the machine's load;
``--samples N`` makes hard search exactly N deals per card instead (and the expert 8N, in
proportion to its larger budget).

``--b-root DIR`` takes level B's bots from another checkout of this project (its
``game.bots.Bot``, run in a child process with that checkout's code; the views it sees are
this engine's): how a level does against an earlier version of itself, e.g.::

    git worktree add /tmp/original 00f3eab
    python -m game.arena --a hard --b hard --b-root /tmp/original --samples 16 --deals 2000

>>> report = run_arena("normal", "random", deals=2, preset="australian", seed=1)
>>> report["deals"], report["ci95"][0] <= report["diff_per_deal"] <= report["ci95"][1]
(2, True)
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from game import Game, Rules, new_game
from game.bots import LEVELS, Bot
from game.bots.bot import fixed_samples
from game.deal import deal_cards
from game.rules import bid_table

CONTRACT_TYPES = ("suit", "NT", "MIS", "OMIS", "BMIS", "GAME")


def make_deals(rules: Rules, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` shuffled deals; the dealer rotates so every seat gets to open the bidding."""
    rng = random.Random(f"arena/{seed}")
    return [deal_cards(rules, i % rules.players, rng).to_dict() for i in range(count)]


def _contract_type(rules: Rules, bid: str) -> str:
    denom = bid_table(rules).denomination[bid]
    if denom in ("S", "C", "D", "H"):
        return "suit"
    if denom == "MIS":
        return bid
    return denom


# The child process of --b-root: one JSON request per line on stdin, one answer per line.
_REMOTE_SERVER = """
import json, sys
from game import Rules
from game.bots import Bot
bots = {}
for line in sys.stdin:
    req = json.loads(line)
    if req["op"] == "options":
        out = {"options": sorted(Rules().to_dict())}
    elif req["op"] == "new":
        kw = {"samples": req["samples"], "budget_s": None} if req["samples"] else {}
        bots[req["seat"]] = Bot(req["level"], seed=req["seed"], **kw)
        out = {"ok": True}
    else:
        out = {"action": bots[req["seat"]].choose(req["view"])}
    print(json.dumps(out), flush=True)
"""


class RemoteBots:
    """Bots of another checkout (``root``), in one child process running its code.

    >>> import pathlib
    >>> remote = RemoteBots(str(pathlib.Path(__file__).resolve().parent.parent))
    >>> bot = remote.bot(0, "easy", seed=3, samples=None)
    >>> g = new_game(Rules.preset("australian"), seed=1)
    >>> bot.choose(g.view(g.to_act)) in g.legal_actions()
    True
    >>> remote.close()
    """

    def __init__(self, root: str):
        env = {**os.environ, "PYTHONPATH": root}
        self.root = root
        self.process = subprocess.Popen(
            [sys.executable, "-c", _REMOTE_SERVER],
            cwd=root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.options = set(self.ask({"op": "options"})["options"])
        """The rule options that checkout knows."""
        self.defaults = Rules().to_dict()

    def view_for(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` with the rule options the checkout does not know left out; an option it
        does not know may only have its default value (the rules it would play otherwise)."""
        rules = view["rules"]
        unknown = [name for name in rules if name not in self.options]
        if not unknown:
            return view
        changed = [name for name in unknown if rules[name] != self.defaults.get(name)]
        if changed:
            raise ValueError(f"{self.root} does not know the rule options {changed}")
        known = {name: value for name, value in rules.items() if name in self.options}
        return {**view, "rules": known}

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"the bots of {self.root} stopped (see their error above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def bot(self, seat: int, level: str, seed: int, samples: int | None) -> RemoteBot:
        self.ask({"op": "new", "seat": seat, "level": level, "seed": seed, "samples": samples})
        return RemoteBot(self, seat, remote_label(level, self.root))

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


class RemoteBot:
    """One seat's bot in a :class:`RemoteBots` process (``choose`` as :class:`Bot`'s)."""

    def __init__(self, remote: RemoteBots, seat: int, level: str):
        self.remote, self.seat, self.level = remote, seat, level

    def choose(self, view: dict[str, Any]) -> str:
        request = {"op": "choose", "seat": self.seat, "view": self.remote.view_for(view)}
        action: str = self.remote.ask(request)["action"]
        return action


def remote_label(level: str, root: str) -> str:
    """How reports name level ``level`` of the checkout ``root`` (``hard@original``)."""
    return f"{level}@{os.path.basename(os.path.normpath(root))}"


_REMOTE: dict[str, RemoteBots] = {}
"""Per --b-root: its child process in this (worker) process."""


def seat_bots(
    rules: Rules,
    levels: tuple[str, str],
    a_side: int,
    seed: int,
    tag: str,
    samples: int | None,
    b_root: str | None = None,
) -> list[Bot | RemoteBot]:
    """A bot per seat: level A on side ``a_side``, B elsewhere (from the checkout ``b_root``
    when given); hard bots search a fixed ``samples`` deals per card when given
    (reproducible; the expert in proportion, :func:`~game.bots.bot.fixed_samples`), else
    within their time budget."""
    bots: list[Bot | RemoteBot] = []
    for seat in range(rules.players):
        side_a = rules.side_of(seat) == a_side
        level = levels[0] if side_a else levels[1]
        bot_seed = random.Random(f"{seed}/{tag}/{seat}").randrange(2**31)
        fixed = fixed_samples(level, samples) if samples else None
        if b_root and not side_a:
            remote = _REMOTE.get(b_root)
            if remote is None:
                remote = _REMOTE[b_root] = RemoteBots(b_root)
            bots.append(remote.bot(seat, level, bot_seed, fixed))
        elif fixed:
            bots.append(Bot(level, seed=bot_seed, samples=fixed, budget_s=None))
        else:
            bots.append(Bot(level, seed=bot_seed))
    return bots


def run_bots(
    game: Game,
    bots: list[Any],
    times: list[list[float]],
    stop_after_hand: bool,
    stop_before: Callable[[Game, dict[str, Any]], bool] | None = None,
) -> bool:
    """Play ``game`` with ``bots`` (by seat); append decision seconds to ``times`` by seat.
    Returns True if it stopped before a decision because ``stop_before(game, view)`` held."""
    while game.phase != "over":
        if stop_after_hand and (game.hands_played or game.hand_number > 0):
            return False
        assert game.to_act is not None  # a game not over has a seat to act
        seat = game.controller_of(game.to_act)
        view = game.view(seat)
        if stop_before is not None and stop_before(game, view):
            return True
        start = time.perf_counter()
        action = bots[seat].choose(view)
        times[seat].append(time.perf_counter() - start)
        game.act(action)
    return False


def side_difference(rules: Rules, game: Game, a_side: int) -> float:
    """A play's measure: ``a_side``'s points for the first hand minus the other sides' mean
    (0 for a deal thrown in)."""
    points = game.hands_played[0]["points"] if game.hands_played else [0] * rules.num_sides
    others = [p for s, p in enumerate(points) if s != a_side]
    return points[a_side] - sum(others) / len(others)


def play_deal(
    rules: Rules,
    deal: dict[str, Any],
    levels: tuple[str, str],
    seed: int,
    index: int,
    samples: int | None = None,
    b_root: str | None = None,
) -> dict[str, Any]:
    """Play one deal once per side with A on that side; return the per-deal record."""
    diffs, contracts = [], []
    times: dict[str, list[float]] = {}
    for a_side in range(rules.num_sides):
        tag = f"deal{index}"  # the same bot seeds in every play (see the module docstring)
        bots = seat_bots(rules, levels, a_side, seed, tag, samples, b_root)
        game = new_game(rules, seed=seed, deals=[deal])
        seat_times: list[list[float]] = [[] for _ in range(rules.players)]
        run_bots(game, bots, seat_times, stop_after_hand=True)
        for seat, ts in enumerate(seat_times):
            times.setdefault(bots[seat].level, []).extend(ts)
        if game.hands_played:
            rec = game.hands_played[0]
            side = rules.side_of(rec["contractor"])
            who = "A" if side == a_side else "B"
            contracts.append((who, _contract_type(rules, rec["bid"]), rec["made"]))
        diffs.append(side_difference(rules, game, a_side))
    return {"diff": sum(diffs) / len(diffs), "contracts": contracts, "times": times}


def play_game(
    rules: Rules,
    levels: tuple[str, str],
    seed: int,
    index: int,
    samples: int | None = None,
    b_root: str | None = None,
) -> dict[str, Any]:
    """One whole game per side with A on that side; how many of them A won."""
    wins = 0
    times: dict[str, list[float]] = {}
    for a_side in range(rules.num_sides):
        tag = f"game{index}"
        bots = seat_bots(rules, levels, a_side, seed, tag, samples, b_root)
        game = new_game(rules, seed=seed * 100_003 + index)
        seat_times: list[list[float]] = [[] for _ in range(rules.players)]
        run_bots(game, bots, seat_times, stop_after_hand=False)
        for seat, ts in enumerate(seat_times):
            times.setdefault(bots[seat].level, []).extend(ts)
        wins += game.winner == a_side
    return {"wins": wins, "plays": rules.num_sides, "times": times}


def _deal_task(args: tuple) -> dict[str, Any]:
    rules_dict, deal, levels, seed, index, samples, b_root = args
    return play_deal(Rules.from_dict(rules_dict), deal, levels, seed, index, samples, b_root)


def _game_task(args: tuple) -> dict[str, Any]:
    rules_dict, levels, seed, index, samples, b_root = args
    return play_game(Rules.from_dict(rules_dict), levels, seed, index, samples, b_root)


def _progress(done: int, total: int, start: float) -> None:
    if not sys.stderr.isatty() or total == 0:
        return
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - start
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  eta {eta:5.0f}s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _map(func, tasks: list, jobs: int, start: float, offset: int, total: int) -> list:
    results = []
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for r in pool.imap(func, tasks, chunksize=1):
                results.append(r)
                _progress(offset + len(results), total, start)
    else:
        for t in tasks:
            results.append(func(t))
            _progress(offset + len(results), total, start)
    return results


def _time_stats(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"mean": 0.0, "p95": 0.0, "n": 0}
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {
        "mean": round(1000 * sum(ordered) / len(ordered), 3),
        "p95": round(1000 * p95, 3),
        "n": len(ordered),
    }


def run_arena(
    a: str,
    b: str,
    deals: int = 100,
    preset: str = "australian",
    seed: int = 1,
    games: int = 0,
    jobs: int = 1,
    samples: int | None = None,
    b_root: str | None = None,
) -> dict[str, Any]:
    """Run the duplicate arena and return the report (the ``--json`` object); ``b_root``: B's
    bots from that checkout (see the module docstring)."""
    for level in (a, b):
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")
    rules = Rules.preset(preset)
    levels = (a, b)
    rd = rules.to_dict()
    start = time.perf_counter()
    total = deals + games
    deal_list = make_deals(rules, deals, seed)
    deal_tasks = [(rd, d, levels, seed, i, samples, b_root) for i, d in enumerate(deal_list)]
    records = _map(_deal_task, deal_tasks, jobs, start, 0, total)
    game_tasks = [(rd, levels, seed, i, samples, b_root) for i in range(games)]
    game_records = _map(_game_task, game_tasks, jobs, start, deals, total)
    while _REMOTE:  # this process's children (a pool's workers end theirs as they exit)
        _REMOTE.popitem()[1].close()

    diffs = [r["diff"] for r in records]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    b_name = remote_label(b, b_root) if b_root else b
    contracts: dict[str, Any] = {
        who: {"level": lvl, **{t: {"bid": 0, "made": 0} for t in CONTRACT_TYPES}}
        for who, lvl in (("A", a), ("B", b_name))
    }
    times: dict[str, list[float]] = {a: [], b_name: []}
    for r in records + game_records:
        for level, ts in r["times"].items():
            times[level].extend(ts)
    for r in records:
        for who, kind, made in r["contracts"]:
            contracts[who][kind]["bid"] += 1
            contracts[who][kind]["made"] += int(made)
    report: dict[str, Any] = {
        "preset": preset,
        "a": a,
        "b": b_name,
        "seed": seed,
        "samples": samples,
        "deals": n,
        "diff_per_deal": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "boards": {
            "a_won": sum(1 for x in diffs if x > 0),
            "b_won": sum(1 for x in diffs if x < 0),
            "tied": sum(1 for x in diffs if x == 0),
        },
        "contracts": contracts,
        "decision_ms": {level: _time_stats(ts) for level, ts in times.items()},
        "seconds": round(time.perf_counter() - start, 1),
    }
    if games:
        report["games"] = {
            "played": sum(r["plays"] for r in game_records),
            "a_won": sum(r["wins"] for r in game_records),
        }
    return report


def format_report(r: dict[str, Any]) -> str:
    """The report as text for a terminal."""
    lines = [
        f"{r['deals']} deals, duplicate, {r['preset']}: A = {r['a']}, B = {r['b']}, "
        f"seed {r['seed']}"
        + (f", hard searches {r['samples']} deals per card" if r["samples"] else "")
        + f" ({r['seconds']} s)",
        f"A - B points per deal: {r['diff_per_deal']:+.1f}   "
        f"95% CI [{r['ci95'][0]:+.1f}, {r['ci95'][1]:+.1f}]",
        f"deals won: A {r['boards']['a_won']}, B {r['boards']['b_won']}, "
        f"tied {r['boards']['tied']}",
    ]
    if "games" in r:
        g = r["games"]
        lines.append(f"games won by A: {g['a_won']} of {g['played']}")
    lines.append("contracts bid / made:")
    for who in ("A", "B"):
        c = r["contracts"][who]
        parts = []
        for t in CONTRACT_TYPES:
            bid, made = c[t]["bid"], c[t]["made"]
            if bid:
                parts.append(f"{t} {made}/{bid} ({100 * made / bid:.0f}%)")
        lines.append(f"  {who} {c['level']:<7} " + ("  ".join(parts) or "none"))
    lines.append("decision time (ms):")
    for level, s in r["decision_ms"].items():
        lines.append(f"  {level:<7} mean {s['mean']:.2f}  p95 {s['p95']:.2f}  ({s['n']} decisions)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(
        prog="python -m game.arena", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--a", default="hard", choices=LEVELS, help="level of side A")
    parser.add_argument("--b", default="normal", choices=LEVELS, help="level of side B")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals to play")
    parser.add_argument("--preset", default="australian", choices=Rules.PRESETS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=0, help="also play N whole games")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        help="hard bots search exactly N deals per card (expert 8N), no clock (reproducible)",
    )
    parser.add_argument(
        "--b-root",
        metavar="DIR",
        help="level B's bots from the checkout in DIR (an earlier version)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.b_root and not os.path.isdir(os.path.join(args.b_root, "game", "bots")):
        parser.error(f"--b-root {args.b_root}: not a checkout of this project (no game/bots)")
    report = run_arena(
        args.a,
        args.b,
        args.deals,
        args.preset,
        args.seed,
        args.games,
        args.jobs,
        args.samples,
        args.b_root,
    )
    print(json.dumps(report) if args.json else format_report(report))
    return report


if __name__ == "__main__":
    main()
