"""The two- and five-player tables (issue 11): a whole hand by clicks at each, the
five-handed called-card step and the partner revealed; screenshots at phone and desktop
size go to test-artifacts/ for review."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import ROOT_URL_PARAMS, human_step, load, open_game, problems

from game import Rules, new_game

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1366, "height": 768}}

# Five-handed, the human (seat 0) bids first with a hand for 10♥; the joker is elsewhere,
# so the best card to call is the joker, and its holder (seat 3) becomes the partner.
FIVE_DEAL = {
    "dealer": 4,
    "hands": [
        ["JH", "JD", "AH", "KH", "QH", "10H", "9H", "AS", "AC", "AD"],
        ["2S", "3S", "4S", "5S", "6S", "2C", "3C", "4C", "5C", "6C"],
        ["7S", "8S", "9S", "10S", "JS", "7C", "8C", "9C", "10C", "JC"],
        ["JK", "QS", "KS", "QC", "KC", "2D", "3D", "4D", "5D", "6D"],
        ["7D", "8D", "9D", "10D", "QD", "KD", "2H", "3H", "4H", "5H"],
    ],
    "kitty": ["6H", "7H", "8H"],
}


def sheet_rows(page) -> int:
    """Hands on the score sheet (its placeholder row says none was played yet)."""
    return page.locator("#region-sheet tbody tr:not(:has(td.empty))").count()


def play_one_hand(page, limit: int = 400) -> list[str]:
    """The human's clicks until the first hand is on the score sheet."""
    done = []
    while sheet_rows(page) == 0:
        done.append(human_step(page))
        if done[-1] == "over":  # the hand ended the game (a failed 10H goes out backwards)
            break
        assert len(done) < limit
    assert sheet_rows(page) == 1
    return done


def shots(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{name} at {size}: horizontal scrolling by {overflow}px"
        page.screenshot(path=str(ARTIFACTS / f"table-{name}-{size}.png"))
    page.set_viewport_size(SIZES["desktop"])


def test_two_player_table_a_whole_hand_by_clicks(site_url, new_context, wait_ready):
    page, recorder = open_game(
        new_context,
        site_url,
        f"?{ROOT_URL_PARAMS}&seed=4&preset=two-handed",
        wait_ready,
        viewport=SIZES["desktop"],
    )
    assert page.get_attribute("#table", "data-players") == "2"
    assert page.locator("#region-seats .seat").count() == 2
    assert page.locator("#region-seats .pos-top").count() == 1
    shots(page, "2p-bidding")
    moves = play_one_hand(page)
    assert any(m not in ("PASS", "continue") for m in moves)  # cards were played
    assert page.locator("[data-score-side]").count() == 2
    page.wait_for_selector("body.my-turn", state="attached")
    shots(page, "2p-next-hand")
    assert problems(recorder) == []


def test_five_player_table_call_a_partner_and_play_the_hand_by_clicks(
    site_url, new_context, wait_ready
):
    page, recorder = open_game(
        new_context,
        site_url,
        f"?{ROOT_URL_PARAMS}&seed=4&preset=five-handed",
        wait_ready,
        viewport=SIZES["desktop"],
    )
    assert page.get_attribute("#table", "data-players") == "5"
    assert page.locator("#region-seats .seat").count() == 5
    game = new_game(Rules.preset("five-handed"), seed=1, deal=FIVE_DEAL)
    load(page, site_url, wait_ready, game, "?speed=instant&bots=easy")
    page.wait_for_selector("body.my-turn", state="attached")
    shots(page, "5p-bidding")
    page.click("#region-panel [data-action='10H']")
    page.wait_for_selector("#table[data-phase=discard]")
    for card in ("6H", "7H", "8H"):  # the kitty back out: keep the hand as dealt
        page.click(f'#region-hand [data-card="{card}"]')
    page.click("[data-action=DISCARD]")
    page.wait_for_selector("#table[data-phase=call]")
    assert page.locator("#region-panel [data-action='CALL JH']").count() == 0  # own card
    shots(page, "5p-call")
    page.click("#region-panel [data-action='CALL JK']")
    page.wait_for_selector("#table[data-phase=play]")
    assert page.locator(".seat .meta", has_text="Called partner").count() == 0  # secret
    moves = play_one_hand(page)
    assert len(moves) >= 9
    record = page.evaluate("JSON.parse(localStorage.getItem('fivehundred.save')).actions")
    assert "CALL JK" in record
    assert page.locator("[data-score-side]").count() == 5
    shots(page, "5p-after-hand")
    assert problems(recorder) == []


def test_five_player_table_shows_the_called_partner_once_revealed(
    site_url, new_context, wait_ready
):
    page, recorder = open_game(
        new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=4&preset=five-handed", wait_ready
    )
    game = new_game(Rules.preset("five-handed"), seed=1, deal=FIVE_DEAL)
    for action in ["10H", "PASS", "PASS", "PASS", "PASS", "DISCARD 6H 7H 8H", "CALL JK"]:
        game.act(action)
    while game.revealed_partner is None:  # play on until the joker falls
        game.act(game.legal_actions()[0])
    while game.to_act != 0:
        game.act(game.legal_actions()[0])
    load(page, site_url, wait_ready, game, "?speed=instant&bots=easy")
    page.wait_for_selector("body.my-turn", state="attached")
    partner = page.locator(".seat.pos-top-right .meta")
    assert "Called partner" in partner.inner_text()
    shots(page, "5p-partner-revealed")
    assert problems(recorder) == []
