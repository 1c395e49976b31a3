"""Dialogs of shared deals and the deal of the day (HTML strings, no DOM).

render_share(app, base_url)          # links to this game, with Copy buttons
render_daily(app, today)             # play today's deal; the results per day
render_link_confirm(link)            # a link opened while a game is in progress
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui import daily
from ui.html import button, dialog_buttons, esc, tag
from ui.i18n import _
from ui.share import Link, share_query

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0


def _common_bot_level(app: Controller) -> str | None:
    g = app.game
    assert g is not None
    levels = {app.level(s) for s in range(1, g.rules.players)}
    return levels.pop() if len(levels) == 1 else None


def _link_field(id_: str, label: str, url: str) -> str:
    return tag(
        "div",
        tag("label", esc(label), for_=id_)
        + tag(
            "div",
            tag("input", "", type="text", id=id_, value=url, readonly=True, class_="share-url")
            + button(_("Copy link"), "copy-link", data_target=id_),
            class_="row",
        ),
        class_="share-link",
    )


def render_share(app: Controller, base_url: str) -> str:
    g = app.game
    assert g is not None
    bots = _common_bot_level(app)
    start = share_query(g, bots=bots)
    if start is None:
        body = tag(
            "p",
            esc(_("The cards of this game were not dealt from a seed: it cannot be shared.")),
        )
    else:
        body = tag(
            "p",
            esc(
                _(
                    "Send this link to a friend: they get the same cards against the same "
                    "bots, and you can compare your scores."
                )
            ),
        ) + _link_field("share-start", _("This game from its first hand"), base_url + start)
        here = share_query(g, from_hand=True, bots=bots)
        if g.hand_number and here is not None and here != start:
            body += _link_field(
                "share-hand",
                _("Starting with the hand in progress (hand {n})").format(n=g.hand_number + 1),
                base_url + here,
            )
    return (
        tag("h2", esc(_("Share this deal")), id="dialog-title")
        + tag("div", body, class_="dialog-body")
        + dialog_buttons(button(_("Close"), "dialog-close", primary=True))
    )


def _result_text(result: dict[str, Any]) -> str:
    return _("Won") if result["won"] else _("Lost")


def render_daily(app: Controller, today: str) -> str:
    store = app.store
    done = dict(daily.results(store))
    rows = "".join(
        tag(
            "tr",
            tag("th", esc(date), scope="row")
            + tag("td", esc(_result_text(result)))
            + tag("td", esc(" – ".join(str(s) for s in result["scores"]))),
            data_daily=date,
        )
        for date, result in daily.results(store)[:30]
    )
    table = (
        tag(
            "table",
            tag(
                "thead",
                tag(
                    "tr",
                    tag("th", esc(_("Date")), scope="col")
                    + tag("th", esc(_("Result")), scope="col")
                    + tag("th", esc(_("Score")), scope="col"),
                ),
            )
            + tag("tbody", rows),
            class_="stats-table daily-results",
        )
        if rows
        else tag("p", esc(_("You have not finished a deal of the day yet.")), class_="note")
    )
    playing = app.game is not None and daily.daily_date(store, app.game) == today
    intro = _(
        "Every day a new game, the same for everyone: Australian rules, the same cards in "
        "the same order. Your results stay in this browser."
    )
    if today in done:
        status = _("Today's result: {result}.").format(result=_result_text(done[today]))
    elif playing:
        status = _("You are playing today's deal.")
    else:
        status = ""
    play = "" if playing else button(_("Play today's deal"), "daily-play", primary=True)
    return (
        tag("h2", esc(_("Deal of the day")) + " " + tag("small", esc(today)), id="dialog-title")
        + tag(
            "div",
            tag("p", esc(intro))
            + (tag("p", esc(status), class_="daily-status") if status else "")
            + tag("h3", esc(_("Your results")))
            + table,
            class_="dialog-body",
        )
        + dialog_buttons(play, button(_("Close"), "dialog-close", primary=not play))
    )


def render_link_confirm(link: Link) -> str:
    title = _("Play the deal of the day?") if link.daily else _("Play the shared deal?")
    return (
        tag("h2", esc(title), id="dialog-title")
        + tag("div", tag("p", esc(_("The game in progress will be lost."))), class_="dialog-body")
        + dialog_buttons(
            button(_("Play it"), "link-play", primary=True),
            button(_("Keep my game"), "dialog-close"),
        )
    )
