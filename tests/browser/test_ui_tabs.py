"""The game open in two tabs: only one plays; the other says so, offers "Play here", and never
writes its older state over the newer one."""

from __future__ import annotations

import pytest
from ui_helpers import ROOT_URL_PARAMS, human_step, problems, saved, wait_turn

pytestmark = pytest.mark.browser

ELSEWHERE = "dialog[open] [data-ui=play-here]"


def test_only_one_tab_plays(site_url, new_context, wait_ready):
    context, recorder = new_context(service_workers="block")
    a = context.new_page()
    a.goto(site_url + f"?{ROOT_URL_PARAMS}&seed=7")
    wait_ready(a)
    wait_turn(a)
    b = context.new_page()
    b.goto(site_url + "?speed=instant&bots=easy")
    wait_ready(b)
    a.wait_for_selector(ELSEWHERE)
    assert "open in another tab" in a.inner_text("dialog[open]")
    assert b.locator(ELSEWHERE).count() == 0

    human_step(b)
    wait_turn(b)  # b's bots have played up to the human again: the save is at rest
    newer = saved(b)
    a.keyboard.press("Escape")  # the choice cannot be dismissed
    a.wait_for_selector(ELSEWHERE)
    assert saved(a) == newer

    a.click(ELSEWHERE)  # A takes the game back, as B left it
    a.wait_for_selector("dialog[open]", state="detached")
    b.wait_for_selector(ELSEWHERE)
    wait_turn(a)
    assert len(saved(a)["actions"]) >= len(newer["actions"])
    assert saved(a)["actions"][: len(newer["actions"])] == newer["actions"]
    human_step(a)
    a.wait_for_function(
        f"JSON.parse(localStorage.getItem('fivehundred.save')).actions.length"
        f" > {len(newer['actions'])}"
    )
    assert problems(recorder) == []
