"""Each translated language in the browser: no English message of the template leaks onto the
table (bidding), the settings dialog or the score sheet; screenshots of the table in Korean and
Polish (desktop 1366×768 and phone 360×740) go to test-artifacts/ for review."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from build_site import parse_po
from ui_helpers import ROOT_URL_PARAMS, open_game, phase, problems

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


def english_leaks(lang: str) -> list[str]:
    """English pieces of the template's msgids that the ``lang`` catalogue translates differently.

    Placeholders split a msgid into pieces; a piece counts when it has 2+ words or 5+ letters
    and does not appear as such in the translation (``Normal`` translated ``Normal`` is fine).
    """
    catalogue = parse_po((I18N / lang / "LC_MESSAGES" / "fivehundred.po").read_text("utf-8"))
    pieces: set[str] = set()
    for key, msgstr in catalogue.items():
        if not key:
            continue  # the header
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
