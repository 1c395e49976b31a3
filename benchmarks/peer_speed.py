"""Engine speed against a naive open-source peer engine, in one run (issue 10's ">= 3x" target).

Usage: python benchmarks/peer_speed.py --peer-root DIR [--seconds 5] [--rounds 3]
       [--pass-rate 0.7] [--cpu-clock]

The peer is cornsmith/five-hundred (MIT; a pure-Python Five Hundred engine with objects
for cards, bids, tricks and rounds), checked out anywhere; its code is not part of this
repository::

    git clone https://github.com/cornsmith/five-hundred /tmp/peer
    python benchmarks/peer_speed.py --peer-root /tmp/peer --cpu-clock

Both engines are driven by the same random policy as ``benchmarks/engine_speed.py``: in
the auction a player passes with probability ``--pass-rate`` and otherwise makes a
uniformly random legal call; the contractor discards random cards; every card is a
uniformly random legal one. Only hands that reach trick play count. Ours plays the
australian preset (4 players, 43 cards, the peer's only game). The two alternate for
``--rounds`` rounds of ``--seconds`` each, so the machine's load hits both alike; the
ratio of the two rates is the figure to read.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_speed import measure  # noqa: E402


def load_peer(root: Path) -> Any:
    """Import the peer's ``fivehundred/game.py`` (it imports its ``ai`` module by bare name)."""
    package = root / "fivehundred"
    if not (package / "game.py").is_file():
        raise SystemExit(f"{root} is not a checkout of cornsmith/five-hundred")
    sys.path.insert(0, str(package))
    spec = importlib.util.spec_from_file_location("peer_game", package / "game.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_peer_hand(
    peer: Any, game: Any, rng: random.Random, pass_rate: float
) -> tuple[bool, list[int]]:
    """The next hand of the peer's ``game`` with random legal actions (as its own
    ``start_round`` deals it, without the printing); (reached trick play, the hand's scores)."""
    peer.trump_suit = None  # the peer's trump is a module global, read in sorting
    game.round_number += 1
    game.dealer = dealer = (game.dealer + 1) % 4
    game.round = rnd = peer.Round(game.round_number, dealer)
    game.deal()
    rnd.turn = (dealer + 1) % 4
    while rnd.status == "Bidding in progress":
        if rnd.passes[rnd.turn] or rng.random() < pass_rate or not rnd.possible_bids:
            rnd.make_bid(peer.Bid(None))
        else:
            rnd.make_bid(peer.Bid(rng.choice(rnd.possible_bids)))
        rnd.update_status()
    if rnd.status != "Bidding complete":
        return False, [0, 0]
    rnd.trump_suit = rnd.highest_bid.suit
    peer.trump_suit = rnd.trump_suit
    contractor = game.players[rnd.highest_bidder]
    game.kitty.deal_cards(contractor, 3)
    contractor.move_cards(game.kitty, rng.sample(contractor.cards, 3))
    rnd.status = "Card play in progress"
    misere = rnd.highest_bidder if rnd.highest_bid.misere is not None else None
    rnd.turn = rnd.highest_bidder
    for number in range(10):
        trick = peer.Trick(rnd.turn, number, misere)
        while not trick.is_complete():
            player = game.players[rnd.turn]
            player.set_possible(trick)
            rnd.play_card(player, rng.choice(player.possible_index), trick)
        trick.set_winner()
        rnd.turn = trick.winner
        rnd.tricks_won[trick.winner % 2] += 1
        rnd.tricks.append(trick)
    rnd.set_scores()
    return True, rnd.scores


def measure_peer(
    peer: Any, seconds: float, pass_rate: float, clock: Callable[[], float], seed: int = 1
) -> float:
    """Contracted hands per second of the peer, playing whole games of hands."""
    random.seed(seed)  # the peer shuffles with the module-level generator
    rng = random.Random(seed)
    hands = 0
    game = peer.Game()
    start = clock()
    while clock() - start < seconds:
        played, scores = play_peer_hand(peer, game, rng, pass_rate)
        if played:
            hands += 1
            game.scores = [a + b for a, b in zip(game.scores, scores, strict=True)]
            if max(abs(t) for t in game.scores) >= 500:
                game = peer.Game()
    return hands / max(clock() - start, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-root", type=Path, required=True)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pass-rate", type=float, default=0.7)
    parser.add_argument("--cpu-clock", action="store_true", help="time with process CPU time")
    args = parser.parse_args()
    clock = time.process_time if args.cpu_clock else time.perf_counter
    peer = load_peer(args.peer_root)
    print(f"{'round':>5} {'peer hands/s':>13} {'ours hands/s':>13} {'ratio':>6}")
    ratios = []
    for number in range(1, args.rounds + 1):
        theirs = measure_peer(peer, args.seconds, args.pass_rate, clock, seed=number)
        ours = measure("australian", args.seconds, args.pass_rate, seed=number, clock=clock)
        ratios.append(ours["hands_per_s"] / theirs)
        print(f"{number:>5} {theirs:>13.0f} {ours['hands_per_s']:>13.0f} {ratios[-1]:>6.2f}")
    print(f"ratio, ours / peer: min {min(ratios):.2f}, max {max(ratios):.2f}")


if __name__ == "__main__":
    main()
