"""Entry module of the browser UI: index.html runs ``import ui.main`` once PyScript has
unpacked app.zip. It boots the app: language, storage, settings, URL overrides, the page,
the controller; hides the loading screen and sets ``body[data-ready="true"]``; then starts
the bot worker (only now: booting it during the page's own start would slow both).

URL query parameters (tests, sharing), see ui/settings.py:
``?seed=N`` new game seed, ``?speed=instant``, ``?bots=easy`` (all bot levels),
``?preset=NAME``, ``?fresh=1`` (ignore and clear the saved game), ``?lang=fr``.
"""

from __future__ import annotations

import asyncio
import importlib

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui import bytecode_cache, i18n, tour
from ui.app import Controller
from ui.dom import Page
from ui.query import asks_for_link
from ui.settings import Settings, parse_query, without_param
from ui.storage import SAVE_KEY, SETTINGS_KEY, Store, site_scope
from ui.worker_client import BotRunner

# Marks for benchmarks/load_time.py's breakdown of the start (performance.mark is ~free).
window.performance.mark("fivehundred:imported")


def _local_storage():
    try:
        storage = window.localStorage
        storage.getItem("fivehundred.probe")
        return storage
    except Exception:  # noqa: BLE001 (blocked storage: the game still plays)
        return None


def _languages(settings: Settings, overrides: dict) -> list[str]:
    if overrides.get("lang"):
        return [overrides["lang"]]
    if settings.language:
        return [settings.language]
    try:
        return [str(x) for x in window.navigator.languages]
    except Exception:  # noqa: BLE001
        return [str(window.navigator.language or "en")]


def boot() -> tuple[Page, Controller, BotRunner]:
    overrides = parse_query(str(window.location.search))
    store = Store(_local_storage(), scope=site_scope(str(window.location.pathname)))
    store.adopt_root_entries()  # before anything is read: the settings may be copied
    settings = Settings.from_json(store.get(SETTINGS_KEY))
    i18n.set_language(_languages(settings, overrides))
    window.performance.mark("fivehundred:catalogue")
    store.retell_problem()  # after set_language: the notice in the player's language
    document.documentElement.lang = i18n.html_lang()
    # index.html's first script already did both (ui/page_text.py): the same msgid here keeps
    # the title right even where the page's inlined translations are missing.
    document.title = i18n._("Five Hundred")
    tour.start_if_first_visit(
        store,
        has_save=store.get(SAVE_KEY) is not None,
        has_settings=store.get(SETTINGS_KEY) is not None,
    )
    page = Page()
    runner = BotRunner()
    app = Controller(store, settings, page, runner, overrides)
    page.app = app
    page.mount()
    app.boot()
    if overrides.get("fresh"):  # used once: a reload must not discard the game again
        query = without_param(str(window.location.search), "fresh")
        address = str(window.location.pathname) + query + str(window.location.hash)
        window.history.replaceState(None, "", address)
    if asks_for_link(str(window.location.search)):  # else ui.share is not even imported
        from ui import page_dialogs
        from ui.share import parse_link

        page_dialogs.open_link(page, parse_link(str(window.location.search)))
    if app.load_error is not None:
        page.open_dialog("bad-save")
    else:
        page.render_now()
    page.refresh_notice()
    document.getElementById("loading").hidden = True
    window.performance.mark("fivehundred:rendered")
    document.body.dataset.ready = "true"
    app.kick()
    return page, app, runner


async def _start_worker(runner: BotRunner) -> None:
    await asyncio.sleep(0.5)  # let the first frames of the game paint first
    # The play's core and the scoring, left out of the start (game/engine.py imports them when
    # a hand's play starts): loaded now, while the auction shows, not on its last bid.
    importlib.import_module("game.playstate")
    await runner.start()
    await asyncio.sleep(2)  # the first bot moves come first
    await _keep_bytecode(runner)


async def _keep_bytecode(runner: BotRunner) -> None:
    """Keep the page's and the worker's modules' bytecode for the next visit (again when the
    page is hidden, for the modules imported since); ``body[data-bytecode]`` and
    ``body[data-worker-bytecode]`` tell tests it is done."""
    page = await bytecode_cache.keep(window, str(window.location.href))
    worker = await runner.keep_bytecode()
    document.body.dataset.bytecode = page.split(":")[0]
    document.body.dataset.workerBytecode = worker.split(":")[0]
    for where, outcome in (("page", page), ("worker", worker)):
        if outcome.startswith("failed"):
            window.console.warn(f"Bytecode of the {where} not kept for the next visit: {outcome}")


try:
    PAGE, APP, RUNNER = boot()
except Exception as exc:  # index.html's rescue screen, instead of an endless loading screen
    window.fivehundredPage.failed(f"{type(exc).__name__}: {exc}")
    raise
asyncio.ensure_future(_start_worker(RUNNER))


def _on_visibility_change(_event: object) -> None:
    if str(document.visibilityState) == "hidden":
        asyncio.ensure_future(_keep_bytecode(RUNNER))


document.addEventListener("visibilitychange", create_proxy(_on_visibility_change))
