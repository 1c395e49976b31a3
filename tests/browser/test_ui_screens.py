"""Phone (360×740) and desktop (1366×768) layouts: no horizontal scrolling, touch targets of
40 px or more, light and dark themes, suit symbols that stand out from their ground (3:1) in
both; screenshots go to test-artifacts/ for review."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import KITTY, load, open_game, phase, prepared, problems

from game import Rules

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1366, "height": 768}}


def check_layout(page) -> None:
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"horizontal scrolling by {overflow}px"
    small = page.evaluate(
        """() => [...document.querySelectorAll(
              '.topbar button, #region-panel button:not([disabled]), dialog[open] button')]
            .filter((b) => b.offsetParent !== null)
            .map((b) => [b.dataset.action || b.dataset.ui || b.textContent.trim(),
                         b.getBoundingClientRect()])
            .filter(([, r]) => r.width < 40 || r.height < 40)
            .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], f"touch targets under 40 px: {small}"


# Suit symbols and suit-coloured names off the cards, whose contrast with the ground behind them
# (the nearest opaque background) is under 3:1, WCAG's least for graphics.
FAINT_SUITS = """() => {
  const channels = (colour) => colour.match(/[\\d.]+/g).map(Number);
  const luminance = (rgb) => rgb.slice(0, 3).map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ground = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = channels(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0.5) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll('.suit-S, .suit-C, .suit-H, .suit-D, .black-joker, .joker')]
    .filter((el) => el.getClientRects().length && !el.closest('.card'))
    .map((el) => {
      const [a, b] = [luminance(channels(getComputedStyle(el).color)), luminance(ground(el))];
      const name = (el.closest('[data-action]') || el).dataset.action || el.getAttribute('class');
      return [name, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
    })
    .filter(([, ratio]) => ratio < 3).map(([name, ratio]) => `${name} ${ratio.toFixed(1)}:1`);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_suits_stand_out_in_both_themes(scheme, site_url, new_context, wait_ready):
    """The bids, the joker's nomination and the settings' trump chart: the dark theme drew
    spades and clubs near black on its near-black buttons (1.2:1), and hearts and diamonds at
    2.4:1."""
    page, recorder = open_game(
        new_context,
        site_url,
        "?speed=instant&bots=easy&fresh=1&seed=3",
        wait_ready,
        viewport=SIZES["desktop"],
        color_scheme=scheme,
    )
    page.wait_for_selector("body.my-turn", state="attached")
    assert phase(page) == "bid"
    assert page.locator("#region-panel .suit-S").count() >= 4
    assert page.evaluate(FAINT_SUITS) == []
    game = prepared(
        Rules.preset("australian"), ["7NT", "PASS", "PASS", "PASS", "DISCARD " + " ".join(KITTY)]
    )
    load(page, site_url, wait_ready, game)
    assert phase(page) == "nominate"
    assert page.evaluate(FAINT_SUITS) == []
    page.click("[data-ui=settings]")
    page.locator("dialog[open]").wait_for()
    assert page.evaluate(FAINT_SUITS) == []
    assert problems(recorder) == []
    page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_layout_and_screenshots(size, scheme, site_url, new_context, wait_ready):
    ARTIFACTS.mkdir(exist_ok=True)
    page, recorder = open_game(
        new_context,
        site_url,
        "?speed=instant&bots=easy&fresh=1&seed=3",
        wait_ready,
        viewport=SIZES[size],
        color_scheme=scheme,
        device_scale_factor=2 if size == "phone" else 1,
    )
    page.wait_for_selector("body.my-turn", state="attached")
    assert phase(page) == "bid"
    check_layout(page)
    page.screenshot(path=str(ARTIFACTS / f"ui-{size}-{scheme}-bidding.png"))
    # pass until the play, then play a few cards and take the table mid-trick
    played = 0
    for _ in range(60):
        page.wait_for_selector(
            "body.my-turn, #region-panel [data-action=PASS]", state="attached", timeout=60_000
        )
        if phase(page) == "bid":
            page.click("#region-panel [data-action=PASS]")
            continue
        if phase(page) != "play":
            page.wait_for_timeout(50)
            continue
        if played >= 2 and page.locator("#region-centre [data-played]").count() >= 1:
            break
        card = page.locator("#region-hand .card:not([disabled])")
        if card.count() == 0:
            page.wait_for_timeout(50)
            continue
        card.first.click()
        played += 1
    check_layout(page)
    page.screenshot(path=str(ARTIFACTS / f"ui-{size}-{scheme}-play.png"))
    page.click("[data-ui=settings]")
    page.locator("dialog[open]").wait_for()
    check_layout(page)
    page.screenshot(path=str(ARTIFACTS / f"ui-{size}-{scheme}-settings.png"))
    page.click("dialog[open] [data-ui=dialog-close]")
    page.click("[data-ui=sheet]")
    page.locator("dialog[open]").wait_for()
    page.screenshot(path=str(ARTIFACTS / f"ui-{size}-{scheme}-sheet.png"))
    page.click("dialog[open] [data-ui=dialog-close]")
    assert problems(recorder) == []
