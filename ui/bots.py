"""The bots the UI uses: ``game.bots.Bot`` when it exists, else a trivial stand-in.

Both run in the bot worker (ui/bot_worker.py) and, as a fallback, on the main thread.
Requests and answers cross the worker boundary as JSON strings (:func:`think`).

>>> import json
>>> from game import new_game
>>> g = new_game(seed=3)
>>> answer = json.loads(think(json.dumps({"kind": "choose", "level": "easy", "seed": 1,
...                                       "view": g.view(g.to_act)})))
>>> answer["action"] in g.legal_actions()
True
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

try:
    from game.bots import Bot

    REAL_BOTS = True
except ImportError:  # the bots are not written yet: first legal action
    REAL_BOTS = False

    class Bot:  # type: ignore[no-redef]
        """Stand-in with the real Bot's interface: the first legal action."""

        def __init__(self, level: str = "normal", seed: int | None = None):
            self.level = level
            self.rng = random.Random(seed)

        def choose(self, view: dict[str, Any]) -> str:
            legal = view["legal_actions"]
            if view["phase"] == "bid":
                # Open the auction at the lowest contract that can stand, so hands get played.
                rules = view["rules"]
                floor = max(
                    rules.get("minimum_contract", 6), 7 if rules.get("bidding") == "american" else 6
                )

                def level(call: str) -> int:
                    digits = call[:-2] if call.endswith("NT") else call[:-1]
                    return int(digits) if digits.isdigit() else 0

                if not any(level(c) >= floor for _s, c in view["auction"]):
                    for bid in legal:
                        if level(bid) >= floor:
                            return bid
            return legal[0]

        def suggest(self, view: dict[str, Any]) -> tuple[str, str]:
            return self.choose(view), "the first legal action (the bots are not ready yet)"

        def advise(self, view: dict[str, Any]) -> tuple[str, Any]:
            return self.choose(view), None


def bot_seed(game_seed: int, seat: int, decision: int) -> int:
    """A seed per decision, so a reloaded game replays the bots' choices exactly."""
    return (game_seed * 1_000_003 + decision * 131 + seat * 7919) % (2**31)


def think(request: str) -> str:
    """Answer one request (JSON in, JSON out): ``{"kind": "choose"|"suggest", "level",
    "seed", "view"}`` -> ``{"action", "reason", "ms"}`` or ``{"error"}``.

    The reason of a suggestion is ``{"code", "params"}`` (translated by ui/hints.py), else
    ``None``."""
    start = time.perf_counter()
    try:
        req = json.loads(request)
        bot = Bot(req.get("level", "normal"), req.get("seed"))
        view = req["view"]
        reason: dict[str, Any] | None = None
        if req.get("kind") == "suggest":
            action, why = bot.advise(view)
            if why is not None:
                reason = {"code": why.code, "params": dict(why.params)}
        else:
            action = bot.choose(view)
        out = {"action": action, "reason": reason}
    except Exception as exc:  # noqa: BLE001 (reported to the page, which falls back)
        out = {"error": f"{type(exc).__name__}: {exc}"}
    out["ms"] = round((time.perf_counter() - start) * 1000, 1)
    return json.dumps(out)
