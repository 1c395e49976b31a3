"""Hostile values in every localStorage entry: the app boots, a bad save is reported (kept,
downloadable), other entries fall back to their defaults; nothing is parsed that is too big
or nested too deep (in the browser, deep nesting kills the Python runtime itself)."""

from __future__ import annotations

import pytest
from fakes import make_app

from ui import safe_json
from ui.settings import Settings
from ui.storage import (
    BAD_SAVE_KEY,
    SAVE_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    UI_KEY,
    MemoryBackend,
    parse_save,
)

HOSTILE = {
    "deep-array": "[" * 100_000 + "]" * 100_000,
    "deep-object": '{"a":' * 5_000 + "1" + "}" * 5_000,
    "unclosed": "[" * 100_000,
    "deep-inside-a-save": '{"format": "fivehundred-game", "version": 1, "rules": '
    + "[" * 20_000
    + "]" * 20_000
    + "}",
    "huge-string": '"' + "x" * 3_000_000 + '"',
    "huge-number": "9" * 100_000,
    "lone-surrogates": '{"a": "\ud800\udfff\udc00"}',
    "not-json": "{oops",
    "null": "null",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("key", [SAVE_KEY, SETTINGS_KEY, STATS_KEY, UI_KEY])
def test_boot_survives_a_hostile_entry(key: str, name: str) -> None:
    backend = MemoryBackend()
    backend.data[key] = HOSTILE[name]
    settings = Settings.from_json(backend.data.get(SETTINGS_KEY))
    app, _screen, _bots = make_app(settings=settings, backend=backend)
    app.boot()
    if key == SAVE_KEY:
        assert app.game is None and app.load_error is not None
        assert app.load_error[1] == HOSTILE[name]  # kept as it was, for the download
        assert backend.data[SAVE_KEY] == HOSTILE[name]  # still stored until the player chooses
    else:
        assert app.game is not None and app.load_error is None


def test_depth_is_measured_without_recursion() -> None:
    assert safe_json.nesting_depth('[{"a": "]]]]"}, []]') == 2
    assert safe_json.nesting_depth('"[[[["') == 0
    assert safe_json.nesting_depth("[" * 40 + "]" * 40) == safe_json.MAX_DEPTH + 1
    assert safe_json.nesting_depth("[" * 32 + "]" * 32) == 32
    for unpaired in ("]", "[[]", "[}", "{oops"):
        with pytest.raises(safe_json.JsonLimitError):
            safe_json.nesting_depth(unpaired)


def test_a_real_save_passes_the_limits() -> None:
    from game import new_game

    game = new_game(seed=4)
    for _ in range(30):
        game.act(game.legal_actions()[0])
    result = parse_save(game.to_json())
    assert result.game == game


@pytest.mark.parametrize("name", ["deep-array", "unclosed", "huge-string"])
def test_a_refused_save_says_why(name: str) -> None:
    result = parse_save(HOSTILE[name])
    assert result.game is None and result.raw == HOSTILE[name]
    assert result.error and result.detail


def test_a_big_bad_save_is_kept_when_a_new_game_starts() -> None:
    """A 3 MB bad save in a 5 MB storage: moved aside (not copied first), no false notice."""
    raw = '{"format": "fivehundred-game", "junk": "' + "x" * 3_000_000 + '"}'
    backend = MemoryBackend(quota=5_000_000)
    backend.data[SAVE_KEY] = raw
    app, _screen, _bots = make_app(backend=backend)
    app.boot()
    assert app.load_error is not None
    app.new_game()
    assert backend.data[BAD_SAVE_KEY] == raw
    assert app.store.problem is None
    assert SAVE_KEY in backend.data and backend.data[SAVE_KEY] != raw


def test_a_bad_save_that_cannot_be_moved_is_never_overwritten() -> None:
    raw = '{"format": "fivehundred-game", "junk": "' + "x" * 3_000_000 + '"}'
    backend = MemoryBackend(quota=5_000_000)
    backend.data[SAVE_KEY] = raw
    # another entry fills the rest: the save fits under its own key and nowhere else
    backend.data["other"] = "y" * (5_000_000 - len(raw) - len(SAVE_KEY) - len("other"))
    app, _screen, _bots = make_app(backend=backend)
    app.boot()
    app.new_game()
    assert backend.data[SAVE_KEY] == raw and BAD_SAVE_KEY not in backend.data
    assert app.game is not None and app.store.problem  # plays on, says it is not saved


def test_the_storage_notice_goes_once_writes_work_again() -> None:
    backend = MemoryBackend(full=True)
    app, _screen, _bots = make_app(backend=backend)
    app.boot()
    assert app.store.problem
    backend.full = False  # the player freed some space
    app.save()
    assert app.store.problem is None
