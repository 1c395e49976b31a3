"""The score sheet: a running pad like a paper 500 sheet, hand by hand (HTML strings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui import names
from ui.html import classes, esc, tag
from ui.i18n import _
from ui.model import running_sheet
from ui.render_table import side_initials

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0


COMPACT_SIDES = 5
"""From this many sides on (five-handed), names on the sheet are initials (``NW``), the full
name in the cell's title and for screen readers: five columns of scores fit a phone."""


def _name(full: str, short: str, compact: bool) -> str:
    """``full``, or in a compact sheet ``short`` shown and ``full`` read out."""
    if not compact:
        return esc(full)
    return tag("span", esc(short), aria_hidden="true", title=full) + tag(
        "span", esc(full), class_="sr-only"
    )


def review_button(number: int, source: str) -> str:
    """A sheet row's number as the button that opens that hand's review (``source``:
    ``game`` for the game on the table, ``history`` for the past game open)."""
    return tag(
        "button",
        esc(str(number)),
        type="button",
        class_="review-row",
        data_ui="review",
        data_hand=str(number - 1),
        data_source=source,
        aria_label=_("Review hand {n}").format(n=number),
        title=_("Review hand {n}").format(n=number),
    )


def render_sheet(app: Controller, narrow: bool = False, review: str | None = "game") -> str:
    """The sheet; ``narrow`` (the side column) drops each hand's points when there are three
    or more sides, keeping the running totals (the points stay in the cell's title). With
    ``review`` (the game's source, see :func:`review_button`) each row's number opens the
    review of its hand."""
    g = app.game
    if g is None:
        return ""
    view = app.view()
    sides = list(range(len(view["scores"])))
    human_side = view["sides"][HUMAN]
    sides.sort(key=lambda s: s != human_side)
    totals_only = narrow and len(sides) >= 3
    compact = len(sides) >= COMPACT_SIDES
    per_side = 1 if totals_only else 2
    head = tag("th", esc(_("#")), scope="col", class_="num") + tag(
        "th", esc(_("Contract")), scope="col", class_="contract-col"
    )
    for side in sides:
        head += tag(
            "th",
            _name(app.side_name(side), side_initials(app, view, side), compact),
            scope="col",
            colspan=str(per_side),
            class_=classes("side-head", f"side-{side}", side == human_side and "mine"),
        )
    body = []
    rows = running_sheet(view["hands_played"])
    for row in rows:
        who = app.player_name(row["contractor"])
        made = row["made"]
        contract = (
            tag(
                "span",
                esc(names.bid_short(row["bid"])),
                class_="bid",
                title=names.bid_name(row["bid"]),
            )
            + tag(
                "span",
                _name(who, names.initials(row["contractor"], view["players"], who), compact),
                class_="by",
            )
            + tag(
                "span",
                "✓" if made else "✗",
                class_=classes("mark", made and "made" or "down"),
                aria_label=_("made") if made else _("went down"),
            )
        )
        number = review_button(row["number"], review) if review else str(row["number"])
        cells = tag("td", number, class_="num") + tag("td", contract, class_="contract-col")
        for side in sides:
            pts = row["points"][side] if side < len(row["points"]) else 0
            total = row["totals"][side] if side < len(row["totals"]) else 0
            if not totals_only:
                cells += tag(
                    "td",
                    esc(names.signed(pts)),
                    class_=classes("pts", pts < 0 and "neg", pts > 0 and "pos"),
                )
            cells += tag("td", esc(names.number(total)), class_="total", title=names.signed(pts))
        body.append(tag("tr", cells))
    if not rows:
        span = 2 + per_side * len(sides)
        body.append(
            tag("tr", tag("td", esc(_("No hand played yet.")), colspan=str(span), class_="empty"))
        )
    foot = tag("td", "", class_="num") + tag(
        "td", esc(_("Total (target {n})").format(n=g.rules.target)), class_="contract-col"
    )
    for side in sides:
        if not totals_only:
            foot += tag("td", "", class_="pts")
        foot += tag("td", esc(names.number(view["scores"][side])), class_="total")
    table = tag(
        "table",
        tag("caption", esc(_("Score sheet")), class_="sr-only")
        + tag("thead", tag("tr", head))
        + tag("tbody", "".join(body))
        + tag("tfoot", tag("tr", foot)),
        class_=classes("sheet", compact and "compact"),
    )
    return tag("div", table, class_="sheet-wrap")
