"""Runs bot decisions in a PyScript worker, with the main thread as a fallback.

The worker is started only once the page is ready (a second Pyodide booting at the same
time would double the page's load time). Until it answers, or if it fails, decisions are
computed on the main thread with the easy/normal levels, which are fast enough not to
freeze the page.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from pyscript import document, window
from pyscript.ffi import to_js

from ui.bots import think as think_here

MAIN_THREAD_LEVELS = ("easy", "normal")
MAIN_THREAD_REVIEW_BUDGET = 4000  # search nodes per position when the page analyses itself
WORKER_NAME = "bots"
WORKER_BOOT_TIMEOUT = 180  # seconds: a slow machine may take long, the fallback plays meanwhile


def _absolute(url: str) -> str:
    return str(window.URL.new(url, document.baseURI).href)


class BotRunner:
    def __init__(self) -> None:
        self.worker = None
        self.state = "off"  # off | starting | ready | failed

    async def start(self) -> None:
        """Boot the worker from ui/bot_worker.py's source, with app.zip in its config."""
        if self.state in ("starting", "ready"):
            return
        self.state = "starting"
        try:
            from pyscript import create_named_worker

            source = (Path(__file__).resolve().parent / "bot_worker.py").read_text("utf-8")
            blob = window.Blob.new(to_js([source]), to_js({"type": "text/x-python"}))
            src = str(window.URL.createObjectURL(blob))
            config = {
                "interpreter": _absolute("./vendor/pyodide/pyodide.mjs"),
                "files": {_absolute("./app.zip"): "./*"},
                "sync_main_only": True,  # the bots never touch the page
            }
            worker = await asyncio.wait_for(
                create_named_worker(src, WORKER_NAME, json.dumps(config)), WORKER_BOOT_TIMEOUT
            )
            kind = await worker.ping(str(window.location.href))
            self.worker = worker
            self.state = "ready"
            document.body.dataset.botWorker = str(kind)
        except Exception as exc:  # noqa: BLE001 (the main thread plays instead)
            self.state = "failed"
            document.body.dataset.botWorker = "failed"
            window.console.warn(f"Bot worker not available, bots run on the page: {exc}")

    async def keep_bytecode(self) -> str:
        """Have the worker keep its modules' bytecode for the next visit (see
        ui/bytecode_cache.py); ``"off"`` without a worker."""
        if self.worker is None:
            return "off"
        try:
            return str(await self.worker.keep_bytecode(str(window.location.href)))
        except Exception as exc:  # noqa: BLE001 (the next start compiles, that is all)
            return f"failed: {exc}"

    async def think(self, request: str, level: str) -> str:
        if self.worker is not None:
            try:
                return str(await self.worker.think(request))
            except Exception as exc:  # noqa: BLE001
                self.worker = None
                self.state = "failed"
                window.console.warn(f"Bot worker failed, bots run on the page: {exc}")
        if level == "review":  # without the worker, only what is quick to find
            data = json.loads(request)
            data["budget"] = min(data.get("budget") or 0, MAIN_THREAD_REVIEW_BUDGET)
            request = json.dumps(data)
        elif level not in MAIN_THREAD_LEVELS:
            data = json.loads(request)
            data["level"] = "normal"
            request = json.dumps(data)
        await asyncio.sleep(0)  # let the page paint before computing
        return think_here(request)
