"""Helpers for the bot tests: fixed deals from the cards that matter, and a driver."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from game import Game, Rules, new_game
from game.bots import Bot
from game.bots.knowledge import Knowledge
from game.cards import build_deck, card_str

AUSTRALIAN = Rules.preset("australian")


def make_deal(
    rules: Rules,
    hands: dict[int, list[str]],
    kitty: list[str] | None = None,
    dealer: int = 3,
    seed: int = 0,
) -> dict:
    """A complete deal: the given hands (partial or full) and kitty, the rest shuffled in."""
    given = [c for h in hands.values() for c in h] + list(kitty or [])
    assert len(set(given)) == len(given), given
    rest = [card_str(c) for c in build_deck(rules.deck) if card_str(c) not in given]
    random.Random(seed).shuffle(rest)
    out = []
    for seat in range(rules.players):
        hand = list(hands.get(seat, []))
        need = 10 - len(hand)
        out.append(hand + rest[:need])
        rest = rest[need:]
    k = list(kitty or [])
    k += rest[: rules.kitty_size - len(k)]
    return {"dealer": dealer, "hands": out, "kitty": k}


def game_from(rules: Rules, deal: dict, actions: list[str]) -> Game:
    g = new_game(rules, seed=0, deal=deal)
    for a in actions:
        g.act(a)
    return g


def decide(level: str, g: Game, seed: int = 1) -> str:
    """The action a bot of ``level`` takes for the seat that controls ``g.to_act``."""
    seat = g.controller_of(g.to_act)
    return make_bot(level, seed).choose(g.view(seat))


def make_bot(level: str, seed: int = 1) -> Bot:
    """A bot for tests: strict, and the searching ones with a fixed number of samples
    (no clock)."""
    if level in ("hard", "expert"):
        return Bot(level, seed=seed, samples=6, budget_s=None, strict=True)
    return Bot(level, seed=seed, strict=True)


def first_lead(seed: int = 5) -> Knowledge:
    """The first lead of an australian game of ``seed`` (the opener bids the highest call,
    everyone else the first legal action): a position where the hard and expert bots search."""
    g = new_game(AUSTRALIAN, seed=seed)
    while g.phase != "play":
        legal = g.legal_actions()
        g.act(legal[-1] if g.phase == "bid" and len(g.auction) == 0 else legal[0])
    return Knowledge.from_view(g.view(g.to_act))


def play_hand(g: Game, bots: dict[int, Bot] | list[Bot], max_actions: int = 400) -> Game:
    """Let the bots act until the hand in progress is scored or thrown in."""
    start_hand = g.hand_number
    played = len(g.hands_played)
    for _ in range(max_actions):
        if g.phase == "over" or g.hand_number != start_hand or len(g.hands_played) != played:
            return g
        seat = g.controller_of(g.to_act)
        view = g.view(seat)
        action = bots[seat].choose(view)
        legal = view["legal_actions"]
        assert action in legal, (action, legal[:5])
        g.act(action)
    raise AssertionError("the hand did not finish")


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """The module ``benchmarks/<name>.py`` (the benchmarks are scripts, not a package)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
