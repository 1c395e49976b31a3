"""Sound in the page: off by default; once turned on, our own sounds play for a card and
for the player's turn. They are synthesised in the page (ui/sound_synth.py), so no request
is made for them and they work offline."""

from __future__ import annotations

import pytest
from ui_helpers import ROOT_URL_PARAMS, human_step, problems

pytestmark = pytest.mark.browser

RECORD_PLAYS = """
window.__played = [];
HTMLMediaElement.prototype.play = function () {
  window.__played.push([this.dataset.sound, this.src.slice(0, 22)]);
  return Promise.resolve();
};
"""


def _played(page) -> list[str]:
    played = page.evaluate("window.__played")
    assert all(src == "data:audio/wav;base64," for _name, src in played)
    return [name for name, _src in played]


def test_sounds_play_once_turned_on(site_url, new_context, wait_ready):
    context, recorder = new_context(service_workers="block")
    context.add_init_script(RECORD_PLAYS)
    page = context.new_page()
    page.goto(site_url + f"?{ROOT_URL_PARAMS.replace('instant', 'fast')}&seed=9")
    wait_ready(page)
    for _ in range(2):
        human_step(page)
    assert _played(page) == []  # off by default
    page.click("[data-ui=settings]")
    page.check("#set-sound")
    page.click("dialog[open] [data-ui=settings-save]")
    page.wait_for_selector("dialog[open]", state="detached")
    steps = 0
    while not {"card", "turn"} <= set(_played(page)) and steps < 12:
        if human_step(page) == "over":
            break
        steps += 1
    assert {"card", "turn"} <= set(_played(page))
    assert problems(recorder) == []
