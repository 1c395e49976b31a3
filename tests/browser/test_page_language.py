"""The loading screen, title and manifest link in the player's language while Pyodide is still
loading (its wasm is held back until the checks are done), and the same language once ready."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WASM = "**/vendor/pyodide/pyodide.asm.wasm"


def inlined(dist_dir: Path) -> dict[str, dict[str, str]]:
    page = (dist_dir / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="page-i18n">(.*?)</script>', page, re.S)
    return json.loads(m.group(1))


def open_held(new_context, url: str, init_script: str | None = None, **context_args):
    """A page on url whose Pyodide wasm request is held: (page, recorder, release)."""
    context, recorder = new_context(service_workers="block", **context_args)
    if init_script:
        context.add_init_script(init_script)
    held = []
    released = []

    def hold(route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    context.route(WASM, hold)
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded")
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "Pyodide's wasm was never requested"

    def release() -> None:
        released.append(True)
        for route in held:
            route.continue_()

    return page, recorder, release


def loading_state(page) -> dict:
    return page.evaluate(
        """() => ({
            lang: document.documentElement.lang,
            title: document.title,
            h1: document.querySelector("#loading h1").textContent,
            progress: document.getElementById("loading-progress").textContent,
            description: document.querySelector("meta[name=description]").content,
            manifest: document.querySelector("link[rel=manifest]").getAttribute("href"),
            update: document.querySelector("#update span").textContent,
            reload: document.getElementById("update-reload").textContent,
            loadingVisible: !document.getElementById("loading").hidden,
        })"""
    )


def check_translated(page, texts: dict[str, str], lang: str) -> None:
    state = loading_state(page)
    assert state["loadingVisible"]
    assert state["lang"] == lang
    assert state["title"] == texts["Five Hundred"] != "Five Hundred"
    assert state["h1"] == texts["Five Hundred"]
    assert (
        state["description"]
        == texts[
            "Five Hundred, the trick-taking card game, against computer players. Works offline."
        ]
    )
    assert state["manifest"] == f"./manifest.{lang}.webmanifest"
    assert state["update"] == texts["New version available"]
    assert state["reload"] == texts["Reload"]
    # "Loading…" or a py:progress text, in the language (the wasm is not there yet).
    assert state["progress"] in texts.values(), state["progress"]
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())"
    )
    assert manifest["lang"] == lang
    assert manifest["name"] == texts["Five Hundred"]


def check_ready(page, recorder, wait_ready, site_url: str, texts: dict, lang: str) -> None:
    wait_ready(page)
    assert page.is_hidden("#loading")
    # The Python UI picked the same language and kept the same title.
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.title() == texts["Five Hundred"]
    assert texts["Five Hundred"] in page.text_content("#app")
    assert recorder.foreign_requests(site_url) == []
    assert recorder.problems() == []


def check_loading_then_ready(held, wait_ready, site_url: str, texts: dict, lang: str) -> None:
    """The held page in ``lang`` while Pyodide waits, then once released and ready."""
    page, recorder, release = held
    try:
        check_translated(page, texts, lang)
    finally:
        release()
    check_ready(page, recorder, wait_ready, site_url, texts, lang)


def test_url_language_while_loading(site_url, dist_dir, new_context, wait_ready):
    held = open_held(new_context, site_url + "?lang=pl", locale="fr-FR")
    check_loading_then_ready(held, wait_ready, site_url, inlined(dist_dir)["pl"], "pl")


def test_saved_language_while_loading(site_url, dist_dir, new_context, wait_ready):
    """No ?lang=: the language saved in the settings wins over the browser's (ko here)."""
    texts = inlined(dist_dir)["fr"]
    save = (  # every frame runs it, about:blank too (where storage is denied)
        "try { localStorage.setItem('fivehundred.settings', JSON.stringify({language: 'fr'})) }"
        " catch (e) {}"
    )
    held = open_held(new_context, site_url, save, locale="ko-KR")
    check_loading_then_ready(held, wait_ready, site_url, texts, "fr")


def test_browser_language_and_blocked_storage(site_url, dist_dir, new_context, wait_ready):
    """navigator.languages picks Korean; storage that throws does not stop the page."""
    texts = inlined(dist_dir)["ko"]
    context, recorder = new_context(service_workers="block", locale="ko-KR")
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', "
        "{get() { throw new DOMException('blocked', 'SecurityError'); }})"
    )
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "ko-KR"
    assert page.title() == texts["Five Hundred"]
    assert page.get_attribute("link[rel=manifest]", "href") == "./manifest.ko.webmanifest"
    assert recorder.foreign_requests(site_url) == []
    assert recorder.page_errors == []


def test_english_by_default(site_url, new_context, wait_ready):
    context, recorder = new_context(service_workers="block", locale="de-DE")
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.title() == "Five Hundred"
    assert page.get_attribute("link[rel=manifest]", "href") == "./manifest.webmanifest"
    assert recorder.problems() == []
