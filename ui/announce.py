"""What the page announces after an action (its live region, read by screen readers): who
did what, and why the cards are dealt again. The controller imports it with the first action,
not at the start.

>>> redeal_text(None, 6)
'Everyone passed: the cards are dealt again.'
"""

from __future__ import annotations

from typing import Any

from game.cards import SUITS
from game.notation import Call, Discard, Nominate, Pass, Play, TakeKitty, parse_action
from ui import names
from ui.i18n import _

HUMAN = 0


def describe_action(game_before: dict[str, Any], seat: int, action: str, player: str) -> str:
    """The announcement of one action (``player`` is the seat's display name)."""
    you = seat == HUMAN
    typed = parse_action(action, game_before["phase"])
    if isinstance(typed, Pass):
        return _("You pass") if you else _("{name} passes").format(name=player)
    if isinstance(typed, Call):
        called = names.card_name(typed.card_text)
        return (
            _("You call the {card}: its holder is your secret partner").format(card=called)
            if you
            else _("{name} calls the {card}: its holder is the secret partner").format(
                name=player, card=called
            )
        )
    if isinstance(typed, TakeKitty):
        if typed.take:
            return (
                _("You take the kitty") if you else _("{name} takes the kitty").format(name=player)
            )
        return (
            _("You play without the kitty")
            if you
            else _("{name} plays without the kitty").format(name=player)
        )
    if isinstance(typed, Discard):
        return (
            _("You discard {cards}").format(
                cards=", ".join(names.card_name(c) for c in typed.card_texts)
            )
            if you
            else _("{name} takes the kitty and discards").format(name=player)
        )
    if isinstance(typed, Nominate):
        if typed.suit is None:
            return (
                _("You keep the joker un-nominated")
                if you
                else _("{name} keeps the joker un-nominated").format(name=player)
            )
        suit = names.suit_name(SUITS[typed.suit])
        return (
            _("You nominate the joker as {suit}").format(suit=suit)
            if you
            else _("{name} nominates the joker as {suit}").format(name=player, suit=suit)
        )
    if game_before["phase"] == "bid":
        bid = names.bid_name(action)
        return (
            _("You bid {bid}").format(bid=bid)
            if you
            else _("{name} bids {bid}").format(name=player, bid=bid)
        )
    play = Play.parse(action)
    card = names.card_name(play.card_text)
    if play.named_text is not None:
        suit = names.suit_name(play.named_text)
        return (
            _("You lead the {card} as {suit}").format(card=card, suit=suit)
            if you
            else _("{name} leads the {card} as {suit}").format(name=player, card=card, suit=suit)
        )
    if game_before.get("called") == action:
        return (
            _("You play the called {card}: you are the partner").format(card=card)
            if you
            else _("{name} plays the called {card}: {name} is the partner").format(
                name=player, card=card
            )
        )
    return (
        _("You play the {card}").format(card=card)
        if you
        else _("{name} plays the {card}").format(name=player, card=card)
    )


def redeal_text(high: tuple[int, str] | None, minimum: int) -> str:
    """Why the cards are dealt again: nobody bid, or the highest bid (``(seat, bid)``) is
    below the minimum contract."""
    if high is None:
        return _("Everyone passed: the cards are dealt again.")
    return _("{bid} is below the minimum contract of {n}: the cards are dealt again.").format(
        bid=names.bid_display(high[1]), n=minimum
    )
