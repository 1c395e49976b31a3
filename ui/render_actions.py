"""The action panel: bidding box, prompts, hints; the choices after the auction (kitty,
discard, partner call, joker nomination and lead) are ui/render_choices.py's, imported when
first shown (the start shows the auction).

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
from ui.html import button, classes, esc, tag
from ui.i18n import _, ngettext
from ui.render_table import inkle_levels, render_exposed_below, table_note
from ui.undo import undo_button

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0
LEVELS = (6, 7, 8, 9, 10)
DENOMS = ("S", "C", "D", "H", "NT")
SPECIAL_CALLS = ("MIS", "OMIS", "BMIS", "GAME")
CHOICES = ("discard", "call", "kitty", "nominate")  # phases whose panel ui.render_choices draws


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


def action_button(action: str, inner: str, label: str, app: Controller, extra: str = "") -> str:
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
                action_button(
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
                action_button(
                    call, esc(names.bid_name(call)), names.bid_name(call), app, "bid special"
                )
            )
    specials.append(action_button("PASS", esc(_("Pass")), _("Pass"), app, "bid pass"))
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
        reason = ""
        if why:
            from ui.hints import hint_text  # loaded with the first hint

            reason = hint_text(why)
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
    elif acting and phase in CHOICES:
        from ui.render_choices import render_choice  # after the auction: loaded on first use

        title, body = render_choice(app, view, legal)
    elif acting and phase == "play":
        cls = "your-turn"
        if app.ui.joker_menu and any(":" in a for a in legal):
            from ui.render_choices import render_joker_lead

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
    if phase == "play":
        body = render_exposed_below(app, view) + body
    if phase == "play" and view["trump"] == "MIS" and view["contract"] is not None:
        body = tag("p", esc(misere_note(app, view["contract"]["seat"])), class_="note") + body
    return _head(title, tools, cls) + body + render_hint(app, acting, phase) + auction
