"""Shuffling, the authentic deal pattern, the first dealer, and checking fixed deals.

>>> from game.rules import Rules
>>> d = deal_cards(Rules(), dealer=0, rng=random.Random(1))
>>> [len(h) for h in d.hands], len(d.kitty)
([10, 10, 10, 10], 3)
>>> deal_pattern(Rules.preset("46-card-1000"))
[(3, 2), (4, 2), (3, 2)]
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.cards import CARD_STR, JOKER, build_deck, card_id, rank_of, sorted_cards
from game.rules import Rules


@dataclass
class Deal:
    """One hand's cards: ``hands[seat]``, the ``kitty`` and, two-handed, the ``dead`` hand."""

    dealer: int
    hands: list[list[int]]
    kitty: list[int]
    dead: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [[CARD_STR[c] for c in sorted_cards(h)] for h in self.hands],
            "kitty": [CARD_STR[c] for c in sorted_cards(self.kitty)],
        }
        if self.dead:
            data["dead"] = [CARD_STR[c] for c in sorted_cards(self.dead)]
        return data


def deal_pattern(rules: Rules) -> list[tuple[int, int]]:
    """Rounds of (cards to each player, cards to the kitty) for the rule set.

    RULES.md §1: 3-1-4-1-3-1 for a 3-card kitty, 3-2-4-2-3-2 for six (003);
    the 33-card three-handed deal puts three in the widow after the first round (002).
    Two-handed, the dead hand is dealt like a third player's.
    """
    k = rules.kitty_size
    if rules.players == 3:
        return [(3, k), (4, 0), (3, 0)]
    per_round = [k // 3 + (1 if i < k % 3 else 0) for i in range(3)]
    return list(zip((3, 4, 3), per_round))


def deal_cards(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    """Shuffle and deal in the pattern, starting left of the dealer."""
    deck = build_deck(rules.deck)
    rng.shuffle(deck)
    n = rules.players
    hands: list[list[int]] = [[] for _ in range(n)]
    dead: list[int] = []
    kitty: list[int] = []
    pos = 0
    for each, to_kitty in deal_pattern(rules):
        for i in range(1, n + 1):
            hands[(dealer + i) % n].extend(deck[pos : pos + each])
            pos += each
        if rules.dead_hand_size:
            dead.extend(deck[pos : pos + each])
            pos += each
        kitty.extend(deck[pos : pos + to_kitty])
        pos += to_kitty
    return Deal(dealer, hands, kitty, dead)


def choose_first_dealer(rules: Rules, rng: random.Random) -> int:
    """At random, or by drawing (002): lowest card deals, ace low, joker lowest, ties redraw."""
    n = rules.players
    if rules.first_dealer == "random":
        return rng.randrange(n)
    candidates = list(range(n))
    while True:
        deck = build_deck(rules.deck)
        rng.shuffle(deck)
        draws = {seat: _draw_value(deck[i]) for i, seat in enumerate(candidates)}
        low = min(draws.values())
        candidates = [s for s in candidates if draws[s] == low]
        if len(candidates) == 1:
            return candidates[0]


def _draw_value(card: int) -> int:
    if card >= JOKER:
        return 0
    r = rank_of(card)
    return 1 if r == 17 else r


def parse_deal(rules: Rules, data: Any, expected_dealer: int | None) -> Deal:
    """Validate a fixed deal given as notation; raise ``ValueError`` saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("a deal must be an object with 'hands' and 'kitty'")
    n = rules.players
    dealer = data.get("dealer", expected_dealer)
    if dealer is None:
        raise ValueError("the first deal must say who the dealer is")
    if type(dealer) is not int or not 0 <= dealer < n:
        raise ValueError(f"the dealer must be a seat from 0 to {n - 1} (got {dealer!r})")
    if expected_dealer is not None and dealer != expected_dealer:
        raise ValueError(
            f"the deal says dealer {dealer}, but the deal rotates to {expected_dealer}"
        )
    raw_hands, raw_kitty = data.get("hands"), data.get("kitty")
    if not isinstance(raw_hands, list) or len(raw_hands) != n:
        raise ValueError(f"a deal needs {n} hands")
    if not isinstance(raw_kitty, list):
        raise ValueError("a deal needs a kitty list")
    hands = [_parse_cards(h, f"hand {i}") for i, h in enumerate(raw_hands)]
    kitty = _parse_cards(raw_kitty, "the kitty")
    dead = _parse_cards(data.get("dead", []), "the dead hand")
    if len(dead) != rules.dead_hand_size:
        raise ValueError(f"the dead hand has {len(dead)} cards, not {rules.dead_hand_size}")
    for i, h in enumerate(hands):
        if len(h) != 10:
            raise ValueError(f"hand {i} has {len(h)} cards, not 10")
    if len(kitty) != rules.kitty_size:
        raise ValueError(f"the kitty has {len(kitty)} cards, not {rules.kitty_size}")
    dealt = sorted(c for h in hands for c in h) + sorted(kitty) + dead
    deck = build_deck(rules.deck)
    if sorted(dealt) != deck:
        dupes = {CARD_STR[c] for c, n in Counter(dealt).items() if n > 1}
        missing = sorted(CARD_STR[c] for c in set(deck) - set(dealt))
        extra = sorted(CARD_STR[c] for c in set(dealt) - set(deck))
        parts = [
            f"{label}: {' '.join(sorted(cards))}"
            for label, cards in (
                ("twice", dupes),
                ("missing", missing),
                ("not in this deck", extra),
            )
            if cards
        ]
        raise ValueError(f"the deal is not the {rules.deck}-card deck ({'; '.join(parts)})")
    return Deal(dealer, hands, kitty, dead)


def _parse_cards(items: Any, where: str) -> list[int]:
    if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
        raise ValueError(f"{where} must be a list of cards like 'AS'")
    try:
        return [card_id(x) for x in items]
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None
