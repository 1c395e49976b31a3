"""Shuffling, the authentic deal pattern, the first dealer, and checking fixed deals.

>>> from game.rules import Rules
>>> d = deal_cards(Rules(), dealer=0, rng=random.Random(1))
>>> [len(h) for h in d.hands], len(d.kitty)
([10, 10, 10, 10], 3)
>>> deal_pattern(Rules.preset("46-card-1000"))
[(3, 2), (4, 2), (3, 2)]
"""

from __future__ import annotations

import functools
import operator
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

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
    return _pattern(rules.players, rules.kitty_size)


def _pattern(players: int, kitty: int) -> list[tuple[int, int]]:
    if players == 3:
        return [(3, kitty), (4, 0), (3, 0)]
    per_round = [kitty // 3 + (1 if i < kitty % 3 else 0) for i in range(3)]
    return list(zip((3, 4, 3), per_round))


def deal_cards(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    """Shuffle and deal in the pattern, starting left of the dealer."""
    deck = build_deck(rules.deck)
    shuffle(rng, deck)
    layout = deal_layout(rules.players, rules.kitty_size, rules.dead_hand_size, dealer)
    hands = [list(take(deck)) for take in layout.hands]
    dead = list(layout.dead(deck)) if layout.dead else []
    return Deal(dealer, hands, list(layout.kitty(deck)), dead)


class DealLayout(NamedTuple):
    """Where each position of the shuffled deck goes: getters of the positions of every
    hand (by seat), the kitty and the dead hand (``None`` without one)."""

    hands: tuple[Callable[[list[int]], tuple[int, ...]], ...]
    kitty: Callable[[list[int]], tuple[int, ...]]
    dead: Callable[[list[int]], tuple[int, ...]] | None


@functools.lru_cache(maxsize=256)
def deal_layout(players: int, kitty: int, dead: int, dealer: int) -> DealLayout:
    """The deal pattern (:func:`deal_pattern`) as deck positions, starting left of ``dealer``.

    >>> layout = deal_layout(4, 3, 0, 0)
    >>> layout.hands[1](list(range(43))), layout.kitty(list(range(43)))
    ((0, 1, 2, 13, 14, 15, 16, 30, 31, 32), (12, 29, 42))
    """
    positions: list[list[int]] = [[] for _ in range(players + 2)]  # hands, dead, kitty
    pos = 0
    for each, to_kitty in _pattern(players, kitty):
        order = [(dealer + i) % players for i in range(1, players + 1)]
        order += [players] if dead else []
        for target, count in [(s, each) for s in order] + [(players + 1, to_kitty)]:
            positions[target].extend(range(pos, pos + count))
            pos += count
    getters = [_getter(p) for p in positions]
    return DealLayout(tuple(getters[:players]), getters[-1], getters[players] if dead else None)


def _getter(positions: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """``f(deck)`` -> the cards at ``positions``, always as a tuple."""
    if len(positions) > 1:
        return operator.itemgetter(*positions)
    return lambda deck: tuple(deck[p] for p in positions)


def shuffle(rng: random.Random, deck: list[int]) -> None:
    """``rng.shuffle(deck)``: the same permutation from the same generator state, about
    twice as fast (no method call per card); a generator that overrides ``shuffle`` keeps
    its own.

    >>> a, b = list(range(43)), list(range(43))
    >>> random.Random(5).shuffle(a); shuffle(random.Random(5), b); a == b
    True
    """
    if type(rng).shuffle is not random.Random.shuffle:
        rng.shuffle(deck)
        return
    getrandbits = rng.getrandbits
    for i, bits in _shuffle_steps(len(deck)):
        j = getrandbits(bits)  # random.Random._randbelow(i + 1), inlined
        while j > i:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


@functools.cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """``(i, bits)`` for each step of a shuffle of ``size`` items: swap position ``i`` with a
    random one of ``0..i``, drawn as ``bits`` random bits (redrawn while above ``i``)."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


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
