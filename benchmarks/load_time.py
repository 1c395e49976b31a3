"""Load time and weight of the built site, next to a bare PyScript page on the same runtime.

    python tools/build_site.py            # first: this script builds nothing
    python benchmarks/load_time.py [--runs 3] [--dist dist] [--warm-visits 1]

Both pages are served from 127.0.0.1 with GitHub Pages' ``Cache-Control: max-age=600``
and loaded in headless Chromium (Playwright). The bare page is a minimal index.html +
pyscript.toml using the same vendor/ runtime copied from dist/, whose only Python sets
``body[data-ready]``. For each page, medians over --runs:

- cold ready: navigation start -> ``body[data-ready=true]``, new browser profile (empty
  caches; a persistent profile, so the warm load has a real disk cache);
- warm ready: the same in a second load in that context (our site: served by its service
  worker; bare page: the HTTP cache); with ``--warm-visits N``, the N-th load after the
  first. The second visit of our site compiles the runtime's wasm again: Chromium keeps its
  compiled code with the copy it compiled, the HTTP cache's on the first visit, and the
  service worker serves its own copy, whose compiled code is kept from that second visit on
  (so ``--warm-visits 2`` measures the visits after it);
- first paint: first-contentful-paint (our site: the static loading screen);
- bytes: response bodies the server sent during the cold load (our site: including the
  service worker's precache of the whole site) and during the warm load.

Also prints the size of our own code and assets (dist/ without vendor/), raw and gzipped.
"""

from __future__ import annotations

import argparse
import gzip
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from chromium import CHROMIUM_ARGS, chromium_path  # noqa: E402
from serve import start_server  # noqa: E402

TIMEOUT_MS = 120_000
BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript</title>
  <link rel="stylesheet" href="./vendor/pyscript/core.css">
  <script type="module" src="./vendor/pyscript/core.js"></script>
</head>
<body>
  <p>Bare PyScript page</p>
  <script type="py" config="./pyscript.toml">
from pyscript import document
document.body.dataset.ready = "true"
  </script>
</body>
</html>
"""
BARE_TOML = 'interpreter = "./vendor/pyodide/pyodide.mjs"\n'
# A new game whose first action is a bot's (seat 1 bids first with the default rules).
BOT_FIRST = "?seed=0"

# Records when body[data-ready] turns "true", on the page's own clock (ms since navigation),
# and when PyScript reports its progress (py:progress details, py:ready).
READY_PROBE = """
window.__steps = [];
addEventListener("py:progress", (e) => window.__steps.push([String(e.detail), performance.now()]));
addEventListener("py:ready", () => window.__steps.push(["py:ready", performance.now()]));
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""


def make_bare_site(dist: Path, folder: Path) -> Path:
    shutil.copytree(dist / "vendor", folder / "vendor")
    (folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (folder / "pyscript.toml").write_text(BARE_TOML, encoding="utf-8")
    return folder


def own_code_size(dist: Path) -> tuple[int, int, int]:
    """(files, raw bytes, gzip -9 bytes file by file) of dist/ without vendor/."""
    files = [
        p for p in dist.rglob("*") if p.is_file() and "vendor" not in p.relative_to(dist).parts
    ]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 9, mtime=0)) for p in files)
    return len(files), raw, packed


def runtime_size(dist: Path) -> tuple[int, int]:
    files = [p for p in (dist / "vendor").rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 6, mtime=0)) for p in files)
    return raw, packed


# What the steps of the start took (ms): PyScript's progress events, then ui/main.py's marks.
STEPS = [
    ("runtime: fetch and start Pyodide", "start", "Loaded Pyodide"),
    ("app.zip: fetch and unpack", "Loading files", "Loaded files"),
    ("until the script runs", "Loaded files", "py:ready"),
    ("the script imports pyscript", "py:ready", "fivehundred:script"),
    ("app-files.zip: unpack", "fivehundred:script", "fivehundred:unpacked"),
    ("bytecode a last visit kept: restore", "fivehundred:unpacked", "fivehundred:bytecode"),
    ("imports of ui.main (compile + run)", "fivehundred:bytecode", "fivehundred:imported"),
    ("catalogue (set_language)", "fivehundred:imported", "fivehundred:catalogue"),
    ("settings, controller, first render", "fivehundred:catalogue", "fivehundred:rendered"),
]
# Python's time to compile the app's modules imported at start, measured in the page after
# it is ready (a copy of the site whose script does it after ``import ui.main``); not those
# the build ships as bytecode (tools/build_site.py's BYTECODE_MODULES): the page does not either.
COMPILE_PROBE = """
import sys, time
from pyscript import window
app = [m.__file__ for n, m in list(sys.modules.items())
       if n.split(".")[0] in ("game", "ui") and getattr(m, "__file__", "").endswith(".py")]
start = time.perf_counter()
for path in app:
    with open(path, encoding="utf-8") as f:
        compile(f.read(), path, "exec")
window.__compileMs = (time.perf_counter() - start) * 1000
window.__compiledModules = len(app)
"""
# The save's actions, to see the first bot move (ui/storage.py's key).
ACTIONS = "JSON.parse(localStorage.getItem('fivehundred.save') || '{}').actions?.length ?? 0"


