"""Loading a game file without freezing the page (no DOM).

A save is a replay: rules, seed, deals and every action, each re-validated by the engine.
A file can claim far more actions than a game can have (400,000 passes in 3 MB froze the
page for 10 s before it was refused), so :func:`ui.save_bounds.refusal` first bounds the
number of actions from the rules and the deals listed, and :func:`replay_in_slices` then
replays in slices,
handing the page back its thread between them (``await asyncio.sleep(0)``).

>>> from game import new_game
>>> g = new_game(seed=2)
>>> g.act(g.legal_actions()[0])
>>> asyncio.run(replay_in_slices(g.to_json())).game == g
True
"""

from __future__ import annotations

import asyncio
import json
import time

from game import IllegalAction, SaveError, new_game
from ui import safe_json, storage
from ui.errors_text import error_text
from ui.save_bounds import refusal
from ui.storage import MAX_SAVE_CHARS, LoadResult, parse_save

SLICE_SECONDS = 0.04
"""The page gets its thread back at least this often while a game is replayed."""


async def replay_in_slices(text: str, slice_seconds: float = SLICE_SECONDS) -> LoadResult:
    """:func:`ui.storage.parse_save`, in slices: the same result, the same errors."""
    try:
        data = safe_json.loads(text, MAX_SAVE_CHARS)
    except ValueError:
        return parse_save(text)  # the same checks, and their messages
    await asyncio.sleep(0)
    problem = refusal(data)
    if problem is not None or not isinstance(data, dict):
        return parse_save(text) if problem is None else _failed(text, problem)
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        return parse_save(text)
    # Everything but the actions is checked by the engine on the save without them.
    head = parse_save(json.dumps({**data, "actions": [], "deals": data["deals"][:1]}))
    if head.game is None:
        return head if head.error is None else parse_save(text)
    await asyncio.sleep(0)
    try:
        game = new_game(head.game.rules, seed=head.game.seed, deals=data["deals"])
    except ValueError:
        return parse_save(text)  # the engine says which deal is wrong
    await asyncio.sleep(0)
    started = time.perf_counter()
    for n, action in enumerate(actions, 1):
        try:
            game.act(action)
        except (ValueError, TypeError) as exc:
            cause = (
                {"code": exc.code, "params": exc.params} if isinstance(exc, IllegalAction) else None
            )
            return _failed(
                text,
                SaveError(
                    f"the save is invalid at action {n} ({action!r}): {exc}",
                    code="invalid-action",
                    params={
                        "n": n,
                        "action": action if isinstance(action, str) else repr(action),
                        "reason": str(exc),
                        "cause": cause,
                    },
                ),
            )
        if time.perf_counter() - started > slice_seconds:
            await asyncio.sleep(0)
            started = time.perf_counter()
    if len(game.deals) != len(data["deals"]):
        return parse_save(text)  # deal-count: the engine's own error
    return LoadResult(game, None, text)


def _failed(text: str, exc: SaveError) -> LoadResult:
    reason = error_text(exc)
    if storage.console is not None:
        storage.console(f"the save cannot be loaded: {exc}")
    return LoadResult(None, reason, text, str(exc))
