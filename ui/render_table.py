"""The table: seats around it, the trick in the centre, and the status line (HTML strings).

Hooks for tests: the table element carries ``data-phase`` and ``data-to-act`` (set by the
page from :func:`table_attributes`); each side's score is in ``[data-score-side="N"]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.notation import Play
from ui import names
from ui.cards_svg import back_svg, card_svg, suit_class
from ui.html import classes, esc, tag
from ui.i18n import _, ngettext
from ui.model import (
    calls_by_seat,
    played_card,
    seat_position,
    side_members,
    tricks_by_side,
)

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0


def table_attributes(app: Controller) -> dict[str, str]:
    g = app.game
    assert g is not None
    return {
        "phase": g.phase,
        "to-act": "" if g.to_act is None else str(g.to_act),
        "players": str(g.rules.players),
        "hold": app.ui.hold.kind if app.ui.hold else "",
    }


def inkle_levels(view: dict[str, Any]) -> tuple[int, ...]:
    """American bidding: the 6-level calls of the first two bidders are inkles."""
    return (6,) if view["rules"].get("bidding") == "american" else ()


def render_seats(app: Controller) -> str:
    """Every seat around the table (the centre is rendered apart, so that a card sliding in
    is not re-animated when only a seat changes)."""
    view = app.view()
    return "".join(render_seat(app, view, seat) for seat in range(view["players"]))


def render_trick_area(app: Controller) -> str:
    return render_centre(app, app.view())


def render_seat(app: Controller, view: dict[str, Any], seat: int) -> str:
    players = view["players"]
    pos = seat_position(seat, players)
    side = view["sides"][seat]
    human_side = view["sides"][HUMAN]
    name = app.player_name(seat)
    contract = view["contract"]
    is_turn = view["to_act"] == seat and view["phase"] != "over" and app.ui.hold is None
    out = seat in view["sitting_out"]
    is_contractor = contract is not None and contract["seat"] == seat
    partner = seat != HUMAN and side == human_side and view["rules"]["teams"] != "individual"
    called_partner = view.get("partner") == seat  # five-handed, once the called card fell
    badges = []
    if view["dealer"] == seat:
        badges.append(
            tag("span", _("D"), class_="badge dealer", title=_("Dealer"), aria_hidden="true")
        )
    if is_contractor:
        badges.append(
            tag(
                "span",
                esc(names.contract_display(contract["bid"], view["trump"])),
                class_="badge contract-badge",
                aria_hidden="true",
            )
        )
    meta = []
    if partner:
        meta.append(_("Partner"))
    if called_partner:
        meta.append(_("Called partner"))
    if out:
        meta.append(_("Sits out"))
    if seat != HUMAN and not meta:
        meta.append(_("Opponent") if side != human_side else "")
    sr = [name]
    if view["dealer"] == seat:
        sr.append(_("dealer"))
    if partner:
        sr.append(_("your partner"))
    if called_partner:
        sr.append(_("the contractor's called partner"))
    if is_contractor:
        sr.append(
            _("contractor, {bid}").format(bid=names.contract_name(contract["bid"], view["trump"]))
        )
    if is_turn:
        sr.append(_("to play") if view["phase"] == "play" else _("to act"))
    if out:
        sr.append(_("sits out this hand"))

    calls = calls_by_seat(view)[seat]
    calls_html = ""
    if view["phase"] == "bid" or (calls and contract is None):
        inkles = inkle_levels(view)
        items = []
        for i, call in enumerate(calls):
            inkle = bool(inkles) and names.bid_level(call) in inkles
            items.append(
                tag(
                    "span",
                    esc(names.bid_short(call)),
                    class_=classes(
                        "call",
                        call == "PASS" and "pass",
                        inkle and "inkle",
                        i == len(calls) - 1 and "last",
                    ),
                    title=names.bid_name(call),
                )
            )
        if items:
            calls_html = tag(
                "div",
                "".join(items),
                class_="calls",
                aria_label=_("Calls: {calls}").format(
                    calls=", ".join(names.bid_name(c) for c in calls)
                ),
            )
    tricks_html = ""
    if view["phase"] in ("play",) or (view["phase"] == "over" and view["tricks"]):
        won = view["tricks_won"][seat]
        tricks_html = tag(
            "span",
            esc(str(won)),
            class_="tricks-won",
            title=names.tricks_text(won),
            aria_label=names.tricks_text(won),
        )
    thinking = app.ui.thinking == seat and is_turn
    plate = tag(
        "div",
        tag(
            "span",
            esc(names.initials(seat, players, name)),
            class_="avatar",
            aria_hidden="true",
        )
        + tag(
            "span",
            tag("span", esc(name), class_="name")
            + (tag("span", esc(" · ".join(m for m in meta if m)), class_="meta") if meta else ""),
            class_="who",
        )
        + "".join(badges)
        + tricks_html
        + (
            tag("span", "<i></i><i></i><i></i>", class_="thinking", aria_hidden="true")
            if thinking
            else ""
        ),
        class_="plate",
    )
    exposed = view["exposed"].get(str(seat))
    cards_html = ""
    if seat != HUMAN:
        if exposed:
            cards_html = render_exposed(app, view, seat, exposed)
        else:
            count = view["hand_sizes"][seat]
            shown = min(count, 10)
            backs = "".join(
                tag("span", back_svg(), class_="mini-back", style=f"--i:{i};--n:{shown}")
                for i in range(shown)
            )
            cards_html = (
                tag(
                    "div",
                    backs,
                    class_="backs",
                    title=ngettext("{n} card", "{n} cards", count).format(n=count),
                    aria_hidden="true",
                )
                if count
                else ""
            )
    return tag(
        "div",
        plate + calls_html + cards_html,
        class_=classes(
            "seat",
            f"pos-{pos}",
            f"side-{side}",
            seat == HUMAN and "me",
            partner and "partner",
            is_turn and "turn",
            out and "out",
            is_contractor and "contractor",
        ),
        data_seat=str(seat),
        role="group",
        aria_label=", ".join(sr),
    )


def render_exposed(app: Controller, view: dict[str, Any], seat: int, cards: list[str]) -> str:
    """A hand lying face up at its seat (open misère, or the partner's hand the contractor
    plays): only on wide screens; phones show it in the action panel
    (:func:`render_exposed_below`), where ten cards have the width to be read and tapped."""
    acting = _acting_for(app, view, seat)
    return tag(
        "div",
        _exposed_cards(app, cards, acting),
        class_=classes("exposed", acting and "acting", "only-wide"),
        role="group",
        aria_label=_face_up_label(app, seat),
    )


def render_exposed_below(app: Controller, view: dict[str, Any]) -> str:
    """For phones (``only-narrow``): each hand lying face up but the human's own, under its
    name, in the action panel below the table (the table's seats have no room for ten cards
    beside the trick). A hand the human plays from (a misère partner's, in "both hands") is
    played from here: its cards are buttons when it is that hand's turn."""
    out = []
    for seat_text, cards in view["exposed"].items():
        seat = int(seat_text)
        if seat == HUMAN:
            continue
        acting = _acting_for(app, view, seat)
        shown = tag(
            "div",
            _exposed_cards(app, cards, acting),
            class_=classes("exposed", acting and "acting"),
        )
        heading = tag("h3", esc(_face_up_label(app, seat)))
        out.append(tag("div", heading + shown, class_="exposed-below only-narrow"))
    return "".join(out)


def _acting_for(app: Controller, view: dict[str, Any], seat: int) -> bool:
    """Whether the human is to play from ``seat``'s hand now."""
    return view["acting_for"] == seat and app.human_to_act()


def _exposed_cards(app: Controller, cards: list[str], acting: bool) -> str:
    """The cards of a hand lying face up: buttons (legal ones raised, the hint's marked) when
    the human plays from it now, else cards only to be read."""
    if not acting:
        return "".join(map(_face_up, cards))
    legal = {played_card(a) for a in app.legal()}
    hinted = played_card(app.ui.hint[0]) if app.ui.hint else None
    return "".join(
        tag(
            "button",
            card_svg(card),
            type="button",
            class_=classes(
                "card",
                "small",
                suit_class(card),
                card in legal and "legal",
                card == hinted and "suggested",
            ),
            data_card=card,
            disabled=card not in legal,
            aria_label=names.card_name(card),
        )
        for card in cards
    )


def _face_up_label(app: Controller, seat: int) -> str:
    """The name of a hand lying face up: "West's cards, face up"."""
    return _("{name}'s cards, face up").format(name=app.player_name(seat))


def _face_up(card: str) -> str:
    """A card lying face up, not to be played (named for screen readers)."""
    return tag(
        "span",
        card_svg(card),
        class_=classes("card", "small", suit_class(card)),
        role="img",
        aria_label=names.card_name(card),
    )


def _trick_cards(
    view: dict[str, Any], plays: list, winner: int | None, fresh: Any, joker_suit: str | None
) -> str:
    """The cards of a trick; a joker that led it wears the suit it was named as."""
    out = []
    players = view["players"]
    for order, (seat, card) in enumerate(plays):
        card = Play.parse(card).card_text
        is_fresh = fresh is not None and tuple(fresh) == (seat, card)
        named = joker_suit if order == 0 and names.is_joker(card) else None
        label = names.card_name(card)
        badge = ""
        if named:
            label = _("{card}, led as {suit}").format(card=label, suit=names.suit_name(named))
            badge = tag(
                "span",
                names.SUIT_SYMBOLS[named],
                class_=f"joker-as suit-{named}",
                aria_hidden="true",
            )
        out.append(
            tag(
                "div",
                card_svg(card) + badge,
                class_=classes(
                    "played",
                    "card",
                    suit_class(card),
                    f"from-{seat_position(seat, players)}",
                    winner == seat and "winner",
                    is_fresh and "fresh",
                ),
                style=f"--order:{order}",
                role="img",
                aria_label=label,
                data_played=card,
            )
        )
    return "".join(out)


def table_note(app: Controller, view: dict[str, Any]) -> str:
    """What is happening at the table, in words (shown in the action panel)."""
    ui, hold = app.ui, app.ui.hold
    if ui.peek and view["tricks"]:
        last = view["tricks"][-1]
        return _("Last trick: won by {name}").format(name=app.player_name(last["winner"]))
    if hold is not None and hold.kind == "redeal":
        return hold.note
    called = view.get("called")
    if (
        hold is None
        and view["phase"] == "play"
        and isinstance(called, str)
        and called in view["hand"]
        and view["partner"] is None
        and view["contract"]
    ):
        return _("You hold the called {card}: you are {name}'s secret partner.").format(
            card=names.card_name(called), name=app.player_name(view["contract"]["seat"])
        )
    if hold is not None and hold.trick is not None and hold.trick.get("winner") is not None:
        w = hold.trick["winner"]
        if w == HUMAN:
            return _("You win the trick")
        return _("{name} wins the trick").format(name=app.player_name(w))
    return ""


def render_centre(app: Controller, view: dict[str, Any]) -> str:
    ui = app.ui
    hold = ui.hold
    trick_html = ""
    extra = ""
    if ui.peek and view["tricks"]:
        last = view["tricks"][-1]
        trick_html = _trick_cards(view, last["cards"], last["winner"], None, last.get("joker_suit"))
        extra = tag("div", esc(_("Last trick")), class_="peek-label")
    elif hold is not None and hold.trick is not None:
        trick = hold.trick
        trick_html = _trick_cards(
            view, trick["cards"], trick.get("winner"), ui.fresh, trick.get("joker_suit")
        )
    elif view["current_trick"]:
        trick_html = _trick_cards(
            view, view["current_trick"], None, ui.fresh, view.get("current_joker_suit")
        )
    if hold is not None and hold.kind == "hand" and hold.record is not None:
        extra = render_hand_result(app, view, hold.record)
    elif not trick_html and view["phase"] == "bid" and hold is None:
        kitty = view["kitty_size"]
        backs = "".join(
            tag("span", back_svg(), class_="mini-back", style=f"--i:{i};--n:{kitty}")
            for i in range(kitty)
        )
        trick_html = tag(
            "div",
            backs,
            class_="kitty-pile",
            role="img",
            aria_label=ngettext("The kitty: {n} card", "The kitty: {n} cards", kitty).format(
                n=kitty
            ),
        )
    return tag("div", trick_html, class_="trick") + extra


def render_hand_result(app: Controller, view: dict[str, Any], record: dict[str, Any]) -> str:
    lines = [tag("h2", esc(app.hand_result_text(record)), class_="result-title")]
    rows = []
    for side, points in enumerate(record["points"]):
        rows.append(
            tag(
                "li",
                tag("span", esc(app.side_name(side)), class_="who")
                + tag("span", esc(names.tricks_text(record["tricks"][side])), class_="tr")
                + tag("span", esc(names.signed(points)), class_="pts"),
                class_=classes("side-" + str(side), side == view["sides"][HUMAN] and "mine"),
            )
        )
    lines.append(tag("ul", "".join(rows), class_="result-list"))
    review = tag(
        "button",
        esc(_("Review")),
        type="button",
        class_="btn",
        data_ui="review",
        aria_label=_("Review this hand"),
        title=_("Review this hand"),
        data_hand=str(len(view["hands_played"]) - 1),
        data_source="game",
    )
    lines.append(
        tag(
            "div",
            review
            + tag(
                "button",
                esc(_("Export")),
                type="button",
                class_="btn",
                data_ui="export-hand",
                aria_label=_("Export hand"),
                title=_("Export hand"),
                data_hand=str(record["hand"]),
            )
            + tag(
                "button",
                esc(_("Next hand")),
                type="button",
                class_="btn primary",
                data_ui="continue",
            ),
            class_="result-buttons",
        )
    )
    return tag("div", "".join(lines), class_="hand-result", role="status")


def side_initials(app: Controller, view: dict[str, Any], side: int) -> str:
    """A side in a few letters, for phones: ``Y & N``, ``W & NE``."""
    members = side_members(view, side)
    return names.join_names(
        [names.initials(s, view["players"], app.player_name(s)) for s in members]
    )


def render_scoreboard(app: Controller) -> str:
    """Each side's name and score (``data-score-side``), the human's side first."""
    view = app.view()
    human_side = view["sides"][HUMAN]
    sides = list(range(len(view["scores"])))
    sides.sort(key=lambda s: s != human_side)
    items = []
    for side in sides:
        score = view["scores"][side]
        label = tag("span", esc(app.side_name(side)), class_="label")
        if len(sides) >= 3:  # a phone shows the members' initials ("W & NE") instead
            label = tag("span", esc(app.side_name(side)), class_="label only-wide") + tag(
                "span", esc(side_initials(app, view, side)), class_="label only-narrow"
            )
        items.append(
            tag(
                "div",
                label + tag("span", esc(str(score)), class_="value", data_score_side=str(side)),
                class_=classes(
                    "score",
                    f"side-{side}",
                    side == human_side and "mine",
                    view["winner"] == side and "won",
                ),
                aria_label=_("{side}: {points}").format(
                    side=app.side_name(side), points=names.points_text(score)
                ),
                role="group",
            )
        )
    return "".join(items)


def render_status(app: Controller) -> str:
    """The contract with its value and the tricks per side (always visible)."""
    view = app.view()
    contract = view["contract"]
    parts = []
    if contract is not None:
        bid, value = contract["bid"], contract["value"]
        who = app.player_name(contract["seat"])
        parts.append(
            tag(
                "span",
                tag("span", esc(_("Contract")), class_="k")
                + tag(
                    "strong",
                    esc(names.contract_display(bid, view["trump"])),
                    class_="bid",
                    aria_label=names.contract_name(bid, view["trump"]),
                )
                + tag("span", esc(_("by {name}").format(name=who)), class_="by")
                + tag("span", esc(names.points_text(value or 0)), class_="val"),
                class_="contract",
            )
        )
        if view["nominated"] and view["nominated"] != "-":
            parts.append(
                tag(
                    "span",
                    esc(_("Joker is {suit}").format(suit=names.suit_name(view["nominated"]))),
                    class_="nominated",
                )
            )
        elif view["trump"] in ("NT", "MIS") and view["nominated"] == "-":
            parts.append(tag("span", esc(_("Joker not nominated")), class_="nominated"))
        if view["phase"] == "play" or view["tricks"]:
            by_side = tricks_by_side(view)
            human_side = view["sides"][HUMAN]
            order = sorted(range(len(by_side)), key=lambda s: s != human_side)
            chips = "".join(
                tag(
                    "span",
                    tag("span", esc(app.side_name(s)), class_="who")
                    + tag("span", esc(side_initials(app, view, s)), class_="who-short")
                    + tag("strong", esc(str(by_side[s]))),
                    class_=classes("chip", f"side-{s}", s == human_side and "mine"),
                    aria_label=_("{side}: {tricks}").format(
                        side=app.side_name(s), tricks=names.tricks_text(by_side[s])
                    ),
                )
                for s in order
            )
            parts.append(
                tag("span", tag("span", esc(_("Tricks")), class_="k") + chips, class_="tricks")
            )
    elif view["phase"] == "bid":
        high = view["high_bid"]
        hb = (high["seat"], high["bid"]) if high else None
        dealer = app.player_name(view["dealer"])
        parts.append(
            tag(
                "span",
                esc(
                    _("Hand {n} · dealer {name}").format(
                        n=len(view["hands_played"]) + 1, name=dealer
                    )
                ),
                class_="k",
            )
        )
        if hb is not None:
            parts.append(
                tag(
                    "span",
                    esc(
                        _("High bid {bid} by {name}").format(
                            bid=names.bid_short(hb[1]), name=app.player_name(hb[0])
                        )
                    ),
                    class_="hb",
                )
            )
    elif view["phase"] == "over":
        parts.append(tag("span", esc(app.winner_text()), class_="k"))
    return "".join(parts)


def side_members_names(app: Controller, view: dict[str, Any], side: int) -> list[str]:
    return [app.player_name(s) for s in side_members(view, side)]
