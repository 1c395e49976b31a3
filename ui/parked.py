"""Games set aside, so that playing an imported deal never loses the game in progress (no DOM).

``PARKED_KEY`` holds a list of saves (``Game.to_json()``), the most recent last, at most
``KEEP``. "Play this deal again" parks the game in progress; "Back to the game you left"
(the menu) takes the most recent one back and parks the game it replaces, if that one is in
progress. Unreadable entries are dropped when read.

>>> from game import new_game
>>> from ui.storage import MemoryBackend, Store
>>> store = Store(MemoryBackend())
>>> g = new_game(seed=4); g.act("PASS")
>>> park(store, g), count(store)
(True, 1)
>>> take_back(store) == g, count(store)
(True, 0)
>>> take_back(store) is None
True
"""

from __future__ import annotations

from game import Game
from ui.storage import PREFIX, Store, parse_save

PARKED_KEY = PREFIX + "parked"
KEEP = 3


def in_progress(game: Game | None) -> bool:
    """Whether ``game`` holds something the player did and is not over."""
    return game is not None and game.phase != "over" and bool(game.actions or game.hands_played)


def _saves(store: Store) -> list[str]:
    data = store.load_json(PARKED_KEY)
    return [s for s in data if isinstance(s, str)] if isinstance(data, list) else []


def count(store: Store) -> int:
    return len(_saves(store))


def park(store: Store, game: Game) -> bool:
    """Set ``game`` aside (the oldest parked game goes when more than ``KEEP`` would be
    kept); False when storage refused it."""
    saves = [*_saves(store), game.to_json()][-KEEP:]
    return store.save_json(PARKED_KEY, saves)


def take_back(store: Store) -> Game | None:
    """The most recently parked game that loads, removed from the list; None if none."""
    saves = _saves(store)
    while saves:
        game = parse_save(saves.pop()).game
        store.save_json(PARKED_KEY, saves)
        if game is not None:
            return game
    return None
