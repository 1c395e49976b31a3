"""Cards: compact integer ids, the notation of CONTRACT.md, and the decks of RULES.md.

A card is an ``int``: ``suit * 18 + rank`` for suited cards, where suits are
``S C D H`` = 0..3 and ranks run 2..10, 11, 12, 13 (six-hand decks), J=14,
Q=15, K=16, A=17 — so a bigger number is a higher card in a plain suit.
The jokers are ``JOKER`` (``JK``) and ``BLACK_JOKER`` (``BJ``).

>>> card_id("10H"), card_str(card_id("10H"))
(64, '10H')
>>> [card_str(c) for c in sorted_cards([card_id(s) for s in ("4D", "JK", "AS", "JH")])]
['AS', '4D', 'JH', 'JK']
>>> len(build_deck(43)), len(build_deck(63))
(43, 63)
"""

from __future__ import annotations

import functools

SUITS = "SCDH"
"""Suit letters in bidding order (spades lowest)."""
SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
SPADES, CLUBS, DIAMONDS, HEARTS = 0, 1, 2, 3
NO_SUIT = 4
"""The effective suit of an un-nominated joker in no trumps or misère."""

JACK, QUEEN, KING, ACE = 14, 15, 16, 17
_RANK_STR = {r: str(r) for r in range(2, 14)} | {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_NAMES = {r: str(r) for r in range(2, 14)} | {
    JACK: "jack",
    QUEEN: "queen",
    KING: "king",
    ACE: "ace",
}

JOKER = 72
BLACK_JOKER = 73
NUM_IDS = 74
JOKERS = (JOKER, BLACK_JOKER)


def suit_of(card: int) -> int:
    """Natural suit of a card (``NO_SUIT`` for jokers)."""
    return NO_SUIT if card >= JOKER else card // 18


def rank_of(card: int) -> int:
    """Natural rank of a card (2..17; jokers 18 and 19)."""
    return card - JOKER + 18 if card >= JOKER else card % 18


def make_card(rank: int, suit: int) -> int:
    return suit * 18 + rank


def is_joker(card: int) -> bool:
    return card >= JOKER


def left_bower_suit(suit: int) -> int:
    """The other suit of the same colour (spades<->clubs, diamonds<->hearts)."""
    return suit ^ 1


CARD_STR: list[str] = [""] * NUM_IDS
for _s in range(4):
    for _r in range(2, 18):
        CARD_STR[make_card(_r, _s)] = _RANK_STR[_r] + SUITS[_s]
CARD_STR[JOKER] = "JK"
CARD_STR[BLACK_JOKER] = "BJ"
CARD_ID: dict[str, int] = {s: i for i, s in enumerate(CARD_STR) if s}


def card_id(text: str) -> int:
    """Parse a card in notation (``"AS"``, ``"10H"``, ``"JK"``); raises ``ValueError``."""
    try:
        return CARD_ID[text]
    except KeyError:
        raise ValueError(f"{text!r} is not a card") from None


def card_str(card: int) -> str:
    return CARD_STR[card]


def card_name(card: int) -> str:
    """English name of a card, for messages: ``"ace of spades"``, ``"joker"``."""
    if card == JOKER:
        return "joker"
    if card == BLACK_JOKER:
        return "black joker"
    return f"{_RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def sorted_cards(cards, trump: int | None = None) -> list[int]:
    """Display order: by suit (S C D H), low to high, jokers last.

    With a trump suit, trumps (bowers included) come last, bowers just below
    the jokers.
    """
    if trump is None:
        return sorted(cards)
    return sorted(cards, key=_DISPLAY_RANK[trump].__getitem__)


def _display_key(card: int, trump: int) -> tuple[int, int]:
    """Where ``card`` sorts for display with ``trump`` trumps (see :func:`sorted_cards`)."""
    if card >= JOKER:
        return (5, card)
    s, r = suit_of(card), rank_of(card)
    if r == JACK and s == trump:
        return (4, 99)
    if r == JACK and s == left_bower_suit(trump):
        return (4, 98)
    return (4 if s == trump else s, r)


def _display_ranks(trump: int) -> tuple[int, ...]:
    """Every card id's position in display order with ``trump`` trumps (a sort key table)."""
    order = sorted(range(NUM_IDS), key=lambda c: _display_key(c, trump))
    rank = [0] * NUM_IDS
    for position, card in enumerate(order):
        rank[card] = position
    return tuple(rank)


_DISPLAY_RANK = tuple(_display_ranks(t) for t in range(4))
"""``_DISPLAY_RANK[trump][card]``: sort key of ``card`` for display under ``trump``."""

BIT = tuple(1 << c for c in range(NUM_IDS))
"""``BIT[card]``: the card's bit in a card mask (``sum(map(BIT.__getitem__, cards))``)."""


# --- decks -----------------------------------------------------------------

_LOW_RANK_43 = {SPADES: 5, CLUBS: 5, DIAMONDS: 4, HEARTS: 4}


def _standard(low: dict[int, int]) -> list[int]:
    return [make_card(r, s) for s in range(4) for r in range(low[s], 11)] + [
        make_card(r, s) for s in range(4) for r in (JACK, QUEEN, KING, ACE)
    ]


def _six_hand(extra13: tuple[int, ...]) -> list[int]:
    cards = [make_card(r, s) for s in range(4) for r in range(2, 13)]
    cards += [make_card(13, s) for s in extra13]
    cards += [make_card(r, s) for s in range(4) for r in (JACK, QUEEN, KING, ACE)]
    return cards


DECK_SIZES = (33, 43, 45, 46, 53, 63, 65, 66)


def build_deck(size: int) -> list[int]:
    """The card ids of a deck of RULES.md §1, in id order (a new list each call).

    >>> sorted(card_str(c) for c in build_deck(46) if suit_of(c) in (0, 4))
    ['10S', '4S', '5S', '6S', '7S', '8S', '9S', 'AS', 'BJ', 'JK', 'JS', 'KS', 'QS']
    """
    return list(_deck(size))


@functools.cache
def _deck(size: int) -> tuple[int, ...]:
    if size == 43:
        cards = _standard(_LOW_RANK_43) + [JOKER]
    elif size in (45, 46):
        cards = _standard(dict.fromkeys(range(4), 4)) + [JOKER]
        if size == 46:
            cards.append(BLACK_JOKER)
    elif size == 33:
        cards = _standard(dict.fromkeys(range(4), 7)) + [JOKER]
    elif size == 53:
        cards = _standard(dict.fromkeys(range(4), 2)) + [JOKER]
    elif size in (63, 65, 66):
        cards = _six_hand((DIAMONDS, HEARTS) if size == 63 else (0, 1, 2, 3)) + [JOKER]
        if size == 66:
            cards.append(BLACK_JOKER)
    else:
        raise ValueError(f"there is no {size}-card deck (choose from {DECK_SIZES})")
    return tuple(sorted(cards))
