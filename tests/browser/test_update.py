"""A new deployment: the page offers "New version available — Reload" and switches over."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from serve import start_server  # tools/ is on sys.path (conftest.py)

pytestmark = pytest.mark.browser

# The service worker's caches: without the page's kept bytecode (ui/bytecode_cache.py).
OFFLINE_CACHES = "caches.keys().then((k) => k.filter((n) => !n.startsWith('fivehundred-bytecode')))"


@pytest.fixture(scope="module")
def deployment(dist_dir, tmp_path_factory, stop):
    """A copy of dist/ that the test can redeploy, served on a free port: (folder, url)."""
    folder = tmp_path_factory.mktemp("deploy") / "site"
    shutil.copytree(dist_dir, folder)
    server, url = start_server(folder, port=0)
    yield folder, url
    stop(server)


def redeploy(folder) -> str:
    """Simulate a new build: another cache name and a changed page."""
    sw = (folder / "sw.js").read_text()
    sw, n = re.subn(r'const CACHE = "fivehundred-[^"]*"', 'const CACHE = "fivehundred-next"', sw)
    assert n == 1
    (folder / "sw.js").write_text(sw)
    page = (folder / "index.html").read_text()
    (folder / "index.html").write_text(
        page.replace("<head>", '<head>\n  <meta name="build" content="next">', 1)
    )
    return "fivehundred-next"


def test_update_notice_and_reload(deployment, new_context, wait_ready):
    folder, url = deployment
    context, recorder = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    assert page.is_hidden("#update")
    first_caches = page.evaluate(OFFLINE_CACHES)
    assert len(first_caches) == 1 and first_caches[0].startswith("fivehundred-")

    new_cache = redeploy(folder)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#update", state="visible")
    assert "New version available" in page.inner_text("#update")
    assert page.locator("meta[name=build]").count() == 0  # still the old page

    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    assert page.locator("meta[name=build]").count() == 1  # the new page
    assert page.is_hidden("#update")
    # named after the build and the scope (deployments can share an origin)
    page.wait_for_function(f"{OFFLINE_CACHES}.then((k) => k.join() === {new_cache + ' ' + url!r})")
    assert recorder.problems() == []


def test_update_notice_in_the_players_language(dist_dir, tmp_path, new_context, wait_ready, stop):
    """With ?lang=pl the notice and its button are in Polish (the page's inlined translations)."""
    page_html = (dist_dir / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="page-i18n">(.*?)</script>', page_html)
    texts = json.loads(block.group(1))["pl"]
    folder = tmp_path / "site"
    shutil.copytree(dist_dir, folder)
    server, url = start_server(folder, port=0)
    try:
        context, recorder = new_context(service_workers="allow")
        page = context.new_page()
        page.goto(url + "?lang=pl")
        wait_ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        redeploy(folder)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("#update", state="visible")
        assert page.inner_text("#update span") == texts["New version available"]
        assert page.inner_text("#update-reload") == texts["Reload"]
        assert "New version" not in page.inner_text("#update")
        with page.expect_navigation():
            page.click("#update-reload")
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "pl"
        assert page.is_hidden("#update")
        assert recorder.problems() == []
    finally:
        stop(server)


def test_two_deployments_on_one_origin_keep_their_offline_copies(
    dist_dir, tmp_path, new_context, wait_ready, stop
):
    """user.github.io/a/ and a fork at /b/: loading one never deletes the other's cache."""
    root = tmp_path / "origin"
    for name in ("a", "b"):
        shutil.copytree(dist_dir, root / name)
    redeploy(root / "b")  # another build: another cache version
    (root / "index.html").write_text("<!doctype html><title>user.github.io</title>")
    server, url = start_server(root, port=0)
    try:
        context, recorder = new_context(service_workers="allow")
        for name in ("a", "b"):
            page = context.new_page()
            page.goto(url + name + "/")
            wait_ready(page)
            page.wait_for_function("navigator.serviceWorker.controller !== null")
        names = sorted(page.evaluate(OFFLINE_CACHES))
        assert len(names) == 2
        assert names[0].endswith(" " + url + "a/") and names[1].endswith(" " + url + "b/")
        assert recorder.problems() == []
    finally:
        stop(server)
