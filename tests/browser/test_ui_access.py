"""Keyboard-only play, screen-reader names and announcements, hints, and the bot worker
keeping the page responsive."""

from __future__ import annotations

import pytest
from layout_check import calls_out_of_sight
from ui_helpers import (
    ROOT_URL_PARAMS,
    load,
    open_game,
    phase,
    prepared,
    problems,
    saved,
    ten_short_game,
)

from game import Rules

pytestmark = pytest.mark.browser

ACTIVE = "document.activeElement"


def active_attr(page, name: str) -> str | None:
    return page.evaluate(f"{ACTIVE} && {ACTIVE}.getAttribute({name!r})")


def wait_my_turn(page) -> None:
    page.wait_for_selector("body.my-turn", state="attached", timeout=60_000)


def test_keyboard_only_play_of_a_hand(site_url, new_context, wait_ready):
    page, recorder = open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=17", wait_ready)
    deals = len(saved(page)["deals"])
    played = 0
    for _ in range(200):
        if len(saved(page)["deals"]) > deals and played:
            break
        wait_my_turn(page)
        page.wait_for_function(
            f"{ACTIVE} && ({ACTIVE}.dataset.card || {ACTIVE}.dataset.action)", timeout=10_000
        )
        if phase(page) == "bid":
            assert active_attr(page, "data-action"), "focus is on a bid"
            page.keyboard.press("End")  # the last button of the bidding box: Pass
            assert active_attr(page, "data-action") == "PASS"
            page.keyboard.press("Enter")
        elif phase(page) == "play":
            if active_attr(page, "data-action"):  # choosing the joker's suit
                page.keyboard.press("Enter")
                continue
            first = active_attr(page, "data-card")
            assert first, "focus is on a card"
            label = active_attr(page, "aria-label") or ""
            assert " of " in label or "oker" in label
            enabled = page.locator("#region-hand .card:not([disabled])").count()
            if enabled > 1:
                page.keyboard.press("ArrowRight")
                second = active_attr(page, "data-card")
                assert second and second != first
                page.keyboard.press("ArrowLeft")
                assert active_attr(page, "data-card") == first
            cards = page.locator("#region-hand [data-card]").count()
            page.keyboard.press("Enter")
            if page.locator("#region-panel [data-action*=':']").count():
                continue
            page.wait_for_function(
                f"document.querySelectorAll('#region-hand [data-card]').length < {cards}"
            )
            played += 1
        else:
            pytest.fail(f"unexpected phase {phase(page)}")
    assert played >= 1 and len(saved(page)["deals"]) > deals
    live = page.inner_text("#live")
    assert "wins the trick" in live or "win the trick" in live or "made" in live
    assert problems(recorder) == []


