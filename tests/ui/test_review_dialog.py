"""The hand review at the table: opened from the sheet or the end-of-hand card, moved through
card by card, filled in by the bot runner last card first (the same requests the worker
answers in the browser)."""

from __future__ import annotations

import asyncio
import json

from fakes import make_app, run

from game.analysis.positions import reviewable_game
from ui.render_review import either, render_review
from ui.render_sheet import render_sheet
from ui.render_table import render_hand_result


def finished_app():
    """An app whose game has its first hand just finished, with a known mistake by the
    human in the last three tricks."""
    game = reviewable_game()
    while not game.hands_played:  # the last trick (one card each, nothing to choose)
        game.act(game.legal_actions()[0])
    app, screen, bots = make_app(overrides={"speed": "instant", "bots": "easy"})
    app.boot()
    app.load_game(game)
    return app, screen, bots


async def settle(app) -> None:
    while app._tasks:
        await asyncio.gather(*list(app._tasks))


def test_the_review_fills_in_last_card_first_and_marks_the_mistake() -> None:
    app, screen, bots = finished_app()
    cards = len(app.game.hands_played[0]["played"]) * 4

    async def review() -> None:
        assert app.open_review(app.game, 0)
        assert app.review is not None and app.review.step == 0
        html = render_review(app)  # usable at once, before any answer
        assert 'data-ui="review-next"' in html and "Analysing" in html
        await settle(app)

    run(review())
    requests = [json.loads(r) for r in bots.requests if '"review"' in r]
    assert [r["cards"] for r in requests][:3] == [[cards - 1], [cards - 2], [cards - 3]]
    session = app.review
    assert session is not None and session.done
    assert sorted(session.reviews) == list(range(cards))
    late = [i for i, s in enumerate(session.replay.steps) if s.trick >= 7]
    assert all(session.reviews[i].analysed for i in late)
    marked = [i for i in late if session.reviews[i].lost]
    assert len(marked) == 1 and session.replay.steps[marked[0]].seat == 0
    html = render_review(app)
    assert f'data-step="{marked[0] + 1}"' in html and 'data-lost="' in html
    assert "You gave up" in html or "Your side gave up" in html


def test_moving_through_the_hand() -> None:
    app, screen, _ = finished_app()

    async def review() -> None:
        assert app.open_review(app.game, 0)
        session = app.review
        assert not app.review_move("previous")  # already at the start
        assert app.review_move("next") and session.step == 1
        assert app.review_move("last") and session.step == session.cards
        assert not app.review_move("next")
        assert app.review_move(5) and session.step == 5
        assert app.review_move("first") and session.step == 0
        assert not app.review_move(session.cards + 1)
        app.close_review()
        await settle(app)

    run(review())
    assert app.review is None
    # Closed at once: the analysis stopped after the card it was working on.
    assert sum(1 for r in app.bots.requests if '"review"' in r) <= 1


def test_a_bad_hand_index_opens_nothing() -> None:
    app, _, _ = finished_app()

    async def review() -> None:
        assert not app.open_review(app.game, 5)
        assert not app.open_review(app.game, -1)

    run(review())
    assert app.review is None


def test_sheet_rows_and_the_result_card_open_the_review() -> None:
    app, _, _ = finished_app()
    sheet = render_sheet(app)
    assert 'data-ui="review" data-hand="0" data-source="game"' in sheet
    view = app.game.view(0)
    card = render_hand_result(app, view, app.game.hands_played[0])
    assert 'data-ui="review"' in card and 'data-hand="0"' in card


def test_the_better_cards_read_as_a_list() -> None:
    """Six better cards read "5♦, 8♦, 6♥, 9♥, J♥ or Q♥" (was "5♦ or 8♦ or 6♥ or …")."""
    assert either(["5D"]) == "5♦"
    assert either(["5D", "8D"]) == "5♦ or 8♦"
    assert either(["5D", "8D", "6H", "9H", "JH", "QH"]) == "5♦, 8♦, 6♥, 9♥, J♥ or Q♥"
