"""Dialogs of hand records: export one hand, import one and play it again (HTML, no DOM).

render_export_hand(app, hand_index)   # the record as text: Copy, Download
render_import_hand(error)             # paste a record or choose a file
render_imported(app, record)          # a record read: "Play this deal again"

The buttons of a dialog sit in one ``.dialog-buttons`` row: a second action on an imported
hand (a review) is one more ``button`` there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.handrecord import HandRecord, format_hand
from ui import names
from ui.html import button, dialog_buttons, esc, tag
from ui.i18n import _
from ui.options import preset_label
from ui.settings import preset_of

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0


def hand_filename(app: Controller, hand_index: int) -> str:
    """``fivehundred-hand-<seed>-<n>.txt``: the game's seed and the hand's number."""
    seed = app.game.seed if app.game is not None else 0
    return f"fivehundred-hand-{seed}-{hand_index + 1}.txt"


def render_export_hand(app: Controller, hand_index: int) -> str:
    g = app.game
    assert g is not None
    text = format_hand(g, hand_index, human=HUMAN)
    body = tag(
        "p",
        esc(
            _(
                "This hand as text: the deal, the auction and every card played. Keep it, "
                "send it, or import it later to play the deal again."
            )
        ),
    ) + tag(
        "textarea",
        esc(text),
        id="hand-record-text",
        readonly=True,
        rows="8",
        class_="hand-record",
        aria_label=_("Hand record"),
        spellcheck="false",
    )
    return (
        tag("h2", esc(_("Export hand {n}").format(n=hand_index + 1)), id="dialog-title")
        + tag("div", body, class_="dialog-body")
        + dialog_buttons(
            button(_("Copy"), "copy-link", data_target="hand-record-text"),
            button(_("Download"), "download-hand", data_hand=str(hand_index), primary=True),
            button(_("Close"), "dialog-close"),
        )
    )


def render_import_hand(error: str = "") -> str:
    body = (
        tag("p", esc(_("Paste a hand record, or choose a file (.txt) that holds one.")))
        + tag(
            "textarea",
            "",
            id="hand-import-text",
            rows="8",
            class_="hand-record",
            aria_label=_("Hand record"),
            spellcheck="false",
        )
        + (tag("p", esc(error), class_="reason", role="alert") if error else "")
    )
    return (
        tag("h2", esc(_("Import a hand")), id="dialog-title")
        + tag("div", body, class_="dialog-body")
        + dialog_buttons(
            button(_("Read the record"), "hand-import-read", primary=True),
            button(_("Choose a file…"), "hand-import-file"),
            button(_("Close"), "dialog-close"),
        )
    )


def record_summary(app: Controller, record: HandRecord) -> str:
    """One line: the hand's number, the rules and the contract, its contractor named as at
    the table the deal is played again at (the human in seat 0)."""
    game = record.replay()
    players = game.rules.players
    played = game.hands_played[0] if game.hands_played else None
    contract = (played["contractor"], played["bid"]) if played else game.contract
    if contract is None:
        what = _("no contract")
    else:
        seat = (contract[0] - record.human) % players
        name = app.settings.name(seat) or names.default_name(seat, players)
        what = _("{bid} bid by {name}").format(bid=names.bid_display(contract[1]), name=name)
    return _("Hand {n}, {rules}: {contract}.").format(
        n=record.number, rules=preset_label(preset_of(record.rules)), contract=what
    )


def render_imported(app: Controller, record: HandRecord, parked: bool, more: str = "") -> str:
    """The record read: its summary and "Play this deal again"; ``more`` is any other
    action's button (HTML), placed before Close (a review of the hand, for one)."""
    note = _("The game in progress is set aside: the menu takes you back to it.") if parked else ""
    body = tag("p", esc(record_summary(app, record)), class_="record-summary") + (
        tag("p", esc(note), class_="note") if note else ""
    )
    return (
        tag("h2", esc(_("Hand record read")), id="dialog-title")
        + tag("div", body, class_="dialog-body")
        + dialog_buttons(
            button(_("Play this deal again"), "hand-play-again", primary=True),
            more,
            button(_("Close"), "dialog-close"),
        )
    )
