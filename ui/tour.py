"""The guided first hand: short tips shown above the action panel as the hand reaches them
(what to bid, the kitty, following suit, the bowers and the joker), with the rules page a
click away. It starts by itself on a first visit, can be skipped, and comes back from the
menu ("Guided first hand"). No DOM here.

``TOUR_KEY`` holds ``{"state": "active" | "done", "seen": [tip ids]}``.

>>> from ui.storage import MemoryBackend, Store
>>> store = Store(MemoryBackend())
>>> start_if_first_visit(store, has_save=False, has_settings=False)
True
>>> load(store)
{'state': 'active', 'seen': []}
>>> mark_seen(store, "bid"); load(store)["seen"]
['bid']
>>> skip(store); load(store)["state"]
'done'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.html import button, esc, tag
from ui.i18n import N_, _
from ui.storage import PREFIX, Store

if TYPE_CHECKING:
    from ui.app import Controller

TOUR_KEY = PREFIX + "tour"
HUMAN = 0

TIPS: dict[str, tuple[str, str]] = {
    "bid": (
        N_("What to bid"),
        N_(
            "Count the tricks you and your partner can expect to win: six is the least you "
            "can bid. Bid the suit where you hold the joker, the jacks and the most cards; "
            "pass with a weak hand. The highest bid wins the auction."
        ),
    ),
    "kitty": (
        N_("The kitty"),
        N_(
            "You won the auction: the kitty's cards are now in your hand, marked. Put the "
            "same number of cards away, usually short suits and low cards, and keep your "
            "trumps."
        ),
    ),
    "follow": (
        N_("Following suit"),
        N_(
            "Play a card of the suit that was led if you have one: the cards you may play "
            "stand raised. With none, play any card, a trump to win the trick. The highest "
            "trump wins the trick, or else the highest card of the suit led."
        ),
    ),
    "bowers": (
        N_("The bowers and the joker"),
        N_(
            "With a trump suit, the joker is the highest card, then the jack of trumps (the "
            "right bower), then the other jack of the same colour (the left bower), which "
            "counts as a trump and not as its own suit. In no trumps the joker is the only "
            "trump."
        ),
    ),
}
LAST_TIP = "bowers"
# The "bid" tip where nobody has a partner while bidding (two- and three-handed play alone;
# five-handed, the contractor calls one afterwards).
BID_ALONE = N_(
    "Count the tricks you can expect to win with the kitty's help: six is the least you "
    "can bid, and here you bid for yourself. Bid the suit where you hold the joker, the "
    "jacks and the most cards; pass with a weak hand. The highest bid wins the auction."
)


def load(store: Store) -> dict[str, Any]:
    """The guide's state, repaired (anything damaged: not active)."""
    data = store.load_json(TOUR_KEY)
    if not isinstance(data, dict) or data.get("state") not in ("active", "done"):
        return {"state": "done", "seen": []}
    seen = data.get("seen")
    return {
        "state": data["state"],
        "seen": [t for t in seen if t in TIPS] if isinstance(seen, list) else [],
    }


def start_if_first_visit(store: Store, has_save: bool, has_settings: bool) -> bool:
    """Start the guide for a player who has never played here; True if it started."""
    if store.get(TOUR_KEY) is not None or has_save or has_settings:
        return False
    restart(store)
    return True


def restart(store: Store) -> None:
    store.save_json(TOUR_KEY, {"state": "active", "seen": []})


def skip(store: Store) -> None:
    store.save_json(TOUR_KEY, {"state": "done", "seen": list(TIPS)})


def mark_seen(store: Store, tip: str) -> None:
    data = load(store)
    if tip not in data["seen"]:
        data["seen"].append(tip)
    if tip == LAST_TIP:
        data["state"] = "done"
    store.save_json(TOUR_KEY, data)


def current_tip(app: Controller) -> str | None:
    """The tip the table calls for now, if the guide is on and it was not seen yet."""
    g = app.game
    data = load(app.store)
    if g is None or data["state"] != "active" or app.load_error is not None:
        return None
    if app.ui.hold is not None and app.ui.hold.view is not None:
        return None  # a finished hand still on the table: the next hand's tips wait
    seen = set(data["seen"])
    if g.phase == "bid":
        wanted = ["bid"]
    elif g.phase == "discard" and app.legal():
        wanted = ["kitty"]
    elif g.phase == "play":
        wanted = ["follow", "bowers"]
    else:
        wanted = []
    return next((tip for tip in wanted if tip not in seen), None)


def render(app: Controller) -> str:
    """The tip's box ('' when there is none)."""
    tip = current_tip(app)
    if tip is None:
        return ""
    title, text = TIPS[tip]
    if tip == "bid" and app.game is not None and app.game.rules.teams == "individual":
        text = BID_ALONE
    return tag(
        "section",
        tag("h3", esc(_(title)), class_="coach-title")
        + tag("p", esc(_(text)))
        + tag(
            "div",
            button(_("Got it"), "tour-next", primary=True, data_tip=tip)
            + button(_("Read the rules"), "rules")
            + button(_("Skip the guide"), "tour-skip"),
            class_="row",
        ),
        class_="coach",
        data_tip=tip,
        aria_label=_("Guided first hand"),
    )
