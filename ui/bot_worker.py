"""The PyScript worker that runs the bots off the main thread (the page stays responsive).

ui/main.py starts it once the page is ready (a second Pyodide booting at the same time as
the page's would double the load time), from this file's source, with app.zip in its
config so ``game`` and ``ui`` import here too. Requests and answers are JSON strings
(see :func:`ui.bots.think`): dicts would arrive as JsProxy objects.
"""

from ui.bots import think  # noqa: F401 (exported to the page)


def ping() -> str:
    """The main thread's readiness check: answers once the bots are imported."""
    return "real"


__export__ = ["think", "ping"]