def load(page, url: str, bot_move: bool = False) -> dict[str, float]:
    """Navigate and wait for readiness; times in ms from navigation start. With
    ``bot_move``, also wait for the first action of the game (a bot's: see BOT_FIRST)."""
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=50)
    ready = page.evaluate("window.__readyAt")
    out = {"ready": ready}
    if bot_move:
        page.wait_for_function(f"{ACTIONS} > 0", timeout=TIMEOUT_MS, polling=20)
        out["bot_move"] = page.evaluate("performance.now()") - ready
    fcp = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null"
    )
    out["fcp"] = fcp if fcp is not None else float("nan")
    times = {"start": 0.0}
    for name, at in page.evaluate("window.__steps"):
        times.setdefault(name, at)  # the first report of each step
    for mark in page.evaluate(
        "performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])"
    ):
        times[mark[0]] = mark[1]
    for label, begin, end in STEPS:
        if begin in times and end in times:
            out[f"step:{label}"] = times[end] - times[begin]
    return out


def measure(
    chromium, server, url: str, service_worker: bool, warm_visits: int = 1
) -> dict[str, float]:
    # A persistent context on a new profile: empty caches, but a real disk cache (an
    # incognito context's memory cache does not keep the 9.6 MB wasm for the warm load).
    profile = tempfile.TemporaryDirectory(prefix="load-time-profile-")
    context = chromium.launch_persistent_context(
        profile.name,
        executable_path=chromium_path(),
        args=CHROMIUM_ARGS,
        service_workers="allow" if service_worker else "block",
    )
    context.add_init_script(READY_PROBE)
    try:
        page = context.new_page()
        server.bytes_sent = 0
        cold = load(page, url, bot_move=service_worker)
        if service_worker:  # let the worker finish precaching and take control
            page.evaluate("navigator.serviceWorker.ready")
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            # and the page keep its modules' bytecode (ui/bytecode_cache.py), as a player's
            # first visit does a few seconds after it is ready
            page.wait_for_function(
                "document.body.dataset.bytecode !== undefined", timeout=TIMEOUT_MS
            )
        else:
            page.wait_for_load_state("networkidle")
        cold_bytes = server.bytes_sent
        for _ in range(warm_visits):  # the last visit counts
            time.sleep(0.5)
            server.bytes_sent = 0
            warm = load(page, url)
            warm_bytes = server.bytes_sent
        if service_worker:
            assert page.evaluate("navigator.serviceWorker.controller !== null")
    finally:
        context.close()
        profile.cleanup()
    steps = {f"cold {k}": v for k, v in cold.items() if k.startswith("step:")}
    steps.update({f"warm {k}": v for k, v in warm.items() if k.startswith("step:")})
    return {
        "cold_ready": cold["ready"],
        "warm_ready": warm["ready"],
        "cold_fcp": cold["fcp"],
        "warm_fcp": warm["fcp"],
        "cold_bytes": cold_bytes,
        "warm_bytes": warm_bytes,
        "bot_move": cold.get("bot_move", float("nan")),
        **steps,
    }


def measure_compile(chromium, dist: Path, folder: Path) -> tuple[float, int]:
    """(ms, modules): compiling the app's modules that the start imports, in the page."""
    shutil.copytree(dist, folder, dirs_exist_ok=True)
    page_html = (folder / "index.html").read_text(encoding="utf-8")
    marker = "import ui.main  # noqa: F401  (its module-level code starts the app)"
    if marker not in page_html:
        raise SystemExit("index.html no longer runs `import ui.main` as expected")
    (folder / "index.html").write_text(page_html.replace(marker, marker + COMPILE_PROBE))
    server, url = start_server(folder)
    browser = chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        page = browser.new_context(service_workers="block").new_page()
        page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_function("window.__compileMs !== undefined", timeout=TIMEOUT_MS)
        return page.evaluate("window.__compileMs"), page.evaluate("window.__compiledModules")
    finally:
        browser.close()
        server.shutdown()
        server.server_close()


