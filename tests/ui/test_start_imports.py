"""What the page's start imports: ui/main.py's imports load only what the first screen needs
(START, exactly); the dialogs' modules (rules, settings, statistics, history, sharing, hand
records, file import, the page's side of them: ui/page_dialogs.py), shared links, the error
messages, the deal of the day's stdlib modules, the choices after the auction, the hints, the
keys and the announcements load when first used (see benchmarks/load_time.py); the play's core
(game.playstate, game.scoring) when a hand's play starts or once the page is ready (ui/main.py).
No module of the start makes a frozen dataclass (their creation compiles code: game.frozen).

Run in a fresh interpreter with stand-ins for PyScript's modules, as the page imports them.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every module of ours the start imports: a new one costs its compile time on every first
# visit (about 0.25 ms a kB of source in Pyodide), so it is added here knowingly.
START = [
    "game",
    "game.cards",
    "game.deal",
    "game.engine",
    "game.errors",
    "game.frozen",
    "game.notation",
    "game.rewind",
    "game.rules",
    "game.tricks",
    "game.view",
    "ui",
    "ui.app",
    "ui.bots",
    "ui.bytecode_cache",
    "ui.cards_svg",
    "ui.dom",
    "ui.html",
    "ui.i18n",
    "ui.looks",
    "ui.model",
    "ui.motion",
    "ui.names",
    "ui.parked",
    "ui.query",
    "ui.render_actions",
    "ui.render_hand",
    "ui.render_page",
    "ui.render_sheet",
    "ui.render_table",
    "ui.safe_json",
    "ui.save_bounds",
    "ui.settings",
    "ui.sound",
    "ui.storage",
    "ui.tour",
    "ui.undo",
    "ui.worker_client",
]

# Each is needed only once its feature is used, never by the first screen.
DEFERRED = [
    "game.handrecord",
    "game.playstate",
    "game.scoring",
    "game.seeding",
    "ui.announce",
    "ui.charts",
    "ui.daily",
    "ui.errors_text",
    "ui.hints",
    "ui.history",
    "ui.keys",
    "ui.options",
    "ui.page_dialogs",
    "ui.render_dialogs",
    "ui.render_handrecord",
    "ui.render_choices",
    "ui.render_history",
    "ui.render_settings",
    "ui.render_share",
    "ui.replay",
    "ui.share",
    "datetime",
    "gettext",
]

TOOLS = ROOT / "tools"
sys.path.insert(0, str(TOOLS))
import start_probe  # noqa: E402  (tools/)

# A fresh interpreter's first lines: stand-ins for PyScript's modules, as the page has them.
STUBS = f"""
import sys
sys.path.insert(0, {str(TOOLS)!r})
from start_probe import stub_pyscript
stub_pyscript()
"""
PROBE = (
    STUBS
    + """
import json
for name in json.loads(sys.argv[1]):
    __import__(name)
print(json.dumps(sorted(sys.modules)))
"""
)


def main_imports() -> list[str]:
    """The modules of ours that ui/main.py imports (it runs the app, so not itself)."""
    return start_probe.main_imports((ROOT / "ui" / "main.py").read_text(encoding="utf-8"))


def loaded_by(modules: list[str]) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(modules)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(result.stdout))


def test_the_start_does_not_import_the_dialogs_modules():
    start = main_imports()
    assert {"ui.app", "ui.dom", "ui.query"} <= set(start)
    loaded = loaded_by(start)
    assert "ui.dom" in loaded and "game.engine" in loaded
    assert sorted(set(DEFERRED) & loaded) == []


def test_the_start_imports_only_the_listed_modules_of_ours():
    loaded = loaded_by(main_imports())
    assert sorted(n for n in loaded if n.split(".")[0] in ("game", "ui")) == START


FROZEN_PROBE = (
    STUBS
    + """
import dataclasses, json
for name in json.loads(sys.argv[1]):
    __import__(name)
print(json.dumps(sorted(
    f"{value.__module__}.{value.__qualname__}"
    for name, module in list(sys.modules.items())
    if name.split(".")[0] in ("game", "ui")
    for value in vars(module).values()
    if isinstance(value, type) and value.__module__ == name and dataclasses.is_dataclass(value)
    and value.__dataclass_params__.frozen
)))
"""
)


def test_the_start_makes_no_frozen_dataclass():
    result = subprocess.run(
        [sys.executable, "-c", FROZEN_PROBE, json.dumps(main_imports())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout) == []


def test_the_deferred_modules_still_import():
    loaded = loaded_by(["ui.dom", *DEFERRED])
    assert set(DEFERRED) <= loaded


SHA2_PROBE = """
import sys, types
try:
    import _sha2 as builtin  # Python 3.12+, as Pyodide's
except ImportError:
    import _sha256 as builtin  # Python 3.11's name for it
fake = types.ModuleType("_sha2")
fake.sha256 = builtin.sha256
sys.modules["_sha2"] = fake
import ui.storage
print("hashlib" in sys.modules, ui.storage.sha256_hex("fivehundred"))
"""


def test_game_keys_hash_without_compiling_hashlib_where_python_has_sha2():
    result = subprocess.run(
        [sys.executable, "-c", SHA2_PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    imported, digest = result.stdout.split()
    assert imported == "False"
    assert digest == hashlib.sha256(b"fivehundred").hexdigest()
