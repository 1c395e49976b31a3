"""The action panel: bidding box, kitty discard, joker nomination and lead, prompts, hints.

Every action button has ``data-action`` = the engine's action string (``7H``, ``PASS``,
``MIS``, ``NOMINATE H``, ``JK:H``); the discard button is ``data-action="DISCARD"``. Only
actions the engine lists as legal get a button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.cards import SUITS
from game.notation import Bid, Call, Discard, Nominate, Pass, Play, TakeKitty, parse_action
from ui import names
from ui.cards_svg import suit_icon
from ui.hints import hint_text
from ui.html import button, classes, esc, tag
from ui.i18n import _, ngettext
from ui.model import joker_suits
from ui.render_table import inkle_levels, table_note
from ui.undo import undo_button

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0
LEVELS = (6, 7, 8, 9, 10)
DENOMS = ("S", "C", "D", "H", "NT")
SPECIAL_CALLS = ("MIS", "OMIS", "BMIS", "GAME")


def action_label(action: str, phase: str) -> str:
    """A readable name of an action of ``phase`` (for hints and labels): the phase says
    what kind of action it is, since ``6H`` is a bid in the auction and a card in play.

    >>> action_label("6H", "bid"), action_label("6H", "play"), action_label("4D", "play")
    ('Six hearts', 'Six of hearts', 'Four of diamonds')
    """
    typed = parse_action(action, phase)
    if isinstance(typed, Discard):
        cards = ", ".join(names.card_name(c) for c in typed.card_texts)
        return _("Discard {cards}").format(cards=cards)
    if isinstance(typed, TakeKitty) and not typed.take:
        return _("Play without the kitty")
    if isinstance(typed, TakeKitty):
        return _("Take the kitty")
    if isinstance(typed, Call):
        return _("Call the {card}").format(card=names.card_name(typed.card_text))
    if isinstance(typed, Nominate):
        if typed.suit is None:
            return _("Keep the joker un-nominated")
        return _("Nominate the joker as {suit}").format(suit=names.suit_name(SUITS[typed.suit]))
    if isinstance(typed, (Pass, Bid)):
        return names.bid_name(action)
    if isinstance(typed, Play) and typed.named_text is not None:
        return _("Lead the {card} as {suit}").format(
            card=names.card_name(typed.card_text), suit=names.suit_name(typed.named_text)
        )
    return names.card_name(action)


def _button(action: str, inner: str, label: str, app: Controller, extra: str = "") -> str:
    suggested = app.ui.hint is not None and app.ui.hint[0] == action
    return tag(
        "button",
        inner,
        type="button",
        class_=classes("btn", "act", extra, suggested and "suggested"),
        data_action=action,
        aria_label=label,
    )


def render_bidding_box(app: Controller, view: dict[str, Any], legal: list[str]) -> str:
    legal_set = set(legal)
    inkles = inkle_levels(view)
    minimum = view["rules"].get("minimum_contract", 6)
    rows = []
    for level in LEVELS:
        bids = [f"{level}{d}" for d in DENOMS]
        if not any(b in legal_set for b in bids):
            continue
        cells = [tag("span", str(level), class_="level", aria_hidden="true")]
        for denom, bid in zip(DENOMS, bids):
            if bid not in legal_set:
                cells.append(tag("span", "", class_="slot", aria_hidden="true"))
                continue
            symbol = (
                suit_icon(denom, "suit-icon")
                if denom != "NT"
                else tag("span", esc(_("NT")), class_="nt")
            )
            inkle = level in inkles
            low = level < minimum and not inkle
            label = names.bid_name(bid)
            if inkle:
                label = _("{bid} (inkle)").format(bid=label)
            elif low:
                label = _("{bid} (below the minimum contract)").format(bid=label)
            # The name holds the button's visible text ("7♦") too, so that a player who says
            # what they see to voice control is understood.
            # Translators: a bid button's name: the bid in words, then what the button shows.
            label = _("{name}, {short}").format(name=label, short=names.bid_short(bid))
            cells.append(
                _button(
                    bid,
                    tag("span", str(level), class_="lv") + symbol,
                    label,
                    app,
                    classes("bid", f"denom-{denom}", inkle and "inkle", low and "below-min"),
                )
            )
        rows.append(tag("div", "".join(cells), class_="bid-row"))
    specials = []
    for call in SPECIAL_CALLS:
        if call in legal_set:
            specials.append(
                _button(call, esc(names.bid_name(call)), names.bid_name(call), app, "bid special")
            )
    specials.append(_button("PASS", esc(_("Pass")), _("Pass"), app, "bid pass"))
    grid = tag(
        "div",
        "".join(rows) + tag("div", "".join(specials), class_="bid-row specials"),
        class_="bid-grid",
        role="group",
        aria_label=_("Your bid"),
        data_nav="grid",
    )
    note = ""
    if inkles and any(names.bid_level(b) in inkles for b in legal):
        note = tag(
            "p",
            esc(
                _(
                    "6-level bids are inkles: they show a suit to your partner but "
                    "cannot win the auction."
                )
            ),
            class_="note",
        )
    if any((names.bid_level(b) or minimum) < minimum for b in legal if not inkles):
        note += tag(
            "p",
            esc(
                _(
                    "Bids below {n} tricks are allowed but cannot become the contract: if "
                    "the auction ends on one, the cards are dealt again."
                ).format(n=minimum)
            ),
            class_="note",
        )
    return grid + note


def render_auction_line(app: Controller, view: dict[str, Any]) -> str:
    if not view["auction"]:
        return ""
    items = []
    for seat, call in view["auction"]:
        who = app.player_name(seat)
        items.append(
            tag(
                "li",
                tag("span", esc(who), class_="who")
                + tag(
                    "span",
                    esc(names.bid_short(call)),
                    class_=classes("call", call == "PASS" and "pass"),
                ),
                aria_label=_("{name}: {call}").format(name=who, call=names.bid_name(call)),
            )
        )
    return tag("ol", "".join(items), class_="auction-line", aria_label=_("The auction so far"))


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
        _button(a, esc(action_label(a, "kitty")), action_label(a, "kitty"), app) for a in legal
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
            _button(
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


def _suit_button(action: str, suit: str, app: Controller) -> str:
    """A button with a suit's symbol and name, for nominating or leading the joker."""
    return _button(
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
            buttons.append(_suit_button(action, suit, app))
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
        keep = _button(
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
            buttons.append(_suit_button(f"{card}:{suit}", suit, app))
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


def render_tool_buttons(app: Controller, view: dict[str, Any], acting: bool) -> str:
    """Undo, hint, claim and last-trick buttons."""
    tools = [undo_button(app)] if app.game is not None else []
    if acting:
        tools.append(
            button(
                _("Thinking…") if app.ui.hint_pending else _("Hint"),
                "hint",
                more_class="hint-btn",
                disabled=app.ui.hint_pending,
                aria_keyshortcuts="H",
            )
        )
    if acting and view["phase"] == "play" and app.claim_offered():
        tools.append(button(_("Claim the rest"), "claim", more_class="claim-btn"))
    if view["phase"] == "play" and (view["tricks"] or view["auction"]):
        tools.append(
            button(
                _("Back to the game") if app.ui.peek else _("Last trick and auction"),
                "peek",
                aria_pressed="true" if app.ui.peek else "false",
            )
        )
    return tag("div", "".join(tools), class_="row tools") if any(tools) else ""


def render_hint(app: Controller, acting: bool, phase: str) -> str:
    """The suggestion with its reason."""
    out = ""
    if app.ui.hint is not None and acting:
        action, why = app.ui.hint
        reason = hint_text(why) if why else ""
        label = action_label(action, phase)
        if action.startswith("DISCARD ") and reason:  # the reason lists the cards already
            n = len(Discard.parse(action).cards)
            label = ngettext("Discard {n} card", "Discard {n} cards", n).format(n=n)
        text = _("Suggestion: {action}").format(action=label)
        out += tag(
            "p",
            (
                # Translators: the suggested action, then the reason for it.
                esc(_("{suggestion} — {reason}")).format(
                    suggestion=tag("strong", esc(text)), reason=tag("span", esc(reason))
                )
                if reason
                else tag("strong", esc(text))
            ),
            class_="hint-text",
            role="status",
        )
    return out


def misere_note(app: Controller, seat: int) -> str:
    """What a misère contract asks, said during its play."""
    if seat == HUMAN:
        return _("Misère: you must take no trick.")
    return _("Misère: {name} must take no trick.").format(name=app.player_name(seat))


def _head(title: str, tools: str, cls: str = "") -> str:
    return tag(
        "div",
        tag("h2", esc(title), class_=classes("panel-title", cls)) + tools,
        class_="panel-head",
    )


def render_panel(app: Controller) -> str:
    g = app.game
    if g is None or app.load_error is not None:
        return ""
    view = app.view()
    phase = view["phase"]
    hold = app.ui.hold
    if phase == "over":
        return _head(app.winner_text(), "") + tag(
            "div", button(_("New game"), "new-game", primary=True), class_="row"
        )
    if hold is not None and hold.kind == "hand":
        return _head(_("Hand over"), "")
    legal = app.legal()
    acting = bool(legal)
    tools = render_tool_buttons(app, view, acting)
    note = table_note(app, view)
    title, body, cls = "", "", ""
    if acting and phase == "bid":
        title, body = _("Your bid"), render_bidding_box(app, view, legal)
    elif acting and phase == "discard":
        k = view["kitty_size"]
        title = ngettext("Discard {n} card", "Discard {n} cards", k).format(n=k)
        body = render_discard(app, view, legal)
    elif acting and phase == "call":
        title, body = _("Call your partner"), render_call(app, view, legal)
    elif acting and phase == "kitty":
        title, body = _("The kitty"), render_kitty_choice(app, view, legal)
    elif acting and phase == "nominate":
        title, body = _("Nominate a suit for the joker"), render_nominate(app, view, legal)
    elif acting and phase == "play":
        cls = "your-turn"
        if app.ui.joker_menu and any(":" in a for a in legal):
            title, body = _("Lead the joker as…"), render_joker_lead(app, legal)
        elif view["acting_for"] not in (None, HUMAN):
            title = _("Your turn: play a card from {name}'s hand.").format(
                name=app.player_name(view["acting_for"])
            )
        else:
            title = _("Your turn: play a card.")
        if note:
            body = tag("p", esc(note), class_="prompt") + body
    else:
        to_act = view["to_act"]
        cls = "waiting"
        if note:
            title = note
        elif app.ui.claimer is not None:
            title = _("{name} claims the rest of the tricks.").format(
                name=app.player_name(app.ui.claimer)
            )
        elif to_act is not None:
            who = app.player_name(to_act)
            if phase == "bid":
                title = _("{name} is bidding…").format(name=who)
            elif phase in ("discard", "kitty"):
                title = _("{name} is taking the kitty…").format(name=who)
            elif phase == "call":
                title = _("{name} is calling a partner…").format(name=who)
            elif phase == "nominate":
                title = _("{name} is nominating the joker…").format(name=who)
            else:
                title = _("{name} is playing…").format(name=who)
    auction = ""
    if phase == "bid":
        auction = render_auction_line(app, view)
    elif app.ui.peek and view["auction"]:  # the bidding stays reachable for the whole hand
        auction = tag(
            "div",
            tag("h3", esc(_("The auction")), class_="auction-title")
            + render_auction_line(app, view),
            class_="peek-auction",
        )
    if phase == "play" and view["trump"] == "MIS" and view["contract"] is not None:
        body = tag("p", esc(misere_note(app, view["contract"]["seat"])), class_="note") + body
    return _head(title, tools, cls) + body + render_hint(app, acting, phase) + auction
