"""Each translated language in the browser: no English message of the template leaks onto any
screen — the table (bidding), the settings, rules, menu and statistics dialogs, the score sheet,
the kitty exchange with a hint, the joker's nomination (no trumps and misère) and lead, the end
screen and the bad-save dialog; the American game says widow and nullo; Korean lines break
between words; screenshots of the table in Korean and Polish (desktop 1366×768 and phone
360×740) go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from i18n_extract import VARIANT_CONTEXT, read_catalogue, translations
from ui_helpers import (
    ROOT_URL_PARAMS,
    load,
    open_game,
    phase,
    prepared,
    problems,
    put_save,
    ten_short_game,
)

from game import Game, Rules, new_game
from game.bots import Bot

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
I18N = ROOT / "ui" / "i18n"
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 360, "height": 740}}
SCREENSHOTS = {"ko", "pl"}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")

# Visible text of the page (hidden elements excluded by innerText) and the accessible names of
# the buttons, which innerText does not show.
COLLECT = """() => [document.body.innerText,
    ...[...document.querySelectorAll('button[aria-label], [role=button][aria-label]')]
        .map((b) => b.getAttribute('aria-label'))].join('\\n')"""


def compiled_messages(lang: str) -> dict[str, str]:
    """The messages the build compiles (not fuzzy), keyed as in a .mo: ``context\x04msgid``,
    ``msgid\0plural`` for plurals, whose forms are joined by ``\0``."""
    path = I18N / lang / "LC_MESSAGES" / "fivehundred.po"
    out: dict[str, str] = {}
    for message in read_catalogue(path.read_text("utf-8"), lang):
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else "\0".join(message.id)
        if message.context is not None:
            key = message.context + "\x04" + key
        out[key] = "\0".join(translations(message))
    return out


def english_leaks(lang: str) -> list[str]:
    """English pieces of the template's msgids that the ``lang`` catalogue translates differently.

    Placeholders split a msgid into pieces; a piece counts when it has 2+ words or 5+ letters
    and does not appear as such in the translation (``Normal`` translated ``Normal`` is fine).
    """
    catalogue = compiled_messages(lang)
    pieces: set[str] = set()
    for key, msgstr in catalogue.items():
        if not key or key.startswith(VARIANT_CONTEXT + "\x04"):
            continue  # the header; the American twins (their plain message is checked)
        msgid = key.split("\x04", 1)[-1]
        for english in msgid.split("\0"):
            for piece in PLACEHOLDER.split(english):
                piece = piece.strip(" \n:;,.—-–()!?…")
                letters = sum(c.isalpha() for c in piece)
                if len(piece.split()) < 2 and letters < 5:
                    continue
                if letters == 0 or piece in msgstr:
                    continue
                pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


def find_leaks(text: str, pieces: list[str]) -> list[str]:
    return [p for p in pieces if re.search(r"(?<!\w)" + re.escape(p) + r"(?!\w)", text)]


@pytest.mark.parametrize("lang", ["fr", "ro", "pl", "ko"])
def test_no_english_leaks(lang, site_url, new_context, wait_ready):
    pieces = english_leaks(lang)
    assert len(pieces) > 100, "the template's English messages were not read"
    page, recorder = open_game(
        new_context,
        site_url,
        f"?lang={lang}&seed=3&{ROOT_URL_PARAMS}",
        wait_ready,
        viewport=SIZES["desktop"],
    )
    assert page.evaluate("document.documentElement.lang").startswith(lang)
    page.wait_for_selector("body.my-turn", state="attached")
    assert phase(page) == "bid"
    screens = {"table": page.evaluate(COLLECT)}
    if lang in SCREENSHOTS:
        ARTIFACTS.mkdir(exist_ok=True)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.wait_for_timeout(100)
            page.screenshot(path=str(ARTIFACTS / f"table-{lang}-{size}.png"))
        page.set_viewport_size(SIZES["desktop"])
    for screen in ("settings", "sheet"):
        page.click(f"[data-ui={screen}]")
        page.locator("dialog[open]").wait_for()
        screens[screen] = page.evaluate(COLLECT)
        page.click("dialog[open] [data-ui=dialog-close]")
    leaks = {screen: find_leaks(text, pieces) for screen, text in screens.items()}
    assert {s: found for s, found in leaks.items() if found} == {}, f"English in {lang}"
    assert problems(recorder) == []
    page.close()


# Where each line of a paragraph's text starts: ``bad`` lists the breaks inside a word ("합|니다").
LINE_BREAKS = """(selector) => {
  const text = document.querySelector(selector).firstChild, s = text.data;
  const range = document.createRange(), bad = [];
  let lines = 1, lastTop = null;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ' ') continue;
    range.setStart(text, i); range.setEnd(text, i + 1);
    const top = range.getBoundingClientRect().top;
    if (lastTop !== null && top > lastTop + 2) {
      lines++;
      if (s[i - 1] !== ' ') bad.push(s.slice(Math.max(0, i - 4), i) + '|' + s.slice(i, i + 4));
    }
    lastTop = top;
  }
  return {lines, bad};
}"""


def test_korean_lines_break_between_words(site_url, new_context, wait_ready):
    """Korean breaks a line at a space between words, not between any two syllables: on a phone
    the guide's first tip broke "합니다" as "합" / "니다"."""
    page, recorder = open_game(
        new_context, site_url, "?lang=ko&speed=instant", wait_ready, viewport=SIZES["phone"]
    )
    assert page.locator("#region-panel .coach p").count() == 1, "the guide's tip is shown"
    breaks = page.evaluate(LINE_BREAKS, "#region-panel .coach p")
    assert breaks["lines"] >= 4, breaks
    assert breaks["bad"] == [], breaks
    assert problems(recorder) == []
    page.close()


