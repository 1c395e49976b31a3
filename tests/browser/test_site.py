"""The built site in Chromium: it boots, stays on its origin, installs, works offline."""

from __future__ import annotations

import json
import re
import struct
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import pytest
from ui_helpers import human_step

from game.cards import CARD_ID

pytestmark = pytest.mark.browser


CARDS = set(CARD_ID)
I18N = Path(__file__).resolve().parents[2] / "ui" / "i18n"
LANGUAGES = sorted(
    p.parent.parent.name
    for p in I18N.glob("*/LC_MESSAGES/fivehundred.po")
    if p.parent.parent.name != "en"
)


def page_translations(dist_dir: Path) -> dict[str, dict[str, str]]:
    """The translations the build inlined into index.html (language -> msgid -> text)."""
    page = (dist_dir / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="page-i18n">(.*?)</script>', page, re.S)
    return json.loads(m.group(1))


def fetch(url: str) -> tuple[bytes, str]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read(), response.headers.get("Content-Type", "")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


# --- one page, service worker blocked --------------------------------------------------------


@pytest.fixture(scope="module")
def loaded(site_url, new_context, wait_ready):
    """The site loaded once in a fresh context (no service worker): (page, recorder)."""
    context, recorder = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    return page, recorder


def test_page_becomes_ready(loaded):
    page, _ = loaded
    assert page.get_attribute("body", "data-ready") == "true"
    assert page.is_hidden("#loading")
    assert page.inner_text("#app").strip(), "the app container stayed empty"
    assert page.title() == "Five Hundred"


def test_no_request_leaves_the_origin(loaded, site_url):
    _, recorder = loaded
    assert recorder.requests, "no request recorded"
    assert recorder.foreign_requests(site_url) == []


def test_no_errors_while_loading(loaded):
    _, recorder = loaded
    assert recorder.problems() == []


def test_runtime_loaded_from_the_vendor_folder(loaded, site_url):
    _, recorder = loaded
    local = {url[len(site_url) :] for url in recorder.requests if url.startswith(site_url)}
    for name in [
        "vendor/pyscript/core.js",
        "vendor/pyodide/pyodide.mjs",
        "vendor/pyodide/pyodide.asm.wasm",
        "vendor/pyodide/python_stdlib.zip",
        "app.zip",
    ]:
        assert name in local


def test_preloaded_files_are_fetched_once(loaded):
    """Every <link rel=preload/modulepreload> (app.zip's) is used by the fetch or import it
    stands for: the page's resource timings show each of those URLs once (a preload that did
    not match its use would be fetched twice)."""
    page, _ = loaded
    preloaded = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
        ".map((l) => l.href)"
    )
    fetched = page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)")
    assert preloaded
    assert {url: fetched.count(url) for url in preloaded} == {url: 1 for url in preloaded}


def test_loading_screen_is_static_html(site_url, dist_dir, new_context):
    """Before any script runs the loading screen is there and names the game; the noscript
    message is there in every language (no script can pick one)."""
    context, _ = new_context(service_workers="block", java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url)
    assert page.is_visible("#loading")
    text = page.inner_text("#loading")
    assert "Five Hundred" in text
    message = "Five Hundred needs JavaScript and WebAssembly."
    assert message in text
    translations = page_translations(dist_dir)
    assert sorted(translations) == LANGUAGES
    for lang in LANGUAGES:
        assert translations[lang][message] in text, lang
    assert page.is_visible("#loading-progress")
    assert page.locator("main#app").count() == 1


# --- plain HTTP checks -----------------------------------------------------------------------


def test_wasm_and_manifest_mime_types(site_url):
    _, wasm_type = fetch(urljoin(site_url, "vendor/pyodide/pyodide.asm.wasm"))
    assert wasm_type == "application/wasm"
    _, manifest_type = fetch(urljoin(site_url, "manifest.webmanifest"))
    assert manifest_type == "application/manifest+json"


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_manifest_is_complete_and_its_icons_exist(site_url, dist_dir, lang):
    name = "manifest.webmanifest" if lang == "en" else f"manifest.{lang}.webmanifest"
    manifest_url = urljoin(site_url, name)
    data, content_type = fetch(manifest_url)
    assert content_type == "application/manifest+json"
    manifest = json.loads(data)
    assert manifest["lang"] == lang
    texts = {} if lang == "en" else page_translations(dist_dir)[lang]
    assert manifest["name"] == texts.get("Five Hundred", "Five Hundred")
    assert lang == "en" or manifest["name"] != "Five Hundred"
    assert manifest["short_name"] == "500"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./"
    assert manifest["scope"] == "./"
    assert manifest["theme_color"].startswith("#")
    assert manifest["background_color"].startswith("#")
    sizes = set()
    purposes = set()
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), "icon URLs must be relative"
        data, content_type = fetch(urljoin(manifest_url, icon["src"]))
        assert content_type == icon["type"] == "image/png"
        width, height = png_size(data)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(icon["sizes"])
        purposes.update(icon.get("purpose", "any").split())
    assert {"192x192", "512x512"} <= sizes
    assert {"any", "maskable"} <= purposes


# --- under a sub-path, with the service worker, then offline ---------------------------------


@pytest.fixture(scope="module")
def installed(serve_site, new_context, wait_ready):
    """The site under /repo/ with its service worker: (page, recorder, server, url)."""
    server, url = serve_site(prefix="/repo/")
    context, recorder = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    return page, recorder, server, url


def test_ready_under_a_sub_path(installed):
    page, recorder, _, url = installed
    assert url.endswith("/repo/")
    assert page.get_attribute("body", "data-ready") == "true"
    assert recorder.foreign_requests(url) == []
    outside = [u for u in recorder.requests if u.startswith("http") and not u.startswith(url)]
    assert outside == [], "requests outside the /repo/ sub-path"
    assert recorder.problems() == []


def test_service_worker_scope_is_the_sub_path(installed):
    page, *_ = installed
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope.endswith("/repo/")


def test_works_offline(installed, stop, wait_ready):
    """Runs last in this module: it stops the server."""
    page, recorder, server, url = installed
    controlled = "navigator.serviceWorker.controller !== null"
    try:
        page.wait_for_function(controlled, timeout=30_000)
    except Exception:  # not claimed yet: a reload puts the page under the worker
        page.reload()
        wait_ready(page)
        page.wait_for_function(controlled)
    page.evaluate("navigator.serviceWorker.ready")  # installed, hence everything precached
    # Let the bot worker finish booting, so that no download of it is cut short by the reload.
    page.wait_for_selector("body[data-bot-worker]", state="attached", timeout=120_000)

    stop(server)
    page.context.set_offline(True)
    recorder.clear()
    page.goto(url + "?seed=5&speed=instant&bots=easy&fresh=1")
    wait_ready(page)
    assert page.get_attribute("body", "data-ready") == "true"
    # The bot worker boots offline too (from the service worker's cache) ...
    page.wait_for_selector("body[data-bot-worker]", state="attached", timeout=120_000)
    assert page.get_attribute("body", "data-bot-worker") != "failed"
    # ... and a card can be played: make the human's moves until one card is on the table.
    played = None
    for _ in range(40):
        played = human_step(page)
        if played in CARDS:
            break
    assert played in CARDS, f"no card was played offline (last move: {played})"
    page.wait_for_function(
        "card => (JSON.parse(localStorage.getItem('fivehundred./repo/:save') || '{}')"
        ".actions || []).includes(card)",
        arg=played,
    )
    assert recorder.problems() == []
