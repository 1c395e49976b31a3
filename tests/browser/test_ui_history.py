"""History, charts and statistics in the page: a finished game (played by bots under
CPython, loaded as the save) shows its score graph on the end screen, goes into the games
history where its sheet opens again, feeds the statistics' charts, and the history
survives a corrupt game save."""

from __future__ import annotations

import pytest
from ui_helpers import ROOT_URL_PARAMS, open_game, problems, put_save

from game import Rules, new_game
from game.bots import Bot

pytestmark = pytest.mark.browser


def _finished_game():
    game = new_game(Rules.preset("australian"), seed=8)
    bot = Bot("easy", 1)
    while game.phase != "over":
        game.act(bot.choose(game.view(game.to_act)))
    return game


def test_charts_and_history_of_a_finished_game(site_url, new_context, wait_ready):
    game = _finished_game()
    page, recorder = open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=3", wait_ready)
    put_save(page, site_url, game.to_json())
    page.goto(site_url + "?speed=instant")
    wait_ready(page)
    end = page.locator("dialog[open]")
    end.locator("svg[data-chart=score]").wait_for()
    assert end.locator("svg[data-chart=score] polyline").count() == 2
    end.locator("[data-ui=dialog-close]").click()

    page.click("[data-ui=menu]")
    page.click("dialog[open] [data-ui=stats]")
    stats = page.locator("dialog[open]")
    stats.locator("svg[data-chart=results]").wait_for()
    assert stats.locator("[data-stat=longest-streak]").count() == 1

    stats.locator("[data-ui=history]").click()
    rows = page.locator("dialog[open] [data-history]")
    rows.first.wait_for()
    assert rows.count() == 1
    page.click("dialog[open] [data-ui=history-open]")
    past = page.locator("dialog[open]")
    past.locator("svg[data-chart=score]").wait_for()
    assert past.locator("table.sheet tbody tr").count() == len(game.hands_played)

    # A corrupt save: the bad-save dialog, then a new game; the history is still there.
    page.evaluate("localStorage.setItem('fivehundred.save', '{oops')")
    page.goto(site_url + "?speed=instant")
    wait_ready(page)
    page.click("dialog[open] [data-ui=new-game-confirmed]")
    page.click("[data-ui=menu]")
    page.click("dialog[open] [data-ui=history]")
    page.locator("dialog[open] [data-history]").first.wait_for()
    assert page.locator("dialog[open] [data-history]").count() == 1
    assert problems(recorder) == []
