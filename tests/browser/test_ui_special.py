"""Special moments, reached by loading a prepared save: the kitty exchange, the joker's
nomination (no trumps and misère) and lead, a partner's misère, open misère, the last trick
and the hand result; plus the 3- and 6-player tables."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import KITTY, load, open_game, phase, prepared, problems, saved

from game import Rules

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def page_and_recorder(site_url, new_context, wait_ready):
    """A page of its own for each test (a rerun after a crashed page gets a new one)."""
    page, recorder = open_game(new_context, site_url, "?speed=instant&fresh=1&seed=1", wait_ready)
    yield page, recorder
    page.context.close()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"ui-special-{name}.png"))


def test_kitty_exchange_nomination_and_joker_lead(page_and_recorder, site_url, wait_ready):
    page, recorder = page_and_recorder
    game = prepared(Rules.preset("australian"), ["7NT", "PASS", "PASS", "PASS"])
    load(page, site_url, wait_ready, game)
    assert phase(page) == "discard"
    kitty = page.eval_on_selector_all(
        "#region-hand .card.kitty", "els => els.map((e) => e.dataset.card)"
    )
    assert sorted(kitty) == sorted(KITTY)
    discard = page.locator("[data-action=DISCARD]")
    assert discard.is_disabled()
    for card in kitty:
        page.click(f'#region-hand [data-card="{card}"]')
    assert page.get_attribute(f'#region-hand [data-card="{kitty[0]}"]', "aria-pressed") == "true"
    shot(page, "discard")
    discard.click()
    page.wait_for_selector("#table[data-phase=nominate]")
    buttons = page.eval_on_selector_all(
        "#region-panel [data-action]", "els => els.map((e) => e.dataset.action)"
    )
    assert buttons == [f"NOMINATE {s}" for s in "SCDH"] + ["NOMINATE -"]
    shot(page, "nominate-nt")
    page.click("[data-action='NOMINATE -']")
    page.wait_for_selector("#table[data-phase=play]")
    assert "Joker not nominated" in page.inner_text("#region-status")
    page.click('#region-hand [data-card="JK"]')
    suits = page.eval_on_selector_all(
        "#region-panel [data-action]", "els => els.map((e) => e.dataset.action)"
    )
    assert suits == ["JK:S", "JK:C", "JK:D", "JK:H"]
    shot(page, "joker-lead")
    page.click("[data-action='JK:H']")
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('fivehundred.save')).actions.includes('JK:H')"
    )
    assert problems(recorder) == []


def test_misere_nomination_warns_about_the_unnominated_joker(
    page_and_recorder, site_url, wait_ready
):
    page, recorder = page_and_recorder
    rules = Rules.preset("australian").with_options(misere="anytime")
    game = prepared(rules, ["MIS", "PASS", "PASS", "PASS", "DISCARD 10H JH QH"])
    load(page, site_url, wait_ready, game)
    assert phase(page) == "nominate"
    warning = page.inner_text("#region-panel .warning")
    assert "un-nominated joker wins any trick" in warning
    assert "danger" in page.get_attribute("[data-action='NOMINATE -']", "class")
    shot(page, "nominate-misere")
    page.click("[data-action='NOMINATE H']")
    page.wait_for_selector("#table[data-phase=play]")
    assert "Joker is hearts" in page.inner_text("#region-status")
    assert problems(recorder) == []


def test_partner_misere_lays_the_human_hand_aside(page_and_recorder, site_url, wait_ready):
    page, recorder = page_and_recorder
    rules = Rules.preset("australian").with_options(misere="anytime")
    game = prepared(rules, ["PASS", "PASS", "MIS", "PASS"])
    load(page, site_url, wait_ready, game, "?speed=slow")
    page.wait_for_selector("#region-hand .hand.out")
    assert "sit out" in page.inner_text("#region-hand")
    assert page.locator('.seat[data-seat="0"].out').count() == 1
    shot(page, "sitting-out")
    assert problems(recorder) == []


def test_open_misere_hand_is_shown_after_the_first_trick(page_and_recorder, site_url, wait_ready):
    page, recorder = page_and_recorder
    game = prepared(Rules.preset("australian"), ["PASS", "OMIS", "PASS", "PASS"])
    load(page, site_url, wait_ready, game)
    for _ in range(20):
        if page.locator('.seat[data-seat="1"] .exposed .card').count():
            break
        page.wait_for_selector(
            "#region-hand .card:not([disabled]), #region-panel [data-action*=':']",
            timeout=30_000,
        )
        if page.locator("#region-panel [data-action*=':']").count():
            page.locator("#region-panel [data-action*=':']").first.click()
        else:
            page.locator("#region-hand .card:not([disabled])").first.click()
        page.wait_for_timeout(100)
    exposed = page.locator('.seat[data-seat="1"] .exposed .card')
    assert exposed.count() >= 5
    assert " of " in (exposed.first.get_attribute("aria-label") or "")
    shot(page, "open-misere")
    assert problems(recorder) == []


def test_last_trick_peek_and_hand_result(page_and_recorder, site_url, wait_ready):
    page, recorder = page_and_recorder
    game = prepared(
        Rules.preset("australian"),
        ["7NT", "PASS", "PASS", "PASS", "DISCARD 10H JH QH", "NOMINATE -"],
    )
    while not (len(game.tricks) == 9 and game.to_act == 0):
        game.act(game.legal_actions()[0])
    load(page, site_url, wait_ready, game, "?speed=fast")
    page.click("[data-ui=peek]")
    assert page.locator("#region-centre [data-played]").count() == 4
    assert page.locator("#region-centre .winner").count() == 1
    assert "Last trick" in page.inner_text("#region-panel")
    page.click("[data-ui=peek]")
    page.locator("#region-hand .card:not([disabled])").first.click()
    if page.locator("#region-panel [data-action*=':']").count():  # the joker, led last
        page.locator("#region-panel [data-action*=':']").first.click()
    page.wait_for_selector(".hand-result [data-ui=continue]", timeout=30_000)
    text = page.inner_text(".hand-result")
    assert "7NT" in text or "made" in text or "down" in text
    assert page.locator("#region-sheet tbody tr").count() == 1
    shot(page, "hand-result")
    page.click("[data-ui=continue]")
    page.wait_for_selector("#table[data-phase=bid]")
    assert len(saved(page)["deals"]) == 2
    assert problems(recorder) == []


@pytest.mark.parametrize("preset", ["three-handed", "six-handed"])
@pytest.mark.parametrize("size", [(360, 740), (1366, 768)])
def test_other_tables_fit(preset, size, site_url, new_context, wait_ready):
    width, height = size
    page, recorder = open_game(
        new_context,
        site_url,
        f"?speed=instant&bots=easy&fresh=1&seed=2&preset={preset}",
        wait_ready,
        viewport={"width": width, "height": height},
    )
    page.wait_for_selector("body.my-turn", state="attached")
    seats = 3 if preset == "three-handed" else 6
    assert page.locator("#region-seats .seat").count() == seats
    page.click("#region-panel [data-action=PASS]")
    page.wait_for_timeout(300)
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    shot(page, f"{preset}-{width}")
    assert problems(recorder) == []
