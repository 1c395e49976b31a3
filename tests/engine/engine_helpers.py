"""Helpers for the engine tests: fixed deals built from the cards that matter, and drivers.

A test names only the cards that matter (``hands={0: ["JK", "JH"]}``); the rest of the
deck is shuffled with a fixed seed into the other places, so every deal is exact,
deterministic and a valid deck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from game import Game, Rules, new_game
from game.cards import build_deck, card_str
from game.tricks import JOKER_POWER

AUSTRALIAN = Rules.preset("australian")


def make_deal(
    rules: Rules,
    dealer: int = 3,
    hands: dict[int, list[str]] | None = None,
    kitty: list[str] | None = None,
    seed: int = 0,
) -> dict:
    """A complete deal: the given (possibly partial) hands and kitty, filled from the rest."""
    hands = hands or {}
    given = [c for h in hands.values() for c in h] + list(kitty or [])
    assert len(set(given)) == len(given), f"a card is given twice: {given}"
    deck = [card_str(c) for c in build_deck(rules.deck)]
    unknown = [c for c in given if c not in deck]
    assert not unknown, f"not in the {rules.deck}-card deck: {unknown}"
    rest = [c for c in deck if c not in given]
    random.Random(seed).shuffle(rest)
    out = []
    for seat in range(rules.players):
        hand = list(hands.get(seat, []))
        need = 10 - len(hand)
        hand += rest[:need]
        rest = rest[need:]
        out.append(hand)
    k = list(kitty or [])
    need = rules.kitty_size - len(k)
    k += rest[:need]
    rest = rest[need:]
    deal = {"dealer": dealer, "hands": out, "kitty": k}
    if rules.dead_hand_size:  # two-handed: the rest is the dead hand
        deal["dead"], rest = rest, []
    assert not rest
    return deal


def game_with(
    rules: Rules = AUSTRALIAN,
    dealer: int = 3,
    hands: dict[int, list[str]] | None = None,
    kitty: list[str] | None = None,
    calls: Iterable[str] = (),
    discard: str | None = None,
    nominate: str | None = None,
    seed: int = 0,
) -> Game:
    """A game on a fixed deal, with the auction ``calls`` applied in turn.

    ``discard="kitty"`` discards exactly the kitty (the contractor keeps the hand as
    dealt); any other string is a full discard action. ``nominate`` is applied next.
    """
    deal = make_deal(rules, dealer, hands, kitty, seed)
    g = new_game(rules, seed=seed, deal=deal)
    for call in calls:
        g.act(call)
    if discard is not None:
        assert g.phase == "discard", g.phase
        g.act("DISCARD " + " ".join(deal["kitty"]) if discard == "kitty" else discard)
    if nominate is not None:
        assert g.phase == "nominate", g.phase
        g.act(nominate)
    return g


def play(g: Game, *cards: str) -> None:
    """Play ``cards`` in turn (each for the seat to act)."""
    for card in cards:
        g.act(card)


def finish_trick(g: Game, policy: Callable[[Game], str] | None = None) -> None:
    """Let the remaining seats of the trick in progress play (first legal card by default)."""
    assert g.current_trick, "no trick in progress"
    start = len(g.tricks)
    hand = g.hand_number
    while g.hand_number == hand and len(g.tricks) == start and g.current_trick:
        g.act(policy(g) if policy else g.legal_actions()[0])


def trick(g: Game, lead: str, policy: Callable[[Game], str] | None = None) -> None:
    """``to_act`` leads ``lead``, the others play by ``policy`` (first legal card)."""
    g.act(lead)
    if g.current_trick:
        finish_trick(g, policy)


def power_key(g: Game) -> Callable[[str], int]:
    """Card strength in the hand in progress (for 'play high' / 'play low' policies)."""
    from game.cards import card_id

    ctx = g._ctx

    def key(action: str) -> int:
        card = card_id(action.split(":")[0])
        return ctx.power[card] if ctx.power[card] < JOKER_POWER else 10_000 + ctx.power[card]

    return key


def highest(g: Game) -> str:
    return max(g.legal_actions(), key=power_key(g))


def lowest(g: Game) -> str:
    return min(g.legal_actions(), key=power_key(g))
