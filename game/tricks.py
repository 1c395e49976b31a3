"""Trick mechanics shared by the engine and the bots: card order and trick winners.

Which cards may be played is :meth:`game.playstate.PlayState.legal`.

A ``PlayContext`` fixes, for one hand, each card's *effective suit* (the
suit it follows as: bowers and jokers are trumps in a suit contract; a
nominated joker belongs to its nominated suit; an un-nominated joker in no
trumps or misère belongs to no suit) and its *power* (bigger wins, trumps
above everything, an un-nominated joker above all).

>>> from game.cards import card_id as c, HEARTS
>>> ctx = play_context(HEARTS)
>>> ctx.eff[c("JD")] == HEARTS, ctx.power[c("JD")] > ctx.power[c("AH")]
(True, True)
>>> trick_winner([(0, c("AS")), (1, c("4H")), (2, c("KS"))], c("AS") // 18, ctx)
1
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from game.cards import (
    BLACK_JOKER,
    JACK,
    JOKER,
    NO_SUIT,
    NUM_IDS,
    left_bower_suit,
    make_card,
    rank_of,
    suit_of,
)

TRUMP_BASE = 100
JOKER_POWER = 200


class PlayContext(NamedTuple):
    """Per-hand card tables: ``eff[card]`` effective suit, ``power[card]`` strength."""

    trump: int | None
    eff: tuple[int, ...]
    power: tuple[int, ...]
    misere: bool


@functools.lru_cache(maxsize=256)
def play_context(
    trump: int | None,
    nominated: int | None = None,
    nominated_jokers: tuple[int, ...] = (JOKER, BLACK_JOKER),
    misere: bool = False,
) -> PlayContext:
    """Tables for a suit contract (``trump`` 0..3) or no trumps/misère (``trump=None``).

    ``nominated`` is the suit the contractor nominated for the jokers listed in
    ``nominated_jokers`` (no trumps and misère only).
    """
    eff = [NO_SUIT] * NUM_IDS
    power = [0] * NUM_IDS
    for card in range(JOKER):
        eff[card], power[card] = suit_of(card), rank_of(card)
    eff[JOKER], power[JOKER] = NO_SUIT, JOKER_POWER
    eff[BLACK_JOKER], power[BLACK_JOKER] = NO_SUIT, JOKER_POWER + 1
    if trump is not None:
        for card in range(JOKER):
            if suit_of(card) == trump:
                power[card] = TRUMP_BASE + rank_of(card)
        right, left = make_card(JACK, trump), make_card(JACK, left_bower_suit(trump))
        eff[left] = trump
        power[right], power[left] = TRUMP_BASE + 30, TRUMP_BASE + 29
        for j, p in ((JOKER, 40), (BLACK_JOKER, 41)):
            eff[j], power[j] = trump, TRUMP_BASE + p
    elif nominated is not None:
        for j in nominated_jokers:
            eff[j] = nominated
            power[j] = 18 if j == JOKER else 19
    return PlayContext(trump, tuple(eff), tuple(power), misere)


def trick_winner(plays: list[tuple[int, int]], led: int, ctx: PlayContext) -> int:
    """Seat that wins a trick of ``(seat, card)`` plays led in suit ``led``."""
    eff, power, trump = ctx.eff, ctx.power, ctx.trump
    best_seat, best = -1, -2
    for seat, card in plays:
        e = eff[card]
        p = power[card] if (e == led or e == trump or e == NO_SUIT) else -1
        if p > best:
            best_seat, best = seat, p
    return best_seat
