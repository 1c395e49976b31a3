"""The action panel's choices after the auction: the kitty (sans kitty), the discard, the
partner call (five-handed), the joker's nomination and its lead. ui/render_actions.py's
``render_panel`` imports this module the first time one of them shows, not at the start.

    title, body = render_choice(app, view, legal)   # phase "discard", "call", "kitty", "nominate"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.notation import Call
from ui import names
from ui.cards_svg import suit_icon
from ui.html import button, classes, esc, tag
from ui.i18n import _, ngettext
from ui.model import joker_suits
from ui.render_actions import action_button, action_label

if TYPE_CHECKING:
    from ui.app import Controller


def render_choice(app: Controller, view: dict[str, Any], legal: list[str]) -> tuple[str, str]:
    """The panel's title and body for the human's choice in ``view["phase"]``."""
    phase = view["phase"]
    if phase == "discard":
        k = view["kitty_size"]
        title = ngettext("Discard {n} card", "Discard {n} cards", k).format(n=k)
        return title, render_discard(app, view, legal)
    if phase == "call":
        return _("Call your partner"), render_call(app, view, legal)
    if phase == "kitty":
        return _("The kitty"), render_kitty_choice(app, view, legal)
    return _("Nominate a suit for the joker"), render_nominate(app, view, legal)


def render_discard(app: Controller, view: dict[str, Any], legal: list[str]) -> str:
    k = view["kitty_size"]
    chosen = len(app.ui.selected)
    title = ngettext("Discard {n} card", "Discard {n} cards", k).format(n=k)
    text = _(
        "The kitty's cards are in your hand, marked. Pick {n} to put away ({chosen} of {n} chosen)."
    ).format(n=k, chosen=chosen)
    ready = chosen == k
    buttons = tag(
        "button",
        esc(_("Discard")),
        type="button",
        class_=classes(
            "btn primary act", app.ui.hint and app.ui.hint[0].startswith("DISCARD") and "suggested"
        ),
        data_action="DISCARD",
        disabled=not ready,
        aria_label=_("Discard the chosen cards"),
    )
    del title
    return tag("p", esc(text), class_="prompt", aria_live="polite") + tag(
        "div", buttons, class_="row"
    )


def render_kitty_choice(app: Controller, view: dict[str, Any], legal: list[str]) -> str:
    """Sans kitty: take the kitty or play without it, before seeing it (RULES.md §4)."""
    text = _("Decide before you see the kitty: playing without it scores the same.")
    buttons = "".join(
        action_button(a, esc(action_label(a, "kitty")), action_label(a, "kitty"), app)
        for a in legal
    )
    return tag("p", esc(text), class_="prompt") + tag("div", buttons, class_="row")


def render_call(app: Controller, view: dict[str, Any], legal: list[str]) -> str:
    """Five-handed: name a card; its holder becomes your secret partner. One row per suit,
    the trump suit first, then the joker, each card a button."""
    by_suit: dict[str, list[str]] = {}
    for action in legal:
        card = Call.parse(action).card_text
        by_suit.setdefault(names.split_card(card)[1] or "JK", []).append(action)
    trump = view["trump"]
    order = sorted(by_suit, key=lambda s: (s != trump, s != "JK", "SCDH".find(s)))
    rows = []
    for suit in order:
        buttons = [
            action_button(
                a, card_label(Call.parse(a).card_text), action_label(a, "call"), app, "call-btn"
            )
            for a in reversed(by_suit[suit])
        ]
        rows.append(tag("div", "".join(buttons), class_="row call-row"))
    text = _(
        "Name a card you do not hold: whoever holds it is your partner, "
        "secretly until the card is played."
    )
    return tag("p", esc(text), class_="prompt") + tag(
        "div", "".join(rows), class_="call-grid", role="group", aria_label=_("Cards to call")
    )


def card_label(card: str) -> str:
    """A card's short visible label: rank and suit symbol (``A♠``, ``10♥``; the joker)."""
    rank, suit = names.split_card(card)
    if not suit:
        return esc(names.card_name(card))
    return esc(rank) + tag("span", names.SUIT_SYMBOLS[suit], class_=f"suit-{suit}")


def _suitaction_button(action: str, suit: str, app: Controller) -> str:
    """A button with a suit's symbol and name, for nominating or leading the joker."""
    return action_button(
        action,
        suit_icon(suit) + tag("span", esc(names.suit_title(suit))),
        action_label(action, app.view()["phase"]),
        app,
        f"suit-btn suit-{suit}",
    )


def _suit_row(buttons: list[str], label: str) -> str:
    """The suit buttons as one group, moved through with the arrow keys."""
    return tag(
        "div", "".join(buttons), class_="row suits", role="group", aria_label=label, data_nav="grid"
    )


def render_nominate(app: Controller, view: dict[str, Any], legal: list[str]) -> str:
    misere = view["trump"] == "MIS"
    buttons = []
    for suit in "SCDH":
        action = f"NOMINATE {suit}"
        if action in legal:
            buttons.append(_suitaction_button(action, suit, app))
    if misere:
        explain = _(
            "In misère, a nominated joker is the top card of that suit and follows suit "
            "like any card of it."
        )
        warning = _(
            "Warning: an un-nominated joker wins any trick it is played to, and you "
            "must play it when you cannot follow suit — you would lose the misère."
        )
    else:
        explain = _("A nominated joker is the highest card of that suit for this hand.")
        warning = _(
            "Un-nominated, the joker is the only trump: it wins any trick, but you may "
            "play it only when you cannot follow suit, or lead it naming a suit."
        )
    keep = ""
    if "NOMINATE -" in legal:
        keep = action_button(
            "NOMINATE -",
            esc(_("Keep it un-nominated")),
            _("Keep it un-nominated"),
            app,
            classes("keep", misere and "danger"),
        )
    return (
        tag("p", esc(explain), class_="prompt")
        + _suit_row(buttons, _("Joker's suit"))
        + tag("p", esc(warning), class_=classes("warning", misere and "strong"), role="note")
        + tag("div", keep, class_="row")
    )


def render_joker_lead(app: Controller, legal: list[str]) -> str:
    buttons = []
    for card in ("JK", "BJ"):
        for suit in joker_suits(legal, card):
            buttons.append(_suitaction_button(f"{card}:{suit}", suit, app))
    cancel = button(_("Cancel"), "joker-cancel")
    return (
        tag(
            "p",
            esc(_("Name the suit the joker represents: the others must follow it.")),
            class_="prompt",
        )
        + _suit_row(buttons, _("Suit for the joker"))
        + tag("div", cancel, class_="row")
    )
