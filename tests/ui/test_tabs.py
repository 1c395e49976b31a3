"""Two tabs on one game: only one plays; the other steps aside and never writes an older
state over a newer one; "Play here" takes the game back as the other tab left it."""

from __future__ import annotations

from fakes import make_app, run

from ui.storage import PLAYING_TAB_KEY, SAVE_KEY, MemoryBackend


def two_tabs():
    backend = MemoryBackend()
    a, _sa, _ba = make_app(overrides={"speed": "instant", "seed": 5}, backend=backend)
    a.boot()
    run(a.run())
    b, _sb, _bb = make_app(overrides={"speed": "instant"}, backend=backend)
    b.boot()
    return backend, a, b


def first_move(app) -> str:
    return app.legal()[0]


def test_the_newest_tab_plays_and_the_other_steps_aside():
    backend, a, b = two_tabs()
    assert backend.data[PLAYING_TAB_KEY] == b.tab
    a.storage_changed(PLAYING_TAB_KEY, b.tab)  # the browser's storage event in tab A
    assert a.elsewhere and not b.elsewhere
    assert a.legal() == [] and not a.act("PASS")
    assert b.act(first_move(b))
    run(b.run())
    assert a.game != b.game and backend.data[SAVE_KEY] == b.game.to_json()


def test_an_older_state_is_never_written_over_a_newer_one():
    """Even when no storage event arrives (tab A misses it), A's write is refused."""
    backend, a, b = two_tabs()
    assert b.act(first_move(b))
    run(b.run())
    newer = backend.data[SAVE_KEY]
    assert a.act(first_move(a))  # A still believes it plays
    assert backend.data[SAVE_KEY] == newer  # ... but its older state was not written
    assert a.elsewhere


def test_play_here_takes_the_game_back_as_the_other_tab_left_it():
    backend, a, b = two_tabs()
    a.storage_changed(PLAYING_TAB_KEY, b.tab)
    assert b.act(first_move(b))
    run(b.run())
    a.play_here()
    assert not a.elsewhere and a.game == b.game
    assert backend.data[PLAYING_TAB_KEY] == a.tab
    b.storage_changed(PLAYING_TAB_KEY, a.tab)
    assert b.elsewhere
    assert a.act(first_move(a))
    run(a.run())
    assert backend.data[SAVE_KEY] == a.game.to_json()


def test_own_storage_changes_are_ignored():
    _backend, a, _b = two_tabs()
    a.storage_changed(PLAYING_TAB_KEY, a.tab)
    a.storage_changed("fivehundred.settings", "{}")
    a.storage_changed(None, None)  # localStorage.clear() in another tab
    assert not a.elsewhere
