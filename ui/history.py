"""The games history and the statistics computed from it, in localStorage (no DOM).

``HISTORY_KEY`` holds ``{"version": 1, "games": [entry, ...]}``, oldest first, at most
``KEEP`` games. An entry is written once per finished game (its game key; importing the
same finished game again changes nothing):
``{"key", "date", "rules", "players", "side", "won", "scores", "hands", "points",
"undo_hands", "save"}`` — ``points`` is what the player's side scored over the game's
hands, ``save`` the game's own save (to open its score sheet and hands later).

The history lives under its own key, so a corrupt game save never touches it; a damaged
history is kept aside under ``DAMAGED_KEY`` and a new one starts.

>>> from game import new_game
>>> from ui.storage import MemoryBackend, Store
>>> store = Store(MemoryBackend())
>>> record_if_finished(store, new_game(seed=1), "2026-12-03 10:00")   # not over
False
>>> load(store)
{'version': 1, 'games': []}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import Game, SaveError
from ui import daily, undo
from ui.share import encode_rules
from ui.storage import PREFIX, Store, game_key

if TYPE_CHECKING:
    from ui.app import Controller

HISTORY_KEY = PREFIX + "history"
DAMAGED_KEY = PREFIX + "history.damaged"
VERSION = 1
KEEP = 40
HUMAN = 0
MISERES = ("MIS", "OMIS", "BMIS")


def _valid_entry(entry: Any) -> bool:
    if not isinstance(entry, dict):
        return False
    ints = ("players", "side", "hands", "points")
    strings = ("key", "date", "rules", "save")
    return (
        all(type(entry.get(k)) is int for k in ints)
        and all(isinstance(entry.get(k), str) for k in strings)
        and isinstance(entry.get("won"), bool)
        and isinstance(entry.get("scores"), list)
        and all(type(s) is int for s in entry["scores"])
        and isinstance(entry.get("undo_hands"), list)
    )


def load(store: Store) -> dict[str, Any]:
    """The history, repaired: bad entries are dropped; an unreadable or unknown-version
    history is moved aside (``DAMAGED_KEY``) and an empty one starts."""
    raw = store.get(HISTORY_KEY)
    empty: dict[str, Any] = {"version": VERSION, "games": []}
    if raw is None:
        return empty
    try:
        data = json.loads(raw)
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        store.put(DAMAGED_KEY, raw)
        store.remove(HISTORY_KEY)
        return empty
    games = data.get("games")
    empty["games"] = [g for g in games if _valid_entry(g)] if isinstance(games, list) else []
    return empty


def record_if_finished(
    store: Store, game: Game, date: str, undo_hands: list[int] | None = None
) -> bool:
    """Add ``game`` to the history if it is over and not there yet; True if added."""
    if game.phase != "over" or game.winner is None:
        return False
    data = load(store)
    key = game_key(game)
    if any(entry["key"] == key for entry in data["games"]):
        return False
    side = game.side_of(HUMAN)
    data["games"].append(
        {
            "key": key,
            "date": date,
            "rules": encode_rules(game.rules),
            "players": game.rules.players,
            "side": side,
            "won": game.winner == side,
            "scores": list(game.scores),
            "hands": len(game.hands_played),
            "points": sum(int(r["points"][side]) for r in game.hands_played),
            "undo_hands": sorted(undo_hands or []),
            "save": game.to_json(),
        }
    )
    data["games"] = data["games"][-KEEP:]
    store.save_json(HISTORY_KEY, data)
    return True


def record_finished(app: Controller, clock: Callable[[], str]) -> None:
    """The controller's listener: a finished game goes into the history (dated by
    ``clock()``, the local "YYYY-MM-DD HH:MM") and the deal-of-the-day results."""
    game = app.game
    if game is None or game.phase != "over":
        return
    daily.record_if_finished(app.store, game)
    record_if_finished(app.store, game, clock(), undo.undo_hands(app.store, game))


def past_game(entry: dict[str, Any]) -> Game | None:
    """The finished game of a history entry (None if its save no longer loads)."""
    try:
        return Game.from_json(entry["save"])
    except (SaveError, ValueError):
        return None


def score_totals(game: Game) -> list[list[int]]:
    """Each side's score at the start and after every hand (for the score graph)."""
    return [[0] * game.rules.num_sides] + [list(r["scores"]) for r in game.hands_played]


def summary(games: list[dict[str, Any]], stats: dict[str, Any]) -> dict[str, Any]:
    """Figures for the statistics dialog from the history (and the lifetime ``stats``):
    average points per hand, the longest and current win streaks, the misère record.

    >>> s = summary([{"won": True, "points": 300, "hands": 6},
    ...              {"won": True, "points": 90, "hands": 4},
    ...              {"won": False, "points": -100, "hands": 5}],
    ...             {"contracts": {"MIS": {"bid": 2, "made": 1}}})
    >>> s["average"], s["longest_streak"], s["streak"], s["misere"]
    (19.3, 2, 0, (2, 1))
    """
    hands = sum(g["hands"] for g in games)
    points = sum(g["points"] for g in games)
    longest = run = 0
    for entry in games:
        run = run + 1 if entry["won"] else 0
        longest = max(longest, run)
    contracts = stats.get("contracts", {})
    misere_bid = sum(contracts.get(t, {}).get("bid", 0) for t in MISERES)
    misere_made = sum(contracts.get(t, {}).get("made", 0) for t in MISERES)
    return {
        "games": len(games),
        "average": round(points / hands, 1) if hands else None,
        "longest_streak": longest,
        "streak": run,
        "misere": (misere_bid, misere_made),
        "margins": [_margin(g) for g in games[-20:] if "scores" in g],
    }


def _margin(entry: dict[str, Any]) -> int:
    """The player's side's score minus the best other side's (negative when behind)."""
    scores, side = entry["scores"], entry["side"]
    others = [s for i, s in enumerate(scores) if i != side]
    return scores[side] - max(others) if others else scores[side]
