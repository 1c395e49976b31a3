"""The games history, a past game's score sheet, the score graph and the statistics'
charts, as HTML strings (no DOM).

    render_history(app)              # the list of finished games, newest first
    render_past_game(app, index)     # one of them: its score graph and sheet
    score_graph_for(app)             # the game on the table (sheet and end dialogs)
    stats_extra(app)                 # figures and charts for the statistics dialog
"""

from __future__ import annotations

from typing import Any

from game import Game
from ui import charts, history, names, undo
from ui.app import Controller
from ui.html import button, dialog_buttons, esc, tag
from ui.i18n import _, ngettext, pgettext
from ui.options import preset_label
from ui.render_sheet import render_sheet
from ui.settings import preset_of
from ui.share import decode_rules
from ui.storage import MemoryBackend, Store

CONTRACT_LABELS = (
    ("S", "♠"),
    ("C", "♣"),
    ("D", "♦"),
    ("H", "♥"),
    ("NT", "NT"),
    ("MIS", "MIS"),
    ("OMIS", "OMIS"),
    ("BMIS", "BMIS"),
    ("GAME", "GAME"),
)


def _graph(app: Controller, game: Game) -> str:
    totals = history.score_totals(game)
    sides = list(range(game.rules.num_sides))
    lowest = min(v for row in totals for v in row)
    label = _("Score graph: each side's score after every hand; target {n}.").format(
        n=game.rules.target
    )
    names = [app.side_name(s) for s in sides]
    return tag(
        "figure",
        charts.score_graph(
            totals,
            names,
            game.rules.target,
            lose_at=-game.rules.target if lowest < 0 else None,
            label=label,
        )
        + charts.legend(names, charts.SIDE_COLOURS),
        class_="score-graph",
    )


def score_graph_for(app: Controller) -> str:
    """The score graph of the game on the table ('' before its first hand ends)."""
    g = app.game
    if g is None or not g.hands_played:
        return ""
    return _graph(app, g)


def _rules_label(code: str) -> str:
    try:
        rules = decode_rules(code)
    except ValueError:
        return "?"
    preset = preset_of(rules)
    return preset_label(preset) if preset != "custom" else _("Custom rules")


def _score_text(entry: dict[str, Any]) -> str:
    scores = entry["scores"]
    mine = scores[entry["side"]]
    others = [str(s) for i, s in enumerate(scores) if i != entry["side"]]
    return " – ".join([str(mine), *others])


def render_history(app: Controller) -> str:
    games = history.load(app.store)["games"]
    rows = []
    for index in range(len(games) - 1, -1, -1):
        entry = games[index]
        rows.append(
            tag(
                "tr",
                tag("td", esc(entry["date"]))
                + tag("td", esc(_rules_label(entry["rules"])))
                + tag("td", esc(_("Won") if entry["won"] else _("Lost")))
                + tag("td", esc(_score_text(entry)))
                + tag(
                    "td",
                    button(
                        _("Open"),
                        "history-open",
                        data_index=str(index),
                        aria_label=_("Open the game of {date}").format(date=entry["date"]),
                    ),
                ),
                data_history=str(index),
            )
        )
    if rows:
        body = tag(
            "table",
            tag(
                "thead",
                tag(
                    "tr",
                    "".join(
                        tag("th", esc(h), scope="col")
                        for h in (_("Date"), _("Rules"), _("Result"), _("Score"), "")
                    ),
                ),
            )
            + tag("tbody", "".join(rows)),
            class_="stats-table history-table",
        )
    else:
        body = tag("p", esc(_("No finished game yet.")), class_="note")
    return (
        tag("h2", esc(_("Games history")), id="dialog-title")
        + tag("div", body, class_="dialog-body")
        + dialog_buttons(button(_("Close"), "dialog-close", primary=True))
    )


def _viewer(app: Controller, game: Game) -> Controller:
    """A controller that only shows ``game`` (names from the player's settings)."""
    viewer = Controller(Store(MemoryBackend()), app.settings, app.screen, app.bots)
    viewer.game = game
    return viewer


def render_past_game(app: Controller, index: int) -> str:
    games = history.load(app.store)["games"]
    entry = games[index] if 0 <= index < len(games) else None
    game = history.past_game(entry) if entry is not None else None
    if entry is None or game is None:
        body = tag("p", esc(_("This game can no longer be opened.")), class_="note")
        title = _("Games history")
    else:
        viewer = _viewer(app, game)
        title = _("Game of {date}").format(date=entry["date"])
        result = _("Won") if entry["won"] else _("Lost")
        facts = _("{result}, {rules}, {hands}.").format(
            result=result,
            rules=_rules_label(entry["rules"]),
            hands=ngettext("{n} hand", "{n} hands", entry["hands"]).format(n=entry["hands"]),
        )
        body = tag("p", esc(facts)) + _graph(viewer, game) + render_sheet(viewer, review="history")
        if entry["undo_hands"]:
            body += tag(
                "p",
                esc(
                    _("Undo used in hands: {hands}.").format(
                        hands=", ".join(str(h + 1) for h in entry["undo_hands"])
                    )
                ),
                class_="note",
            )
    return (
        tag("h2", esc(title), id="dialog-title")
        + tag("div", body, class_="dialog-body")
        + dialog_buttons(
            button(_("Back to the history"), "history", primary=True),
            button(_("Close"), "dialog-close"),
        )
    )


def stats_extra(app: Controller) -> str:
    """More of the statistics dialog: figures from the history and small charts."""
    games = history.load(app.store)["games"]
    figures = history.summary(games, app.stats)
    bid, made = figures["misere"]
    average = figures["average"]
    items = [
        (
            _("Average points per hand"),
            names.signed(round(average)) if average is not None else "—",
            "average",
        ),
        (_("Longest winning streak"), str(figures["longest_streak"]), "longest-streak"),
        (_("Current winning streak"), str(figures["streak"]), "streak"),
        (
            _("Misère record"),
            _("{made} made of {bid}").format(made=made, bid=bid) if bid else "—",
            "misere",
        ),
    ]
    summary = tag(
        "dl",
        "".join(
            tag("dt", esc(label)) + tag("dd", esc(value), data_stat=key)
            for label, value, key in items
        ),
        class_="stats-summary",
    )
    rows = []
    for key, symbol in CONTRACT_LABELS:
        entry = app.stats["contracts"].get(key, {"bid": 0, "made": 0})
        if entry["bid"]:
            short = names.bid_short(key) if key in ("MIS", "OMIS", "BMIS", "GAME") else symbol
            rows.append((short, entry["bid"], entry["made"]))
    charts_html = ""
    if rows:
        charts_html += tag(
            "figure",
            charts.bar_pairs(rows, _("Contracts bid and made, per bid type"))
            + charts.legend(
                (pgettext("contracts", "bid"), pgettext("contracts", "made")),
                charts.PAIR_COLOURS,
            ),
            class_="stats-chart",
        )
    if figures["margins"]:
        charts_html += tag("h3", esc(_("Your last games"))) + tag(
            "figure",
            charts.result_bars(
                figures["margins"],
                _("Your last games: up by the winning margin, down by the losing one."),
            ),
            class_="stats-chart",
        )
    return (
        tag("h3", esc(_("Over your finished games")))
        + summary
        + charts_html
        + undo.stats_note(app.store)
        + button(_("Games history"), "history")
    )
