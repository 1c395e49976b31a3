"""The PyScript worker that runs the bots off the main thread (the page stays responsive).

ui/main.py starts it once the page is ready (a second Pyodide booting at the same time as
the page's would double the load time), from this file's source, with app.zip in its
config so ``game`` and ``ui`` import here too. Requests and answers are JSON strings
(see :func:`ui.bots.think`): dicts would arrive as JsProxy objects.
"""

import js

from ui.unpack import unpack  # in app.zip beside app-files.zip, as in index.html

unpack()

from ui import bytecode_cache  # noqa: E402 (unpacked just above)


def think(request: str) -> str:
    """One bot decision (see :func:`ui.bots.think`). ui.bots, and game.bots at its first
    decision, are imported only now: after :func:`ping` has put back their bytecode."""
    from ui.bots import think as answer

    return answer(request)


async def ping(page_url: str = "") -> str:
    """The main thread's readiness check. Given the page's address, it first puts back the
    bytecode a last visit kept (ui/bytecode_cache.py), before the first decision imports
    game.bots."""
    if page_url:
        await bytecode_cache.restore(js, page_url, part="worker")
    return "real"


async def keep_bytecode(page_url: str) -> str:
    """Keep this worker's modules' bytecode for the next visit (ui/bytecode_cache.py)."""
    return await bytecode_cache.keep(js, page_url, part="worker")


__export__ = ["think", "ping", "keep_bytecode"]
