"""How the tests and benchmarks launch Chromium (Playwright): which binary, which flags.

from chromium import CHROMIUM_ARGS, chromium_path
browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
"""

from __future__ import annotations

import os
from pathlib import Path

# Headless in a container: no sandbox, no GPU, and no background traffic to Google's servers
# (the tests assert that the page makes no request to another origin).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """$CHROMIUM_PATH, else /usr/bin/chromium if present, else None (Playwright's own)."""
    path = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
    return path if Path(path).exists() else None
