"""The hand review dialog (HTML strings): every hand face up, card by card, with the cards
that cost a trick marked as the analysis comes in (see ui/review.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.analysis.review import Step, summarise
from game.notation import Play
from ui import names
from ui.cards_svg import suit_class
from ui.html import button, classes, dialog_buttons, esc, tag
from ui.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from ui.app import Controller
    from ui.review import ReviewSession

HUMAN = 0
NAV = (
    ("first", "«", N_("First card")),
    ("previous", "‹", N_("Previous card")),
    ("next", "›", N_("Next card")),
    ("last", "»", N_("Last card")),
)


def card_of(action: str) -> str:
    """The card of a play action: ``JK:H`` -> ``JK``."""
    return Play.parse(action).card_text


def short_card(card: str) -> str:
    """A card as the table writes it in text: ``A♠`` in its suit's colour (its full name
    for screen readers)."""
    return tag(
        "span", esc(names.card_short(card)), class_=f"short {suit_class(card)}", aria_hidden="true"
    ) + tag("span", esc(names.card_name(card)), class_="sr-only")


def cards_text(cards: list[str]) -> str:
    return " ".join(short_card(c) for c in cards)


def render_review(app: Controller, export_hand: int | None = None) -> str:
    """The review dialog; with ``export_hand`` (the deal index of a hand of the game on
    the table) it also offers that hand's export."""
    session = app.review
    if session is None:
        return tag("h2", esc(_("Hand review")), id="dialog-title") + dialog_buttons(
            button(_("Close"), "dialog-close", primary=True)
        )
    title = _("Hand {n}: review").format(n=session.number)
    main = (
        _contract(app, session)
        + tag("p", esc(summary_text(app, session)), class_="review-summary", data_review_summary="")
        + _position(app, session)
        + _nav(session)
    )
    body = tag("div", main, class_="review-main") + _tricks(app, session)
    export = (
        ""
        if export_hand is None
        else button(_("Export hand"), "export-hand", data_hand=str(export_hand))
    )
    return (
        tag("h2", esc(title), id="dialog-title")
        + tag("div", body, class_="dialog-body review")
        + dialog_buttons(export + button(_("Close"), "dialog-close", primary=True))
    )


def _contract(app: Controller, session: ReviewSession) -> str:
    rep = session.replay
    auction = " · ".join(
        tag("span", esc(f"{app.player_name(seat)} {names.bid_short(call)}"), class_="call")
        for seat, call in rep.auction
    )
    lines = [
        tag("p", esc(app.hand_result_text(rep.record)), class_="review-result"),
        tag("p", tag("strong", esc(_("Auction:"))) + " " + auction, class_="review-auction"),
    ]
    if rep.kitty or rep.discards:
        lines.append(
            tag(
                "p",
                tag("strong", esc(_("Kitty:")))
                + " "
                + cards_text(rep.kitty)
                + " — "
                + tag("strong", esc(_("Discarded:")))
                + " "
                + cards_text(rep.discards),
                class_="review-kitty",
            )
        )
    return "".join(lines)


def _hands_at(session: ReviewSession) -> list[list[str]]:
    """Every seat's cards once ``session.step`` cards are played."""
    hands = [list(h) for h in session.replay.start_hands]
    for step in session.replay.steps[: session.step]:
        card = card_of(step.action)
        if card in hands[step.seat]:
            hands[step.seat].remove(card)
    return hands


def _trick_shown(session: ReviewSession) -> dict[int, str]:
    """The cards of the trick the last card shown belongs to, by seat."""
    if session.step == 0:
        return {}
    steps = session.replay.steps
    trick = steps[session.step - 1].trick
    return {s.seat: card_of(s.action) for s in steps[: session.step] if s.trick == trick}


def _position(app: Controller, session: ReviewSession) -> str:
    rep = session.replay
    hands = _hands_at(session)
    trick = _trick_shown(session)
    last = rep.steps[session.step - 1] if session.step else None
    rows = []
    seats = [s for s in range(len(hands)) if rep.start_hands[s]]
    for seat in seats:
        played = trick.get(seat)
        rows.append(
            tag(
                "li",
                tag("span", esc(app.player_name(seat)), class_="who")
                + tag(
                    "span",
                    short_card(played) if played else "",
                    class_=classes("in-trick", last is not None and last.seat == seat and "last"),
                )
                + tag("span", cards_text(hands[seat]), class_="cards"),
                class_=classes("review-seat", seat == rep.contractor and "contractor"),
            )
        )
    if last is None:
        where = _("Before the first lead")
    else:
        in_trick = sum(1 for s in rep.steps[: session.step] if s.trick == last.trick)
        where = _("Trick {trick}, card {card}").format(trick=last.trick + 1, card=in_trick)
    verdict = card_text(app, session, last) if last is not None else ""
    return tag(
        "section",
        tag("p", esc(where), class_="review-where", data_review_step=str(session.step))
        + tag("ul", "".join(rows), class_="review-hands")
        + tag("p", esc(verdict), class_="review-verdict", aria_live="polite"),
        class_="review-position",
        aria_label=_("The hand at this card"),
    )


