"""How many deals the expert's search needs, and what pruning saves: searches replayed offline.

Usage: python benchmarks/expert_racing.py [--hands 24] [--deals 1024] [--seed 1000] [--jobs 2]

Four hard bots (16 deals per card) play ``--hands`` hands of new australian games. At every
card the expert would choose by search (more than one candidate, before it solves deals
double dummy: :func:`game.bots.expert.solving`), every candidate is played out on the same
``--deals`` sampled deals (:func:`game.bots.search.sampled_world`, :func:`~game.bots.search.
play_out`), as the search does. The first half of the deals is what a search may look at; the
second half values the card it picks (so a search is not judged on the deals it chose from).
For each way of searching it prints the points per decision its card gains over the normal
policy's card on the held-out deals, the play-outs it spends per decision, and how many of its
cards differ from the policy's:

- ``all N``: every candidate on the first N deals (the hard bot: 64; the expert before
  pruning: 256);
- ``pruned N``: up to N deals, dropping at each of ``PRUNE_AT`` the cards that trail the
  leader (:func:`game.bots.search.prune`, the expert's rule), and stopping once only the
  policy's card is left.

Each then keeps the policy's card unless another beats it by ``z`` standard errors
(:func:`~game.bots.search.significant_gain`): the hard bot's ``SWITCH_Z`` (1.6), and for the
expert's way also the lower thresholds it might use (``EXPERT_SWITCH_Z`` is the expert's). About
4 minutes per 20 hands and job on this machine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Rules, new_game  # noqa: E402
from game.bots import Bot  # noqa: E402
from game.bots.expert import EXPERT_SWITCH_Z, PRUNE_AT, solving  # noqa: E402
from game.bots.knowledge import Knowledge  # noqa: E402
from game.bots.sampling import Sampler  # noqa: E402
from game.bots.search import (  # noqa: E402
    SWITCH_Z,
    Move,
    play_out,
    prune,
    sampled_world,
    search_moves,
    significant_gain,
)

RULES = Rules.preset("australian")
Decision = tuple[Move, dict[Move, list[float]]]
"""The policy's card, and each candidate's points on every sampled deal."""


def record(k: Knowledge, rng: random.Random, deals: int) -> Decision | None:
    """Every candidate of the actor in ``k`` played out on the same ``deals`` sampled deals."""
    st = k.play_state()
    seat = k.actor
    base, _, cands = search_moves(st, seat)
    if len(cands) == 1:
        return None
    scoring, side, sampler = k.scoring(), st.side[seat], Sampler(k, st)
    values: dict[Move, list[float]] = {c: [] for c in cands}
    for _ in range(deals):
        world = sampled_world(st, seat, sampler, rng)
        for c in cands:
            values[c].append(play_out(world, c, scoring, side))
    return base, values


def decisions(seed: int, hands: int, deals: int) -> list[Decision]:
    """The recorded searches of ``hands`` hands of hard self-play from game seed ``seed`` on."""
    out = []
    rng = random.Random(seed)
    for game_seed in range(seed, seed + hands):
        g = new_game(RULES, seed=game_seed)
        bots = [Bot("hard", seed=game_seed * 10 + s, samples=16, budget_s=None) for s in range(4)]
        while not g.hands_played and g.phase != "over":
            seat = g.controller_of(g.to_act)  # type: ignore[arg-type]
            view = g.view(seat)
            if g.phase == "play" and len(view["legal_actions"]) > 1:
                k = Knowledge.from_view(view)
                if not solving(k.play_state(), k.actor):
                    found = record(k, rng, deals)
                    if found is not None:
                        out.append(found)
            g.act(bots[seat].choose(view))
    return out


Search = Callable[[Move, dict[Move, list[float]], int, float], tuple[Move, int]]
"""A way of searching: the policy's card, every candidate's points, the deals it may look at
and its switching threshold, to the card it chooses and the play-outs it spends."""


def search_all(base: Move, values: dict[Move, list[float]], n: int, z: float) -> tuple[Move, int]:
    """Every candidate on the first ``n`` deals: the card chosen and the play-outs spent."""
    seen = {c: v[:n] for c, v in values.items()}
    return _choose(base, seen, z), n * len(seen)


def search_pruned(
    base: Move, values: dict[Move, list[float]], n: int, z: float
) -> tuple[Move, int]:
    """Up to ``n`` deals, pruning at ``PRUNE_AT`` as the expert does."""
    live, done, spent = list(values), 0, 0
    for stop in [p for p in PRUNE_AT if p < n] + [n]:
        spent += (stop - done) * len(live)
        done = stop
        if stop == n:
            break
        live = prune(live, {c: values[c][:done] for c in live}, base)
        if len(live) == 1:
            break
    return _choose(base, {c: values[c][:done] for c in live}, z), spent


def _choose(base: Move, seen: dict[Move, list[float]], z: float) -> Move:
    best = max(seen, key=lambda c: (sum(seen[c]), c == base))
    return best if significant_gain(seen[best], seen[base], z) else base


def report(recorded: list[Decision], deals: int) -> None:
    half = deals // 2
    ways: list[tuple[str, Search, int, float]]
    ways = [(f"all {n}", search_all, n, SWITCH_Z) for n in (64, 128, 256, 512) if n <= half]
    ways += [(f"pruned {n}", search_pruned, n, SWITCH_Z) for n in (256, 512) if n <= half]
    longest = min(512, half)
    lower = sorted({1.0, EXPERT_SWITCH_Z, 0.4}, reverse=True)
    ways += [(f"pruned {longest} z {z}", search_pruned, longest, z) for z in lower]
    print(f"{len(recorded)} decisions, {deals} deals each (half to search, half to value)")
    print(f"z {SWITCH_Z} unless shown; the expert's: pruned 512 z {EXPERT_SWITCH_Z}")
    print(f"{'search':<16} {'points/decision':>16} {'play-outs':>10} {'changed':>8}")
    for name, way, most, z in ways:
        gain = spent = changed = 0.0
        for base, values in recorded:
            searched = {c: v[:half] for c, v in values.items()}
            card, cost = way(base, searched, most, z)
            held_out = {c: values[c][half:] for c in (card, base)}
            gain += (sum(held_out[card]) - sum(held_out[base])) / (deals - half)
            spent += cost
            changed += card != base
        n = len(recorded)
        print(f"{name:<16} {gain / n:>+16.3f} {spent / n:>10.1f} {int(changed):>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--deals", type=int, default=1024)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    per_job = -(-args.hands // args.jobs)
    tasks = [
        (args.seed + j * per_job, min(per_job, args.hands - j * per_job), args.deals)
        for j in range(args.jobs)
        if args.hands > j * per_job
    ]
    with multiprocessing.Pool(len(tasks)) as pool:
        recorded = [d for part in pool.starmap(decisions, tasks) for d in part]
    report(recorded, args.deals)


if __name__ == "__main__":
    main()
