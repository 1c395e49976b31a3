"""Fixtures for the browser tests: the built site, a local server, Chromium via Playwright.

- ``dist_dir`` (session): dist/ (or $FIVEHUNDRED_DIST), built first if missing or older than
  its sources.
- ``site_url`` (module): dist/ served on 127.0.0.1 (a free port); ``serve_site`` starts more
  servers (other prefixes, or one a test stops) and stops them at the end of the module.
- ``browser`` (session): Chromium from $CHROMIUM_PATH, else /usr/bin/chromium, else
  Playwright's own build.
- ``wait_ready(page)``, ``stop(server)``: helpers, as fixtures.
- ``Recorder`` / ``new_context``: a context whose requests, failed requests, HTTP errors,
  console errors and page errors are recorded, so a test can assert that no request left
  the origin and nothing went wrong. Pyodide takes seconds to boot: share one page per
  module (module-scoped fixtures) where the tests allow it.
- A failed test leaves screenshots of the open pages in test-artifacts/.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
# $FIVEHUNDRED_DIST builds and serves another folder (two test runs side by side).
DIST = Path(os.environ.get("FIVEHUNDRED_DIST") or ROOT / "dist")
sys.path.insert(0, str(ROOT / "tools"))

from chromium import CHROMIUM_ARGS, chromium_path  # noqa: E402
from serve import start_server  # noqa: E402

BOOT_TIMEOUT_MS = 60_000  # a cold Pyodide boot takes 4-6 s here; leave room for slow CI
READY = "body[data-ready=true]"

# Chromium's renderer now and then crashes on these shared machines while Pyodide boots
# (seen in bursts, never in isolation, whatever the page; in one CI run a third of the boots,
# never on the machine the run was tried on first): a browser test that fails with a crashed
# page runs again, after a pause, CRASH_RERUNS times at most; any other failure fails at once.
# What Chromium printed before each crash is summed up at the end of the run.
CRASHED = ["Target crashed", "Page crashed"]
CRASH_RERUNS = 5
CRASH_RERUN_DELAY_S = 3

# Sources whose change makes dist/ stale.
SOURCES = [
    "index.html",
    "pyscript.toml",
    "manifest.webmanifest",
    "sw.js",
    "assets",
    "game",
    "ui",
    "tools/build_site.py",
    "package-lock.json",
]


def _newest_source_mtime() -> float:
    newest = 0.0
    for name in SOURCES:
        path = ROOT / name
        paths = path.rglob("*") if path.is_dir() else [path]
        for p in paths:
            if p.is_file() and "__pycache__" not in p.parts:
                newest = max(newest, p.stat().st_mtime)
    return newest


def ensure_built() -> Path:
    stamp = DIST / "sw.js"  # written last by the build
    if not stamp.is_file() or stamp.stat().st_mtime < _newest_source_mtime():
        build = [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(DIST)]
        subprocess.run(build, check=True)
    return DIST


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    return ensure_built()


@pytest.fixture(scope="module")
def serve_site(dist_dir: Path) -> Iterator[Callable[..., tuple[object, str]]]:
    """Start a server for dist/: ``server, url = serve_site(prefix="/repo/")``."""
    servers = []

    def start(prefix: str = "/", **kwargs: object) -> tuple[object, str]:
        server, url = start_server(dist_dir, port=0, prefix=prefix, **kwargs)
        servers.append(server)
        return server, url

    yield start
    for server in servers:
        stop_server(server)


def stop_server(server) -> None:
    """Stop serving and close the socket (connections are refused from then on)."""
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def site_url(serve_site) -> str:
    return serve_site()[1]


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    # Playwright's driver passes Chromium's own output on (to the test's captured stderr) only
    # with this: a crashed renderer's last words then appear in the summary (see below).
    os.environ.setdefault("DEBUG", "pw:browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Recorder:
    """What a browser context did: every request URL and everything that went wrong."""

    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # network failures
    http_errors: list[str] = field(default_factory=list)  # status >= 400
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)  # uncaught exceptions

    def attach(self, context) -> Recorder:
        context.on("request", lambda r: self.requests.append(r.url))
        context.on("requestfailed", lambda r: self.failed.append(f"{r.url} {r.failure}"))
        context.on(
            "response",
            lambda r: self.http_errors.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )
        context.on(
            "console",
            lambda m: self.console_errors.append(m.text) if m.type == "error" else None,
        )
        context.on("weberror", lambda e: self.page_errors.append(str(e.error)))
        return self

    def clear(self) -> None:
        for items in (
            self.requests,
            self.failed,
            self.http_errors,
            self.console_errors,
            self.page_errors,
        ):
            items.clear()

    def foreign_requests(self, site_url: str) -> list[str]:
        """Requests to anywhere but the site's origin (data: and blob: URLs are local)."""
        origin = urlsplit(site_url)[:2]
        return [
            url
            for url in self.requests
            if not url.startswith(("data:", "blob:")) and urlsplit(url)[:2] != origin
        ]

    def problems(self) -> list[str]:
        return (
            [f"request failed: {x}" for x in self.failed]
            + [f"HTTP {x}" for x in self.http_errors]
            + [f"console error: {x}" for x in self.console_errors]
            + [f"page error: {x}" for x in self.page_errors]
        )


