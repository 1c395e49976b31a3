"""Two players (33 cards, a dead hand) and five players (53 cards, a partner called by
naming a card): RULES.md §7, pagat's conventions (docs/rules-decisions.md §23)."""

from __future__ import annotations

import json

import pytest
from engine_helpers import make_deal

from game import Game, IllegalAction, Rules, new_game
from game.cards import CARD_STR, build_deck

TWO = Rules.preset("two-handed")
FIVE = Rules.preset("five-handed")


def test_two_handed_preset_deals_two_hands_a_dead_hand_and_a_kitty_of_three():
    assert (TWO.players, TWO.deck, TWO.teams, TWO.kitty_size, TWO.dead_hand_size) == (
        2,
        33,
        "individual",
        3,
        10,
    )
    g = new_game(TWO, seed=3)
    deal = g.deals[0]
    assert [len(h) for h in deal["hands"]] == [10, 10] and len(deal["kitty"]) == 3
    assert len(deal["dead"]) == 10
    everything = sorted(c for h in deal["hands"] for c in h) + deal["kitty"] + deal["dead"]
    assert sorted(everything) == sorted(CARD_STR[c] for c in build_deck(33))


def test_two_handed_dead_hand_is_never_seen_and_tricks_have_two_cards():
    g = new_game(TWO, seed=5)
    dead = set(g.deals[0]["dead"])
    while g.phase == "bid" and g.hand_number == 0:
        g.act(g.legal_actions()[1] if not g.auction else "PASS")
    for seat in range(2):
        text = json.dumps({k: v for k, v in g.view(seat).items() if k != "rules"})
        assert not any(f'"{c}"' in text for c in dead)
    while g.hand_number == 0 and g.phase != "over":
        g.act(g.legal_actions()[0])
    record = g.hands_played[0]
    assert all(len(t["cards"]) == 2 for t in record["played"])
    assert sum(record["tricks"]) == 10


def test_two_handed_fixed_deal_needs_the_dead_hand():
    deal = new_game(TWO, seed=1).deals[0]
    g = new_game(TWO, deal=deal)
    assert g.deals[0] == deal
    with pytest.raises(ValueError, match="the dead hand has 0 cards, not 10"):
        new_game(TWO, deal={k: v for k, v in deal.items() if k != "dead"})


def test_five_handed_preset_53_cards_individual_scores():
    assert (FIVE.players, FIVE.deck, FIVE.kitty_size, FIVE.num_sides) == (5, 53, 3, 5)
    g = new_game(FIVE, seed=2)
    assert [len(h) for h in g.deals[0]["hands"]] == [10] * 5 and g.scores == [0] * 5


def five_after_discard(calls, hands=None, kitty=None, seed=0):
    deal = make_deal(FIVE, dealer=4, hands=hands, kitty=kitty, seed=seed)
    g = new_game(FIVE, seed=seed, deal=deal)
    for call in calls:
        g.act(call)
    g.act("DISCARD " + " ".join(deal["kitty"]))
    return g, deal


def test_five_handed_contractor_calls_a_partner_by_naming_a_card():
    g, deal = five_after_discard(
        ["8H", "PASS", "PASS", "PASS", "PASS"], hands={0: ["AH"], 3: ["JD"]}
    )
    assert g.phase == "call" and g.to_act == 0
    legal = g.legal_actions()
    assert "CALL JD" in legal and "CALL AH" not in legal  # not a card of your own
    assert not any(a.split()[1] in deal["kitty"] for a in legal)  # nor one you discarded
    assert len(legal) == 53 - 10 - 3
    with pytest.raises(IllegalAction, match="call your partner") as info:
        g.act("AH")
    assert info.value.code == "call-expected"
    g.act("call jd")
    assert g.phase == "play" and g.called_card == "JD" and g.actions[-1] == "CALL JD"


def test_five_handed_partner_is_secret_until_the_called_card_is_played():
    g, _ = five_after_discard(["8H", "PASS", "PASS", "PASS", "PASS"], hands={3: ["JD"]})
    g.act("CALL JD")
    for seat in range(5):
        assert g.view(seat)["called"] == "JD" and g.view(seat)["partner"] is None
    while "JD" not in [c for _, c in g.current_trick] and not any(
        c == "JD" for t in g.tricks for _, c in t.to_dict()["cards"]
    ):
        assert g.revealed_partner is None
        legal = g.legal_actions()
        g.act("JD" if "JD" in legal else next((a for a in legal if a != "JD"), legal[0]))
    assert g.revealed_partner == 3
    assert all(g.view(seat)["partner"] == 3 for seat in range(5))


def test_five_handed_contractor_and_partner_both_score_the_contract():
    g, _ = five_after_discard(["6S", "PASS", "PASS", "PASS", "PASS"], hands={3: ["AS"]})
    g.act("CALL AS")
    while g.hand_number == 0:
        g.act(g.legal_actions()[0])
    record = g.hands_played[0]
    assert record["called"] == "AS" and record["partner"] == 3
    tricks = record["tricks"]
    together = tricks[0] + tricks[3]
    value = 250 if together == 10 else 40
    result = value if together >= 6 else -40
    assert record["made"] is (together >= 6)
    assert record["points"][0] == record["points"][3] == result
    for seat in (1, 2, 4):
        assert record["points"][seat] == 10 * tricks[seat]


def test_five_handed_misere_is_played_alone_without_a_call():
    deal = make_deal(FIVE, dealer=4, seed=1)
    g = new_game(FIVE, deal=deal)
    for call in ["7S", "MIS", "PASS", "PASS", "PASS", "PASS"]:
        g.act(call)
    g.act("DISCARD " + " ".join(deal["kitty"]))
    assert g.phase in ("play", "nominate") and g.called_card is None


def test_five_handed_called_card_in_the_kitty_after_sans_kitty_means_playing_alone():
    rules = FIVE.with_options(sans_kitty=True)
    deal = make_deal(rules, dealer=4, kitty=["AS", "KS", "QS"])
    g = new_game(rules, deal=deal)
    for call in ["8NT", "PASS", "PASS", "PASS", "PASS"]:
        g.act(call)
    g.act("NOKITTY")
    assert "CALL AS" in g.legal_actions()  # the contractor has not seen the kitty
    g.act("CALL AS")
    while g.hand_number == 0:
        g.act(g.legal_actions()[0])
    record = g.hands_played[0]
    assert record["partner"] is None and record["called"] == "AS"
    assert record["points"][0] == (320 if record["tricks"][0] >= 8 else -320)


@pytest.mark.parametrize("rules", [TWO, FIVE], ids=["two-handed", "five-handed"])
def test_save_round_trip_with_future_fixed_deals_two_and_five_handed(rules):
    d1 = new_game(rules, seed=1).deals[0]
    d2 = make_deal(rules, dealer=(d1["dealer"] + 1) % rules.players, seed=9)
    g = new_game(rules, seed=7, deals=[d1, d2])
    for _ in range(rules.players):
        g.act("PASS")
    loaded = Game.from_json(g.to_json())
    assert loaded == g and loaded.deals[-1] == g.deals[-1]
