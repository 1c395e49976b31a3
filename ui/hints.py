"""The bots' hint reasons in the player's language (no DOM).

A reason comes from the bot worker as ``{"code": ..., "params": ...}`` (JSON, see
:class:`game.bots.reasons.Reason`); its English template, marked for the catalogues in
game/bots/reasons.py, is translated here and its parameters named with :mod:`ui.names`.

>>> hint_text({"code": "cash_winner", "params": {"card": "AS", "card_role": ""}})
'Cash the Ace of spades: it is the highest card left in its suit'
>>> hint_text({"code": "draw_trumps", "params": {"card": "JK", "card_role": "", "n": 1,
...                                              "top": "JD", "top_role": "left_bower"}})
'Draw trumps with the Joker: 1 trump is still out, the highest the left bower'
>>> hint_text({"code": "bid_contract", "params": {"bid": "8H", "mean": 8.6, "p": 71, "n": 8}})
'Bid 8♥: about 8.6 tricks expected with partner and kitty, 71% to make 8 tricks'
>>> hint_text({"code": "no_such_code", "params": {}})
"The computer's suggestion for this turn"
"""

from __future__ import annotations

from typing import Any

from ui.i18n import N_, _, ngettext, pgettext
from ui.names import bid_display, card_name, points_text, suit_name

GENERIC = N_("The computer's suggestion for this turn")
ROLE_NAMES = {
    # Translators: the jack of trumps (glossary: right bower).
    "right_bower": N_("right bower"),
    # Translators: the other jack of the same colour as trumps (glossary: left bower).
    "left_bower": N_("left bower"),
}


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not an int: {value!r}")
    return value


def _card(params: dict[str, Any], key: str) -> str:
    role = params.get(f"{key}_role") or ""
    if role:
        return _(ROLE_NAMES[role])
    card = params[key]
    if not isinstance(card, str):
        raise TypeError(f"not a card: {card!r}")
    return card_name(card)


def _denomination(value: Any) -> str:
    if value == "NT":
        return _("no trumps")
    return suit_name(value)


def decimal(x: float) -> str:
    """``8.6`` -> ``"8.6"`` (``"8,6"`` in French): one decimal, the language's separator."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"not a number: {x!r}")
    # Translators: the decimal separator of numbers such as 8.6 (French: ",").
    return f"{x:.1f}".replace(".", pgettext("decimal separator", "."))


def percent(p: int) -> str:
    # Translators: a percentage; French writes "{p} %" with a no-break space.
    return _("{p}%").format(p=_int(p))


def _values(params: dict[str, Any]) -> dict[str, str]:
    # Imported here, not at the top: game.bots is loaded only when a hint is shown, which
    # keeps it out of the page's start (benchmarks/load_time.py).
    from game.bots.reasons import CARD_KEYS, SUIT_KEYS

    values: dict[str, str] = {}
    for key in CARD_KEYS:
        if key in params:
            values[key] = _card(params, key)
    for key in SUIT_KEYS:
        if key in params:
            values[key] = _denomination(params[key])
    if "bid" in params:
        if not isinstance(params["bid"], str):
            raise TypeError("not a bid")
        values["bid"] = bid_display(params["bid"])
    if "n" in params:
        values["n"] = str(_int(params["n"]))
    if "p" in params:
        values["p"] = percent(params["p"])
    if "mean" in params:
        values["mean"] = decimal(params["mean"])
    if "points" in params:
        values["points"] = points_text(_int(params["points"]))
    if "cards" in params:
        cards = params["cards"]
        if not isinstance(cards, list):
            raise TypeError("not a list of cards")
        # Translators: between the items of a list such as the cards to discard.
        values["cards"] = pgettext("list separator", ", ").join(card_name(c) for c in cards)
    return values


def hint_text(reason: Any) -> str:
    """The reason ``{"code", "params"}`` as a sentence in the language in use.

    An unknown code or bad parameters give a generic text, never an exception.
    """
    from game.bots.reasons import TEMPLATES  # see _values

    try:
        template = TEMPLATES[reason["code"]]
        params = reason.get("params") or {}
        if not isinstance(params, dict):
            raise TypeError("params is not an object")
        values = _values(params)
        if isinstance(template, tuple):
            text = ngettext(template[0], template[1], _int(params["n"]))
        else:
            text = _(template)
        return text.format(**values)
    except Exception:  # noqa: BLE001 (a bad reason must not break the page)
        return _(GENERIC)
