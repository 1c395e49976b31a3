"""Typed notation (game/notation.py) and the verifiers: every legal action parses to a value
whose str() is the same action, ``act`` takes values and strings alike, and each verifier
accepts exactly the legal list and explains everything else."""

from __future__ import annotations

import random

import pytest

from game import IllegalAction, Rules, new_game
from game.cards import CARD_ID, SUITS
from game.notation import (
    Bid,
    Call,
    Discard,
    Nominate,
    Pass,
    Play,
    TakeKitty,
    parse_action,
)

KINDS = {
    "bid": (Pass, Bid),
    "kitty": (TakeKitty,),
    "discard": (Discard,),
    "call": (Call,),
    "nominate": (Nominate,),
}


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_every_legal_action_round_trips_and_acts_as_a_value(preset: str) -> None:
    rng = random.Random(preset)
    g = new_game(Rules.preset(preset), seed=3)
    for _ in range(600):
        if g.phase == "over":
            break
        legal = g.legal_actions()
        for text in legal if g.phase != "discard" else legal[:50]:
            value = parse_action(text, g.phase)
            assert str(value) == text
            assert isinstance(value, KINDS.get(g.phase, (Play,)))
        g.act(parse_action(rng.choice(legal), g.phase))
    assert g.hands_played


def test_values_and_strings_record_the_same_actions() -> None:
    a, b = new_game(seed=11), new_game(seed=11)
    rng = random.Random(0)
    while not a.hands_played and a.phase != "over":
        text = rng.choice(a.legal_actions())
        a.act(text)
        b.act(parse_action(text, b.phase))
    assert a.to_json() == b.to_json()


def test_parse_rejects_malformed_text() -> None:
    for text in ["", "7X", "11NT", "5H", "DISCARD ZZ", "NOMINATE", "NOMINATE Q", "CALL", "JK:Z"]:
        with pytest.raises(ValueError):
            parse_action(text, "bid" if text[:1].isdigit() else None)
    with pytest.raises(ValueError):
        Bid(11, "H")
    assert Play.parse(" jk:h ") == Play(CARD_ID["JK"], SUITS.index("H"))
    assert str(Call(CARD_ID["AS"])) == "CALL AS" and TakeKitty.parse("kitty").take


def test_bid_verifier_accepts_exactly_the_legal_bids() -> None:
    for preset in Rules.PRESETS:
        rng = random.Random(preset)
        for seed in range(15):
            g = new_game(Rules.preset(preset), seed=seed)
            while g.phase == "bid":
                legal = g.legal_actions()
                for bid in ["PASS", *g._table.order]:
                    refusal = g._bid_refusal(bid)
                    assert (refusal is None) == (bid in legal), (bid, legal)
                    if refusal is not None:
                        with pytest.raises(IllegalAction) as caught:
                            g.act(bid)
                        assert caught.value.code == refusal.code
                g.act("PASS" if rng.random() < 0.6 else rng.choice(legal))


def test_play_verifier_accepts_exactly_the_legal_plays() -> None:
    rng = random.Random(2)
    texts = [t for t in CARD_ID] + [f"{j}:{s}" for j in ("JK", "BJ") for s in SUITS]
    for preset in ("australian", "46-card-1000"):
        g = new_game(Rules.preset(preset), seed=4)
        while not g.hands_played and g.phase != "over":
            legal = g.legal_actions()
            if g.phase == "play":
                for text in texts:
                    assert (g._play_refusal(text) is None) == (text in legal), text
            g.act(rng.choice(legal))


def test_discard_verifier_accepts_every_listed_discard() -> None:
    g = new_game(seed=5)
    while g.phase == "bid":
        g.act(g.legal_actions()[-1] if not g.auction else "PASS")
    legal = g.legal_actions()
    assert len(legal) == 286  # 13 cards choose 3
    assert all(isinstance(g._check_discard(t), tuple) for t in legal)
    hand = g.hand(g.to_act)
    assert isinstance(g._check_discard(f"DISCARD {hand[0]} {hand[0]} {hand[1]}"), IllegalAction)
    g.act(Discard(tuple(CARD_ID[c] for c in reversed(hand[-3:]))))
    assert g.actions[-1] == "DISCARD " + " ".join(hand[-3:])


def test_the_view_carries_kitty_size_high_bid_and_contract_value() -> None:
    g = new_game(Rules.preset("australian"), seed=7)
    g.act("PASS")
    g.act("7H")
    v = g.view(0)
    assert v["kitty_size"] == 3 and v["high_bid"] == {"seat": g.auction[-1][0], "bid": "7H"}
    assert v["contract"] is None and v["trump_suit"] is None
    while g.phase == "bid":
        g.act("PASS")
    v = g.view(0)
    assert g.contract is not None
    assert v["contract"] == {"seat": g.contract[0], "bid": "7H", "value": 200}
    assert v["trump_suit"] == "H" and v["trump"] == "H"
    assert (
        Rules.preset("46-card-1000").kitty_size
        == new_game(Rules.preset("46-card-1000"), seed=1).view(0)["kitty_size"]
    )
