"""Machine-readable codes of the engine's errors (game.errors): every SaveError path of
Game.from_json and the IllegalAction reasons carry a ``code`` and JSON-safe ``params``,
while ``str()`` stays the English message for developers."""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import AUSTRALIAN, game_with

from game import Game, IllegalAction, Rules, SaveError, new_game
from game.errors import IllegalAction as IllegalActionFromErrors

ILLEGAL_CODES = {
    "game-over",
    "not-a-string",
    "not-a-card",
    "not-in-hand",
    "discard-expected",
    "discard-count",
    "named-twice",
    "nominate-expected",
    "kitty-choice-expected",
    "call-expected",
    "auction-in-progress",
    "misere-not-allowed",
    "blind-misere-not-allowed",
    "game-bid-not-allowed",
    "not-a-bid",
    "inkle-late",
    "misere-needs-7",
    "open-misere-needs-8",
    "blind-misere-first-call",
    "bid-too-low",
    "auction-over",
    "suit-named-not-led",
    "joker-must-follow",
    "misere-joker-required",
    "must-follow",
    "joker-suit-missing",
    "joker-lead-last-trick",
    "not-a-suit",
    "joker-suit-led",
    "suit-named-not-joker",
}


def error_of(g, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        g.act(action)
    json.dumps(info.value.params)  # JSON-safe
    return info.value


# --- saves -------------------------------------------------------------------------------


def good_save() -> dict:
    g = new_game(AUSTRALIAN, seed=3)
    rng = random.Random(3)
    while g.phase != "over" and len(g.hands_played) < 2:
        legal = g.legal_actions()
        g.act("PASS" if "PASS" in legal and rng.random() < 0.6 else rng.choice(legal))
    data = json.loads(g.to_json())
    assert len(data["deals"]) >= 2
    return data


def _tamper(change):
    data = good_save()
    change(data)
    return json.dumps(data)


def _first_play(d) -> int:
    return next(i for i, a in enumerate(d["actions"]) if a.startswith("DISCARD")) + 1


SAVE_CASES = [
    ("not json", "{oops", "not-json", {}),
    ("not text", None, "not-json", {}),
    ("list", "[1, 2]", "not-a-save", {"format": "None"}),
    ("chess", '{"format": "chess"}', "not-a-save", {"format": "chess"}),
    (
        "version 2",
        '{"format": "fivehundred-game", "version": 2}',
        "incompatible-version",
        {"version": 2, "supported": 1},
    ),
    (
        "version true",
        '{"format": "fivehundred-game", "version": true}',
        "incompatible-version",
        {"version": "True", "supported": 1},
    ),
    (
        "rules",
        lambda: _tamper(lambda d: d.__setitem__("rules", {"players": 5})),
        "invalid-rules",
        None,
    ),
    (
        "seed",
        lambda: _tamper(lambda d: d.__setitem__("seed", "abc")),
        "invalid-seed",
        {"seed": "'abc'"},
    ),
    ("no deals", lambda: _tamper(lambda d: d.__setitem__("deals", [])), "no-deals", {}),
    ("no actions", lambda: _tamper(lambda d: d.pop("actions")), "no-actions", {}),
    (
        "bad deal",
        lambda: _tamper(lambda d: d["deals"][0]["kitty"].__setitem__(0, "ZZ")),
        "invalid-deals",
        None,
    ),
    (
        "bad action",
        lambda: _tamper(lambda d: d["actions"].__setitem__(_first_play(d), "4S")),
        "invalid-action",
        None,
    ),
    (
        "action not str",
        lambda: _tamper(lambda d: d["actions"].__setitem__(0, 7)),
        "invalid-action",
        None,
    ),
    ("truncated deals", lambda: _tamper(lambda d: d["deals"].pop()), "deal-count", None),
]


@pytest.mark.parametrize(
    "text, code, params", [c[1:] for c in SAVE_CASES], ids=[c[0] for c in SAVE_CASES]
)
def test_every_save_error_has_its_code(text, code, params):
    if callable(text):
        text = text()
    with pytest.raises(SaveError) as info:
        Game.from_json(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.code == code
    if params is not None:
        assert error.params == params
    json.dumps(error.params)


def test_save_error_params_name_the_move_and_the_counts():
    data = good_save()
    n = _first_play(data)
    data["actions"][n] = "4S"
    with pytest.raises(SaveError) as info:
        Game.from_json(json.dumps(data))
    params = info.value.params
    assert params["n"] == n + 1 and params["action"] == "4S"
    assert params["cause"]["code"] in ("not-in-hand", "must-follow")
    assert str(info.value).startswith(f"the save is invalid at action {n + 1} ('4S'): ")

    data = good_save()
    listed = len(data["deals"])
    data["deals"].pop()
    with pytest.raises(SaveError) as info:
        Game.from_json(json.dumps(data))
    assert info.value.params["listed"] == listed - 1 and info.value.params["played"] == listed


def test_save_error_keeps_the_english_message():
    with pytest.raises(SaveError, match=r"this is not a Five Hundred save \(format 'chess'\)"):
        Game.from_json('{"format": "chess"}')
    with pytest.raises(ValueError, match="the save is not valid JSON"):
        Game.from_json("{oops")


# --- illegal actions -------------------------------------------------------------------------


def test_illegal_action_keeps_its_message_and_gains_a_code():
    assert IllegalAction is IllegalActionFromErrors
    e = IllegalAction("plain")
    assert str(e) == "plain" and e.code == "illegal" and e.params == {}


def test_bid_not_beating_the_current_bid():
    g = new_game(Rules.preset("australian"), seed=7)
    for call in ("PASS", "PASS", "7H"):
        g.act(call)
    e = error_of(g, "7C")
    assert str(e) == "7C does not beat the current bid 7H"
    assert e.code == "bid-too-low" and e.params == {"bid": "7C", "current": "7H"}
    assert error_of(g, "AS").code == "auction-in-progress"
    assert error_of(g, "7X").code == "not-a-bid"
    assert error_of(g, 7).code == "not-a-string"


def test_discard_errors():
    g = game_with(calls=["7NT", "PASS", "PASS", "PASS"])
    hand = g.hand(g.to_act)
    e = error_of(g, "DISCARD " + hand[0])
    assert e.code == "discard-count" and e.params == {"count": 3, "got": 1}
    assert str(e) == "discard exactly 3 cards (got 1)"
    e = error_of(g, "PASS")
    assert e.code == "discard-expected" and e.params["count"] == 3
    assert len(e.params["example"]) == 3
    missing = next(c for c in ("AS", "KS", "QS", "JS", "AH") if c not in hand)
    e = error_of(g, f"DISCARD {hand[0]} {hand[1]} {missing}")
    assert e.code == "not-in-hand" and e.params == {"card": missing}
    e = error_of(g, f"DISCARD {hand[0]} {hand[0]} {hand[1]}")
    assert e.code == "named-twice" and e.params == {"card": hand[0]}
    assert error_of(g, f"DISCARD {hand[0]} {hand[1]} ZZ").code == "not-a-card"


def test_play_errors_must_follow_and_not_in_hand():
    g = game_with(
        hands={0: ["AS", "KS"], 1: ["QS", "AH"]},
        calls=["7S", "PASS", "PASS", "PASS"],
        discard="kitty",
    )
    assert error_of(g, "PASS").code == "auction-over"
    e = error_of(g, "QS")
    assert e.code == "not-in-hand" and e.params == {"card": "QS"}
    assert str(e) == "that card is not in your hand (QS)"
    g.act("AS")
    e = error_of(g, "AH")
    assert e.code == "must-follow" and e.params == {"suit": "S"}
    assert str(e) == "you must follow spades"


def test_game_over():
    g = new_game(AUSTRALIAN, seed=4)
    while g.phase != "over":
        g.act(g.legal_actions()[-1] if g.phase == "bid" else g.legal_actions()[0])
    e = error_of(g, "PASS")
    assert str(e) == "the game is over" and e.code == "game-over" and e.params == {}


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_every_illegal_action_has_a_known_code(preset):
    """Random games; at each step every card, bid and a few malformed strings that are not
    legal give an IllegalAction with a known code and JSON-safe params."""
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    g = new_game(rules, seed=11)
    probes = ["PASS", "7H", "MIS", "OMIS", "BMIS", "GAME", "6S", "XX", "JK", "JK:H", "JK:Q"]
    probes += ["NOMINATE", "DISCARD", "AS:H", "10NT"]
    seen = set()
    steps = 0
    while g.phase != "over" and steps < 400:
        steps += 1
        legal = g.legal_actions()
        hand = g.hand(g.to_act)
        for action in probes + hand + [c + ":S" for c in hand]:
            if action in legal:
                continue
            e = error_of(g, action)
            assert e.code in ILLEGAL_CODES, (action, str(e))
            seen.add(e.code)
        g.act(rng.choice(legal))
    assert {"bid-too-low", "not-in-hand", "auction-in-progress"} <= seen
