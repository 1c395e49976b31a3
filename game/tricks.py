"""Trick mechanics shared by the engine and the bots: card order in a trick.

Which cards may be played is :meth:`game.playstate.PlayState.legal`; who wins a
trick, :meth:`game.playstate.PlayState.current_winner` (from :func:`led_power`).

A ``PlayContext`` fixes, for one hand, each card's *effective suit* (the
suit it follows as: bowers and jokers are trumps in a suit contract; a
nominated joker belongs to its nominated suit; an un-nominated joker in no
trumps or misère belongs to no suit) and its *power* (bigger wins, trumps
above everything, an un-nominated joker above all).

>>> from game.cards import card_id as c, HEARTS
>>> ctx = play_context(HEARTS)
>>> ctx.eff[c("JD")] == HEARTS, ctx.power[c("JD")] > ctx.power[c("AH")]
(True, True)
>>> lp = led_power(ctx, c("AS") // 18)  # a trick led in spades: the trump 4H wins it
>>> lp[c("4H")] > lp[c("AS")] > lp[c("KS")]
True
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


def led_power(ctx: PlayContext, led: int) -> tuple[int, ...]:
    """Per card id, its power in a trick led in suit ``led``: ``-1`` when it can not win the
    trick (neither the led suit, trumps nor an un-nominated joker). The one statement of
    who wins a trick (the play core keeps these tables per contract).

    >>> from game.cards import card_id as c, HEARTS
    >>> lp = led_power(play_context(HEARTS), 0)
    >>> lp[c("AD")], lp[c("4H")] > lp[c("AS")] > lp[c("KS")]
    (-1, True)
    """
    eff, power, trump = ctx.eff, ctx.power, ctx.trump
    return tuple(
        power[c] if (eff[c] == led or eff[c] == trump or eff[c] == NO_SUIT) else -1
        for c in range(len(eff))
    )