def card_text(app: Controller, session: ReviewSession, step: Step) -> str:
    """What the analysis says of one card played, in words."""
    who = app.player_name(step.seat)
    card = names.card_short(card_of(step.action))
    review = session.reviews.get(step.index)
    played = _("{name} played {card}.").format(name=who, card=card)
    if review is None:
        return played + " " + _("Analysing…")
    if not review.analysed:
        return played + " " + _("Not analysed: too many possibilities to search in time.")
    counts = ""
    if review.before is not None and review.after is not None:
        counts = " " + _(
            "Tricks for the contractor's side with best play: {before} before, {after} after."
        ).format(before=review.before, after=review.after)
    if review.lost:
        cost = ngettext(
            "It cost {n} trick: {best} was better.",
            "It cost {n} tricks: {best} was better.",
            review.lost,
        ).format(n=review.lost, best=either(review.best))
        return played + " " + cost + counts
    return played + " " + _("No trick lost.") + counts


def either(actions: Sequence[str]) -> str:
    """The cards of ``actions`` as alternatives: ``5♦``, ``5♦ or 8♦``, ``5♦, 8♦ or Q♥``."""
    cards = [names.card_short(card_of(a)) for a in actions]
    if len(cards) < 3:
        return _(" or ").join(cards)
    return ", ".join(cards[:-1]) + _(" or ") + cards[-1]


def summary_text(app: Controller, session: ReviewSession) -> str:
    """The line for the human's side: tricks given up and where, or none."""
    g = session.replay.game
    side = g.side_of(HUMAN)
    seats = {s for s in range(g.players) if g.side_of(s) == side}
    alone = len(seats) == 1
    summary = summarise(session.replay, session.reviews, seats)
    mine = [s for s in session.replay.steps if s.seat in seats]
    if not mine:
        return _("You played no card in this hand.")
    if summary.lost:
        where = "; ".join(
            _("trick {trick}: {card} instead of {best}").format(
                trick=m.trick + 1,
                card=names.card_short(card_of(m.played)),
                best=either(m.best),
            )
            for m in summary.mistakes
        )
        text = (
            ngettext(
                "You gave up {n} trick ({where}).",
                "You gave up {n} tricks ({where}).",
                summary.lost,
            )
            if alone
            else ngettext(
                "Your side gave up {n} trick ({where}).",
                "Your side gave up {n} tricks ({where}).",
                summary.lost,
            )
        ).format(n=summary.lost, where=where)
    else:
        text = _("No trick lost.")
    pending = sum(1 for s in mine if s.index in session.todo)
    if pending:
        return (
            text
            + " "
            + ngettext("Analysing: {n} card to go.", "Analysing: {n} cards to go.", pending).format(
                n=pending
            )
        )
    if summary.unknown:
        return (
            text
            + " "
            + ngettext(
                "{n} card could not be analysed in time.",
                "{n} cards could not be analysed in time.",
                summary.unknown,
            ).format(n=summary.unknown)
        )
    return text


def _nav(session: ReviewSession) -> str:
    at_start, at_end = session.step == 0, session.step == session.cards
    buttons = []
    for where, symbol, label in NAV:
        off = at_start if where in ("first", "previous") else at_end
        buttons.append(
            tag(
                "button",
                tag("span", esc(symbol), aria_hidden="true")
                + tag("span", esc(_(label)), class_="sr-only"),
                type="button",
                class_="btn review-nav",
                data_ui=f"review-{where}",
                disabled=off,
                title=_(label),
            )
        )
    count = tag(
        "span",
        esc(_("{n} of {total}").format(n=session.step, total=session.cards)),
        class_="review-count",
    )
    return tag(
        "div",
        "".join(buttons[:2]) + count + "".join(buttons[2:]),
        class_="review-navbar",
        role="group",
        aria_label=_("Replay the hand"),
    )


def _tricks(app: Controller, session: ReviewSession) -> str:
    rep = session.replay
    rows: dict[int, list[str]] = {}
    for step in rep.steps:
        review = session.reviews.get(step.index)
        lost = review is not None and review.analysed and review.lost > 0
        unknown = review is not None and not review.analysed
        label = _("{name}: {card}").format(
            name=app.player_name(step.seat), card=names.card_name(card_of(step.action))
        )
        if lost:
            assert review is not None
            label += ", " + ngettext(
                "cost {n} trick, {best} was better",
                "cost {n} tricks, {best} was better",
                review.lost,
            ).format(n=review.lost, best=either(review.best))
        rows.setdefault(step.trick, []).append(
            tag(
                "button",
                tag(
                    "span",
                    esc(names.card_short(card_of(step.action))),
                    class_="face",
                    aria_hidden="true",
                )
                + (tag("span", "✗", class_="flag", aria_hidden="true") if lost else "")
                + tag("span", esc(label), class_="sr-only"),
                type="button",
                class_=classes(
                    "review-card",
                    suit_class(card_of(step.action)),
                    lost and "lost",
                    unknown and "unknown",
                    step.index + 1 == session.step and "current",
                ),
                data_ui="review-goto",
                data_step=str(step.index + 1),
                data_lost=str(review.lost) if lost and review is not None else None,
                aria_current="step" if step.index + 1 == session.step else None,
            )
        )
    items = "".join(
        tag(
            "li",
            tag("span", esc(_("Trick {n}").format(n=trick + 1)), class_="trick-no")
            + tag("span", "".join(cards), class_="trick-cards"),
        )
        for trick, cards in rows.items()
    )
    return tag(
        "section",
        tag("h3", esc(_("Tricks")), class_="review-tricks-title")
        + tag("ol", items, class_="review-tricks"),
        class_="review-trick-list",
    )
