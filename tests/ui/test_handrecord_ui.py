"""Hand records at the table: exporting a hand, importing one and playing its deal again
without losing the game in progress (controller and HTML, no DOM)."""

from __future__ import annotations

import random

from fakes import make_app, run

from game import RecordError, Rules, new_game
from game.handrecord import format_hand, parse_hand
from ui import parked
from ui.errors_text import error_text
from ui.render_dialogs import render_menu
from ui.render_handrecord import render_export_hand, render_import_hand, render_imported
from ui.render_review import render_review


def _finished_hand(seed: int = 3):
    """A game whose first hand is played (at random) and whose second is dealt."""
    while True:
        game = new_game(Rules.preset("australian"), seed=seed)
        rng = random.Random(seed)
        while not game.hands_played:
            game.act(rng.choice(game.legal_actions()))
        if game.phase != "over":
            return game
        seed += 100


def test_play_again_parks_the_game_in_progress_and_the_menu_brings_it_back() -> None:
    app, screen, _ = make_app(overrides={"speed": "instant", "bots": "easy"})
    app.boot()
    before = _finished_hand(3)
    app.load_game(before)
    record = parse_hand(format_hand(_finished_hand(8), 0))
    assert app.play_deal_again(record)
    assert app.game is not None and app.game.deals[0] == record.deal() and not app.game.actions
    assert parked.count(app.store) == 1
    assert 'data-ui="resume-parked"' in render_menu(parked.count(app.store))
    run(app.run())  # the bots bid until the human's turn
    assert app.act(app.legal()[0])
    run(app.run())
    played = len(app.game.actions)
    hands_counted = app.stats["hands"]
    assert app.resume_parked()
    assert app.stats["hands"] == hands_counted  # the parked game's hands count once
    assert app.game == before
    assert parked.count(app.store) == 1  # the replayed deal, in progress, is set aside in turn
    assert app.resume_parked() and len(app.game.actions) == played


def test_a_fresh_game_is_not_parked() -> None:
    app, _screen, _ = make_app(overrides={"speed": "instant"})
    app.boot()
    app.game = new_game(seed=1)
    assert app.play_deal_again(parse_hand(format_hand(_finished_hand(), 0)))
    assert parked.count(app.store) == 0
    assert 'data-ui="resume-parked"' not in render_menu(parked.count(app.store))


def test_export_dialog_holds_the_record_and_the_sheet_and_hand_card_offer_it() -> None:
    app, screen, _ = make_app(overrides={"speed": "instant", "bots": "easy"})
    app.boot()
    app.load_game(_finished_hand())
    html = render_export_hand(app, 0)
    assert "Five Hundred hand record 1" in html and 'data-ui="download-hand"' in html
    screen.render()
    assert 'data-ui="review" data-hand="0"' in screen.last["sheet"]  # the row opens its review
    assert app.open_review(app.game, 0)
    assert 'data-ui="export-hand" data-hand="0"' in render_review(app, export_hand=0)
    assert 'data-ui="export-hand"' not in render_review(app)  # a past game's review


def test_import_dialogs_say_what_is_wrong_and_offer_play_again() -> None:
    app, _screen, _ = make_app()
    app.boot()
    try:
        parse_hand("Five Hundred hand record 1\nRules: australian\nDealer: 0\nSeat 0: ZZ")
    except RecordError as exc:
        reason = error_text(exc)
    assert "ZZ" in reason
    assert reason in render_import_hand(reason)
    html = render_imported(app, parse_hand(format_hand(_finished_hand(), 0)), parked=True)
    assert 'data-ui="hand-play-again"' in html and "Hand 1" in html
