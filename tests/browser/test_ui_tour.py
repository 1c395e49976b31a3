"""The guided first hand in the page: it starts on a first visit, its tips follow the
hand, it links the rules, can be skipped, and comes back from the menu."""

from __future__ import annotations

import pytest
from ui_helpers import ROOT_URL_PARAMS, human_step, open_game, phase, problems

pytestmark = pytest.mark.browser

COACH = "#region-panel .coach"


def test_guided_first_hand(site_url, new_context, wait_ready):
    page, recorder = open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=5", wait_ready)
    page.wait_for_selector(f"{COACH}[data-tip=bid]")
    page.click(f"{COACH} [data-ui=rules]")  # the rules page, from the tip
    page.locator("dialog[open]").wait_for()
    page.click("dialog[open] [data-ui=dialog-close]")
    page.click(f"{COACH} [data-ui=tour-next]")
    page.wait_for_selector(COACH, state="detached")
    for _ in range(40):
        if phase(page) == "play" and page.locator(COACH).count():
            break
        human_step(page)
    page.wait_for_selector(f"{COACH}[data-tip=follow]")
    page.click(f"{COACH} [data-ui=tour-skip]")
    page.wait_for_selector(COACH, state="detached")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("body.my-turn", state="attached")
    assert page.locator(COACH).count() == 0  # skipped: not again
    page.click("[data-ui=menu]")
    page.click("dialog[open] [data-ui=tour]")
    page.wait_for_selector(COACH)
    assert problems(recorder) == []
