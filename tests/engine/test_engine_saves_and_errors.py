"""Saves (CONTRACT.md: rules + seed + deals + actions), fixed deals, and error handling:
every bad input is a ValueError with a message a player can read, and changes nothing."""

from __future__ import annotations

import copy
import json
import random

import pytest
from engine_helpers import AUSTRALIAN, game_with, make_deal

from game import Game, IllegalAction, Rules, new_game


def played(rules=AUSTRALIAN, seed=3, hands=2):
    """A game after ``hands`` completed (non-thrown-in) hands of random play, or game over."""
    g = new_game(rules, seed=seed)
    rng = random.Random(seed)
    while g.phase != "over" and len(g.hands_played) < hands:
        legal = g.legal_actions()
        g.act(
            "PASS"
            if g.phase == "bid" and rng.random() < 0.6 and "PASS" in legal
            else rng.choice(legal)
        )
    return g


def save_dict(g):
    return json.loads(g.to_json())


def load(data):
    return Game.from_json(json.dumps(data))


# --- saves ---------------------------------------------------------------------------


def test_save_is_rules_seed_deals_and_actions():
    g = played()
    data = save_dict(g)
    assert set(data) == {"format", "version", "rules", "seed", "deals", "actions"}
    assert data["format"] == "fivehundred-game" and data["version"] == 1
    assert data["rules"] == AUSTRALIAN.to_dict() and data["seed"] == 3
    assert data["actions"] == g.actions and len(data["deals"]) == g.hand_number + 1


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_save_round_trip_restores_an_equal_game(preset):
    g = played(Rules.preset(preset), seed=8)
    g2 = Game.from_json(g.to_json())
    assert g2 == g and g2.to_json() == g.to_json()
    assert [g2.view(s) for s in range(g.players)] == [g.view(s) for s in range(g.players)]
    if g.phase != "over":
        action = g.legal_actions()[0]
        g.act(action)
        g2.act(action)
        assert g2 == g and g2.view(0) == g.view(0)


def test_loaded_game_continues_with_the_same_seeded_deals():
    g = new_game(AUSTRALIAN, seed=12)
    g2 = Game.from_json(g.to_json())
    for _ in range(8):  # all pass twice: two thrown-in hands, new seeded deals
        g.act("PASS")
        g2.act("PASS")
    assert g.deals == g2.deals and len(g.deals) == 3


def test_saved_finished_game_loads_as_over():
    g = new_game(AUSTRALIAN, seed=4)
    while g.phase != "over":
        g.act(g.legal_actions()[-1] if g.phase == "bid" else g.legal_actions()[0])
    g2 = Game.from_json(g.to_json())
    assert g2.phase == "over" and g2.winner == g.winner and g2.scores == g.scores


def test_game_equality_is_rules_seed_deals_and_actions():
    g = game_with()
    assert g == game_with() and g != game_with(seed=1)
    assert (g == "a game") is False
    with pytest.raises(TypeError):
        hash(g)


# --- from_json on bad input ------------------------------------------------------------

BAD_SAVE_TEXT = [
    ("", "the save is not valid JSON"),
    ("not json at all", "the save is not valid JSON"),
    ('{"format": "fivehundred-game", "version": 1, ', "the save is not valid JSON"),
    ("[" * 100_000, "the save is not valid JSON"),
    (None, "the save is not valid JSON"),
    ("[1, 2]", r"this is not a Five Hundred save \(format None\)"),
    ('"fivehundred-game"', "this is not a Five Hundred save"),
    ('{"format": "chess"}', r"this is not a Five Hundred save \(format 'chess'\)"),
]


@pytest.mark.parametrize("text, message", BAD_SAVE_TEXT)
def test_from_json_on_garbage_raises_a_readable_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        Game.from_json(text)


def tampered(change):
    data = save_dict(played())
    change(data)
    return data


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


def _tamper_action(d):
    # the first card played in the save, replaced by a card that is in nobody's hand
    first_play = next(i for i, a in enumerate(d["actions"]) if a.startswith("DISCARD")) + 1
    d["actions"][first_play] = "4S"


