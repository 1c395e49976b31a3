"""The bots as the UI uses them: ``game.bots.Bot`` behind a JSON request/answer.

They run in the bot worker (ui/bot_worker.py) and, as a fallback, on the main thread.
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
import time
from typing import Any


def bot_seed(game_seed: int, seat: int, decision: int) -> int:
    """A seed per decision, so a reloaded game replays the bots' choices exactly."""
    return (game_seed * 1_000_003 + decision * 131 + seat * 7919) % (2**31)


def think(request: str) -> str:
    """Answer one request (JSON in, JSON out): ``{"kind": "choose"|"suggest", "level",
    "seed", "view"}`` -> ``{"action", "reason", "ms"}`` or ``{"error"}``; a hand review's
    ``{"kind": "review", ...}`` -> see :func:`review`.

    The reason of a suggestion is ``{"code", "params"}`` (translated by ui/hints.py), else
    ``None``."""
    # Imported here, not at the top: the page imports this module at start for bot_seed()
    # and the fallback, and game.bots would be most of its start's compiling.
    from game.bots import Bot

    start = time.perf_counter()
    try:
        req = json.loads(request)
        if req.get("kind") == "review":
            return json.dumps({**review(req), "ms": round((time.perf_counter() - start) * 1000, 1)})
        bot = Bot(req.get("level", "normal"), req.get("seed"))
        view = req["view"]
        reason: dict[str, Any] | None = None
        if req.get("kind") == "suggest":
            action, why = bot.advise(view)
            if why is not None:
                reason = {"code": why.code, "params": dict(why.params)}
        else:
            action = bot.choose(view)
        out: dict[str, Any] = {"action": action, "reason": reason}
    except Exception as exc:  # noqa: BLE001 (reported to the page, which falls back)
        out = {"error": f"{type(exc).__name__}: {exc}"}
    out["ms"] = round((time.perf_counter() - start) * 1000, 1)
    return json.dumps(out)


def review(req: dict[str, Any]) -> dict[str, Any]:
    """Double-dummy verdicts on some cards of a hand: ``{"game": a one-hand game's JSON
    (:func:`game.analysis.review.hand_game`), "cards": [card numbers, last first],
    "budget": nodes per position, "known": {card number: verdict}}`` ->
    ``{"reviews": [verdict, ...]}`` (:meth:`CardReview.to_dict`)."""
    from game import Game
    from game.analysis.review import CardReview, HandReplay, review_cards

    replay = HandReplay.of_hand_game(Game.from_json(req["game"]))
    known = {int(k): CardReview.from_dict(v) for k, v in (req.get("known") or {}).items()}
    found = review_cards(replay, [int(i) for i in req["cards"]], req.get("budget"), known)
    return {"reviews": [r.to_dict() for r in found.values()]}
