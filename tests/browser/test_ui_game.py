"""Whole games played through clicks, to the end screen, with no error and no foreign request.

The human makes the first legal move each time (PASS in the auction, the first playable
card); the bots play instantly at the easy level, from a fixed seed.
"""

from __future__ import annotations

import pytest
from ui_helpers import ROOT_URL_PARAMS, human_step, open_game, phase, problems

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("preset", "seed", "players"),
    [("australian", 11, 4), ("three-handed", 5, 3)],
)
def test_whole_game_to_the_end_screen(preset, seed, players, site_url, new_context, wait_ready):
    page, recorder = open_game(
        new_context, site_url, f"?{ROOT_URL_PARAMS}&seed={seed}&preset={preset}", wait_ready
    )
    assert page.get_attribute("#table", "data-players") == str(players)
    assert page.locator("#region-seats .seat").count() == players
    moves = 0
    while True:
        done = human_step(page)
        if done == "over":
            break
        moves += 1
        assert moves < 2000
    dialog = page.locator("dialog[open]")
    dialog.wait_for()
    assert dialog.locator("[data-ui=new-game]").is_visible()
    title = dialog.locator("#dialog-title").inner_text()
    assert "win" in title.lower()
    assert phase(page) == "over"
    scores = [
        int(page.inner_text(f'[data-score-side="{s}"]').replace("−", "-"))
        for s in range(page.locator("[data-score-side]").count())
    ]
    assert max(scores) >= 500 or min(scores) <= -500
    assert page.locator("#region-sheet tbody tr").count() >= 1
    # a new game from the end screen
    dialog.locator("[data-ui=new-game]").click()
    page.wait_for_selector("#table:not([data-phase=over])")
    assert all(page.inner_text(f'[data-score-side="{s}"]') == "0" for s in range(len(scores)))
    assert recorder.foreign_requests(site_url) == []
    assert problems(recorder) == []
