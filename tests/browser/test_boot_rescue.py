"""Hostile stored data never bricks the app: each boots to a playable game (or to the bad-save
dialog), and a boot that fails for any reason ends on a screen that offers the stored data as
a download and a fresh start, never on an endless loading screen."""

from __future__ import annotations

import json

import pytest
from ui_helpers import problems, saved

pytestmark = pytest.mark.browser

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 5_000 + "1" + "}" * 5_000
# (stored entries, whether the save itself is bad)
HOSTILE = {
    "deep save, deep settings and statistics": (
        {"save": DEEP, "settings": DEEP_OBJECT, "stats": "[" * 200_000, "ui": DEEP},
        True,
    ),
    "3 MB save, huge number, deep ui state": (
        {"save": '"' + "x" * 3_000_000 + '"', "stats": "9" * 100_000, "ui": DEEP_OBJECT},
        True,
    ),
    "deep settings only": ({"settings": DEEP, "stats": DEEP_OBJECT}, False),
}


@pytest.fixture(scope="module")
def page_and_recorder(site_url, new_context, wait_ready):
    context, recorder = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_url + "?speed=instant&bots=easy")
    wait_ready(page)
    return page, recorder


@pytest.mark.parametrize("name", list(HOSTILE))
def test_boot_with_hostile_stored_values(page_and_recorder, site_url, wait_ready, name):
    page, recorder = page_and_recorder
    entries, bad_save = HOSTILE[name]
    page.evaluate("localStorage.clear()")
    page.evaluate(
        "(entries) => { for (const [k, v] of Object.entries(entries))"
        " localStorage.setItem('fivehundred.' + k, v); }",
        entries,
    )
    recorder.clear()
    page.goto(site_url + "?speed=instant&bots=easy")
    wait_ready(page)
    if bad_save:
        dialog = page.locator("dialog[open]")
        dialog.locator("[data-ui=download-bad-save]").wait_for()
        page.click("dialog[open] [data-ui=new-game-confirmed]")
        page.wait_for_selector("dialog[open]", state="detached")
    page.wait_for_selector("#region-hand [data-card]")
    assert saved(page)["format"] == "fivehundred-game"
    assert page.is_hidden("#loading")
    assert problems(recorder) == []


def test_a_failed_boot_offers_the_stored_data_and_a_fresh_start(
    site_url, new_context, wait_ready, tmp_path
):
    context, recorder = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_url + "?speed=instant&bots=easy")
    wait_ready(page)
    stored = {"fivehundred.save": '{"x": "\ud800 lone"}', "fivehundred.stats": "{}"}
    page.evaluate(
        "(s) => { localStorage.clear(); for (const [k, v] of Object.entries(s))"
        " localStorage.setItem(k, v); localStorage.setItem('other.app', 'kept'); }",
        stored,
    )
    # Python cannot start: the app's archive is damaged (once; the fresh start then works)
    broken = {"count": 0}

    def damage(route):
        broken["count"] += 1
        route.fulfill(status=200, body=b"not a zip", content_type="application/zip")

    page.route("**/app.zip", damage)
    page.reload()
    rescue = page.locator("#rescue")
    rescue.wait_for(state="visible", timeout=60_000)
    assert broken["count"] == 1
    assert "could not start" in page.inner_text("#loading-progress")
    with page.expect_download() as info:
        page.click("#rescue-download")
    data = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert data == stored  # every stored character, lone surrogate included
    page.unroute("**/app.zip")
    with page.expect_navigation():
        page.click("#rescue-fresh")
    wait_ready(page)
    page.wait_for_selector("#region-hand [data-card]")
    assert page.evaluate("localStorage.getItem('other.app')") == "kept"
    assert page.evaluate("localStorage.getItem('fivehundred.stats')") != "{}"