ROWS = [
    ("cold ready (s)", "cold_ready", 1e-3, "{:.2f}"),
    ("warm ready (s)", "warm_ready", 1e-3, "{:.2f}"),
    ("first paint, cold (ms)", "cold_fcp", 1, "{:.0f}"),
    ("first paint, warm (ms)", "warm_fcp", 1, "{:.0f}"),
    ("bytes served, cold (MB)", "cold_bytes", 1e-6, "{:.2f}"),
    ("bytes served, warm (MB)", "warm_bytes", 1e-6, "{:.3f}"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--warm-visits", type=int, default=1, metavar="N")
    args = parser.parse_args(argv)
    dist = args.dist.resolve()
    if not (dist / "index.html").is_file() or not (dist / "vendor").is_dir():
        print(f"{dist} is not built: run python tools/build_site.py first", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, float]]] = {"site": [], "bare": []}
    with tempfile.TemporaryDirectory(prefix="bare-pyscript-") as tmp:
        bare_dir = make_bare_site(dist, Path(tmp))
        site_server, site_url = start_server(dist, cache_control="max-age=600")
        bare_server, bare_url = start_server(bare_dir, cache_control="max-age=600")
        try:
            with sync_playwright() as p:
                for run in range(1, args.runs + 1):
                    for name, server, url, sw in [
                        ("site", site_server, site_url + BOT_FIRST, True),
                        ("bare", bare_server, bare_url, False),
                    ]:
                        r = measure(p.chromium, server, url, sw, args.warm_visits)
                        results[name].append(r)
                        print(
                            f"run {run} {name}: cold {r['cold_ready'] / 1000:.2f} s, "
                            f"warm {r['warm_ready'] / 1000:.2f} s, FCP {r['cold_fcp']:.0f} ms, "
                            f"{r['cold_bytes'] / 1e6:.2f} MB",
                            flush=True,
                        )
                with tempfile.TemporaryDirectory(prefix="compile-probe-") as probe:
                    compile_ms, modules = measure_compile(p.chromium, dist, Path(probe))
        finally:
            for server in (site_server, bare_server):
                server.shutdown()
                server.server_close()

    def median(name: str, key: str) -> float:
        values = [r[key] for r in results[name] if key in r]
        return statistics.median(values) if values else float("nan")

    print()
    print(f"Medians of {args.runs} runs (headless Chromium, 127.0.0.1, {os.cpu_count()} cores)")
    print(f"{'':26}{'Five Hundred':>14}{'bare PyScript':>15}{'ratio':>8}")
    for label, key, scale, fmt in ROWS:
        site, bare = median("site", key), median("bare", key)
        ratio = f"{site / bare:.2f}" if bare else "-"
        print(f"{label:26}{fmt.format(site * scale):>14}{fmt.format(bare * scale):>15}{ratio:>8}")

    runtime_label = STEPS[0][0]
    print()
    print("Ready with the runtime's step pooled: both pages load the same runtime the same way,")
    print("and that step's spread between runs hides what our own start adds. Here each page is")
    print("the median runtime step of all runs of both pages, plus its own median time after it:")
    for when in ("cold", "warm"):
        step = f"{when} step:{runtime_label}"
        runs = [r[step] for name in ("site", "bare") for r in results[name] if step in r]
        if not runs:
            continue
        pooled = statistics.median(runs)
        after = {
            name: statistics.median(
                r[f"{when}_ready"] - r[step] for r in results[name] if step in r
            )
            for name in ("site", "bare")
        }
        site, bare = pooled + after["site"], pooled + after["bare"]
        print(
            f"{when + ' ready (s)':26}{site / 1000:>14.2f}{bare / 1000:>15.2f}{site / bare:>8.2f}"
            f"   (runtime step {min(runs) / 1000:.2f}-{max(runs) / 1000:.2f} s; after it: "
            f"ours {after['site']:.0f} ms, bare {after['bare']:.0f} ms)"
        )

    print()
    print("Where the start goes (ms, medians; the bare page has the runtime's steps only):")
    print(f"{'':44}{'cold':>8}{'warm':>8}{'bare cold':>11}{'bare warm':>11}")
    for label, _begin, _end in STEPS:
        cells = [
            median(page, f"{when} step:{label}")
            for page in ("site", "bare")
            for when in ("cold", "warm")
        ]
        site_cold, site_warm, bare_cold, bare_warm = (
            "-" if math.isnan(c) else f"{c:.0f}" for c in cells
        )
        print(f"{label:44}{site_cold:>8}{site_warm:>8}{bare_cold:>11}{bare_warm:>11}")
    print(f"{'  of the imports: compiling ' + str(modules) + ' modules':44}{compile_ms:>8.0f}")
    bot = median("site", "bot_move")
    print(f"first bot move after the cold start: {bot:.0f} ms after ready (target <= 1500)")

    files, raw, packed = own_code_size(dist)
    rt_raw, rt_packed = runtime_size(dist)
    print()
    print(
        f"our code + assets (dist/ without vendor/): {files} files, "
        f"{raw / 1e3:.1f} kB raw, {packed / 1e3:.1f} kB gzip"
    )
    print(f"runtime (dist/vendor/): {rt_raw / 1e6:.2f} MB raw, {rt_packed / 1e6:.2f} MB gzip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
