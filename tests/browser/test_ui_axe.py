"""Accessibility audit: axe-core (the npm devDependency, injected by Playwright) on every
phase of a hand and every dialog, at desktop and phone size, in the light and dark themes (the
dark one drew the nomination's Spades and Clubs near black on near black); any serious or
critical violation fails. States come from prepared saves loaded through the Import button."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_states import table_states
from test_table_layout import import_save
from ui_helpers import prepared, problems

from game import Rules, new_game
from game.bots import Bot

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
DIALOGS = ["sheet", "rules", "settings", "menu"]
# Off by default in axe-core (experimental), but what the first audit found (issue 12).
OPTIONS = {"rules": {"label-content-name-mismatch": {"enabled": True}}}


def audit(page) -> list[str]:
    """Serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("(options) => axe.run(document, options)", OPTIONS)
    return [
        f"{v['id']} ({v['impact']}): {', '.join(n['target'][0] for n in v['nodes'][:4])}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def finished_game() -> str:
    game, bot = new_game(Rules.preset("australian"), seed=5), Bot("easy", seed=5)
    while game.phase != "over":
        game.act(bot.choose(game.view(game.to_act)))
    return game.to_json()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_no_serious_accessibility_violation(size, scheme, site_url, new_context, wait_ready):
    assert AXE.is_file(), "axe-core is missing: run npm ci"
    # axe-core is injected as an inline script, which the page's CSP rightly refuses
    context, recorder = new_context(viewport=SIZES[size], bypass_csp=True, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{site_url}?speed=fast&bots=easy&fresh=1&seed=1")
    wait_ready(page)
    found: dict[str, list[str]] = {}

    def check(moment: str) -> None:
        page.wait_for_timeout(50)
        for violation in audit(page):
            found.setdefault(violation, []).append(moment)

    states = table_states("australian")
    nominate = prepared(Rules.preset("australian"), ["7NT", "PASS", "PASS", "PASS"])
    nominate.act("DISCARD 10H JH QH")
    misere = Rules.preset("australian").with_options(misere="anytime")
    misere_nominate = prepared(misere, ["MIS", "PASS", "PASS", "PASS", "DISCARD 10H JH QH"])
    for moment, raw in [
        ("bid", states["sheet"]),
        ("discard", states["discard"]),
        ("nominate", nominate.to_json()),
        ("nominate in misere", misere_nominate.to_json()),  # its warning and danger button
        ("play", states["play"]),
        ("last", states["last"]),
    ]:
        import_save(page, raw)
        page.wait_for_selector("body.my-turn", state="attached")
        check(moment)
    page.locator("#region-hand .card:not([disabled])").first.click()
    page.wait_for_selector(".hand-result [data-ui=continue]", timeout=20_000)
    check("hand result")
    import_save(page, states["play"])
    page.click("[data-ui=peek]")
    check("last trick and auction")
    for dialog in DIALOGS:
        page.click(f".topbar [data-ui={dialog}]")
        page.wait_for_selector("dialog[open]")
        check(f"dialog {dialog}")
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
    import_save(page, finished_game())
    page.wait_for_selector("dialog[open] [data-ui=new-game]")
    check("end of the game")
    report = [f"{v}  [{', '.join(where)}]" for v, where in found.items()]
    assert report == [], "\n".join(report)
    assert problems(recorder) == []
