"""A later visit imports the page's and the worker's modules from the bytecode the first one
kept (ui/bytecode_cache.py); a damaged entry only means compiling again."""

from __future__ import annotations

import pytest
from build_site import BYTECODE_MODULES  # tools/, on the path (conftest.py)
from ui_helpers import human_step

pytestmark = pytest.mark.browser

KEPT = "document.body.dataset.bytecode !== undefined"
PAGE_ENTRY = "bytecode/page.bin"
# every module ui.main imports (39 of ours) but those shipped as bytecode, without source
FROM_SOURCE = 39 - len(BYTECODE_MODULES)


@pytest.fixture(scope="module")
def visit(site_url, new_context, wait_ready):
    context, recorder = new_context()
    page = context.new_page()

    def load(query: str = "?seed=0&speed=instant") -> None:
        page.goto(site_url + query)
        wait_ready(page)

    yield page, recorder, load


def restored(page) -> int:
    return int(page.evaluate("document.body.dataset.bytecodeRestored"))


def test_a_second_visit_imports_the_kept_bytecode(visit, site_url):
    page, recorder, load = visit
    load()
    assert restored(page) == 0  # a first visit has nothing kept
    page.wait_for_function(KEPT)
    assert page.evaluate("document.body.dataset.bytecode") == "stored"
    assert page.evaluate("document.body.dataset.botWorker") == "real"
    cache = "fivehundred-bytecode " + site_url
    assert cache in page.evaluate("caches.keys()")  # named after the deployment's scope

    load()
    assert restored(page) >= FROM_SOURCE
    page.wait_for_function(KEPT)
    # nothing was compiled since: the modules ran from the kept bytecode
    assert page.evaluate("document.body.dataset.bytecode") == "unchanged"
    assert recorder.problems() == []


def test_a_damaged_entry_is_compiled_again_and_replaced(visit, site_url):
    page, recorder, load = visit
    cache = "fivehundred-bytecode " + site_url
    page.evaluate(
        """([name, url]) => caches.open(name).then((c) =>
            c.put(url, new Response(new Uint8Array([70, 72, 80, 89, 67, 49, 10, 255, 1]))))""",
        [cache, site_url + PAGE_ENTRY],
    )
    load()
    assert restored(page) == 0
    page.wait_for_function(KEPT)
    assert page.evaluate("document.body.dataset.bytecode") == "stored"
    load()
    assert restored(page) >= FROM_SOURCE
    assert recorder.problems() == []


HIDE = """() => {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  delete document.body.dataset.bytecode;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def play_then_hide(page) -> str:
    """Play a few of the human's turns (the bots think in the worker meanwhile), then hide the
    page as a player switching tabs does; returns what the worker did with its bytecode."""
    page.wait_for_function(KEPT)  # the keeping a few seconds after the start is done
    for _ in range(4):
        human_step(page)
    page.evaluate(HIDE)
    page.wait_for_function(KEPT)
    return page.evaluate("document.body.dataset.workerBytecode")


def test_the_worker_keeps_its_bytecode_too(visit, site_url):
    page, recorder, load = visit
    page.evaluate("(name) => caches.delete(name)", "fivehundred-bytecode " + site_url)
    load("?seed=0&speed=instant&bots=hard")
    assert play_then_hide(page) == "stored"
    load("?seed=0&speed=instant&bots=hard")
    assert play_then_hide(page) == "unchanged"  # its modules ran from the kept bytecode
    assert recorder.problems() == []
