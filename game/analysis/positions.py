"""Random play positions with every hand known, for the solver's tests and benchmarks
(and a real game with a certain claim, for the claim's tests at the table).

Every contract kind and table size: suit contracts (bowers, jokers as trumps),
no trumps with the joker nominated or not, misère with the partner sitting
out; 3, 4 and 6 players; each joker-lead rule. A position may stop in the
middle of a trick.

>>> import random
>>> st = random_position(random.Random(1), KINDS[0], tricks=3)
>>> len(st.legal_plays()) > 0, st.players
(True, 4)
"""

from __future__ import annotations

import random
from typing import NamedTuple

from game.analysis.claims import can_claim
from game.cards import JOKER, build_deck
from game.engine import Game, new_game
from game.playstate import PlayState
from game.rules import Rules
from game.tricks import play_context


class Table(NamedTuple):
    players: int
    deck: int
    sides: tuple[int, ...]


TABLES = {
    "four": Table(4, 43, (0, 1, 0, 1)),
    "four-two-jokers": Table(4, 46, (0, 1, 0, 1)),
    "three": Table(3, 33, (0, 1, 2)),
    "six": Table(6, 63, (0, 1, 2, 0, 1, 2)),
}
CONTRACTS = ("suit", "nt", "nt-nominated", "misere", "misere-nominated")
KINDS = tuple((t, c) for t in TABLES for c in CONTRACTS)
"""Every (table, contract) pair :func:`random_position` knows."""
JOKER_LEADS = ("unled-suit", "any", "last-trick")


def random_position(
    rng: random.Random,
    kind: tuple[str, str],
    tricks: int,
    mid_trick: bool = True,
) -> PlayState:
    """A random deal with ``tricks`` tricks left, every hand known, on the play core.

    ``kind`` is ``(table, contract)`` from :data:`KINDS`. With ``mid_trick`` the
    position may have a few cards of the current trick already played.
    """
    table = TABLES[kind[0]]
    contract = kind[1]
    n = table.players
    contractor = rng.randrange(n)
    misere = contract.startswith("misere")
    active = list(range(n))
    if misere and n != 3:
        active.remove((contractor + n // 2) % n if n == 4 else (contractor + 3) % n)
    trump = rng.randrange(4) if contract == "suit" else None
    cards = list(build_deck(table.deck))
    rng.shuffle(cards)
    hands: list[list[int]] = [[] for _ in range(n)]
    for i, seat in enumerate(active):
        hands[seat] = cards[i * tricks : (i + 1) * tricks]
    ctx = play_context(trump, misere=misere)
    if contract.endswith("nominated"):
        held = tuple(c for c in hands[contractor] if c >= JOKER)
        if held:
            ctx = play_context(None, rng.randrange(4), held, misere)
    st = PlayState.for_deal(
        n,
        list(table.sides),
        contractor,
        bid_tricks=min(10, 6 + rng.randrange(5)),
        bid_value=250,
        trump=trump,
        hands=hands,
        misere=misere,
        deck=table.deck,
        active=active,
        tricks_done=10 - tricks,
        ctx=ctx,
        joker_lead=rng.choice(JOKER_LEADS),
    )
    st.to_act = rng.choice(active)
    st.led_suits = rng.randrange(16) if tricks < 10 else 0
    if mid_trick:
        for _ in range(rng.randrange(len(active))):
            st.play(*rng.choice(st.legal_plays()))
    return st


def _in_7nt(seed: int, seat: int) -> Game | None:
    """The australian game of ``seed`` at its first lead, ``seat`` bidding 7NT when it may and
    everyone else passing (the first legal discard); ``None`` if ``seat`` is not the
    contractor."""
    g = new_game(Rules.preset("australian"), seed=seed)
    while g.phase != "play":
        legal = g.legal_actions()
        if g.phase == "bid":
            g.act("7NT" if g.to_act == seat and "7NT" in legal else "PASS")
        else:
            g.act(legal[0])
    return g if g.contract is not None and g.contract[0] == seat else None


def claimable_game(seat: int = 0) -> Game:
    """A real australian game, ``seat`` on lead in its 7NT hand with a certain claim of the
    rest (two cards or more left): for the tests of claims at the table."""
    for seed in range(200):
        g = _in_7nt(seed, seat)
        if g is None:
            continue
        rng = random.Random(seed)
        while g.phase == "play" and len(g.hands_played) == 0:
            if g.to_act == seat and len(g.hand(seat)) > 1 and can_claim(g.view(seat)):
                return g
            g.act(rng.choice(g.legal_actions()))
    raise AssertionError(f"no claimable hand for seat {seat} in 200 seeds")


def reviewable_game() -> Game:
    """A real australian game, seat 0 (in 7NT) to play its last card of the first hand;
    in the last three tricks seat 0 played the worst card of one position and every other
    card was the best: for the tests of the hand review (its last tricks are analysed at
    once, and that card of seat 0 is marked)."""
    from game.analysis.solve_game import solve

    def best_for_mover(g: Game, worst: bool = False) -> str:
        values = solve(g)
        contractor = g.contract[0] if g.contract else 0
        more = g.side_of(g.to_act or 0) == g.side_of(contractor)
        pick = (min if more else max) if worst else (max if more else min)
        target = pick(values.values())
        return next(a for a in g.legal_actions() if values[a] == target)

    for seed in range(200):
        g = _in_7nt(seed, 0)
        if g is None:
            continue
        rng = random.Random(seed)
        while len(g.tricks) < 7:
            g.act(rng.choice(g.legal_actions()))
        erred = False
        while not g.hands_played and not (g.to_act == 0 and len(g.hand(0)) == 1):
            values = solve(g)
            if not erred and g.to_act == 0 and len(set(values.values())) > 1:
                g.act(best_for_mover(g, worst=True))
                erred = True
            else:
                g.act(best_for_mover(g))
        if erred and not g.hands_played:
            return g
    raise AssertionError("no reviewable hand in 200 seeds")
