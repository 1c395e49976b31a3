"""Claiming the rest of the tricks by a click: offered when certain, then the hand plays
itself out to its result, every remaining trick the human's (screenshot at phone size)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ui_helpers import ROOT_URL_PARAMS, load, open_game, problems

from game.analysis.positions import claimable_game

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def test_claim_the_rest_by_a_click(site_url, new_context, wait_ready):
    game = claimable_game()
    left = len(game.hand(0))
    side = game.side_of(0)
    before = sum(w for s, w in enumerate(game.tricks_won()) if game.side_of(s) == side)
    page, recorder = open_game(
        new_context,
        site_url,
        f"?{ROOT_URL_PARAMS}",
        wait_ready,
        viewport={"width": 390, "height": 844},
    )
    load(page, site_url, wait_ready, game, "?speed=fast&bots=easy")
    page.wait_for_selector("body.my-turn", state="attached")
    claim = page.locator("#region-panel [data-ui=claim]")
    assert claim.inner_text() == "Claim the rest"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "claim-offered-390x844.png"))
    claim.click()
    page.wait_for_selector(".hand-result [data-ui=continue]", timeout=30_000)
    record = json.loads(page.evaluate("localStorage.getItem('fivehundred.save')"))
    assert len(record["actions"]) == len(game.actions) + left * game.rules.players
    page.screenshot(path=str(ARTIFACTS / "claim-played-out-390x844.png"))
    replay = type(game).from_json(json.dumps(record))
    assert replay.hands_played[0]["tricks"][side] - before == left
    assert problems(recorder) == []
