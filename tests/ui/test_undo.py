"""Undo through the controller (ui/undo.py): the save and the screen come back exactly, the
bots replay the same way, the option turns it off, and the statistics note the hands."""

from __future__ import annotations

import asyncio

from fakes import make_app, run

from ui import undo
from ui.render_settings import render_stats
from ui.settings import Settings
from ui.storage import SAVE_KEY


def _app(seed: int, **settings):
    app, screen, _bots = make_app(
        settings=Settings(**settings),
        overrides={"speed": "instant", "seed": seed, "bots": "easy"},
    )
    app.boot()
    return app, screen


def _a_bid(app) -> str:
    return next(a for a in app.legal() if a != "PASS")


async def _bid_take_back_and_bid_again(app, screen):
    await app.run()
    before = app.store.get(SAVE_KEY)
    shown_before = dict(screen.last)
    bid = _a_bid(app)
    assert not undo.can_undo(app)
    assert app.act(bid)
    await app.run()
    after = app.store.get(SAVE_KEY)
    if app.game.phase != "bid" or len(app.game.deals) > 1:
        return None  # the auction closed: nothing to take back
    assert undo.can_undo(app)
    assert 'data-ui="undo"' in screen.last["panel"]
    assert undo.take_back(app)
    await app.run()
    assert app.store.get(SAVE_KEY) == before
    assert screen.last["hand"] == shown_before["hand"]
    assert app.legal() and not undo.can_undo(app)
    assert app.act(bid)
    await app.run()
    return after


def test_taking_back_a_bid_restores_the_save_and_the_bots_replay_the_same():
    for seed in range(40):
        app, screen = _app(seed)
        after = run(_bid_take_back_and_bid_again(app, screen))
        if after is not None:
            assert app.store.get(SAVE_KEY) == after  # same bid, same replies
            assert undo.undo_hands(app.store, app.game) == [0]
            assert 'data-stat="undo-hands"' in render_stats(app.stats, undo.stats_note(app.store))
            return
    raise AssertionError("no seed left the auction open after the human's bid")


async def _card_taken_back(app):
    while app.game.phase != "play" or not app.legal():
        await app.run()
        if app.game.phase == "play" and app.legal():
            break
        if app.game.phase == "discard":
            for card in app.view()["hand"][: app.game.rules.kitty_size]:
                app.click_card(card)
            app.act("DISCARD")
        else:
            app.act(app.legal()[0] if app.game.phase != "bid" else "PASS")
    # Find a trick the human does not close: their card leaves it open.
    while len(app.game.current_trick) == app.game.players - 1:
        app.act(app.legal()[0])
        await app.run()
    before = app.store.get(SAVE_KEY)
    app.act(next(a for a in app.legal() if ":" not in a))
    assert undo.can_undo(app)  # before the bots answer, the trick is open
    assert undo.take_back(app)
    assert app.store.get(SAVE_KEY) == before
    await asyncio.sleep(0)
    await app.run()
    assert app.store.get(SAVE_KEY) == before and app.legal()


def test_taking_back_a_card_before_the_bots_answer():
    app, _screen = _app(3)
    run(_card_taken_back(app))


async def _turned_off(app):
    await app.run()
    app.act(_a_bid(app))
    assert not undo.can_undo(app) and not undo.take_back(app)
    await app.run()


def test_undo_can_be_turned_off():
    app, screen = _app(1, undo=False)
    run(_turned_off(app))
    assert 'data-ui="undo"' not in screen.last["panel"]
    assert Settings.from_json(Settings(undo=False).to_json()).undo is False
