"""A monkey at the table: random clicks, double-clicks and Tab / arrow / Enter / Escape keys
across every preset at fast bot speed, from a game with several hands played (the score
sheet then scrolls, and Tab can land on its scroll box). No Python traceback may reach the
console, and
whenever the table is settled (the human to act, nothing held) the hand, the trick and the
scores shown are the saved game's."""

from __future__ import annotations

import json
import random
import time

import pytest
from ui_helpers import put_save, saved

from game import Game, Rules, new_game
from ui.bots import think

pytestmark = pytest.mark.browser

SECONDS_PER_PRESET = 7
KEYS = ["Tab", "Shift+Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "]
KEYS += ["Escape", "Home", "End", "h"]
# Everything a player can click; a file chooser, a download or a language change would take
# the monkey off the table (those have their own tests).
CLICKABLE = (
    "button:not([data-ui=import]):not([data-ui=export]):not([data-ui=download-bad-save])"
    ":not([data-ui=settings-save]), [data-card], .card, .seat, #region-sheet, .felt"
)

SETTLED = """() => {
  const table = document.getElementById("table");
  return (document.body.classList.contains("my-turn") || document.body.dataset.phase === "over")
    && table.dataset.hold === "" && !document.querySelector("#region-centre .peek-label");
}"""

SHOWN = """() => ({
  hand: document.querySelector("#region-hand .face-down") ? null :
    [...document.querySelectorAll("#region-hand [data-card]")].map((e) => e.dataset.card),
  trick: [...document.querySelectorAll("#region-centre [data-played]")]
    .map((e) => e.dataset.played),
  scores: Object.fromEntries([...document.querySelectorAll("[data-score-side]")]
    .map((e) => [e.dataset.scoreSide, e.textContent])),
})"""

PICK = """([selector, r]) => {
  const all = [...document.querySelectorAll(selector)].filter((e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (!document.querySelector("dialog[open]")
      || e.closest("dialog[open]"));
  });
  if (!all.length) return null;
  const box = all[Math.floor(r * all.length)].getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}"""


def expected(raw: str) -> dict:
    view = Game.from_json(raw).view(0)
    return {
        "hand": sorted(view["hand"]),
        "trick": [card.split(":")[0] for _seat, card in view["current_trick"]],
        "scores": {str(side): str(score) for side, score in enumerate(view["scores"])},
    }


def check_settled(page, failures: list[str]) -> bool:
    """If the table is settled, compare what it shows with the saved game (a frame may lag)."""
    if not page.evaluate(SETTLED):
        return False
    for _ in range(20):
        shown = page.evaluate(SHOWN)
        raw = page.evaluate("localStorage.getItem('fivehundred.save')")
        want = expected(raw)
        if shown["hand"] is not None:
            shown["hand"] = sorted(shown["hand"])
        else:
            want["hand"] = None
        if shown == want:
            return True
        time.sleep(0.1)
    failures.append(f"shown {shown} but the save holds {want}")
    return True


def settle_and_check(page, failures: list[str], seconds: float = 60) -> int:
    """After the monkey: close what it opened, continue past a finished hand, and wait for a
    settled table to check (1), or record that it never settled (0)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check_settled(page, failures):
            return 1
        if page.locator("dialog[open]").count():
            page.keyboard.press("Escape")
        elif page.locator("[data-ui=continue]:visible").count():
            page.locator("[data-ui=continue]:visible").first.click()
        page.wait_for_timeout(200)
    failures.append(f"the table never settled within {seconds} s after the monkey")
    return 0


def played_game(preset: str) -> Game:
    """A game between easy bots, up to the last hand before its end."""
    game = new_game(Rules.preset(preset), seed=5)
    ends: list[int] = []
    while game.phase != "over":
        seat = game.to_act
        request = {"kind": "choose", "level": "easy", "seed": len(game.actions)}
        answer = think(json.dumps({**request, "view": game.view(seat)}))
        game.act(json.loads(answer)["action"])
        if len(game.hands_played) > len(ends):
            ends.append(len(game.actions))
    replay = new_game(game.rules, seed=game.seed, deals=game.deals)
    for action in game.actions[: ends[-2] if len(ends) > 1 else 0]:
        replay.act(action)
    return replay


@pytest.fixture(scope="module")
def monkey_page(site_url, new_context, wait_ready):
    context, _recorder = new_context(
        service_workers="block", viewport={"width": 1280, "height": 600}
    )
    page = context.new_page()
    tracebacks: list[str] = []
    page.on(
        "console",
        lambda m: (
            tracebacks.append(m.text) if "Traceback" in m.text or "failed:" in m.text else None
        ),
    )
    page.on("pageerror", lambda e: tracebacks.append(str(e)))
    page.goto(f"{site_url}?speed=instant&bots=easy&fresh=1")
    wait_ready(page)
    return page, tracebacks


@pytest.mark.parametrize("preset", sorted(Rules.PRESETS))
def test_monkey(preset, monkey_page, site_url, wait_ready):
    page, tracebacks = monkey_page
    tracebacks.clear()
    game = played_game(preset)
    put_save(page, site_url, game.to_json())
    page.goto(f"{site_url}?speed=fast&bots=easy")
    wait_ready(page)
    rng = random.Random(f"monkey-{preset}")
    failures: list[str] = []
    checks = 0
    end = time.monotonic() + SECONDS_PER_PRESET
    while time.monotonic() < end:
        roll = rng.random()
        if roll < 0.45:
            point = page.evaluate(PICK, [CLICKABLE, rng.random()])
            if point:
                page.mouse.click(*point)
        elif roll < 0.55:
            point = page.evaluate(PICK, [CLICKABLE, rng.random()])
            if point:
                page.mouse.dblclick(*point)
        else:
            tag = page.evaluate("document.activeElement && document.activeElement.tagName")
            if tag in ("SELECT", "INPUT"):
                page.keyboard.press("Escape")  # a focused list or field would change settings
            else:
                page.keyboard.press(rng.choice(KEYS))
        if rng.random() < 0.15 and check_settled(page, failures):
            checks += 1
    checks += settle_and_check(page, failures)  # at least one check, however slow the machine
    assert page.evaluate("document.body.dataset.ready") == "true"
    assert tracebacks == [], "\n".join(tracebacks[:2])
    assert failures == []
    assert checks > 0
    assert json.loads(page.evaluate("localStorage.getItem('fivehundred.save')"))
    assert saved(page)["format"] == "fivehundred-game"
