"""Hand records and bot claims in the page: a hand exported from the score sheet is
imported back by pasting it and played again, the game in progress set aside and taken
back from the menu; a bot contractor claims, its hand face up, and the hand plays itself
out. Phone size (390×844) and desktop: the dialogs fit the screen."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from ui_helpers import ROOT_URL_PARAMS, load, open_game, problems, saved

from game import Game, Rules, new_game
from game.analysis.positions import claimable_game

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _one_hand_played(seed: int = 3) -> Game:
    """A game whose first hand was played (at random) and whose second waits for a bid."""
    while True:
        game = new_game(Rules.preset("australian"), seed=seed)
        rng = random.Random(seed)
        while not game.hands_played:
            game.act(rng.choice(game.legal_actions()))
        if game.phase != "over":
            return game
        seed += 100


def _fits(page) -> None:
    box = page.locator("dialog[open]").bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_export_a_hand_import_it_and_play_the_deal_again(site_url, new_context, wait_ready, size):
    width, height = size
    page, recorder = open_game(
        new_context,
        site_url,
        f"?{ROOT_URL_PARAMS}",
        wait_ready,
        viewport={"width": width, "height": height},
    )
    game = _one_hand_played()
    load(page, site_url, wait_ready, game, "?speed=instant&bots=easy")
    page.wait_for_function("localStorage.getItem('fivehundred.save') !== null")
    in_progress = saved(page)
    page.click("[data-ui=menu]")
    page.click("dialog[open] [data-ui=sheet]")
    page.click("dialog[open] [data-ui=review][data-hand='0']")
    page.click("dialog[open] [data-ui=export-hand][data-hand='0']")
    text = page.input_value("#hand-record-text")
    assert text.startswith("Five Hundred hand record 1\nRules: australian\n")
    _fits(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"hand-export-{width}x{height}.png"))
    with page.expect_download() as download:
        page.click("dialog[open] [data-ui=download-hand]")
    assert download.value.suggested_filename.endswith("-1.txt")
    page.click("dialog[open] [data-ui=dialog-close]")

    page.click("[data-ui=menu]")
    page.click("dialog[open] [data-ui=import-hand]")
    page.fill("#hand-import-text", "Five Hundred hand record 1\nRules: canasta\n")
    page.click("dialog[open] [data-ui=hand-import-read]")
    assert "canasta" in page.inner_text("dialog[open] .reason")
    page.fill("#hand-import-text", text)
    page.click("dialog[open] [data-ui=hand-import-read]")
    page.wait_for_selector("dialog[open] [data-ui=hand-play-again]")
    _fits(page)
    page.screenshot(path=str(ARTIFACTS / f"hand-imported-{width}x{height}.png"))
    page.click("dialog[open] [data-ui=review-imported]")  # the imported hand, reviewed
    page.wait_for_selector("dialog[open] [data-review-summary]")
    assert "Hand 1" in page.inner_text("dialog[open] #dialog-title")
    page.click("dialog[open] [data-ui=dialog-close]")
    page.click("[data-ui=menu]")
    page.click("dialog[open] [data-ui=import-hand]")
    page.fill("#hand-import-text", text)
    page.click("dialog[open] [data-ui=hand-import-read]")
    page.click("dialog[open] [data-ui=hand-play-again]")
    page.wait_for_function(
        "(d) => JSON.stringify(JSON.parse(localStorage.getItem('fivehundred.save')).deals[0])"
        " === d",
        arg=json.dumps(game.deals[0], separators=(",", ":")),
    )
    hand = page.eval_on_selector_all("#region-hand .card", "els => els.map(e => e.dataset.card)")
    assert sorted(hand) == sorted(game.deals[0]["hands"][0])

    page.click("[data-ui=menu]")
    page.click("dialog[open] [data-ui=resume-parked]")
    page.wait_for_function(
        "(n) => JSON.parse(localStorage.getItem('fivehundred.save')).actions.length >= n",
        arg=len(in_progress["actions"]),
    )
    assert saved(page)["deals"][:2] == in_progress["deals"][:2]
    assert problems(recorder) == []


def test_a_bot_contractor_claims_with_its_hand_face_up(site_url, new_context, wait_ready):
    game = claimable_game(seat=1)
    cards = sorted(game.hand(1))
    left = len(cards)
    side = game.side_of(1)
    before = sum(w for s, w in enumerate(game.tricks_won()) if game.side_of(s) == side)
    page, recorder = open_game(
        new_context,
        site_url,
        f"?{ROOT_URL_PARAMS}",
        wait_ready,
        viewport={"width": 390, "height": 844},
    )
    load(page, site_url, wait_ready, game, "?speed=normal&bots=easy")
    shown = page.locator("#region-seats [data-seat='1'] .exposed .card")
    shown.first.wait_for(state="attached", timeout=30_000)
    labels = shown.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) in (left, left - 1)  # the claimer's first card may be on the table
    assert "claims the rest of the tricks" in page.inner_text("#live")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "bot-claim-390x844.png"))
    page.wait_for_selector(".hand-result [data-ui=continue]", state="attached", timeout=30_000)
    record = saved(page)
    assert len(record["actions"]) == len(game.actions) + left * game.rules.players
    replay = Game.from_json(json.dumps(record))
    assert replay.hands_played[0]["tricks"][side] - before == left
    assert problems(recorder) == []
