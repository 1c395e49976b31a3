"""Undo: the player takes back their last bid or card while the auction or trick is open.

The game is rebuilt from its own record without that action (:mod:`game.rewind`); the
bots' replies that followed go too, and they replay the same way afterwards, since each
bot decision is seeded by the game's seed and the number of actions
(:func:`ui.bots.bot_seed`). Undo can be turned off in the settings (``Settings.undo``).

Hands where the player used undo are noted under ``UNDO_KEY`` (``{"game": <game key>,
"hands": [hand numbers], "total": <hands over all games>}``) for the statistics.

    if can_undo(app):
        take_back(app)      # what the Undo button and Ctrl+Z do
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import rewind
from ui.html import button, esc, tag
from ui.i18n import _, ngettext
from ui.storage import PREFIX, Store, game_key

if TYPE_CHECKING:
    from ui.app import Controller

HUMAN = 0
UNDO_KEY = PREFIX + "undo"


def can_undo(app: Controller) -> bool:
    """True when the Undo button shows: undo is on and the player's last bid or card is in
    the auction or trick still open."""
    g = app.game
    return (
        bool(app.settings.undo)
        and g is not None
        and app.load_error is None
        and rewind.undo_point(g, HUMAN) is not None
    )


def take_back(app: Controller) -> bool:
    """Undo the player's last bid or card (and the bots' replies); False if not allowed."""
    g = app.game
    if g is None or not can_undo(app):
        return False
    bidding = g.phase == "bid"
    rebuilt = rewind.take_back(g, HUMAN)
    if rebuilt is None:
        return False
    note_use(app.store, g)
    app.load_game(rebuilt)  # a new generation: any bot still thinking is ignored
    app.screen.announce(_("Your bid is taken back.") if bidding else _("Your card is taken back."))
    app.screen.render()
    app.kick()
    return True


def load_uses(store: Store) -> dict[str, Any]:
    """The stored undo record, repaired: ``{"game": str | None, "hands": [int], "total": int}``."""
    data = store.load_json(UNDO_KEY)
    out: dict[str, Any] = {"game": None, "hands": [], "total": 0}
    if not isinstance(data, dict):
        return out
    if isinstance(data.get("game"), str):
        out["game"] = data["game"]
    hands = data.get("hands")
    if isinstance(hands, list):
        out["hands"] = sorted({h for h in hands if type(h) is int and h >= 0})
    total = data.get("total")
    if type(total) is int and total >= 0:
        out["total"] = max(total, len(out["hands"]))
    return out


def note_use(store: Store, game: Any) -> None:
    """Remember that undo was used in ``game``'s hand in progress (counted once per hand)."""
    uses = load_uses(store)
    key = game_key(game)
    if uses["game"] != key:
        uses["game"], uses["hands"] = key, []
    if game.hand_number not in uses["hands"]:
        uses["hands"].append(game.hand_number)
        uses["total"] += 1
    store.save_json(UNDO_KEY, uses)


def undo_hands(store: Store, game: Any) -> list[int]:
    """Hand numbers of ``game`` in which the player used undo."""
    uses = load_uses(store)
    return list(uses["hands"]) if uses["game"] == game_key(game) else []


def undo_button(app: Controller) -> str:
    """The Undo button for the action panel ('' when there is nothing to take back)."""
    if not can_undo(app):
        return ""
    return button(
        _("Undo"),
        "undo",
        more_class="undo-btn",
        aria_keyshortcuts="Control+Z",
        title=_("Take back your last bid or card (Ctrl+Z)"),
    )


def stats_note(store: Store) -> str:
    """The statistics' line on undo ('' when it was never used)."""
    total = load_uses(store)["total"]
    if not total:
        return ""
    text = ngettext("You used undo in {n} hand.", "You used undo in {n} hands.", total).format(
        n=total
    )
    return tag("p", esc(text), class_="note", data_stat="undo-hands")
