"""How many actions a save can hold, bounded from its rules and its deals (no DOM).

A save is replayed action by action; a file claiming 400,000 passes is refused here before
any replay, in microseconds.

>>> from game import Rules
>>> refusal({"rules": {}, "deals": [{}], "actions": ["PASS"] * 400_000}).code
'too-long'
>>> refusal({"rules": {}, "deals": [{}], "actions": ["PASS"] * 4}) is None
True
"""

from __future__ import annotations

from typing import Any

from game import Rules, SaveError, new_game


def max_actions_per_deal(rules: Rules) -> int:
    """More actions than one deal can take: every player making every call of the auction
    (each bid must beat the last, so no call is made twice by a player), every card played,
    and the discard, nomination and the like.

    >>> max_actions_per_deal(Rules())  # 4 players x (27 calls + 1) + 43 cards + 8
    163
    """
    calls = len(new_game(rules, seed=0).legal_actions())  # every call open at the start
    return rules.players * (calls + 1) + rules.deck + 8


def refusal(data: Any) -> SaveError | None:
    """Why a parsed save cannot be a game, found without replaying it: more actions than
    its deals can hold. Anything else is left to the engine."""
    if not isinstance(data, dict):
        return None
    deals, actions = data.get("deals"), data.get("actions")
    if not isinstance(deals, list) or not isinstance(actions, list):
        return None
    try:
        rules = Rules.from_dict(data.get("rules"))
    except (ValueError, TypeError):
        return None
    bound = max(1, len(deals)) * max_actions_per_deal(rules)
    if len(actions) > bound:
        return SaveError(
            f"the save has {len(actions)} actions: {len(deals)} deals hold at most {bound}",
            code="too-long",
            params={"actions": len(actions), "bound": bound},
        )
    return None