_OPEN_CONTEXTS: list = []  # for screenshots of failed tests


@pytest.fixture(scope="module")
def new_context(browser):
    """``context, recorder = new_context(service_workers="block")``; closed with the module."""
    contexts = []

    def make(service_workers: str = "block", **kwargs):
        context = browser.new_context(service_workers=service_workers, **kwargs)
        context.set_default_timeout(BOOT_TIMEOUT_MS)
        contexts.append(context)
        _OPEN_CONTEXTS.append(context)
        return context, Recorder().attach(context)

    yield make
    for context in contexts:
        _OPEN_CONTEXTS.remove(context)
        context.close()


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(
                pytest.mark.flaky(
                    reruns=CRASH_RERUNS, reruns_delay=CRASH_RERUN_DELAY_S, only_rerun=CRASHED
                )
            )


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.failed:
        item.stash[_FAILED] = True
    return report


_FAILED = pytest.StashKey[bool]()

# What Chromium printed during tests whose page crashed, for the end of the run.
_CRASH_OUTPUT: list[str] = []
_CRASH_SEEN: set[str] = set()
CRASH_OUTPUT_LINES = 12  # per crash: its last lines
CHROMIUM_NOISE = ("dbus", "cpufreq", "<launching>", "<launched>", "unexpected operator")


def pytest_runtest_logreport(report) -> None:
    crashed = report.outcome in ("failed", "rerun") and any(
        marker in report.longreprtext for marker in CRASHED
    )
    if not crashed:
        return
    chromium = [
        line
        for line in report.capstderr.splitlines()
        if "pw:browser" in line and not any(noise in line for noise in CHROMIUM_NOISE)
    ]
    new = [line for line in chromium if line not in _CRASH_SEEN][-CRASH_OUTPUT_LINES:]
    _CRASH_SEEN.update(chromium)
    _CRASH_OUTPUT.append(f"{report.nodeid} ({report.when}, {report.outcome}):")
    _CRASH_OUTPUT.extend(f"  {line}" for line in new or ["(nothing new)"])


def pytest_terminal_summary(terminalreporter) -> None:
    if _CRASH_OUTPUT:
        terminalreporter.section("what Chromium printed before a page crashed")
        for line in _CRASH_OUTPUT:
            terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def _screenshot_on_failure(request):
    """A failed browser test leaves screenshots of the open pages in test-artifacts/."""
    yield
    if not request.node.stash.get(_FAILED, False):
        return
    folder = ROOT / "test-artifacts"
    folder.mkdir(exist_ok=True)
    name = request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
    for i, page in enumerate(p for c in _OPEN_CONTEXTS for p in c.pages):
        try:
            page.screenshot(path=str(folder / f"{name}-{i}.png"), timeout=10_000)
        except Exception as exc:  # a closed or hung page: the failure itself matters more
            print(f"no screenshot of page {i}: {exc}")


def _wait_ready(page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def wait_ready() -> Callable[[object], None]:
    """``wait_ready(page)``: wait until the app says it is playable (body[data-ready=true])."""
    return _wait_ready


@pytest.fixture(scope="session")
def stop() -> Callable[[object], None]:
    """``stop(server)``: stop a server from ``serve_site`` (it refuses connections then)."""
    return stop_server