def collect_dialog(page, opener: str) -> str:
    """Open a dialog with the button ``opener``, read it, close it."""
    page.click(opener)
    page.locator("dialog[open]").wait_for()
    text = page.evaluate(COLLECT)
    page.click("dialog[open] [data-ui=dialog-close]")
    return text


def finished_game() -> Game:
    """A whole game played by the easy bot, over: loading it opens the end screen."""
    game, bot = new_game(Rules.preset("australian"), seed=5), Bot("easy", seed=5)
    while game.phase != "over":
        game.act(bot.choose(game.view(game.to_act)))
    return game


@pytest.fixture(scope="module")
def finished() -> Game:
    return finished_game()


@pytest.mark.parametrize("lang", ["fr", "ro", "pl", "ko"])
def test_no_english_leaks_in_dialogs_and_special_moments(
    lang, finished, site_url, new_context, wait_ready
):
    pieces = english_leaks(lang)
    query = f"?lang={lang}&speed=instant"
    page, recorder = open_game(
        new_context, site_url, f"?lang={lang}&seed=3&{ROOT_URL_PARAMS}", wait_ready
    )
    screens = {
        "rules": collect_dialog(page, "[data-ui=rules]"),
        "menu": collect_dialog(page, "[data-ui=menu]"),
    }
    page.click("[data-ui=menu]")
    screens["stats"] = collect_dialog(page, "dialog[open] [data-ui=stats]")

    # The kitty exchange with a hint, the nomination in no trumps and the joker's lead.
    kitty = prepared(Rules.preset("australian"), ["7NT"] + 3 * ["PASS"])
    load(page, site_url, wait_ready, kitty, query)
    assert phase(page) == "discard"
    page.click("[data-ui=hint]")
    page.wait_for_selector(".hint-text", timeout=90_000)
    screens["discard"] = page.evaluate(COLLECT)
    for card in page.eval_on_selector_all(
        "#region-hand .card.kitty", "els => els.map((e) => e.dataset.card)"
    ):
        page.click(f'#region-hand [data-card="{card}"]')
    page.click("[data-action=DISCARD]")
    page.wait_for_selector("#table[data-phase=nominate]")
    screens["nominate"] = page.evaluate(COLLECT)
    page.click("[data-action='NOMINATE -']")
    page.wait_for_selector("#table[data-phase=play]")
    page.click('#region-hand [data-card="JK"]')
    page.wait_for_selector("#region-panel [data-action='JK:H']")
    screens["joker-lead"] = page.evaluate(COLLECT)

    # A ten-level bid the every-trick check turns down: the hint says why.
    load(page, site_url, wait_ready, ten_short_game(), query)
    assert phase(page) == "bid"
    page.click("[data-ui=hint]")
    page.wait_for_selector(".hint-text", timeout=90_000)
    assert "21" in page.inner_text(".hint-text")  # the share of deals that take every trick
    screens["ten-short"] = page.evaluate(COLLECT)

    # Misère: the warning about an un-nominated joker.
    rules = Rules.preset("australian").with_options(misere="anytime")
    misere = prepared(rules, ["MIS", "PASS", "PASS", "PASS", "DISCARD 10H JH QH"])
    load(page, site_url, wait_ready, misere, query)
    page.wait_for_selector("#region-panel .warning")
    screens["nominate-misere"] = page.evaluate(COLLECT)

    # The end screen of a finished game, then a save that cannot be read.
    load(page, site_url, wait_ready, finished, query)
    page.locator("dialog[open]").wait_for()
    screens["end"] = page.evaluate(COLLECT)
    put_save(page, site_url, '{"format": "chess"}')
    page.goto(site_url + query)
    wait_ready(page)
    page.locator("dialog[open] [data-ui=download-bad-save]").wait_for()
    screens["bad-save"] = page.evaluate(COLLECT)

    leaks = {screen: find_leaks(text, pieces) for screen, text in screens.items()}
    assert {s: found for s, found in leaks.items() if found} == {}, f"English in {lang}"
    assert problems(recorder) == []
    page.close()


def test_the_american_game_says_widow_and_nullo(site_url, new_context, wait_ready):
    """English, American rules: the kitty is the widow and misère is nullo on every screen."""
    page, recorder = open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}", wait_ready)
    game = prepared(Rules.preset("american"), ["7NT"] + 3 * ["PASS"])
    load(page, site_url, wait_ready, game, "?lang=en&speed=instant")
    assert phase(page) == "discard"
    texts = [page.evaluate(COLLECT)]
    texts.append(collect_dialog(page, "[data-ui=rules]"))
    texts.append(collect_dialog(page, "[data-ui=settings]"))
    text = "\n".join(texts)
    assert "widow" in text and "Nullo" in text
    assert "kitty" not in text.lower() and "misère" not in text.lower()
    assert problems(recorder) == []
    page.close()
