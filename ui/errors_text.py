"""Translated, player-readable sentences for the errors a player can see (no DOM).

The engine's errors keep their English messages for developers; what a player reads is
built here from their machine-readable ``code`` and ``params`` (see ``game.errors``):
:class:`~game.errors.IllegalAction` (an action refused), :class:`~game.errors.SaveError`
(a save or an imported file that cannot be loaded) and :class:`ui.options.OptionError`
(a settings choice that does not fit). Cards, suits and bids are named with
:mod:`ui.names`. An unknown code gives a generic sentence, never the English message.

>>> from game import Game, IllegalAction, SaveError
>>> error_text(IllegalAction("you must follow hearts", code="must-follow", params={"suit": "H"}))
'You must follow hearts.'
>>> try:
...     Game.from_json('{"format": "chess"}')
... except SaveError as exc:
...     print(error_text(exc))
This file is not a Five Hundred save.
>>> error_text(IllegalAction("?", code="no-such-code"))
'This action is not allowed now.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.errors import IllegalAction, RecordError, SaveError
from ui.i18n import _, ngettext
from ui.names import bid_name, card_name, suit_name

Params = dict[str, Any]


def _card(params: Params, key: str = "card") -> str:
    card = params.get(key)
    try:
        return card_name(str(card))
    except (KeyError, IndexError):
        return str(card)


def _suit(value: Any) -> str:
    try:
        return suit_name(str(value))
    except KeyError:
        return str(value)


def _bid(value: Any) -> str:
    try:
        return bid_name(str(value))
    except KeyError:
        return str(value)


def _count(params: Params, key: str) -> int:
    value = params.get(key)
    return value if isinstance(value, int) else 0


def _bid_too_low(p: Params) -> str:
    if not p.get("current"):
        return _("{bid} cannot be bid now.").format(bid=_bid(p.get("bid")))
    return _("{bid} does not beat the current bid ({current}).").format(
        bid=_bid(p.get("bid")), current=_bid(p.get("current"))
    )


def _joker_suit_led(p: Params) -> str:
    allowed = p.get("allowed") or []
    return _("This suit has been led already: {suit}. Lead the joker as: {suits}.").format(
        suit=_suit(p.get("suit")), suits=", ".join(_suit(s) for s in allowed)
    )


# code -> a function of the params giving the sentence (literal _() calls, for extraction)
ILLEGAL_ACTION_TEXTS: dict[str, Callable[[Params], str]] = {
    "game-over": lambda p: _("The game is over."),
    "not-a-string": lambda p: _("This action cannot be read."),
    "not-a-card": lambda p: _("“{text}” is not a card.").format(text=p.get("text", "")),
    "not-in-hand": lambda p: _("That card is not in your hand: {card}.").format(card=_card(p)),
    "discard-expected": lambda p: ngettext(
        "You took the kitty: discard {n} card.",
        "You took the kitty: discard {n} cards.",
        _count(p, "count"),
    ).format(n=_count(p, "count")),
    "discard-count": lambda p: ngettext(
        "Discard exactly {n} card (you chose {got}).",
        "Discard exactly {n} cards (you chose {got}).",
        _count(p, "count"),
    ).format(n=_count(p, "count"), got=_count(p, "got")),
    "named-twice": lambda p: _("The same card is chosen twice: {card}.").format(card=_card(p)),
    "nominate-expected": lambda p: _("Choose a suit for your joker, or keep it without a suit."),
    "kitty-choice-expected": lambda p: _("First take the kitty or choose to play without it."),
    "call-expected": lambda p: _("Call your partner first: name a card you do not hold."),
    "auction-in-progress": lambda p: _(
        "The auction is still on: bid or pass before playing cards."
    ),
    "misere-not-allowed": lambda p: _("Misère bids are not allowed in these rules."),
    "blind-misere-not-allowed": lambda p: _("Blind misère is not allowed in these rules."),
    "game-bid-not-allowed": lambda p: _("The “Game” bid is not allowed in these rules."),
    "not-a-bid": lambda p: _("“{text}” is not a bid.").format(text=p.get("text", "")),
    "inkle-late": lambda p: _("Only the first two bidders may bid at the 6 level (inkles)."),
    "misere-needs-7": lambda p: _("Misère may be bid only after a 7 bid."),
    "open-misere-needs-8": lambda p: _("Open misère may be bid only after an 8 bid."),
    "blind-misere-first-call": lambda p: _(
        "Blind misère must be your first call, before you look at your hand."
    ),
    "bid-too-low": _bid_too_low,
    "auction-over": lambda p: _("The auction is over: play a card."),
    "suit-named-not-led": lambda p: _("Only a joker that is led names a suit."),
    "joker-must-follow": lambda p: _(
        "You may play the joker only when you cannot follow {suit}."
    ).format(suit=_suit(p.get("suit"))),
    "misere-joker-required": lambda p: _(
        "In misère you must play the joker when you cannot follow suit."
    ),
    "must-follow": lambda p: _("You must follow {suit}.").format(suit=_suit(p.get("suit"))),
    "joker-suit-missing": lambda p: _("Choose the suit the joker is led as."),
    "joker-lead-last-trick": lambda p: _("The joker may be led only to the last trick now."),
    "not-a-suit": lambda p: _("“{text}” is not a suit.").format(text=p.get("text", "")),
    "joker-suit-led": _joker_suit_led,
    "suit-named-not-joker": lambda p: _("Only a joker led in no trumps or misère names a suit."),
}

SAVE_ERROR_TEXTS: dict[str, Callable[[Params], str]] = {
    "not-json": lambda p: _("The file is damaged or is not a Five Hundred save."),
    "not-a-save": lambda p: _("This file is not a Five Hundred save."),
    "incompatible-version": lambda p: _(
        "This save comes from an incompatible version of the game."
    ),
    "invalid-rules": lambda p: _("The save is damaged: its rules are invalid."),
    "invalid-seed": lambda p: _("The save is damaged: its seed is not a number."),
    "no-deals": lambda p: _("The save is damaged: it has no deals."),
    "no-actions": lambda p: _("The save is damaged: it has no list of moves."),
    "invalid-deals": lambda p: _("The save is damaged: its deals are invalid."),
    "invalid-action": lambda p: _("The save is damaged: move {n} breaks the rules.").format(
        n=p.get("n", "?")
    ),
    "deal-count": lambda p: _("The save is damaged: its deals do not match its moves."),
}

# The UI's own checks, before a text reaches the engine (ui/safe_json.py, ui/save_bounds.py).
UI_SAVE_ERROR_TEXTS: dict[str, Callable[[Params], str]] = {
    "too-big": lambda p: _("This file is far too large to be a Five Hundred game."),
    "too-deep": lambda p: _("The file is damaged: its data is nested far too deeply."),
    "too-long": lambda p: _("This file holds more moves than any game can have."),
}


def _option_texts() -> dict[str, Callable[[Params], str]]:
    from ui.options import option_label, value_label

    def value(p: Params) -> str:
        try:
            return value_label(str(p.get("option")), p.get("value"))
        except (KeyError, TypeError, ValueError):
            return str(p.get("value"))

    return {
        "option-value": lambda p: _("{option} cannot be “{value}”.").format(
            option=option_label(str(p.get("option"))), value=p.get("value")
        ),
        "option-conflict": lambda p: _(
            "There are no consistent rules with {option}: {value}."
        ).format(option=option_label(str(p.get("option"))), value=value(p)),
    }


def _record_move(p: Params) -> str:
    cause = p.get("cause")
    why = ""
    if isinstance(cause, dict) and isinstance(cause.get("code"), str):
        params = cause.get("params")
        why = " " + illegal_action_text(cause["code"], params if isinstance(params, dict) else {})
    return (
        _("Move {n} of the record ({action}) breaks the rules.").format(
            n=p.get("n", "?"), action=p.get("action", "")
        )
        + why
    )


# The sections of a record keep their English names: they are the record's own words.
RECORD_ERROR_TEXTS: dict[str, Callable[[Params], str]] = {
    "too-big": lambda p: _("This text is far too long to be a hand record."),
    "not-a-record": lambda p: _(
        "This is not a Five Hundred hand record: it must begin with “Five Hundred hand record”."
    ),
    "record-version": lambda p: _("This hand record comes from an incompatible version."),
    "bad-line": lambda p: _("This line of the record cannot be read: “{line}”.").format(
        line=p.get("line", "")
    ),
    "unknown-section": lambda p: _("The record has an unknown line: “{line}”.").format(
        line=p.get("line", "")
    ),
    "twice": lambda p: _("The record gives “{section}” twice.").format(
        section=p.get("section", "")
    ),
    "missing": lambda p: _("The record has no “{section}” line.").format(
        section=p.get("section", "")
    ),
    "unknown-preset": lambda p: _("The record's rules are unknown: “{name}”.").format(
        name=p.get("name", "")
    ),
    "invalid-rules": lambda p: _("The record's rules are invalid."),
    "invalid-seat": lambda p: _("“{section}” must be a seat number, not “{text}”.").format(
        section=p.get("section", ""), text=p.get("text", "")
    ),
    "not-a-card": lambda p: _("{section}: “{text}” is not a card.").format(
        section=p.get("section", ""), text=p.get("text", "")
    ),
    "card-count": lambda p: _("{section} has {count} cards instead of {expected}.").format(
        section=p.get("section", ""), count=p.get("count", "?"), expected=p.get("expected", "?")
    ),
    "duplicate-card": lambda p: _("These cards are dealt twice: {cards}.").format(
        cards=", ".join(_card({"card": c}) for c in p.get("cards", []) if isinstance(c, str))
    ),
    "invalid-deal": lambda p: _("The deal is not a full pack of these rules."),
    "invalid-action": _record_move,
    "trick-break": lambda p: _("The slashes of the play do not fall between tricks."),
    "after-the-hand": lambda p: _("The record goes on after the end of the hand."),
}


def record_error_text(code: str, params: Params | None = None) -> str:
    """The sentence for a :class:`~game.errors.RecordError` code (generic when unknown)."""
    make = RECORD_ERROR_TEXTS.get(code)
    return make(params or {}) if make else _("This hand record cannot be read.")


def illegal_action_text(code: str, params: Params | None = None) -> str:
    """The sentence for an :class:`IllegalAction` code (generic for an unknown code)."""
    make = ILLEGAL_ACTION_TEXTS.get(code)
    return make(params or {}) if make else _("This action is not allowed now.")


def save_error_text(code: str, params: Params | None = None) -> str:
    """The sentence for a :class:`SaveError` code (generic for an unknown code)."""
    make = SAVE_ERROR_TEXTS.get(code) or UI_SAVE_ERROR_TEXTS.get(code)
    return make(params or {}) if make else _("The save cannot be read.")


def option_error_text(code: str, params: Params | None = None) -> str:
    """The sentence for a :class:`ui.options.OptionError` code (generic when unknown)."""
    make = _option_texts().get(code)
    return make(params or {}) if make else _("This setting cannot be used with these rules.")


def error_text(exc: BaseException) -> str:
    """A translated sentence for ``exc``; never its English message."""
    code = getattr(exc, "code", None)
    params = getattr(exc, "params", None)
    params = params if isinstance(params, dict) else {}
    code = code if isinstance(code, str) else ""
    if isinstance(exc, IllegalAction):
        return illegal_action_text(code, params)
    if isinstance(exc, SaveError):
        return save_error_text(code, params)
    if isinstance(exc, RecordError):
        return record_error_text(code, params)
    if code.startswith("option-"):
        return option_error_text(code, params)
    return _("Something went wrong.")