BAD_SAVES = [
    ("version 2", _set("version", 2), r"incompatible version \(2; this game reads version 1\)"),
    ("version true", _set("version", True), "incompatible version"),
    ("no version", lambda d: d.pop("version"), r"incompatible version \(None"),
    ("bad rules", _set("rules", {"players": 7}), "the save's rules are invalid: players must be"),
    ("rules not object", _set("rules", "australian"), "the save's rules are invalid: rules must"),
    ("unknown option", _set("rules", {"jokers": 2}), "unknown rule option 'jokers'"),
    ("seed text", _set("seed", "abc"), "the save's seed must be an integer"),
    ("no deals", _set("deals", []), "the save has no deals"),
    ("deals not list", _set("deals", {"0": 1}), "the save has no deals"),
    ("no actions", lambda d: d.pop("actions"), "the save has no list of actions"),
    ("action not str", lambda d: d["actions"].__setitem__(0, 7), "action 1 .7.: an action is"),
    ("tampered card", _tamper_action, r"the save is invalid at action \d+ \('4S'\): that card"),
    ("truncated deals", lambda d: d["deals"].pop(), "deals but its actions play"),
    (
        "extra deal",
        lambda d: d["deals"].append(d["deals"][0] | {"dealer": None}),
        "deals but its actions play|the save's deals are invalid",
    ),
    ("extra actions", lambda d: d["actions"].extend(["7NT", "7NT"]), "the save is invalid at"),
    (
        "deal twice a card",
        lambda d: d["deals"][0]["hands"][0].__setitem__(0, d["deals"][0]["kitty"][0]),
        r"the save's deals are invalid: .*not the 43-card deck \(twice: ",
    ),
    (
        "deal short hand",
        lambda d: d["deals"][0]["hands"][1].pop(),
        "the save's deals are invalid: .*hand 1 has 9 cards, not 10",
    ),
    (
        "deal bad card",
        lambda d: d["deals"][0]["kitty"].__setitem__(0, "ZZ"),
        "the save's deals are invalid: .*the kitty: 'ZZ' is not a card",
    ),
    (
        "deal dealer",
        lambda d: d["deals"][1].__setitem__("dealer", 7),
        "the save's deals are invalid: deal 2: the dealer must be a seat from 0 to 3",
    ),
    (
        "deal rotation",
        lambda d: d["deals"][1].__setitem__("dealer", (d["deals"][0]["dealer"] + 2) % 4),
        "deal 2: the deal says dealer",
    ),
]


@pytest.mark.parametrize(
    "change, message", [b[1:] for b in BAD_SAVES], ids=[b[0] for b in BAD_SAVES]
)
def test_from_json_on_a_bad_save_raises_a_readable_value_error(change, message):
    data = tampered(change)
    with pytest.raises(ValueError, match=message) as info:
        load(data)
    text = str(info.value)
    assert "Traceback" not in text and "object has no attribute" not in text
    assert "KeyError" not in text and "TypeError" not in text


# --- fixed deals -------------------------------------------------------------------------


def good_deal():
    return make_deal(AUSTRALIAN, dealer=2)


def mutate(change):
    d = copy.deepcopy(good_deal())
    change(d)
    return d


BAD_DEALS = [
    (
        "duplicate",
        lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]),
        r"the deal is not the 43-card deck \(twice: .*; missing: ",
    ),
    ("card not in deck", lambda d: d["kitty"].__setitem__(0, "4S"), r"not in this deck: 4S"),
    ("unknown card", lambda d: d["hands"][2].__setitem__(3, "1H"), "hand 2: '1H' is not a card"),
    ("short hand", lambda d: d["hands"][0].pop(), "hand 0 has 9 cards, not 10"),
    ("long hand", lambda d: d["hands"][0].append(d["kitty"].pop()), "hand 0 has 11 cards"),
    ("small kitty", lambda d: d["kitty"].pop(), "the kitty has 2 cards, not 3"),
    ("three hands", lambda d: d["hands"].pop(), "a deal needs 4 hands"),
    ("hands missing", lambda d: d.pop("hands"), "a deal needs 4 hands"),
    ("kitty missing", lambda d: d.pop("kitty"), "a deal needs a kitty list"),
    ("dealer 4", lambda d: d.__setitem__("dealer", 4), "the dealer must be a seat from 0 to 3"),
    ("dealer text", lambda d: d.__setitem__("dealer", "0"), "the dealer must be a seat"),
    ("dealer bool", lambda d: d.__setitem__("dealer", True), "the dealer must be a seat"),
    ("card not text", lambda d: d["hands"][1].__setitem__(0, 17), "hand 1 must be a list of cards"),
]


@pytest.mark.parametrize(
    "change, message", [b[1:] for b in BAD_DEALS], ids=[b[0] for b in BAD_DEALS]
)
def test_a_deal_with_a_wrong_card_set_raises_value_error(change, message):
    with pytest.raises(ValueError, match=message):
        new_game(AUSTRALIAN, deal=mutate(change))


