"""Figures for hostile game files (issue 15, item 3): how fast they are refused, and how
long the page's thread is held at most while a long but valid game is replayed.

    python benchmarks/import_abuse.py

CPython figures (Pyodide runs pure Python ~1.5x slower, see /work/shared/RUNTIME.md).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import new_game  # noqa: E402
from ui.replay import replay_in_slices  # noqa: E402
from ui.storage import parse_save  # noqa: E402


def passes(count: int) -> str:
    data = json.loads(new_game(seed=1).to_json())
    data["actions"] = ["PASS"] * count
    return json.dumps(data)


def long_game(deals: int) -> str:
    """A valid game of ``deals`` deals: everyone passes, the cards are dealt again."""
    game = new_game(seed=2)
    while len(game.deals) < deals:
        game.act("PASS")
    return game.to_json()


async def longest_hold(text: str) -> tuple[float, float]:
    """(total seconds, longest stretch without yielding) of replaying ``text``."""
    gaps: list[float] = []
    done = False

    async def watch() -> None:
        last = time.perf_counter()
        while not done:
            await asyncio.sleep(0)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    watcher = asyncio.ensure_future(watch())
    start = time.perf_counter()
    result = await replay_in_slices(text)
    total = time.perf_counter() - start
    done = True
    await watcher
    assert result.game is not None, result.detail
    return total, max(gaps)


def main() -> None:
    for label, text in [
        ("400,000 passes (3.2 MB)", passes(400_000)),
        ("100,000 passes (0.8 MB)", passes(100_000)),
        ("50 MB file", '{"actions": ["' + "x" * 50_000_000 + '"]}'),
    ]:
        start = time.perf_counter()
        result = parse_save(text)
        ms = (time.perf_counter() - start) * 1000
        print(f"{label:26} refused in {ms:7.1f} ms: {result.detail}")
    text = long_game(2000)
    total, hold = asyncio.run(longest_hold(text))
    print(
        f"valid 2,000-deal game ({len(text) / 1e6:.2f} MB) replayed in {total:.2f} s, "
        f"longest hold of the thread {hold * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
