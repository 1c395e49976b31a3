"""Statistics: a finished game imported again is not counted again; damaged statistics are
kept aside (never overwritten) and the dialog says so."""

from __future__ import annotations

import json

from fakes import make_app, run

from game import Game
from ui.render_settings import render_stats
from ui.storage import BAD_STATS_KEY, STATS_KEY, MemoryBackend


def finished_game(backend: MemoryBackend):
    app, _screen, _bots = make_app(
        overrides={"speed": "instant", "bots": "easy", "seed": 3}, backend=backend
    )
    app.boot()
    while app.game.phase != "over":
        run(app.run())
        if app.game.phase != "over":
            assert app.act(app.legal()[0])
    return app


def test_importing_the_same_finished_game_again_counts_it_once():
    backend = MemoryBackend()
    app = finished_game(backend)
    finished = app.game.to_json()
    counts = {k: app.stats[k] for k in ("games", "wins", "hands")}
    assert counts["games"] == 1
    for _ in range(3):
        app.new_game()
        app.load_game(Game.from_json(finished))
    assert {k: app.stats[k] for k in ("games", "wins", "hands")} == counts
    stored = json.loads(backend.data[STATS_KEY])
    assert stored["games"] == 1


def test_damaged_statistics_are_kept_aside_and_the_dialog_says_so():
    backend = MemoryBackend()
    damaged = '{"games": 12, "wins": "seven", "hands": 80}'
    backend.data[STATS_KEY] = damaged
    app, _screen, _bots = make_app(overrides={"speed": "instant"}, backend=backend)
    app.boot()
    run(app.run())
    assert app.stats["wins"] == 0
    assert backend.data[BAD_STATS_KEY] == damaged
    app.new_game()
    assert backend.data[BAD_STATS_KEY] == damaged  # never overwritten
    assert "damaged" in render_stats(app.stats, damaged=True)
