"""Shared deals and the deal of the day in the page: a link copied from the Share dialog
opens the same first hand in a fresh context; the deal of the day is the same in two
contexts on the same date; a daily link gives the game computed from the date."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from ui_helpers import ROOT_URL_PARAMS, open_game, problems, saved

from ui.share import daily_link, parse_link, start_game

pytestmark = pytest.mark.browser


def _hand(page) -> list[str]:
    return page.eval_on_selector_all("#region-hand .card", "els => els.map(e => e.dataset.card)")


def _menu(page, item: str) -> None:
    page.click("[data-ui=menu]")
    page.click(f"dialog[open] [data-ui={item}]")


def _first_deal(page) -> dict:
    page.wait_for_function("localStorage.getItem('fivehundred.save') !== null")
    return saved(page)["deals"][0]


def test_shared_link_opens_the_same_first_hand(site_url, new_context, wait_ready):
    page, recorder = open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=77", wait_ready)
    _menu(page, "share")
    link = page.input_value("#share-start")
    assert link.startswith(site_url) and "deal=77" in link and "rules=australian" in link
    mine = _first_deal(page)
    friend, friend_recorder = open_game(new_context, link, "", wait_ready)
    assert _first_deal(friend) == mine
    assert saved(friend)["seed"] == 77
    friend.wait_for_function("!location.search.includes('deal=')")  # a reload resumes
    hand = _hand(friend)
    assert sorted(hand) == sorted(mine["hands"][0])
    assert problems(recorder) == [] and problems(friend_recorder) == []


def test_deal_of_the_day_is_the_same_in_two_contexts(site_url, new_context, wait_ready):
    """Both clocks read 3 December 2026 (a run across midnight must not give two dates), and
    the deal is the one computed from that date."""
    expected = json.loads(start_game(daily_link("2026-12-03")).to_json())
    deals = []
    for _ in range(2):
        page, recorder = open_game(
            new_context, site_url, f"?{ROOT_URL_PARAMS}", wait_ready, datetime(2026, 12, 3, 23, 59)
        )
        _menu(page, "daily")
        page.click("dialog[open] [data-ui=daily-play]")
        if page.locator("dialog[open] [data-ui=link-play]").count():
            page.click("dialog[open] [data-ui=link-play]")  # the bots had started a game
        page.wait_for_function(
            "JSON.parse(localStorage.getItem('fivehundred.daily') || '{}').current"
        )
        deals.append((saved(page)["seed"], _first_deal(page)))
        assert problems(recorder) == []
    assert deals[0] == deals[1] == (expected["seed"], expected["deals"][0])


def test_daily_link_gives_the_dates_game(site_url, new_context, wait_ready):
    page, recorder = open_game(new_context, site_url, "?speed=instant&daily=2026-12-03", wait_ready)
    expected = json.loads(start_game(parse_link("?daily=2026-12-03")).to_json())
    assert _first_deal(page) == expected["deals"][0]
    assert saved(page)["seed"] == expected["seed"]
    _menu(page, "daily")
    assert page.locator("dialog[open] #dialog-title").count() == 1
    assert problems(recorder) == []
