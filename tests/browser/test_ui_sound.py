"""Sound in the page: off by default; once turned on, our own sounds play for a card and
for the player's turn; the files are served from our origin and precached by the service
worker (the offline test in test_site.py boots the app offline from that cache)."""

from __future__ import annotations

import pytest
from ui_helpers import ROOT_URL_PARAMS, human_step, problems

from ui.sound import SOUND_FILES

pytestmark = pytest.mark.browser

RECORD_PLAYS = """
window.__played = [];
HTMLMediaElement.prototype.play = function () {
  window.__played.push(this.src.split('/').pop());
  return Promise.resolve();
};
"""


def _played(page) -> list[str]:
    return page.evaluate("window.__played")


def test_sounds_play_once_turned_on(site_url, new_context, wait_ready, dist_dir):
    sw = (dist_dir / "sw.js").read_text()
    for path in SOUND_FILES.values():
        assert f'"./{path}"' in sw or f'"{path}"' in sw, f"{path} is not precached"
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
    while not {"card.wav", "turn.wav"} <= set(_played(page)) and steps < 12:
        if human_step(page) == "over":
            break
        steps += 1
    assert {"card.wav", "turn.wav"} <= set(_played(page))
    for path in SOUND_FILES.values():
        response = page.request.get(site_url + path)
        assert response.ok and len(response.body()) > 1000
    assert problems(recorder) == []
