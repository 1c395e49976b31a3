"""History, charts and statistics in the page: a finished game (played by bots under
CPython, loaded as the save) shows its score graph on the end screen, goes into the games
history where its sheet opens again, feeds the statistics' charts, and the history
survives a corrupt game save. The charts' text fits in every language, at phone and
desktop size."""

from __future__ import annotations

import json

import pytest
from layout_check import layout_problems
from table_states import table_states
from test_table_layout import LANGUAGES
from ui_helpers import ROOT_URL_PARAMS, open_game, problems, put_save

from game import Rules, new_game
from game.bots import Bot
from ui.storage import CONTRACT_TYPES, empty_stats

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


@pytest.mark.parametrize("viewport", [(360, 740), (1366, 768)])
def test_charts_text_fits_in_every_language(viewport, site_url, new_context, wait_ready):
    """Six-handed's three long side names under the score graph ("Nord-Ouest et Est") and the
    statistics' bars of every bid type ("블라인드 미제르"): the layout check finds every text
    inside its box, and every chart's SVG text inside its chart and clear of the others."""
    stats = empty_stats()
    for kind in CONTRACT_TYPES:
        stats["contracts"][kind] = {"bid": 3, "made": 1}
    save = table_states("six-handed")["sheet"]
    width, height = viewport
    page, recorder = open_game(
        new_context,
        site_url,
        f"?{ROOT_URL_PARAMS}",
        wait_ready,
        viewport={"width": width, "height": height},
    )
    found = {}
    for lang in LANGUAGES:
        put_save(page, site_url, save)
        page.evaluate("(s) => localStorage.setItem('fivehundred.stats', s)", json.dumps(stats))
        page.goto(f"{site_url}?lang={lang}&speed=instant&bots=easy")
        wait_ready(page)
        page.click(".topbar [data-ui=sheet]")
        page.locator("dialog[open] svg[data-chart=score]").wait_for()
        assert page.locator("dialog[open] .chart-legend li").count() == 3
        found[f"{lang} sheet"] = layout_problems(page)
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
        page.click("[data-ui=menu]")
        page.click("dialog[open] [data-ui=stats]")
        page.locator("dialog[open] svg[data-chart=bars]").wait_for()
        assert page.locator("dialog[open] svg[data-chart=bars] rect").count() == 2 * len(
            CONTRACT_TYPES
        )
        found[f"{lang} stats"] = layout_problems(page)
        page.keyboard.press("Escape")
    assert {where: found[where] for where in found if found[where]} == {}
    assert problems(recorder) == []
