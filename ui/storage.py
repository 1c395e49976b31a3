"""Saved game, settings and lifetime statistics in localStorage, with error handling (no DOM).

``Store`` wraps any object with ``getItem/setItem/removeItem`` (the browser's
``localStorage``, or a dict-backed fake in tests). Storage that is full or blocked never
stops the game: writes fail quietly and ``Store.problem`` says why, for a notice.

A save that cannot be loaded is never discarded silently: :meth:`Store.load_game` returns
the reason and the raw text (for "Download the bad save"), and the raw text stays in
storage until the player starts a new game (it is then kept under ``BAD_SAVE_KEY``).

Two deployments on one origin (``user.github.io/a/`` and ``/b/``) keep apart: every key is
stored under the site's *scope*, the directory of the page (:func:`site_scope`). The root
scope ``/`` keeps the plain names (``fivehundred.save``); any other scope stores
``fivehundred.<scope>:<name>`` (``fivehundred./a/:save``). index.html's first script maps
keys the same way. :meth:`Store.adopt_root_entries` copies, once, the plain entries written
before keys had scopes.

>>> store = Store(MemoryBackend())
>>> from game import new_game
>>> g = new_game(seed=3)
>>> store.save_game(g)
True
>>> store.load_game().game == g
True
>>> store.backend.setItem(SAVE_KEY, "{oops")
>>> result = store.load_game()
>>> result.game is None, result.raw, bool(result.error)
(True, '{oops', True)
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game import Game, SaveError
from ui import safe_json, save_bounds
from ui.i18n import _

PREFIX = "fivehundred."
SAVE_KEY = PREFIX + "save"
BAD_SAVE_KEY = PREFIX + "bad-save"
SETTINGS_KEY = PREFIX + "settings"
STATS_KEY = PREFIX + "stats"
UI_KEY = PREFIX + "ui"
BAD_STATS_KEY = PREFIX + "bad-stats"
"""Statistics that could not be read, kept aside when new ones start from zero."""
REVISION_KEY = PREFIX + "save-revision"
"""Bumped on every write of the save: a tab never writes over a save newer than it read."""
PLAYING_TAB_KEY = PREFIX + "playing-tab"
"""The id of the tab that plays the game now (other tabs of the site step aside)."""
ADOPTED_KEY = PREFIX + "adopted"
"""Set in a scope other than ``/`` once the unscoped entries have been copied into it."""

MAX_SAVE_CHARS = 1_000_000
"""A save or game file longer than this is refused unread (a real game's is under 50 kB)."""
MAX_ENTRY_CHARS = 100_000
"""The same for settings, statistics and the small UI state (each under 2 kB)."""

try:  # hashlib's own built-in module on Python 3.12+ (Pyodide's): the start then does not
    # compile hashlib.py (Pyodide's standard library has no bytecode), ~10 ms of it
    _SHA256: Any = importlib.import_module("_sha2").sha256
except ImportError:  # Python 3.11
    _SHA256 = importlib.import_module("hashlib").sha256

console: Callable[[str], None] | None = None
"""Where :func:`parse_save` reports the engine's English reason (the page sets ``print``)."""


def site_scope(pathname: str) -> str:
    """The scope of the site's keys: the page's directory (as index.html's ``scopeOf``).

    >>> site_scope("/"), site_scope("/a/"), site_scope("/a/index.html"), site_scope("")
    ('/', '/a/', '/a/', '/')
    """
    return pathname[: pathname.rfind("/") + 1] or "/"


def scoped_key(key: str, scope: str) -> str:
    """The name under which ``key`` (``PREFIX`` + name) is stored in ``scope``.

    >>> scoped_key(SAVE_KEY, "/"), scoped_key(SAVE_KEY, "/a/")
    ('fivehundred.save', 'fivehundred./a/:save')
    """
    if scope == "/":
        return key
    return f"{PREFIX}{scope}:{key.removeprefix(PREFIX)}"


def is_root_key(stored: str) -> bool:
    """Whether a stored name is one of the root scope's (unscoped) entries.

    >>> is_root_key("fivehundred.save"), is_root_key("fivehundred./a/:save"), is_root_key("x")
    (True, False, False)
    """
    return stored.startswith(PREFIX) and not stored.startswith(PREFIX + "/")


class MemoryBackend:
    """A localStorage stand-in for tests (optionally full or blocked)."""

    def __init__(self, full: bool = False, blocked: bool = False, quota: int | None = None):
        self.data: dict[str, str] = {}
        self.full = full
        self.blocked = blocked
        self.quota = quota
        """At most this many characters in all (keys and values), as a browser's quota."""

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the Web Storage API's names)
        if self.blocked:
            raise PermissionError("SecurityError: storage is blocked")
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.blocked:
            raise PermissionError("SecurityError: storage is blocked")
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.full or (self.quota is not None and used + len(key) + len(value) > self.quota):
            raise OSError("QuotaExceededError: the quota has been exceeded")
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        if self.blocked:
            raise PermissionError("SecurityError: storage is blocked")
        self.data.pop(key, None)

    @property
    def length(self) -> int:
        if self.blocked:
            raise PermissionError("SecurityError: storage is blocked")
        return len(self.data)

    def key(self, index: int) -> str | None:
        if self.blocked:
            raise PermissionError("SecurityError: storage is blocked")
        keys = list(self.data)
        return keys[index] if 0 <= index < len(keys) else None


@dataclass
class LoadResult:
    """The saved game read at start-up, or why it could not be (``Store.load_game``)."""

    game: Game | None = None
    error: str | None = None
    """Why the save could not be loaded (player-readable), else None."""
    raw: str | None = None
    """The save's text as stored (None when there is no save)."""
    detail: str | None = None
    """The engine's English, technical reason (for the console, never shown), else None."""


class Store:
    """Reads and writes the app's entries; never raises on a storage failure.

    Every entry is stored under ``scope`` (:func:`scoped_key`): callers name entries by
    their plain keys (``SAVE_KEY``), whatever the scope.

    >>> backend = MemoryBackend()
    >>> Store(backend, scope="/a/").put(SAVE_KEY, "{}"), list(backend.data)
    (True, ['fivehundred./a/:save'])
    """

    def __init__(self, backend: Any, scope: str = "/"):
        self.backend = backend
        self.scope = scope
        self.problem: str | None = None
        """A player-readable notice once storage failed (full or blocked)."""
        self.problem_blocked = False
        """The notice says storage is blocked (else: full)."""
        self.revision: int | None = None
        """The save's revision this tab last read or wrote (None: it has not read it yet)."""
        self.stale = False
        """Another tab saved a newer state: this one must not write the game any more."""
        self.holding_bad_save = False
        """A bad save could not be moved aside: no game is saved over it (clear_game)."""

    # --- raw access ---------------------------------------------------------------------
    def key(self, key: str) -> str:
        """The name under which ``key`` is stored (in this store's scope)."""
        return scoped_key(key, self.scope)

    def get(self, key: str) -> str | None:
        if self.backend is None:
            return None
        try:
            value = self.backend.getItem(self.key(key))
        except Exception:  # noqa: BLE001 (SecurityError, a JS exception in the browser)
            self._fail(blocked=True)
            return None
        # In Pyodide a missing key is JS null, which is not None: accept real strings only.
        return value if isinstance(value, str) else None

    def put(self, key: str, value: str) -> bool:
        if self.backend is None:
            self._fail(blocked=True)
            return False
        try:
            self.backend.setItem(self.key(key), value)
        except Exception as exc:  # noqa: BLE001 (QuotaExceededError / SecurityError)
            text = str(exc).lower()
            self._fail(blocked="security" in text or "denied" in text or "blocked" in text)
            return False
        self.problem = None  # storage works (again: space may have been freed)
        return True

    def remove(self, key: str) -> None:
        if self.backend is None:
            return
        try:
            self.backend.removeItem(self.key(key))
        except Exception:  # noqa: BLE001
            self._fail(blocked=True)

    def adopt_root_entries(self) -> int:
        """Once per scope other than ``/``: copy every unscoped ``fivehundred.*`` entry (from
        before keys had scopes) whose scoped entry is missing; the number copied.

        Copied, never moved: another deployment on the origin may still use them. Entries the
        scope already has are never overwritten, and once ``ADOPTED_KEY`` is written nothing
        is copied again (a save the player finished here does not come back); it is written
        only when every copy succeeded.

        >>> backend = MemoryBackend()
        >>> backend.setItem(SAVE_KEY, "old")
        >>> store = Store(backend, scope="/a/")
        >>> store.adopt_root_entries(), store.get(SAVE_KEY), backend.getItem(SAVE_KEY)
        (1, 'old', 'old')
        >>> store.remove(SAVE_KEY); store.adopt_root_entries(), store.get(SAVE_KEY)
        (0, None)
        """
        if self.scope == "/" or self.backend is None or self.get(ADOPTED_KEY) is not None:
            return 0
        try:
            count = int(self.backend.length)
            names = [self.backend.key(i) for i in range(count)]
        except Exception:  # noqa: BLE001 (blocked storage)
            self._fail(blocked=True)
            return 0
        copied, complete = 0, True
        for stored in names:
            if not isinstance(stored, str) or not is_root_key(stored):
                continue
            if self.get(stored) is not None:  # the stored name doubles as the plain key
                continue
            try:
                value = self.backend.getItem(stored)
            except Exception:  # noqa: BLE001
                value = None
            if isinstance(value, str) and self.put(stored, value):
                copied += 1
            else:
                complete = False  # storage full: the rest is copied at the next visit
        if complete:
            self.put(ADOPTED_KEY, "1")
        return copied

    def retell_problem(self) -> None:
        """Word the storage notice again, in the language chosen since it was worded (the
        boot reads storage before it knows the player's language)."""
        if self.backend is None:
            self._fail(blocked=True)
        elif self.problem is not None:
            self._fail(blocked=self.problem_blocked)

    def _fail(self, blocked: bool) -> None:
        self.problem_blocked = blocked
        if blocked:
            self.problem = _(
                "Your browser does not let this page store data: the game works, but it will "
                "not be saved when you leave."
            )
        else:
            self.problem = _(
                "Your browser's storage for this site is full: the game works, but it is not "
                "being saved."
            )

    # --- the game -----------------------------------------------------------------------
    def stored_revision(self) -> int:
        raw = self.get(REVISION_KEY)
        return int(raw) if raw is not None and raw.isdigit() and len(raw) < 16 else 0

    def save_game(self, game: Game) -> bool:
        """Write the game, unless another tab wrote a newer save since this tab last read or
        wrote it: then nothing is written and ``stale`` becomes True.

        >>> from game import new_game
        >>> a, b = Store(MemoryBackend()), None
        >>> b = Store(a.backend)
        >>> a.save_game(new_game(seed=1)), b.load_game().game is not None
        (True, True)
        >>> b.save_game(new_game(seed=2)), a.save_game(new_game(seed=3)), a.stale
        (True, False, True)
        """
        if self.stale or self.holding_bad_save:
            return False
        stored = self.stored_revision()
        if self.revision is not None and stored != self.revision:
            self.stale = True
            return False
        if not self.put(SAVE_KEY, game.to_json()):
            return False
        self.revision = stored + 1
        self.put(REVISION_KEY, str(self.revision))
        return True

    def claim(self, tab: str) -> None:
        """This tab plays the game from now on (the others are told by a storage event)."""
        self.put(PLAYING_TAB_KEY, tab)

    def load_game(self) -> LoadResult:
        self.revision = self.stored_revision()
        self.stale = False
        raw = self.get(SAVE_KEY)
        if raw is None:
            return LoadResult()
        return parse_save(raw)

    def clear_game(self) -> None:
        """Forget the saved game; a save that failed to load is kept under BAD_SAVE_KEY.

        It is moved, not copied: removed first, then written again, so that storage with
        room for it once has room for it (a 3 MB save copied first would not fit twice).
        If it cannot be written even so, it goes back where it was and ``holding_bad_save``
        stops any game from being saved over it (it is offered again at the next visit).
        """
        raw = self.get(SAVE_KEY)
        bad = raw is not None and parse_save(raw).error is not None
        self.remove(SAVE_KEY)
        if raw is not None and bad and not self.put(BAD_SAVE_KEY, raw):
            self.put(SAVE_KEY, raw)
            self.holding_bad_save = True
            self._fail(blocked=False)

    # --- settings, statistics, small UI state ----------------------------------------------
    def load_json(self, key: str) -> Any:
        raw = self.get(key)
        if raw is None:
            return None
        try:
            return safe_json.loads(raw, MAX_ENTRY_CHARS)
        except ValueError:
            return None

    def save_json(self, key: str, value: Any) -> bool:
        return self.put(key, json.dumps(value))


def parse_save(raw: str) -> LoadResult:
    """Load a saved or imported game; errors become a translated, player-readable message
    (``error``), with the engine's English reason kept in ``detail`` for the console.

    >>> result = parse_save('{"format": "fivehundred-game", "version": 7}')
    >>> result.error
    'This save comes from an incompatible version of the game.'
    >>> result.detail
    'this save is from an incompatible version (7; this game reads version 1)'
    """
    try:
        safe_json.check(raw, MAX_SAVE_CHARS)
        try:
            data = json.loads(raw)
        except ValueError:
            data = None  # the engine says why
        problem = save_bounds.refusal(data)
        if problem is not None:
            raise problem
        game = Game.from_json(raw)
    except Exception as exc:  # noqa: BLE001 (a save must never crash the page)
        result = _refusal(raw, exc)
    else:
        return LoadResult(game, None, raw)
    if console is not None:
        console(f"the save cannot be loaded: {result.detail}")
    return result


def _refusal(raw: str, exc: Exception) -> LoadResult:
    """Why a save was refused, in the player's words (ui.errors_text is imported only
    then, not at the start)."""
    from ui.errors_text import error_text, save_error_text

    if isinstance(exc, safe_json.JsonLimitError):
        return LoadResult(None, save_error_text(exc.code), raw, str(exc))
    if isinstance(exc, SaveError):
        return LoadResult(None, error_text(exc), raw, str(exc))
    return LoadResult(None, save_error_text(""), raw, f"{type(exc).__name__}: {exc}")


# --- lifetime statistics ------------------------------------------------------------------------

CONTRACT_TYPES = ("S", "C", "D", "H", "NT", "MIS", "OMIS", "BMIS", "GAME")


def contract_type(bid: str) -> str:
    """``"7H"`` -> ``"H"``, ``"8NT"`` -> ``"NT"``, misère bids and GAME as they are."""
    if bid in CONTRACT_TYPES:
        return bid
    for t in ("NT", "S", "C", "D", "H"):
        if bid.endswith(t):
            return t
    return bid


def empty_stats() -> dict[str, Any]:
    return {
        "games": 0,
        "wins": 0,
        "hands": 0,
        "contracts": {t: {"bid": 0, "made": 0} for t in CONTRACT_TYPES},
        "counted": None,
        "finished": [],
    }


MAX_FINISHED_KEYS = 1000
"""How many finished games' identities are remembered (a game imported again is not counted
again)."""


def load_stats(store: Store) -> dict[str, Any]:
    """The stored statistics. Damaged ones (not JSON, or a count that is not a count) are
    kept aside under BAD_STATS_KEY, never overwritten, and the statistics start from zero.

    >>> store = Store(MemoryBackend())
    >>> store.backend.setItem(STATS_KEY, '{"games": "many"}')
    >>> load_stats(store)["games"], store.get(BAD_STATS_KEY)
    (0, '{"games": "many"}')
    """
    raw = store.get(STATS_KEY)
    if raw is None:
        return empty_stats()
    try:
        data = safe_json.loads(raw, MAX_ENTRY_CHARS)
    except ValueError:
        data = None
    stats = clean_stats(data)
    counts_kept = isinstance(data, dict) and all(
        data.get(key) == stats[key] for key in ("games", "wins", "hands", "contracts")
    )
    if not counts_kept and store.get(BAD_STATS_KEY) is None:
        store.put(BAD_STATS_KEY, raw)
    return stats


def clean_stats(data: Any) -> dict[str, Any]:
    """Stored statistics, repaired: wrong or missing fields start from zero."""
    stats = empty_stats()
    if not isinstance(data, dict):
        return stats
    for key in ("games", "wins", "hands"):
        if isinstance(data.get(key), int) and data[key] >= 0:
            stats[key] = data[key]
    contracts = data.get("contracts")
    if isinstance(contracts, dict):
        for t in CONTRACT_TYPES:
            entry = contracts.get(t)
            if isinstance(entry, dict):
                for k in ("bid", "made"):
                    if isinstance(entry.get(k), int) and entry[k] >= 0:
                        stats["contracts"][t][k] = entry[k]
    counted = data.get("counted")
    if (
        isinstance(counted, dict)
        and isinstance(counted.get("game"), str)
        and isinstance(counted.get("hands"), int)
        and isinstance(counted.get("finished"), bool)
    ):
        stats["counted"] = counted
    finished = data.get("finished")
    if isinstance(finished, list):
        stats["finished"] = [k for k in finished if isinstance(k, str)][-MAX_FINISHED_KEYS:]
    return stats


def sha256_hex(text: str) -> str:
    """SHA-256 of ``text`` (UTF-8), in hex.

    >>> sha256_hex("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return str(_SHA256(text.encode()).hexdigest())


def game_key(game: Game) -> str:
    """An identity for a game (same seed and first deal = same game), for counting once."""
    first = json.dumps([game.seed, game.deals[0] if game.deals else None], sort_keys=True)
    return sha256_hex(first)[:16]


def finished_key(game: Game) -> str:
    """The identity of a finished game: its rules, deals and every action."""
    return sha256_hex(game.to_json())[:16]


def update_stats(stats: dict[str, Any], game: Game, human: int = 0) -> bool:
    """Count the hands and the end of ``game`` not counted yet; True if anything changed.

    Contracts are counted for the human's own bids; a finished game counts once.

    >>> from game import new_game
    >>> s = empty_stats(); g = new_game(seed=1)
    >>> update_stats(s, g), s["games"]
    (True, 0)
    """
    key = game_key(game)
    counted = stats.get("counted")
    changed = False
    records = game.hands_played
    if not counted or counted.get("game") != key:
        counted = {"game": key, "hands": 0, "finished": False}
        if game.phase == "over" and finished_key(game) in stats["finished"]:
            # this very game was counted to its end before (a file imported again)
            counted.update(hands=len(records), finished=True)
        stats["counted"] = counted
        changed = True
    for record in records[counted["hands"] :]:
        stats["hands"] += 1
        if record.get("contractor") == human:
            entry = stats["contracts"].setdefault(
                contract_type(str(record.get("bid"))), {"bid": 0, "made": 0}
            )
            entry["bid"] += 1
            entry["made"] += 1 if record.get("made") else 0
        changed = True
    counted["hands"] = len(records)
    if game.phase == "over" and not counted["finished"]:
        counted["finished"] = True
        stats["finished"] = [*stats["finished"], finished_key(game)][-MAX_FINISHED_KEYS:]
        stats["games"] += 1
        if game.winner is not None and game.winner == game.side_of(human):
            stats["wins"] += 1
        changed = True
    return changed
