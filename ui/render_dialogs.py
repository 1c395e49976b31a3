"""Dialog contents: end of game, a save that cannot be loaded, confirmations, the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui import names
from ui.html import button, classes, dialog_buttons, esc, tag
from ui.i18n import _, ngettext
from ui.render_history import score_graph_for
from ui.render_sheet import render_sheet

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0


def _responsive_sheet(app: Controller) -> str:
    """The full sheet; with three sides or more, phones get the totals-only form."""
    g = app.game
    if g is None or g.rules.num_sides < 3:
        return render_sheet(app)
    return tag("div", render_sheet(app), class_="only-wide") + tag(
        "div", render_sheet(app, narrow=True), class_="only-narrow"
    )


def render_end(app: Controller) -> str:
    g = app.game
    assert g is not None and g.winner is not None
    won = g.winner == g.side_of(HUMAN)
    scores = "".join(
        tag(
            "li",
            tag("span", esc(app.side_name(s)), class_="who") + tag("strong", esc(str(score))),
            class_=classes(f"side-{s}", s == g.winner and "winner"),
        )
        for s, score in enumerate(g.scores)
    )
    return (
        tag(
            "h2",
            esc(app.winner_text()),
            id="dialog-title",
            class_=classes("end-title", won and "won"),
        )
        + tag(
            "div",
            tag("ul", scores, class_="final-scores")
            + tag(
                "p",
                esc(
                    ngettext("{n} hand played.", "{n} hands played.", len(g.hands_played)).format(
                        n=len(g.hands_played)
                    )
                ),
                class_="note",
            )
            + _responsive_sheet(app)
            + score_graph_for(app),
            class_="dialog-body",
        )
        + dialog_buttons(
            button(_("New game"), "new-game", primary=True), button(_("Close"), "dialog-close")
        )
    )


def render_bad_save(reason: str) -> str:
    return (
        tag("h2", esc(_("Your saved game could not be loaded")), id="dialog-title")
        + tag(
            "div",
            tag(
                "p",
                esc(
                    _(
                        "The game stored in this browser is damaged or comes from an "
                        "incompatible version, so it cannot be resumed."
                    )
                ),
            )
            + tag(
                "p",
                tag("strong", esc(_("Reason:"))) + " " + esc(reason),
                class_="reason",
                data_reason="",
            )
            + tag(
                "p",
                esc(
                    _(
                        "You can download the bad save to keep it (or to report the "
                        "problem), then start a new game."
                    )
                ),
                class_="note",
            ),
            class_="dialog-body",
        )
        + dialog_buttons(
            button(_("Download the bad save"), "download-bad-save"),
            button(_("Start new game"), "new-game-confirmed", primary=True),
        )
    )


def render_confirm(title: str, text: str, ok_label: str, ok_ui: str) -> str:
    return (
        tag("h2", esc(title), id="dialog-title")
        + tag("div", tag("p", esc(text)), class_="dialog-body")
        + dialog_buttons(button(ok_label, ok_ui, primary=True), button(_("Cancel"), "dialog-close"))
    )


def render_message(title: str, text: str) -> str:
    return (
        tag("h2", esc(title), id="dialog-title")
        + tag("div", tag("p", esc(text)), class_="dialog-body")
        + dialog_buttons(button(_("Close"), "dialog-close", primary=True))
    )


def render_elsewhere() -> str:
    """Another tab of this site plays the game: this one waits until the player takes it
    back (the game then goes on from where the other tab left it)."""
    return (
        tag("h2", esc(_("This game is open in another tab")), id="dialog-title")
        + tag(
            "div",
            tag(
                "p",
                esc(
                    _(
                        "Only one tab can play at a time. Play here to go on with the game "
                        "from where the other tab left it."
                    )
                ),
            ),
            class_="dialog-body",
        )
        + dialog_buttons(button(_("Play here"), "play-here", primary=True))
    )


def render_menu(parked_games: int = 0) -> str:
    items = [
        (_("New game"), "new-game"),
        (_("Score sheet"), "sheet"),
        (_("Rules"), "rules"),
        (_("Settings"), "settings"),
        (_("Statistics"), "stats"),
        (_("Games history"), "history"),
        (_("Guided first hand"), "tour"),
        (_("Deal of the day"), "daily"),
        (_("Share this deal…"), "share"),
        (_("Export this game"), "export"),
        (_("Import a game…"), "import"),
        (_("Import a hand…"), "import-hand"),
    ]
    if parked_games:
        items.append((_("Back to the game you left"), "resume-parked"))
    buttons = "".join(
        tag("li", tag("button", esc(label), type="button", class_="btn menu-item", data_ui=ui))
        for label, ui in items
    )
    return (
        tag("h2", esc(_("Menu")), id="dialog-title")
        + tag("div", tag("ul", buttons, class_="menu-list"), class_="dialog-body")
        + dialog_buttons(button(_("Close"), "dialog-close"))
    )


def render_sheet_dialog(app: Controller) -> str:
    return (
        tag("h2", esc(_("Score sheet")), id="dialog-title")
        + tag("div", _responsive_sheet(app) + score_graph_for(app), class_="dialog-body")
        + dialog_buttons(button(_("Close"), "dialog-close", primary=True))
    )


def bid_caption(bid: str) -> str:
    return names.bid_name(bid)
