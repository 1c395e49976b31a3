"""The expert level as the player picks it: a setting, a URL override, a bot in the worker."""

from __future__ import annotations

import json

from game import Rules, new_game
from ui.bots import think
from ui.render_settings import _level_label
from ui.settings import LEVELS, parse_query


def test_expert_is_a_level_to_pick() -> None:
    assert LEVELS[-1] == "expert"
    assert parse_query("?bots=expert") == {"bots": "expert"}
    assert _level_label("expert") == "Expert"


def test_the_worker_answers_as_the_expert_late_in_a_hand() -> None:
    """Late in a hand (where the expert solves sampled deals) the worker's answer is a legal
    card with its reason, for the bot's own choice and for a hint alike."""
    g = new_game(Rules.preset("australian"), seed=5)
    while g.phase != "play":
        opening = g.phase == "bid" and not g.auction
        g.act(g.legal_actions()[-1] if opening else g.legal_actions()[0])
    for _ in range(28):
        g.act(g.legal_actions()[0])
    view = g.view(g.to_act)
    for kind in ("choose", "suggest"):
        request = {"kind": kind, "level": "expert", "seed": 1, "view": view}
        answer = json.loads(think(json.dumps(request)))
        assert "error" not in answer, answer
        assert answer["action"] in g.legal_actions()
