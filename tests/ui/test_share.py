"""Shared links and the deal of the day (ui/share.py, ui/daily.py, ui/render_share.py)."""

from __future__ import annotations

import re

from fakes import make_app, play_out, run

from game import Rules, new_game
from game.seeding import seed_deal
from ui import daily
from ui.query import asks_for_link
from ui.render_share import render_daily, render_share
from ui.share import (
    decode_rules,
    encode_rules,
    parse_link,
    share_query,
    start_game,
    without_link,
)
from ui.storage import MemoryBackend, Store


def test_rules_round_trip_presets_and_custom():
    for name in Rules.PRESETS:
        assert encode_rules(Rules.preset(name)) == name
    custom = Rules.preset("three-handed").with_options(target=1000)
    text = encode_rules(custom)
    assert text.startswith("x") and decode_rules(text) == custom


def test_damaged_links_are_ignored():
    for query in ("?deal=abc", "?deal=1&rules=xNOPE", "?deal=1&rules=chess", "?daily=2026-13-40"):
        assert parse_link(query) is None
    assert parse_link("?seed=4") is None
    link = parse_link("?deal=5&hand=9999&bots=genius")
    assert link is not None and link.hand == 0 and link.bots is None


def test_the_start_reads_a_link_only_from_a_query_that_asks_for_one():
    # ui/main.py imports ui.share only when asks_for_link(): no link may be missed
    for query in (
        "?deal=5",
        "?seed=1&deal=7&rules=three-handed&hand=2&bots=easy",
        "?d%61ily=2026-12-03",
        "?daily=2026-12-03&lang=fr",
        "?deal=abc",
        "?seed=4",
        "?lang=fr&fresh=1",
        "",
    ):
        assert asks_for_link(query) or parse_link(query) is None, query
    assert asks_for_link("?d%61ily=2026-12-03") and not asks_for_link("?seed=4&deals=1")


def test_a_link_from_a_hand_starts_with_that_hand_of_the_seed():
    rules = Rules.preset("australian")
    game = new_game(rules, seed=31)
    while len(game.deals) < 3:  # everyone passes: the cards are dealt again
        game.act("PASS")
    query = share_query(game, from_hand=True, bots="hard")
    assert query == "?deal=31&rules=australian&hand=2&bots=hard"
    friend = start_game(parse_link(query))
    assert friend.deals[0] == game.deals[2] == seed_deal(rules, 31, 2)
    # Shared again from the start, the friend's game points at the same hand.
    assert share_query(friend) == "?deal=31&rules=australian&hand=2"
    assert without_link("?deal=31&rules=australian&hand=2&lang=fr&speed=fast") == (
        "?lang=fr&speed=fast"
    )


def test_a_prepared_deal_cannot_be_shared():
    deal = seed_deal(Rules(), 1, 0)
    game = new_game(Rules(), seed=2, deal=deal)
    assert share_query(game) is None
    app, _screen, _bots = make_app(overrides={"speed": "instant"})
    app.load_game(game)
    assert "share-start" not in render_share(app, "https://example.org/500/")


def test_share_dialog_has_the_links():
    app, _screen, _bots = make_app(overrides={"speed": "instant", "seed": 12})
    app.boot()
    html = render_share(app, "https://example.org/500/")
    assert 'value="https://example.org/500/?deal=12&amp;rules=australian' in html


def test_daily_same_date_same_game_and_one_result_per_date():
    a, b = parse_link("?daily=2026-12-03"), parse_link("?daily=2026-12-03")
    assert start_game(a) == start_game(b) != start_game(parse_link("?daily=2026-12-04"))
    app, _screen, _bots = make_app(overrides={"speed": "instant", "bots": "easy"})
    app.listeners.append(lambda c: daily.record_if_finished(c.store, c.game))
    game = start_game(a)
    daily.mark_started(app.store, "2026-12-03", game)
    app.load_game(game)
    assert "daily-play" not in render_daily(app, "2026-12-03")

    run(play_out(app))
    results = daily.results(app.store)
    assert [d for d, _r in results] == ["2026-12-03"]
    assert results[0][1]["scores"] == app.game.scores
    html = render_daily(app, "2026-12-03")
    assert re.search(r'data-daily="2026-12-03"', html)
    assert not daily.record_if_finished(app.store, app.game)  # counted once


def test_damaged_daily_entry_starts_empty():
    store = Store(MemoryBackend())
    store.put(daily.DAILY_KEY, '{"version": 1, "results": {"x": 1, "2026-01-01": {"won": 3}}}')
    assert daily.results(store) == []
    store.put(daily.DAILY_KEY, "{broken")
    assert daily.load(store)["current"] is None
