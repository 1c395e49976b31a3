"""The player's own results of the deal of the day, kept in localStorage per date.

``DAILY_KEY`` holds ``{"version": 1, "current": {"date", "game"} | None, "results":
{date: {"won", "scores", "side", "hands"}}}``: ``current`` is the deal of the day being
played (its game key), and a result is written once, when that game ends (the first finished
game of a date counts; playing it again later changes nothing).

>>> from game import new_game
>>> from ui.storage import MemoryBackend, Store
>>> store = Store(MemoryBackend())
>>> g = new_game(seed=5)
>>> mark_started(store, "2026-12-03", g)
>>> record_if_finished(store, g)   # not over yet
False
>>> load(store)["current"]["date"]
'2026-12-03'
"""

from __future__ import annotations

from typing import Any

from game import Game
from ui.share import valid_date
from ui.storage import PREFIX, Store, game_key

DAILY_KEY = PREFIX + "daily"
VERSION = 1
KEEP_DAYS = 366
HUMAN = 0


def load(store: Store) -> dict[str, Any]:
    """The stored record, repaired: anything damaged starts empty."""
    data = store.load_json(DAILY_KEY)
    out: dict[str, Any] = {"version": VERSION, "current": None, "results": {}}
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return out
    current = data.get("current")
    if (
        isinstance(current, dict)
        and isinstance(current.get("game"), str)
        and valid_date(str(current.get("date")))
    ):
        out["current"] = {"date": current["date"], "game": current["game"]}
    results = data.get("results")
    if isinstance(results, dict):
        for date, entry in results.items():
            if valid_date(str(date)) and _valid_result(entry):
                out["results"][date] = entry
    return out


def _valid_result(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("won"), bool)
        and isinstance(entry.get("scores"), list)
        and all(type(s) is int for s in entry["scores"])
        and type(entry.get("side")) is int
        and type(entry.get("hands")) is int
    )


def mark_started(store: Store, date: str, game: Game) -> None:
    """``game`` is the deal of the day of ``date``."""
    data = load(store)
    data["current"] = {"date": date, "game": game_key(game)}
    store.save_json(DAILY_KEY, data)


def daily_date(store: Store, game: Game) -> str | None:
    """The date whose deal of the day ``game`` is, else None."""
    current = load(store)["current"]
    return current["date"] if current and current["game"] == game_key(game) else None


def record_if_finished(store: Store, game: Game) -> bool:
    """Keep the result of a finished deal of the day (once per date); True if written."""
    if game.phase != "over" or game.winner is None:
        return False
    data = load(store)
    current = data["current"]
    if not current or current["game"] != game_key(game) or current["date"] in data["results"]:
        return False
    side = game.side_of(HUMAN)
    data["results"][current["date"]] = {
        "won": game.winner == side,
        "scores": list(game.scores),
        "side": side,
        "hands": len(game.hands_played),
    }
    for old in sorted(data["results"])[:-KEEP_DAYS]:
        del data["results"][old]
    store.save_json(DAILY_KEY, data)
    return True


def results(store: Store) -> list[tuple[str, dict[str, Any]]]:
    """(date, result), the newest first."""
    return sorted(load(store)["results"].items(), reverse=True)
