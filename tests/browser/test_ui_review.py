"""The hand review in the page: opened from the end-of-hand card, stepped through with the
buttons and the arrow keys, the human's mistake marked once the worker (or the page) has
analysed the last tricks; nothing cut off and no serious axe violation at phone and desktop
size (screenshots)."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout_check import layout_problems
from test_ui_axe import AXE, audit
from ui_helpers import ROOT_URL_PARAMS, load, open_game, problems

from game.analysis.positions import reviewable_game

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}


def step(page) -> int:
    return int(page.get_attribute("dialog[open] .review-where", "data-review-step") or -1)


def test_review_a_hand_from_its_result(site_url, new_context, wait_ready):
    game = reviewable_game()
    cards = sum(len(t.plays) for t in game.tricks) + len(game.current_trick)
    page, recorder = open_game(
        new_context,
        site_url,
        f"?{ROOT_URL_PARAMS}",
        wait_ready,
        viewport=PHONE,
        bypass_csp=True,  # axe-core is injected as an inline script
    )
    load(page, site_url, wait_ready, game, "?speed=fast&bots=easy")
    page.wait_for_selector("body.my-turn", state="attached")
    page.locator("#region-hand button[data-card]:not([disabled])").first.click()
    review = page.locator(".hand-result [data-ui=review]")
    review.wait_for(timeout=30_000)
    assert layout_problems(page) == []  # the result card with its two buttons
    review.click()
    page.wait_for_selector("dialog.dialog-review[open]")
    assert step(page) == 0
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert step(page) == 2
    page.keyboard.press("ArrowLeft")
    assert step(page) == 1
    page.locator("dialog[open] [data-ui=review-last]").click()
    total = step(page)
    assert total >= cards
    page.keyboard.press("Home")
    assert step(page) == 0
    # The last tricks are analysed first: the human's mistake is marked as it arrives.
    lost = page.locator("dialog[open] .review-card.lost")
    lost.first.wait_for(timeout=120_000)
    lost.first.click()
    assert 1 <= step(page) <= total
    verdict = page.inner_text("dialog[open] .review-verdict")
    assert "was better" in verdict
    summary = page.locator("dialog[open] [data-review-summary]")
    assert "gave up" in summary.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    assert layout_problems(page) == []
    assert AXE.is_file(), "axe-core is missing: run npm ci"
    assert audit(page) == []
    page.screenshot(path=str(ARTIFACTS / "review-390x844.png"))
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(200)
    assert layout_problems(page) == []
    assert audit(page) == []
    page.screenshot(path=str(ARTIFACTS / "review-1366x768.png"))
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.dialog-review[open]", state="detached")
    # The sheet's rows open the review too.
    page.locator("#region-sheet [data-ui=review][data-hand='0']").click()
    page.wait_for_selector("dialog.dialog-review[open]")
    assert step(page) == 0
    assert problems(recorder) == []
