"""Hints at every decision of whole games in every preset: never an error, always an answer,
named as what it is (a card is not a bid), and only the cards it names outlined."""

from __future__ import annotations

import asyncio
import re

import pytest
from fakes import make_app, run

from game import Rules
from ui.html import esc
from ui.names import card_name
from ui.render_actions import action_label
from ui.render_hand import hint_cards

SEEDS = (2557, 7)  # 2557: the Australian game of the bug report


async def hinted_game(app, screen) -> int:
    """Play the whole game taking the hint at every human decision; returns their count."""
    decisions = 0
    while app.game.phase != "over":
        await app.run()
        while app._tasks:  # the hint asked for at the human's turn (auto hints off)
            await asyncio.sleep(0)
        if app.game.phase == "over":
            break
        assert app.legal(), "the loop stopped although it is not the human's turn"
        app.request_hint()
        assert app.ui.hint_pending
        while app._tasks:
            await asyncio.sleep(0)
        assert not app.ui.hint_pending, "the hint never came back"
        assert app.ui.hint is not None, "no suggestion"
        action, _reason = app.ui.hint
        phase = app.view()["phase"]
        screen.render()  # raises if the panel cannot be drawn
        panel = screen.last["panel"]
        hint = panel[panel.index('class="hint-text"') :]
        if phase == "discard":  # the reason names the cards: the suggestion only counts them
            for card in action.split()[1:]:
                assert hint.count(esc(card_name(card))) == 1, (card, hint)
        else:
            assert "Suggestion: " + esc(action_label(action, phase)) in hint
        outlined = set(
            re.findall(r'class="card[^"]*suggested[^"]*" data-card="([^"]+)"', screen.last["hand"])
        )
        assert outlined <= hint_cards(action, phase)
        if phase == "bid":
            assert not outlined, (action, outlined)
        if phase == "discard":
            for card in action.split()[1:]:
                assert app.click_card(card)
            assert app.act("DISCARD")
        elif ":" in action:
            assert app.act(action)
        else:
            assert app.act(action), (phase, action, app.legal())
        decisions += 1
    return decisions


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_hints_at_every_decision_of_whole_games(preset):
    for seed in SEEDS:
        app, screen, _bots = make_app(
            overrides={"speed": "instant", "seed": seed, "preset": preset, "bots": "easy"}
        )
        app.boot()
        assert run(hinted_game(app, screen)) > 10
        assert app.game.winner is not None
