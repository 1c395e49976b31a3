"""The guided first hand (ui/tour.py): tips in the order the hand reaches them."""

from __future__ import annotations

from fakes import make_app, run

from ui import tour
from ui.render_page import render_regions


async def _to_play(app) -> None:
    while app.game.phase != "play" or not app.legal():
        await app.run()
        if app.game.phase == "play" and app.legal():
            return
        if app.game.phase == "discard":
            for card in app.view()["hand"][: app.game.rules.kitty_size]:
                app.click_card(card)
            app.act("DISCARD")
        elif app.legal():
            app.act("PASS" if app.game.phase == "bid" else app.legal()[0])


def test_tips_follow_the_hand_and_the_guide_ends():
    app, _screen, _bots = make_app(overrides={"speed": "instant", "seed": 5, "bots": "easy"})
    assert tour.start_if_first_visit(app.store, has_save=False, has_settings=False)
    app.boot()
    run(app.run())
    assert tour.current_tip(app) == "bid"
    assert 'data-tip="bid"' in render_regions(app)["panel"]
    tour.mark_seen(app.store, "bid")
    assert tour.current_tip(app) is None
    run(_to_play(app))
    assert tour.current_tip(app) == "follow"
    tour.mark_seen(app.store, "follow")
    assert tour.current_tip(app) == "bowers"
    tour.mark_seen(app.store, "bowers")
    assert tour.load(app.store)["state"] == "done" and tour.current_tip(app) is None
    assert "coach" not in render_regions(app)["panel"]
    tour.restart(app.store)
    assert tour.current_tip(app) == "follow"


def test_not_started_for_a_returning_player_and_damaged_state_is_off():
    app, _screen, _bots = make_app()
    assert not tour.start_if_first_visit(app.store, has_save=True, has_settings=False)
    assert tour.load(app.store)["state"] == "done"
    app.store.put(tour.TOUR_KEY, '{"state": "maybe"}')
    assert tour.load(app.store)["state"] == "done"


def test_the_bidding_tip_speaks_of_a_partner_only_where_there_is_one():
    for preset, partner in [("australian", True), ("two-handed", False), ("five-handed", False)]:
        app, _screen, _bots = make_app(overrides={"speed": "instant", "seed": 5, "preset": preset})
        tour.restart(app.store)
        app.boot()
        assert tour.current_tip(app) == "bid", preset
        panel = render_regions(app)["panel"]
        assert 'data-tip="bid"' in panel
        assert ("partner" in panel) is partner, preset


def test_no_tip_of_the_next_hand_while_the_finished_one_is_on_the_table():
    from test_controller import _one_card_before_the_end_of_a_hand

    app, screen, _bots = make_app(overrides={"speed": "normal", "bots": "easy"})
    tour.restart(app.store)
    app.boot()
    game, last = _one_card_before_the_end_of_a_hand()
    app.load_game(game)
    app._apply(last)
    assert app.game.phase == "bid"  # the next hand is dealt, its result not dismissed yet
    assert app.ui.hold is not None and app.ui.hold.view is not None
    assert tour.current_tip(app) is None
    assert "coach" not in render_regions(app)["panel"]
    app.dismiss_hold()
    while app.ui.hold is not None:
        app.dismiss_hold()
    assert tour.current_tip(app) == "bid"  # now the new hand's table is shown
