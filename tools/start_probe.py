"""What the page's start imports, for the tests and benchmarks that measure it.

``ui/main.py`` starts the app when imported, so the start is measured by importing
what it imports at its top, with stand-ins for PyScript's modules (there is no page):

>>> import sys
>>> stub_pyscript()
>>> from pyscript import document
>>> isinstance(document.body.dataset.ready, Anything), "pyscript.ffi" in sys.modules
(True, True)
>>> del sys.modules["pyscript"], sys.modules["pyscript.ffi"]  # leave no stand-ins behind
>>> main_imports("from ui import app, dom\\nfrom ui.query import ask\\nimport json\\n")
['ui.app', 'ui.dom', 'ui.query']

Used by tests/ui/test_start_imports.py, benchmarks/start_instructions.py (CPython) and
benchmarks/start_pyodide.mjs (which copies this file into Pyodide's file system).
"""

from __future__ import annotations

import ast
import sys
import types
from typing import Any


class Anything:
    """Stands for the DOM and PyScript's objects: every attribute and call gives another."""

    def __getattr__(self, name: str) -> Anything:
        return Anything()

    def __call__(self, *args: Any, **kwargs: Any) -> Anything:
        return Anything()


def stub_pyscript() -> None:
    """Put stand-ins for ``pyscript`` and ``pyscript.ffi`` in ``sys.modules``."""
    for name in ("pyscript", "pyscript.ffi"):
        module = types.ModuleType(name)
        module.__getattr__ = lambda attr: Anything()  # type: ignore[method-assign]
        sys.modules[name] = module


def main_imports(source: str) -> list[str]:
    """The modules of ours that a ``ui/main.py`` whose text is ``source`` imports at its top
    (``from ui import x`` and ``from ui.x import y``; it runs the app, so not itself)."""
    out: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.ImportFrom) and node.module == "ui":
            out += [f"ui.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ui."):
            out.append(str(node.module))
    return out