def test_a_deal_that_is_not_an_object_raises_value_error():
    with pytest.raises(ValueError, match="a deal must be an object with 'hands' and 'kitty'"):
        new_game(AUSTRALIAN, deal=["AS"])
    with pytest.raises(ValueError, match="deals must be a list of deals"):
        new_game(AUSTRALIAN, deals={"dealer": 0})


def test_fixed_deals_play_in_order_and_must_follow_the_dealer_rotation():
    first, second = make_deal(AUSTRALIAN, dealer=1, seed=1), make_deal(AUSTRALIAN, dealer=2, seed=2)
    g = new_game(AUSTRALIAN, seed=5, deals=[first, {k: second[k] for k in ("hands", "kitty")}])
    for _ in range(4):
        g.act("PASS")
    assert g.dealer == 2 and sorted(g.hand(0)) == sorted(second["hands"][0])
    with pytest.raises(
        ValueError, match="deal 2: the deal says dealer 3, but the deal rotates to 2"
    ):
        new_game(AUSTRALIAN, deals=[first, second | {"dealer": 3}])


def test_first_fixed_deal_without_a_dealer_draws_one_from_the_seed():
    deal = make_deal(AUSTRALIAN)
    del deal["dealer"]
    assert new_game(AUSTRALIAN, seed=9, deal=deal).dealer == new_game(AUSTRALIAN, seed=9).dealer


def test_deal_and_deals_together_or_a_bad_seed_raise_value_error():
    with pytest.raises(ValueError, match="give either deal or deals, not both"):
        new_game(AUSTRALIAN, deal=good_deal(), deals=[good_deal()])
    with pytest.raises(ValueError, match="the seed must be an integer"):
        new_game(AUSTRALIAN, seed="7")


def test_a_view_of_a_seat_that_does_not_exist_raises_value_error():
    with pytest.raises(ValueError, match="no seat 4 at this table"):
        new_game(seed=1).view(4)


# --- illegal actions change nothing ------------------------------------------------------


def snapshot(g):
    return (
        g.to_json(),
        g.phase,
        g.to_act,
        g.legal_actions(),
        [g.view(s) for s in range(g.players)],
        [list(h) for h in g._hands],
        (list(g._kitty), list(g._discards), g.current_trick, g.scores),
    )


def test_illegal_actions_leave_the_game_unchanged_in_every_phase():
    bad = ["", "XX", "PASS PASS", "6C", "JK:H", "DISCARD 4D", "NOMINATE Z", "AS:S", "10H", None]
    g = game_with(hands={0: ["JK", "AS"], 1: ["10H"]})
    discard = "DISCARD " + " ".join(g.deals[0]["kitty"])
    phases = []
    for step in ["7NT", "PASS", "PASS", "PASS", discard, "NOMINATE -", "AS"]:
        phases.append(g.phase)
        for action in bad:
            if action in g.legal_actions():
                continue
            before = snapshot(g)
            with pytest.raises(IllegalAction):
                g.act(action)
            assert snapshot(g) == before, action
        g.act(step)
    assert set(phases) == {"bid", "discard", "nominate", "play"}


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


def test_save_restores_every_remaining_fixed_deal():
    d1 = make_deal(AUSTRALIAN, dealer=3, seed=1)
    d2 = make_deal(AUSTRALIAN, dealer=0, seed=2)
    g = new_game(AUSTRALIAN, seed=5, deals=[d1, d2])
    saved = save_dict(g)
    assert saved["upcoming_deals"] == [new_game(AUSTRALIAN, seed=5, deal=d2).deals[0]]
    g2 = Game.from_json(g.to_json())
    assert g2 == g
    for _ in range(4):  # all pass: the second fixed deal comes next in both games
        g.act("PASS")
        g2.act("PASS")
    assert g2.deals == g.deals and g.deals[1]["hands"] == [sorted_hand(h) for h in d2["hands"]]
    assert "upcoming_deals" not in save_dict(g) and Game.from_json(g.to_json()) == g


def test_a_save_with_bad_upcoming_deals_is_refused():
    g = new_game(AUSTRALIAN, seed=5, deals=[make_deal(AUSTRALIAN), make_deal(AUSTRALIAN, 0)])
    data = save_dict(g)
    data["upcoming_deals"][0]["kitty"] = ["AS", "AS", "AS"]
    with pytest.raises(ValueError, match="deals are invalid"):
        load(data)
    data["upcoming_deals"] = "later"
    with pytest.raises(ValueError, match="upcoming_deals must be a list"):
        load(data)


def sorted_hand(cards):
    from game.cards import CARD_STR, card_id, sorted_cards

    return [CARD_STR[c] for c in sorted_cards([card_id(x) for x in cards])]
