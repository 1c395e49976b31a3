"""Helpers for the UI's browser tests (test_ui_*.py): open the game, play the human's turns."""

from __future__ import annotations

import json
import time
from datetime import datetime

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from game import Game, Rules, new_game

ROOT_URL_PARAMS = "speed=instant&bots=easy&fresh=1"
TURN = (
    "#region-panel [data-action]:not([disabled]), #region-hand .card:not([disabled]), "
    "#region-seats .exposed .card:not([disabled]), #region-panel .exposed .card:not([disabled]), "
    "#region-panel [data-ui=new-game], "
    "dialog[open] [data-ui=new-game], [data-ui=continue]"
)


def open_game(
    new_context,
    url: str,
    query: str,
    wait_ready,
    fixed_time: datetime | None = None,
    **context_args,
):
    """A new context and page on ``url + query``, ready: (page, recorder). ``fixed_time``: the
    page's clock (``Date``) reads that local time throughout."""
    context, recorder = new_context(service_workers="block", **context_args)
    if fixed_time is not None:
        context.clock.set_fixed_time(fixed_time)
    page = context.new_page()
    page.goto(url + query)
    wait_ready(page)
    return page, recorder


def phase(page) -> str:
    return page.get_attribute("#table", "data-phase") or ""


def saved(page) -> dict:
    raw = page.evaluate("localStorage.getItem('fivehundred.save')")
    return json.loads(raw) if raw else {}


def wait_turn(page, timeout_ms: int = 60_000) -> None:
    page.wait_for_selector(TURN, state="attached", timeout=timeout_ms)


def human_step(page) -> str:
    """Wait for the human's turn and make its first legal move; returns what was done."""
    wait_turn(page)
    if page.locator("dialog[open] [data-ui=new-game]").count():
        return "over"
    if phase(page) == "over":
        return "over"
    if page.locator("[data-ui=continue]").count():
        page.click("[data-ui=continue]")
        return "continue"
    current = phase(page)
    if current == "bid":
        page.click("#region-panel [data-action=PASS]")
        return "PASS"
    if current == "discard":
        cards = page.eval_on_selector_all(
            "#region-hand .card", "els => els.map((e) => e.dataset.card)"
        )
        need = len(cards) - 10
        for card in cards[:need]:
            page.click(f'#region-hand [data-card="{card}"]')
        page.click("[data-action=DISCARD]")
        return "DISCARD"
    if current == "nominate":
        page.click("#region-panel [data-action^='NOMINATE']")
        return "NOMINATE"
    if current == "kitty":
        page.click("#region-panel [data-action=KITTY]")
        return "KITTY"
    if current == "call":
        button = page.locator("#region-panel [data-action^='CALL']").first
        action = button.get_attribute("data-action") or ""
        button.click()
        return action
    joker = page.locator("#region-panel [data-action*=':']")
    if joker.count():
        action = joker.first.get_attribute("data-action")
        joker.first.click()
        return action or ""
    card = page.locator(  # a hand lying face up is drawn twice: at its seat and, on phones, below
        "#region-hand .card:not([disabled]), #region-seats .exposed .card:not([disabled]):visible, "
        "#region-panel .exposed .card:not([disabled]):visible"
    ).first
    try:
        name = card.get_attribute("data-card", timeout=5_000) or ""
        card.click(timeout=5_000)
    except PlaywrightTimeout:  # played for the human meanwhile (a claim, a forced card)
        return "played for you"
    return name


def play_until(page, done, limit_s: float = 240) -> int:
    """Make the human's moves until ``done(page)`` is true; returns the number of moves."""
    start = time.monotonic()
    moves = 0
    while not done(page):
        assert time.monotonic() - start < limit_s, "the game took too long"
        if human_step(page) == "over":
            break
        moves += 1
    return moves


def problems(recorder) -> list[str]:
    """The recorder's problems, except requests aborted by navigating away: a test that
    reloads the page while the bot worker is still booting cuts the worker's downloads
    short (HTTP errors and other network failures still count)."""
    return [
        p
        for p in recorder.problems()
        if not (p.startswith("request failed:") and p.endswith("net::ERR_ABORTED"))
    ]


# --- a prepared deal for special moments (kitty, joker, misère), loaded as a save ---------------

HUMAN = ["JK", "AS", "KS", "QS", "AC", "KC", "AD", "KD", "AH", "KH"]
OTHERS = [
    ["5S", "6S", "7S", "8S", "5C", "6C", "7C", "4D", "5D", "4H"],
    ["9S", "10S", "JS", "8C", "9C", "10C", "6D", "7D", "5H", "6H"],
    ["JC", "QC", "8D", "9D", "10D", "JD", "QD", "7H", "8H", "9H"],
]
KITTY = ["10H", "JH", "QH"]
DEAL = {"dealer": 3, "hands": [HUMAN, *OTHERS], "kitty": KITTY}


def prepared(rules: Rules, actions: list[str]) -> Game:
    """A game on DEAL (the human holds the joker) after ``actions``."""
    game = new_game(rules, seed=1, deal=DEAL)
    for action in actions:
        game.act(action)
    return game


TEN_SHORT_DEAL = {
    "dealer": 0,
    "hands": [
        "7C 6D JD AD 4H 5H 8H 9H JH AH".split(),
        "9S JS AC 4D 5D 7D 8D 10D 6H QH".split(),
        "6S 8S 5C 9C JC KC QD 7H 10H KH".split(),
        "5S 7S 10S QS KS 6C 8C 10C QC JK".split(),
    ],
    "kitty": "AS 9D KD".split(),
}
"""tests/bots/test_bots_expert.py's OPEN_MISERE_WITH_THE_JOKER turned so that the human (seat 0)
holds the hand that would bid 10H over the open misère."""


def ten_short_game() -> Game:
    """After 6D PASS OMIS the human's 10H takes every trick in 21% of the sampled deals: the
    hint passes, saying so (reason ``pass_ten_short``)."""
    game = new_game(Rules.preset("australian"), seed=1, deal=TEN_SHORT_DEAL)
    for action in ("6D", "PASS", "OMIS"):
        game.act(action)
    return game


def load(page, site_url, wait_ready, game, query: str = "?speed=instant") -> None:
    """Put ``game`` in the page's storage as the saved game and reload on ``query``."""
    put_save(page, site_url, game.to_json())
    page.goto(site_url + query)
    wait_ready(page)


def put_save(page, site_url: str, raw: str) -> None:
    """Store ``raw`` as the saved game of ``site_url``'s page, once the game shown waits for
    the human (or is over, or could not be loaded): bots still playing would autosave over it."""
    assert page.url.startswith(site_url)
    page.wait_for_function(
        "document.body.classList.contains('my-turn') || document.body.dataset.phase === 'over'"
        " || document.querySelector('dialog[open] [data-ui=download-bad-save]') !== null"
    )
    page.evaluate("(s) => localStorage.setItem('fivehundred.save', s)", raw)
