"""Bidding screen: what a change to the bidding constants gains, the bidding alone, paired.

Usage:
    python benchmarks/bidding_screen.py NAME=VALUE [NAME=VALUE ...] [--deals 1000]
           [--seed 1] [--play hard] [--samples 64] [--json]

Each ``NAME=VALUE`` sets a constant of :mod:`game.bots.bidding` (``VALUE`` in JSON), e.g.
``MISERE_MIN='{"MIS": 0.75, "OMIS": 0.85}'`` or ``BID_MARGIN=15``. Every arena deal
(australian) is bid twice per side: by four bots that bid as hard, and again with that
side's two bidding with the changed constants. A deal whose auctions are the same scores 0
(the bots draw the same seeds, so the play would be the same); the others are played out
both ways by ``--play`` bots (hard at ``--samples`` deals per card, or normal, about 15
times cheaper) and score the changed side's first-hand points over the other side's,
changed minus unchanged. Printed: points per deal with the 95% half-width, and the deals
scored differently. Only the bidding changes; the sampler of the searching bots keeps the
constants it imported. Costs (CPU, this machine): with hard's play about 1 s per deal when
a third of the auctions change, with normal's about 0.07 s.

>>> screen({}, 2, 1, "normal", 64)
[0.0, 0.0]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Game, Rules, new_game  # noqa: E402
from game.arena import make_deals, seat_bots, side_difference  # noqa: E402
from game.bots import Bot, bidding  # noqa: E402

RULES = Rules.preset("australian")


@contextmanager
def changed(constants: dict[str, Any]) -> Iterator[None]:
    """Within: :mod:`game.bots.bidding`'s ``constants`` set to their given values."""
    before = {name: getattr(bidding, name) for name in constants}
    for name, value in constants.items():
        setattr(bidding, name, value)
    try:
        yield
    finally:
        for name, value in before.items():
            setattr(bidding, name, value)


def _play(
    g: Game, bots: list[Any], side: int | None, constants: dict[str, Any], auction: bool
) -> None:
    """Play the first hand of ``g`` (only its auction if ``auction``); ``side`` bids with
    ``constants``."""
    while g.phase != "over" and not g.hands_played and g.hand_number == 0:
        if auction and g.phase != "bid":
            return
        seat = g.controller_of(g.to_act)  # type: ignore[arg-type]
        view = g.view(seat)
        if g.phase == "bid" and RULES.side_of(seat) == side:
            with changed(constants):
                g.act(bots[seat].choose(view))
        else:
            g.act(bots[seat].choose(view))


def screen(
    constants: dict[str, Any], deals: int, seed: int, play: str, samples: int
) -> list[float]:
    """Per deal: the points the changed bidding gains for its side, the mean of both sides."""
    out = []
    for index, deal in enumerate(make_deals(RULES, deals, seed)):
        diffs = []
        for side in range(RULES.num_sides):
            games = []
            for bidder in (None, side):
                bots = seat_bots(RULES, (play, play), side, seed, f"deal{index}", samples)
                for bot in bots:
                    assert isinstance(bot, Bot)
                    bot.search_level = "hard"  # bid as hard whatever the play
                g = new_game(RULES, seed=seed, deals=[deal])
                _play(g, bots, bidder, constants, auction=True)
                games.append((g, bots, bidder))
            if games[0][0].actions == games[1][0].actions:
                diffs.append(0.0)
                continue
            for g, bots, bidder in games:
                _play(g, bots, bidder, constants, auction=False)
            before, after = (side_difference(RULES, g, side) for g, _, _ in games)
            diffs.append(after - before)
        out.append(sum(diffs) / len(diffs))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("constants", nargs="+", metavar="NAME=VALUE")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play", choices=("hard", "normal"), default="hard")
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    constants = {}
    for item in args.constants:
        name, _, value = item.partition("=")
        if not hasattr(bidding, name):
            parser.error(f"game.bots.bidding has no constant {name!r}")
        constants[name] = json.loads(value)
    diffs = screen(constants, args.deals, args.seed, args.play, args.samples)
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    half = 1.96 * sd / math.sqrt(n)
    scored = sum(1 for d in diffs if d)
    if args.json:
        print(json.dumps({"deals": n, "changed": scored, "mean": mean, "half95": half}))
        return
    print(
        f"{n} deals ({scored} scored differently), play {args.play}: the changed bidding "
        f"gains {mean:+.2f} +- {half:.2f} points per deal"
    )


if __name__ == "__main__":
    main()
