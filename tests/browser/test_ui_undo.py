"""Undo in the page: Ctrl+Z takes back the player's bid while the auction is open; the save
and the hand come back exactly, and the bots answer the same bid the same way again.

Seed 15 with easy bots leaves the auction open after the player's first bid (6♠); the
controller test (tests/ui/test_undo.py) covers cards and the option turned off.
"""

from __future__ import annotations

import json

import pytest
from ui_helpers import ROOT_URL_PARAMS, open_game, problems

pytestmark = pytest.mark.browser

SEED = 15
MY_TURN = "document.body.classList.contains('my-turn')"
SAVE = "localStorage.getItem('fivehundred.save')"


def _hand(page) -> list[str]:
    return page.eval_on_selector_all("#region-hand .card", "els => els.map(e => e.dataset.card)")


def test_ctrl_z_takes_back_a_bid_exactly(site_url, new_context, wait_ready):
    page, recorder = open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}&seed={SEED}", wait_ready)
    page.wait_for_function(MY_TURN)
    before, hand = page.evaluate(SAVE), _hand(page)
    assert page.locator("[data-ui=undo]").count() == 0
    page.click("#region-panel [data-action='6S']")
    page.wait_for_selector("#region-panel [data-ui=undo]")
    page.wait_for_function(MY_TURN)
    after = page.evaluate(SAVE)
    assert after != before
    page.keyboard.press("Control+z")
    page.wait_for_function(f"{SAVE} === {before!r}")
    page.wait_for_function(MY_TURN)
    assert _hand(page) == hand
    assert page.locator("[data-ui=undo]").count() == 0
    calls_before = len(json.loads(before)["actions"])
    assert page.locator("#region-panel .auction-line li").count() == calls_before
    # The same bid again: the bots replay their answers exactly.
    page.click("#region-panel [data-action='6S']")
    page.wait_for_function(f"{SAVE} === {after!r}")
    page.wait_for_function(MY_TURN)
    # The button does the same as the key (a locator: the panel may be drawn again meanwhile).
    page.locator("#region-panel [data-ui=undo]").click()
    page.wait_for_function(f"{SAVE} === {before!r}")
    assert problems(recorder) == []