def test_cards_and_bids_have_names_and_the_live_region_speaks(site_url, new_context, wait_ready):
    page, recorder = open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=3", wait_ready)
    wait_my_turn(page)
    labels = page.eval_on_selector_all(
        "#region-hand [data-card]", "els => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert labels and all(label for label in labels)
    assert any(" of " in label for label in labels)
    bids = page.eval_on_selector_all(
        "#region-panel [data-action]", "els => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert "Pass" in bids
    assert any(b.startswith(("Seven", "Eight", "Six")) for b in bids)
    assert page.get_attribute("#live", "aria-live") == "polite"
    if saved(page)["actions"]:
        assert page.inner_text("#live").strip()
    # the hint highlights the suggestion with a reason
    page.click("[data-ui=hint]")
    page.wait_for_selector(".hint-text")
    assert page.locator(".suggested").count() >= 1
    assert "Suggestion" in page.inner_text(".hint-text")
    assert problems(recorder) == []


# The hint's box, the panel that scrolls around it, and the window, as rectangles.
HINT_PLACE = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
  return {hint: box(document.querySelector('.hint-text')),
          panel: box(document.querySelector('#region-panel')), window: [0, innerHeight]};
}"""


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720), (360, 740)])
def test_the_first_calls_and_a_hint_are_in_sight(size, site_url, new_context, wait_ready):
    """The first game's guide puts its tip above the actions. At 1366×768 the panel then
    scrolled, with the bids from 7 up, Pass, a hint asked for, or the kitty's Discard out of
    sight below: on wide screens the panel now takes the whole column while the guide shows,
    and a new hint is scrolled into the panel's view."""
    width, height = size
    page, recorder = open_game(
        new_context,
        site_url,
        "?speed=instant",
        wait_ready,
        viewport={"width": width, "height": height},
    )
    load(page, site_url, wait_ready, ten_short_game())
    assert phase(page) == "bid"
    assert page.locator("#region-panel .coach").count() == 1, "the guide is shown"
    assert calls_out_of_sight(page) == []
    page.click("[data-ui=hint]")
    page.wait_for_selector(".hint-text", timeout=90_000)
    place = page.evaluate(HINT_PLACE)
    (top, bottom), (panel_top, panel_bottom) = place["hint"], place["panel"]
    assert panel_top - 1 <= top and bottom <= panel_bottom + 1, place
    assert 0 <= top and bottom <= height, place
    # the kitty's tip above the discard: Discard was out of sight too
    load(page, site_url, wait_ready, prepared(Rules.preset("australian"), ["7NT"] + 3 * ["PASS"]))
    assert phase(page) == "discard"
    assert page.locator("#region-panel .coach").count() == 1, "the guide is shown"
    assert calls_out_of_sight(page) == []
    assert problems(recorder) == []
    page.close()


# The guide's tip and its buttons, and whether its text scrolls in its own box.
TIP_PLACE = """() => {
  const tip = document.querySelector('#region-panel .coach'), box = tip.getBoundingClientRect();
  const out = [...tip.querySelectorAll('button')].filter((b) => {
    const r = b.getBoundingClientRect();
    return r.top < box.top - 1 || r.bottom > box.bottom + 1;
  }).map((b) => b.dataset.ui);
  return {buttons_out: out, scrolls: tip.scrollHeight > tip.clientHeight + 1};
}"""


@pytest.mark.parametrize("size", [(1366, 657), (1024, 600)])
def test_every_call_is_in_sight_in_a_laptop_browser(size, site_url, new_context, wait_ready):
    """A 1366×768 laptop's browser shows about 1366×657 below its tabs and address bar. There
    the panel, capped to keep 240 px for the score sheet, scrolled Open misère and Pass out of
    sight in the first bidding; it now takes what it needs down to the hand's row. With the
    first game's guide, its tip above the bids gives way: its text scrolls between its title
    and its buttons (Pass was scrolled out of sight below it)."""
    width, height = size
    french = "?speed=instant&lang=fr"
    page, recorder = open_game(
        new_context, site_url, french, wait_ready, viewport={"width": width, "height": height}
    )
    load(page, site_url, wait_ready, prepared(Rules.preset("australian"), []), french)
    assert phase(page) == "bid"
    assert page.locator("#region-panel .coach").count() == 1, "the guide is shown"
    assert calls_out_of_sight(page) == []
    place = page.evaluate(TIP_PLACE)
    assert place["buttons_out"] == [], place
    if height < 620:  # French's tip is longer than the room: its text scrolls
        assert place["scrolls"], place
    page.click("[data-ui=tour-skip]")
    assert page.locator("#region-panel .coach").count() == 0
    assert calls_out_of_sight(page) == []
    load(
        page,
        site_url,
        wait_ready,
        prepared(Rules.preset("australian"), ["7NT"] + 3 * ["PASS"]),
        french,
    )
    assert phase(page) == "discard"
    assert calls_out_of_sight(page) == []
    assert problems(recorder) == []
    page.close()


def test_bots_think_in_a_worker_and_the_page_stays_responsive(site_url, new_context, wait_ready):
    page, recorder = open_game(
        new_context, site_url, "?speed=instant&bots=hard&fresh=1&seed=23", wait_ready
    )
    page.wait_for_function("document.body.dataset.botWorker", timeout=120_000)
    assert page.evaluate("document.body.dataset.botWorker") in ("real", "stand-in")
    page.evaluate(
        """() => { window.__gaps = []; let last = performance.now();
        const tick = (t) => { window.__gaps.push(t - last); last = t;
          if (window.__gaps.length < 100000) requestAnimationFrame(tick); };
        requestAnimationFrame(tick); }"""
    )
    start = len(saved(page)["actions"])
    for _ in range(30):  # the human passes / plays; hard bots think in the worker meanwhile
        page.wait_for_selector(
            "#region-panel [data-action=PASS], #region-hand .card:not([disabled]), "
            "#region-panel [data-action*=':'], dialog[open]",
            timeout=60_000,
        )
        if page.locator("#region-panel [data-action=PASS]").count():
            page.click("#region-panel [data-action=PASS]")
        elif page.locator("#region-panel [data-action*=':']").count():
            page.locator("#region-panel [data-action*=':']").first.click()
        elif page.locator("dialog[open]").count():
            break
        else:
            page.locator("#region-hand .card:not([disabled])").first.click()
        if len(saved(page)["actions"]) - start > 60:
            break
    gaps = page.evaluate("window.__gaps")
    worst = max(gaps[5:]) if len(gaps) > 5 else 0
    assert len(saved(page)["actions"]) > start + 10
    print(f"longest frame gap while the bots played: {worst:.0f} ms")
    assert worst < 250, f"the page froze for {worst:.0f} ms"
    assert problems(recorder) == []


def test_language_setting_reloads_the_page_translated(site_url, new_context, wait_ready):
    page, recorder = open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=4", wait_ready)
    assert page.get_attribute("html", "lang") == "en"
    page.click("[data-ui=settings]")
    options = page.eval_on_selector_all("#set-language option", "els => els.map((e) => e.value)")
    assert {"", "en", "fr", "ro", "pl", "ko"} <= set(options)
    actions = len(saved(page)["actions"])
    with page.expect_navigation():
        page.select_option("#set-language", "fr")
        page.click("dialog[open] [data-ui=settings-save]")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "fr"
    assert page.get_attribute("[data-ui=settings]", "aria-label") != "Settings"
    assert len(saved(page)["actions"]) >= actions  # the same game goes on
    assert problems(recorder) == []
