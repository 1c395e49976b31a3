"""The human's hand, fanned and sorted: legal cards raised, the others dimmed and inert.

Hooks: every card is ``<button data-card="AS">``; during the kitty exchange the kitty's
cards carry the class ``kitty`` and picked cards ``aria-pressed="true"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.notation import Discard, parse_action
from ui import names
from ui.cards_svg import back_svg, card_svg, suit_class
from ui.html import classes, esc, tag
from ui.i18n import _, ngettext
from ui.model import playable_cards, played_card

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0


def hint_cards(action: str | None, phase: str) -> set[str]:
    """Cards a suggested action of ``phase`` names (``DISCARD a b c`` names three); a bid
    names none, even ``6H``.

    >>> sorted(hint_cards("DISCARD 4S 5S", "discard")), hint_cards("6H", "bid")
    (['4S', '5S'], set())
    """
    if not action or phase not in ("discard", "play"):
        return set()
    typed = parse_action(action)
    if isinstance(typed, Discard):
        return set(typed.card_texts)
    card = played_card(action)
    return {card} if card else set()


def layout_style(i: int, n: int) -> str:
    """CSS variables placing card ``i`` of ``n``: one fanned row, or two rows on phones."""
    cols = n if n <= 7 else (n + 1) // 2
    rows = 1 if n <= cols else 2
    row, col = divmod(i, cols)
    in_row = cols if row == 0 else n - cols
    offset = (cols - in_row) / 2  # centre a shorter second row
    return f"--i:{i};--n:{n};--row:{row};--col:{col + offset:g};--cols:{cols};--rows:{rows}"


def render_hand(app: Controller) -> str:
    g = app.game
    assert g is not None
    view = app.view()
    cards = view["hand"]
    n = len(cards)
    if n == 0:
        return tag("div", "", class_="hand empty", aria_hidden="true")
    if app.hand_face_down():
        backs = "".join(
            tag("span", back_svg(), class_="card back-card", style=layout_style(i, n))
            for i in range(n)
        )
        look = tag(
            "button",
            esc(_("Look at your cards")),
            type="button",
            class_="btn primary look",
            data_ui="look",
        )
        note = tag(
            "p",
            esc(_("Blind misère is allowed: your cards stay face down until you look.")),
            class_="hand-note",
        )
        return tag(
            "div", backs, class_="hand face-down", role="img", aria_label=_("Your cards, face down")
        ) + tag("div", note + look, class_="look-box")
    phase = view["phase"]
    legal = app.legal()
    acting_here = view["acting_for"] == HUMAN or (legal and view["acting_for"] is None)
    discard = phase == "discard" and bool(legal)
    playable = playable_cards(legal) if (phase == "play" and acting_here) else set()
    kitty = set(view["kitty"] or []) if phase == "discard" else set()
    selected = set(app.ui.selected)
    suggested = hint_cards(app.ui.hint[0], phase) if app.ui.hint else set()
    out = HUMAN in view["sitting_out"]
    enabled_cards = [c for c in cards if discard or c in playable]
    focus_target = next((c for c in enabled_cards if c in suggested), None) or next(
        iter(enabled_cards), None
    )
    items = []
    for i, card in enumerate(cards):
        enabled = discard or card in playable
        label = names.card_name(card)
        if card in kitty:
            label = _("{card} (from the kitty)").format(card=label)
        items.append(
            tag(
                "button",
                card_svg(card),
                type="button",
                class_=classes(
                    "card",
                    suit_class(card),
                    enabled and "legal",
                    not enabled and bool(playable) and "illegal",
                    card in kitty and "kitty",
                    card in selected and "selected",
                    card in suggested and "suggested",
                ),
                data_card=card,
                disabled=not enabled,
                aria_pressed=("true" if card in selected else "false") if discard else None,
                aria_label=label,
                tabindex="0" if card == focus_target else "-1",
                style=layout_style(i, n),
            )
        )
    label = ngettext("Your hand: {n} card", "Your hand: {n} cards", n).format(n=n)
    note = ""
    if out:
        note = tag(
            "p",
            esc(_("Your partner plays misère alone: you sit out this hand.")),
            class_="hand-note",
        )
    return note + tag(
        "div",
        "".join(items),
        class_=classes(
            "hand", out and "out", discard and "discarding", bool(playable) and "playing"
        ),
        role="group",
        aria_label=label,
        data_nav="cards",
        style=f"--rows:{1 if n <= 7 else 2}",
    )
