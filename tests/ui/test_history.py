"""The games history, its statistics and the charts (ui/history.py, ui/charts.py,
ui/render_history.py), with whole games played through the controller."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from fakes import make_app, play_out, run

from game import Game
from ui import charts, history
from ui.html import esc
from ui.render_dialogs import render_end, render_sheet_dialog
from ui.render_history import render_history, render_past_game, stats_extra
from ui.storage import SAVE_KEY, MemoryBackend


def _finished_app(seed: int, backend=None):
    app, screen, _bots = make_app(
        overrides={"speed": "instant", "seed": seed, "bots": "easy", "fresh": True},
        backend=backend,
    )
    app.listeners.append(lambda c: history.record_finished(c, lambda: "2026-12-03 10:00"))
    app.boot()
    run(play_out(app))
    return app


@pytest.fixture(scope="module")
def finished():
    backend = MemoryBackend()
    return _finished_app(21, backend), backend


def _svgs(html: str) -> list[ET.Element]:
    return [ET.fromstring(m) for m in re.findall(r"<svg.*?</svg>", html, re.S)]


def test_a_finished_game_is_recorded_once(finished):
    app, _backend = finished
    games = history.load(app.store)["games"]
    assert len(games) == 1
    entry = games[0]
    assert entry["scores"] == app.game.scores and entry["hands"] == len(app.game.hands_played)
    assert entry["won"] == (app.game.winner == app.game.side_of(0))
    assert history.past_game(entry) == app.game
    app.load_game(Game.from_json(app.game.to_json()))  # imported again: counted once
    assert len(history.load(app.store)["games"]) == 1


def test_charts_render_for_a_finished_game(finished):
    app, _backend = finished
    for html in (render_end(app), render_sheet_dialog(app), render_past_game(app, 0)):
        graphs = [svg for svg in _svgs(html) if svg.get("data-chart") == "score"]
        assert len(graphs) == 1
        lines = graphs[0].findall("{http://www.w3.org/2000/svg}polyline")
        assert len(lines) == app.game.rules.num_sides
        points = lines[0].get("points").split()
        assert len(points) == len(app.game.hands_played) + 1
        key = re.findall(r'<ul class="chart-legend">(.*?)</ul>', html)
        names = [esc(app.side_name(s)) for s in range(app.game.rules.num_sides)]
        assert len(key) == 1 and re.findall(r"</span>([^<]*)</li>", key[0]) == names
    past = render_past_game(app, 0)
    assert past.count("<tr") >= len(app.game.hands_played) + 2  # head, hands, total
    app.stats["contracts"]["MIS"] = {"bid": 2, "made": 1}
    extra = stats_extra(app)
    assert re.search(r'data-stat="misere">1\D+2<', extra)
    kinds = {svg.get("data-chart") for svg in _svgs(extra)}
    assert kinds == {"bars", "results"}
    assert 'data-stat="longest-streak"' in extra and 'data-stat="average"' in extra
    listing = render_history(app)
    assert 'data-ui="history-open"' in listing and "2026-12-03 10:00" in listing


def test_history_survives_a_corrupt_game_save(finished):
    app, backend = finished
    backend.setItem(SAVE_KEY, "{not a save")
    again, _screen, _bots = make_app(overrides={"speed": "instant"}, backend=backend)
    again.boot()
    assert again.load_error is not None
    assert len(history.load(again.store)["games"]) == 1
    again.new_game()
    assert len(history.load(again.store)["games"]) == 1


def test_damaged_history_is_kept_aside():
    backend = MemoryBackend()
    app, _screen, _bots = make_app(backend=backend)
    backend.setItem(history.HISTORY_KEY, '{"version": 1, "games": [{"key": 3}]}')
    assert history.load(app.store)["games"] == []  # a bad entry is dropped
    backend.setItem(history.HISTORY_KEY, "[broken")
    assert history.load(app.store)["games"] == []
    assert backend.getItem(history.DAMAGED_KEY) == "[broken"
    assert backend.getItem(history.HISTORY_KEY) is None


def test_streaks_and_margins():
    games = [
        {"won": w, "points": 10, "hands": 1, "scores": [s, 100], "side": 0}
        for w, s in ((True, 520), (True, 510), (True, 505), (False, 200), (True, 500))
    ]
    figures = history.summary(games, {"contracts": {}})
    assert figures["longest_streak"] == 3 and figures["streak"] == 1
    assert figures["margins"] == [420, 410, 405, 100, 400]
    assert figures["misere"] == (0, 0)


def test_score_graph_draws_target_and_losing_lines():
    svg = ET.fromstring(
        charts.score_graph([[0, 0], [-300, 200], [-520, 260]], ["A", "B"], 500, -500)
    )
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "500" in texts and "-500" in texts and "A" not in texts  # names: in the legend
