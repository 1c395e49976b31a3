"""Our start's imports counted in CPU instructions under CPython (Valgrind's callgrind): the
same figure on a busy machine as on a quiet one, for comparing two versions of the start.

Usage: python benchmarks/start_instructions.py [--root .]

Imports what ui/main.py imports (PyScript stubbed, as benchmarks/start_pyodide.mjs does) from
``--root``'s sources, compiling every module (no ``.pyc`` read or written), after the stdlib
modules PyScript and Pyodide have already loaded and ui.bytecode_cache (index.html imports it
first); prints the instructions of those imports alone: a run that stops before them is
subtracted. CPython 3.11 is not Pyodide's 3.14, so the figure ranks changes rather than
predicting milliseconds (start_pyodide.mjs does that).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"
PROBE = """
import os, sys

sys.dont_write_bytecode = True
sys.pycache_prefix = sys.argv[1]  # empty: every module compiles, as on a first visit
sys.path.insert(0, sys.argv[3])
from start_probe import main_imports, stub_pyscript

sys.path.insert(0, os.getcwd())
stub_pyscript()
START = main_imports(open("ui/main.py", encoding="utf-8").read())
import asyncio, base64, dataclasses, functools, importlib.util, itertools, json, math
import operator, pathlib, random, re, time, typing
import ui.bytecode_cache
if sys.argv[2] == "start":
    for name in START:
        __import__(name)
"""


def instructions(root: Path, part: str) -> int:
    """Instructions callgrind counts for the probe, stopping before (``base``) or after
    (``start``) the start's imports."""
    with tempfile.TemporaryDirectory() as prefix:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
            + [os.path.realpath(sys.executable), "-c", PROBE, prefix, part, str(TOOLS)],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
    found = re.search(r"Collected : (\d+)", result.stderr)
    if found is None:
        raise SystemExit(f"no count from callgrind:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    spent = instructions(args.root, "start") - instructions(args.root, "base")
    print(f"start imports: {spent / 1e6:.0f} M instructions (CPython {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
