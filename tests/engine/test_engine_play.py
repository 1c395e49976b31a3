"""The kitty and the play (RULES.md §4): discarding, following suit, the joker in no trumps
and misère, nominations, joker leads, misère play, open and blind misère."""

from __future__ import annotations

import itertools

import pytest
from engine_helpers import (
    AUSTRALIAN,
    finish_trick,
    game_with,
    highest,
    lowest,
    make_deal,
    play,
    trick,
)

from game import IllegalAction, Rules, new_game

NT = ["7NT", "PASS", "PASS", "PASS"]  # seat 0 (dealer 3) wins 7NT
HEARTS = ["7H", "PASS", "PASS", "PASS"]
MISERE = ["7S", "MIS", "PASS", "PASS", "PASS"]  # dealer 2: seat 3 bids 7S, seat 0 misère
OPEN_MISERE = ["OMIS", "PASS", "PASS", "PASS"]
SUITS_LED = ["JK:S", "JK:C", "JK:D", "JK:H"]


def until_seat(g, seat):
    """Others play their first legal card until it is ``seat``'s turn."""
    while g.to_act != seat:
        g.act(g.legal_actions()[0])


def misere_policy(g):
    """The misère contractor ducks (lowest card), the defenders play high."""
    return lowest(g) if g.to_act == g.contract[0] else highest(g)


# --- kitty and discard ------------------------------------------------------------------


def test_contractor_takes_the_kitty_unseen_by_others():
    kitty = ["4D", "5S", "6C"]
    g = game_with(kitty=kitty, calls=HEARTS)
    assert g.phase == "discard" and g.to_act == 0
    assert len(g.hand(0)) == 13 and set(kitty) <= set(g.hand(0))
    assert g.view(0)["kitty"] == ["5S", "6C", "4D"]
    assert all(g.view(s)["kitty"] is None for s in (1, 2, 3))


def test_contractor_discards_as_many_cards_as_the_kitty_held_kitty_cards_included():
    g = game_with(hands={0: ["AH", "KH", "QH"]}, kitty=["4D", "5S", "6C"], calls=HEARTS)
    legal = g.legal_actions()
    assert len(legal) == 286 and all(a.startswith("DISCARD ") for a in legal)  # C(13, 3)
    g.act("discard 4d AH 6c")
    assert len(g.hand(0)) == 10 and "AH" not in g.hand(0) and "5S" in g.hand(0)
    assert g.view(0)["discards"] == ["6C", "4D", "AH"]
    assert g.view(1)["discards"] is None
    assert g.phase == "play" and g.to_act == 0


def test_six_card_kitty_discards_six():
    rules = AUSTRALIAN.with_options(deck=46)
    g = game_with(rules, calls=HEARTS)
    assert len(g.hand(0)) == 16 and len(g.legal_actions()) == 8008  # C(16, 6)
    g.act(g.legal_actions()[-1])
    assert len(g.hand(0)) == 10


@pytest.mark.parametrize(
    "action, message",
    [
        ("DISCARD 4D", r"discard exactly 3 cards \(got 1\)"),
        ("DISCARD 4D 5S 6C AH", r"discard exactly 3 cards \(got 4\)"),
        ("DISCARD 4D 5S XX", "'XX' is not a card"),
        ("DISCARD 4D 5S AS", r"that card is not in your hand \(AS\)"),
        ("DISCARD 4D 4D 6C", "4D is named twice"),
        ("PASS", "you took the kitty: discard 3 cards, e.g. 'DISCARD "),
        ("NOKITTY", "you took the kitty: discard 3 cards"),
        ("", "you took the kitty"),
    ],
)
def test_bad_discards_are_illegal_and_change_nothing(action, message):
    g = game_with(hands={1: ["AS"]}, kitty=["4D", "5S", "6C"], calls=HEARTS)
    before = (g.to_json(), g.hand(0), g.phase)
    with pytest.raises(IllegalAction, match=message):
        g.act(action)
    assert (g.to_json(), g.hand(0), g.phase) == before


def test_sans_kitty_option_lets_the_contractor_leave_the_kitty():
    rules = AUSTRALIAN.with_options(sans_kitty=True)
    deal = make_deal(rules, kitty=["4D", "5S", "6C"])
    g = new_game(rules, deal=deal)
    for call in HEARTS:
        g.act(call)
    assert g.legal_actions()[-1] == "NOKITTY"
    g.act("nokitty")
    assert sorted(g.hand(0)) == sorted(deal["hands"][0])
    assert not g.kitty_taken and g.view(0)["kitty"] is None and g.actions[-1] == "NOKITTY"
    assert g.phase == "play"


def test_sans_kitty_is_declared_before_the_kitty_is_seen():
    rules = AUSTRALIAN.with_options(sans_kitty=True)
    deal = make_deal(rules, kitty=["4D", "5S", "6C"])
    g = new_game(rules, deal=deal)
    for call in HEARTS:
        g.act(call)
    assert g.phase == "kitty" and g.to_act == 0 and g.legal_actions() == ["KITTY", "NOKITTY"]
    assert len(g.hand(0)) == 10 and g.view(0)["kitty"] is None and not g.kitty_taken
    assert not {"4D", "5S", "6C"} & set(str(g.view(0)))  # the kitty is still unseen
    with pytest.raises(IllegalAction, match="take the kitty .'KITTY'. or play without it"):
        g.act("DISCARD 4D 5S 6C")
    g.act("KITTY")
    assert (
        g.phase == "discard"
        and len(g.hand(0)) == 13
        and g.view(0)["kitty"]
        == [
            "5S",
            "6C",
            "4D",
        ]
        or sorted(g.view(0)["kitty"]) == ["4D", "5S", "6C"]
    )
    assert "NOKITTY" not in g.legal_actions()


def test_sans_kitty_contract_scores_the_bid_value_without_bonus():
    rules = AUSTRALIAN.with_options(sans_kitty=True)
    g = new_game(rules, deal=make_deal(rules))
    for call in HEARTS:
        g.act(call)
    g.act("NOKITTY")
    assert g.phase == "play" and g.view(0)["discards"] == [] and g.view(0)["kitty"] is None
    while g.hand_number == 0:
        g.act(g.legal_actions()[0])
    record = g.hands_played[0]
    assert record["points"][0] == (200 if record["made"] else -200)


# --- following suit ---------------------------------------------------------------------


def test_contractor_leads_to_the_first_trick():
    g = game_with(dealer=0, calls=["PASS", "7H", "PASS", "PASS"], discard="kitty")
    assert g.contract == (2, "7H") and g.phase == "play" and g.to_act == 2


def test_players_must_follow_the_suit_led():
    g = game_with(hands={0: ["AS"], 1: ["5S", "AH", "KH"]}, calls=HEARTS, discard="kitty")
    g.act("AS")
    assert "AH" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="you must follow spades"):
        g.act("AH")


def test_must_follow_hearts_message():
    g = game_with(hands={0: ["AH"], 1: ["5H", "AS"]}, calls=HEARTS, discard="kitty")
    g.act("AH")
    with pytest.raises(IllegalAction, match="^you must follow hearts$"):
        g.act("AS")


def test_a_player_who_cannot_follow_may_play_any_card():
    hand1 = ["5H", "6H", "7H", "8H", "9H", "5D", "6D", "7D", "8D", "9D"]
    g = game_with(hands={0: ["AS"], 1: hand1}, calls=HEARTS, discard="kitty")
    g.act("AS")
    assert sorted(g.legal_actions()) == sorted(hand1)


def test_trick_winner_leads_the_next_trick():
    g = game_with(
        hands={0: ["5S", "AD"], 1: ["AS", "5D"], 2: ["6S"], 3: ["7S"]},
        calls=HEARTS,
        discard="kitty",
    )
    play(g, "5S", "AS", "6S", "7S")
    assert g.tricks[0].winner == 1 and g.to_act == 1 and g.current_trick == []


def test_a_hand_has_ten_tricks_then_is_scored_and_the_deal_passes():
    g = game_with(calls=HEARTS, discard="kitty")
    while g.hand_number == 0:
        g.act(g.legal_actions()[0])
    record = g.hands_played[0]
    assert sum(record["tricks"]) == 10 and record["bid"] == "7H" and record["contractor"] == 0
    assert g.dealer == 0


def test_card_not_in_hand_is_illegal_with_a_message():
    g = game_with(hands={1: ["QS"]}, calls=HEARTS, discard="kitty")
    with pytest.raises(IllegalAction, match=r"that card is not in your hand \(QS\)"):
        g.act("QS")


@pytest.mark.parametrize(
    "action, message",
    [
        ("PASS", "the auction is over: play a card"),
        ("8NT", "the auction is over: play a card"),
        ("XYZ", "'XYZ' is not a card"),
        ("AS:H", "only a led joker in no trumps or misère names a suit"),
        ("", "'' is not a card"),
        ("NOMINATE H", "is not a card"),
    ],
)
def test_malformed_plays_are_illegal_and_change_nothing(action, message):
    g = game_with(hands={0: ["AS"]}, calls=HEARTS, discard="kitty")
    before = g.to_json()
    with pytest.raises(IllegalAction, match=message):
        g.act(action)
    assert g.to_json() == before


def test_a_following_card_cannot_name_a_suit():
    g = game_with(hands={0: ["AS"], 1: ["5S"]}, calls=HEARTS, discard="kitty")
    g.act("AS")
    with pytest.raises(IllegalAction, match="only a led joker names a suit"):
        g.act("5S:H")


# --- the joker in no trumps -------------------------------------------------------------

NT_HANDS = {
    0: ["AH", "AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "QD"],
    1: ["JK", "5H", "5C", "6C", "7C", "8C", "5D", "6D", "7D", "8D"],
}


def test_joker_in_no_trumps_is_only_playable_when_void():
    g = game_with(hands=NT_HANDS, calls=NT, discard="kitty")
    assert g.phase == "play"  # the contractor holds no joker: no nomination
    g.act("AH")
    assert g.legal_actions() == ["5H"]
    with pytest.raises(IllegalAction, match="the joker may only be played when you cannot follow"):
        g.act("JK")


def test_joker_in_no_trumps_is_not_forced_when_void_and_wins_when_played():
    g = game_with(hands=NT_HANDS, calls=NT, discard="kitty")
    trick(g, "AH")
    g.act("AS")
    legal = g.legal_actions()
    assert "JK" in legal and len(legal) == 9  # void in spades: any card, the joker included
    g.act("JK")
    finish_trick(g)
    assert g.tricks[-1].winner == 1


def joker_leader(rules=AUSTRALIAN, extra=("AS",)):
    """Seat 0 wins no trumps holding the joker and keeps it un-nominated."""
    hands = {0: ["JK", *extra], 1: ["5H", "6H", "5S"]}
    return game_with(rules, hands=hands, calls=NT, discard="kitty", nominate="NOMINATE -")


def test_joker_led_in_no_trumps_names_a_suit_the_others_must_follow():
    g = joker_leader(extra=())
    assert [a for a in g.legal_actions() if a.startswith("JK")] == SUITS_LED
    with pytest.raises(IllegalAction, match="name the suit the joker is led as, e.g. JK:H"):
        g.act("JK")
    assert g.current_led is None and g.view(1)["current_led"] is None
    g.act("jk:h")
    assert g.legal_actions() == ["5H", "6H"]
    # every seat sees the suit to follow and the joker's named suit while the trick goes on
    assert (g.current_led, g.current_joker_suit) == ("H", "H")
    assert g.view(2)["current_led"] == "H" and g.view(2)["current_joker_suit"] == "H"
    g.act("5H")
    assert g.view(3)["current_joker_suit"] == "H"
    finish_trick(g)
    assert g.current_led is None and g.current_joker_suit is None
    assert g.tricks[0].winner == 0 and g.tricks[0].to_dict()["joker_suit"] == "H"
    assert g.tricks[0].to_dict()["led"] == "H"


def test_joker_lead_unled_suit_restriction():
    g = joker_leader()
    trick(g, "AS")
    assert g.to_act == 0
    assert [a for a in g.legal_actions() if a.startswith("JK")] == ["JK:C", "JK:D", "JK:H"]
    with pytest.raises(
        IllegalAction, match="spades has been led already: lead the joker as clubs or diamonds"
    ):
        g.act("JK:S")


def test_joker_led_as_an_unknown_suit_is_illegal():
    g = joker_leader()
    for bad in ("JK:X", "JK:SC", "JK:NT"):
        with pytest.raises(IllegalAction, match="is not a suit"):
            g.act(bad)


def test_joker_lead_any_option_allows_a_suit_already_led():
    g = joker_leader(AUSTRALIAN.with_options(joker_lead="any"))
    trick(g, "AS")
    assert [a for a in g.legal_actions() if a.startswith("JK")] == SUITS_LED


ALL_SUITS_HAND = ["JK", "AS", "AC", "AD", "AH", "KS", "KC", "KD", "KH", "QS"]


def test_joker_lead_after_all_four_suits_were_led_only_to_the_last_trick():
    g = game_with(hands={0: ALL_SUITS_HAND}, calls=NT, discard="kitty", nominate="NOMINATE -")
    for lead in ("AS", "AC", "AD", "AH"):
        trick(g, lead)
    assert g.to_act == 0 and not [a for a in g.legal_actions() if a.startswith("JK")]
    with pytest.raises(IllegalAction, match="the joker may be led only to the last trick now"):
        g.act("JK:H")
    for lead in ("KS", "KC", "KD", "KH", "QS"):
        trick(g, lead)
    assert len(g.tricks) == 9 and g.legal_actions() == SUITS_LED


def test_joker_lead_last_trick_option_only_allows_the_joker_lead_to_trick_ten():
    rules = AUSTRALIAN.with_options(joker_lead="last-trick")
    g = game_with(
        rules, hands={0: ALL_SUITS_HAND}, calls=NT, discard="kitty", nominate="NOMINATE -"
    )
    assert not [a for a in g.legal_actions() if a.startswith("JK")]  # trick 1, nothing led yet
    with pytest.raises(IllegalAction, match="the joker may be led only to the last trick now"):
        g.act("JK:S")
    for lead in ("AS", "AC", "AD", "AH", "KS", "KC", "KD", "KH", "QS"):
        trick(g, lead)
    assert g.legal_actions() == SUITS_LED


def test_joker_led_named_suit_counts_as_led():
    rules = AUSTRALIAN.with_options(deck=46)
    g = game_with(
        rules, hands={0: ["JK", "BJ"], 1: ["5H"]}, calls=NT, discard="kitty", nominate="NOMINATE -"
    )
    trick(g, "JK:H")
    assert g.to_act == 0
    assert [a for a in g.legal_actions() if a.startswith("BJ")] == ["BJ:S", "BJ:C", "BJ:D"]


def test_a_hand_of_nothing_but_unnominated_jokers_may_always_lead_one():
    rules = AUSTRALIAN.with_options(deck=46)
    hand = ["JK", "BJ", "AS", "AC", "AD", "AH", "KS", "KC", "KD", "KH"]
    g = game_with(rules, hands={0: hand}, calls=NT, discard="kitty", nominate="NOMINATE -")
    for lead in hand[2:]:
        trick(g, lead)
    assert len(g.tricks) == 8 and g.to_act == 0
    assert g.legal_actions() == [f"{j}:{s}" for j in ("JK", "BJ") for s in "SCDH"]
    trick(g, "BJ:S")
    assert g.legal_actions() == SUITS_LED


def test_two_jokers_black_joker_beats_the_colour_joker():
    rules = AUSTRALIAN.with_options(deck=46)
    g = game_with(
        rules,
        hands={0: ["JK", "AH"], 1: ["BJ"] + [f"{r}C" for r in range(4, 11)] + ["JC", "QC"]},
        calls=HEARTS,
        discard="kitty",
    )
    g.act("JK")  # the joker is a trump: seat 1's black joker is its only trump
    assert g.legal_actions() == ["BJ"]
    g.act("BJ")
    finish_trick(g)
    assert g.tricks[0].winner == 1


# --- nominations -------------------------------------------------------------------------


def test_nomination_phase_when_the_contractor_holds_a_joker_in_no_trumps():
    g = game_with(hands={0: ["JK"]}, calls=NT, discard="kitty")
    assert g.phase == "nominate" and g.to_act == 0
    assert g.legal_actions() == [f"NOMINATE {s}" for s in "SCDH-"]
    with pytest.raises(IllegalAction, match=r"nominate a suit for your joker \('NOMINATE H'\)"):
        g.act("NOMINATE X")


def test_no_nomination_phase_without_the_joker_or_in_a_suit_contract():
    assert game_with(hands={1: ["JK"]}, calls=NT, discard="kitty").phase == "play"
    assert game_with(hands={0: ["JK"]}, calls=HEARTS, discard="kitty").phase == "play"
    discarded = game_with(
        hands={0: ["JK"]}, kitty=["4D", "5S", "6C"], calls=NT, discard="DISCARD JK 4D 5S"
    )
    assert discarded.phase == "play"


def test_nomination_phase_in_misere_when_the_contractor_holds_the_joker():
    g = game_with(dealer=2, hands={0: ["JK"]}, calls=MISERE, discard="kitty")
    assert g.phase == "nominate"
    assert game_with(dealer=2, hands={1: ["JK"]}, calls=MISERE, discard="kitty").phase == "play"


NOMINATION_HANDS = {
    0: ["JK", "5H", "4D", "AS", "KS", "QS", "JS", "10S", "9S", "8S"],
    1: ["AD", "KD", "QD", "AC", "KC", "QC", "JC", "10C", "9C", "8C"],
}


def test_nominated_joker_in_no_trumps_is_the_top_card_of_its_suit():
    g = game_with(hands=NOMINATION_HANDS, calls=NT, discard="kitty", nominate="NOMINATE H")
    assert "JK" in g.legal_actions() and not [a for a in g.legal_actions() if ":" in a]
    g.act("JK")  # led as a heart, no suit to name
    assert g.tricks == [] and g.view(1)["current_trick"] == [[0, "JK"]]
    finish_trick(g, highest)
    assert g.tricks[0].led == 3 and g.tricks[0].winner == 0  # above the ace of hearts


def test_nominated_joker_in_no_trumps_follows_its_suit_and_may_be_thrown_when_void():
    g = game_with(hands=NOMINATION_HANDS, calls=NT, discard="kitty", nominate="NOMINATE H")
    play(g, "4D", "AD")
    finish_trick(g)
    assert g.tricks[0].winner == 1
    g.act("AC")
    until_seat(g, 0)
    assert "JK" in g.legal_actions() and len(g.legal_actions()) == 9  # void in clubs
    g.act("JK")  # seat 0 plays last
    assert g.tricks[1].winner == 1  # a thrown heart does not win a club trick


def test_nomination_is_public():
    g = game_with(hands=NOMINATION_HANDS, calls=NT, discard="kitty", nominate="NOMINATE H")
    assert all(g.view(s)["nominated"] == "H" for s in range(4))
    g2 = game_with(hands=NOMINATION_HANDS, calls=NT, discard="kitty", nominate="NOMINATE -")
    assert all(g2.view(s)["nominated"] == "-" for s in range(4))


def test_nominated_stays_none_in_a_suit_contract():
    g = game_with(hands={0: ["JK"]}, calls=HEARTS)
    assert g.view(1)["nominated"] is None  # discarding
    g.act("DISCARD " + " ".join(g.deals[0]["kitty"]))
    assert g.view(1)["nominated"] is None  # a suit contract: nothing was nominated or declined


def test_one_nomination_covers_both_jokers():
    rules = AUSTRALIAN.with_options(deck=46)
    g = game_with(
        rules,
        hands={0: ["JK", "BJ", "4H"], 1: ["AH", "KH"]},
        calls=NT,
        discard="kitty",
        nominate="NOMINATE H",
    )
    assert {"JK", "BJ"} <= set(g.legal_actions())
    g.act("4H")
    assert g.legal_actions() == ["KH", "AH"]


MISERE_NOMINATION_HANDS = {
    0: ["JK", "4H", "5H", "4D", "5D", "6D", "5C", "6C", "7C", "8C"],  # void in spades
    1: ["AS", "KS", "QS", "10S", "9S", "AD", "KD", "QD", "AH", "KH"],
}


def misere_with_joker(nominate):
    g = game_with(
        dealer=2, hands=MISERE_NOMINATION_HANDS, calls=MISERE, discard="kitty", nominate=nominate
    )
    play(g, "4D", "AD")
    finish_trick(g)
    assert g.to_act == 1 and g.hands_played == []
    return g


def test_nominated_joker_in_misere_follows_as_its_suit_and_can_be_thrown():
    g = misere_with_joker("NOMINATE H")
    g.act("AH")
    until_seat(g, 0)
    assert g.legal_actions() == ["4H", "5H", "JK"]  # the joker is a heart now
    play(g, "4H")
    assert g.tricks[-1].winner == 1
    g.act("AS")  # void in spades: the nominated joker may be thrown away, and loses
    until_seat(g, 0)
    assert "JK" in g.legal_actions() and len(g.legal_actions()) == 8
    g.act("JK")  # seat 0 plays last
    assert g.tricks[-1].winner == 1 and g.hands_played == [] and g.phase == "play"


def test_forced_joker_play_in_misere_when_void():
    g = misere_with_joker("NOMINATE -")
    g.act("AH")
    until_seat(g, 0)
    assert g.legal_actions() == ["4H", "5H"]  # an un-nominated joker is no heart
    play(g, "4H")
    assert g.tricks[-1].winner == 1
    g.act("AS")
    until_seat(g, 0)
    assert g.legal_actions() == ["JK"]
    with pytest.raises(IllegalAction, match="in misère you must play the joker"):
        g.act("5D")
    g.act("JK")  # and it wins the trick, so the misère fails at once
    assert g.hand_number == 1
    assert g.hands_played[0]["made"] is False and g.hands_played[0]["points"] == [-250, 0]


def test_forced_joker_in_misere_applies_to_a_defender_too():
    hands = {
        0: ["4D", "5D"],
        1: ["JK", "AS", "KS", "QS", "AH", "KH", "QH", "AC", "KC", "QC"],
        3: ["6D"],
    }
    g = game_with(dealer=2, hands=hands, calls=MISERE, discard="kitty")
    g.act("4D")
    assert g.legal_actions() == ["JK"]
    with pytest.raises(IllegalAction, match="in misère you must play the joker when you cannot"):
        g.act("AS")


def test_holding_the_joker_in_misere_does_not_excuse_following_suit():
    hands = {0: ["4D"], 1: ["JK", "AD", "AS"]}
    g = game_with(dealer=2, hands=hands, calls=MISERE, discard="kitty")
    g.act("4D")
    assert "JK" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="you must follow diamonds"):
        g.act("AS")
    with pytest.raises(IllegalAction, match="the joker may only be played when you cannot follow"):
        g.act("JK")


# --- misère play ------------------------------------------------------------------------

LOW_HAND = ["4H", "5H", "6H", "7H", "4D", "5D", "6D", "7D", "5S", "5C"]
MISERE_DEAL = {0: LOW_HAND, 1: ["AH"], 2: ["JK"]}


def test_misere_partner_sits_out_and_tricks_have_three_cards():
    g = game_with(dealer=2, hands=MISERE_DEAL, calls=MISERE, discard="kitty")
    assert g.sitting_out() == [2] and g.view(1)["sitting_out"] == [2]
    g.act("4H")
    assert g.to_act == 1
    g.act(g.legal_actions()[0])
    assert g.to_act == 3  # the partner is skipped
    g.act(g.legal_actions()[0])
    assert len(g.tricks[0].plays) == 3 and g.view(2)["legal_actions"] == []
    assert len(g.hand(2)) == 10


def test_misere_ends_as_soon_as_the_contractor_wins_a_trick():
    g = game_with(dealer=2, hands={0: ["AS", "4H"], 2: ["JK"]}, calls=MISERE, discard="kitty")
    trick(g, "AS")
    assert g.hand_number == 1 and g.phase == "bid" and g.dealer == 3
    record = g.hands_played[0]
    assert record["bid"] == "MIS" and record["made"] is False
    assert record["tricks"] == [1, 0] and record["points"] == [-250, 0]


def test_misere_play_out_option_plays_all_ten_tricks_and_scores_it_failed():
    rules = AUSTRALIAN.with_options(misere_play_out=True)
    g = game_with(
        rules, dealer=2, hands={0: ["AS", "4H"], 2: ["JK"]}, calls=MISERE, discard="kitty"
    )
    trick(g, "AS")
    assert g.hand_number == 0 and g.phase == "play" and g.to_act == 0  # plays on
    while g.hand_number == 0:
        g.act(g.legal_actions()[0])
    record = g.hands_played[0]
    assert record["made"] is False and sum(record["tricks"]) == 10
    assert record["points"] == [-250, 0]


def test_hand_record_shows_every_trick_played_either_way():
    g = game_with(dealer=2, hands={0: ["AS", "4H"], 2: ["JK"]}, calls=MISERE, discard="kitty")
    trick(g, "AS")  # the misère stops at the first trick: one trick played
    (record,) = g.hands_played
    assert len(record["played"]) == 1 and record["played"][0] == record["last_trick"]
    assert record["played"][0]["cards"][0] == [0, "AS"]
    g = game_with(calls=["7H", "PASS", "PASS", "PASS"], discard="kitty")
    while g.hand_number == 0:
        g.act(g.legal_actions()[0])
    played = g.hands_played[0]["played"]
    assert len(played) == 10 and played[-1] == g.hands_played[0]["last_trick"]
    assert sorted(c for t in played for _, c in t["cards"]) == sorted(
        c for seat in range(4) for c in g.deals[0]["hands"][seat]
    )


def test_hand_record_last_trick_is_its_last_played_trick_and_tricks_match_the_core():
    """``last_trick`` is the record's last ``played`` trick itself (built once), and every
    trick of the record is what :attr:`Game.tricks` showed while the hand was on."""
    g = game_with(calls=["7H", "PASS", "PASS", "PASS"], discard="kitty")
    seen = []
    while g.hand_number == 0:
        g.act(g.legal_actions()[0])
        if g.hand_number == 0 and g.tricks:
            seen = [t.to_dict() for t in g.tricks]
    record = g.hands_played[0]
    assert record["last_trick"] is record["played"][-1]
    assert record["played"][:9] == seen[:9] and len(seen) == 9


def test_misere_made_when_the_contractor_loses_every_trick_and_defenders_score_nothing():
    g = game_with(dealer=2, hands=MISERE_DEAL, calls=MISERE, discard="kitty")
    while g.hand_number == 0:
        g.act(misere_policy(g))
    record = g.hands_played[0]
    assert record["made"] is True and record["tricks"] == [0, 10]
    assert record["points"] == [250, 0] and g.scores == [250, 0]


def test_open_misere_hand_is_exposed_after_the_first_trick():
    g = game_with(hands=MISERE_DEAL, calls=OPEN_MISERE, discard="kitty")
    assert g.view(1)["exposed"] == {}
    g.act("4H")
    finish_trick(g, misere_policy)
    assert g.tricks[0].winner != 0
    for seat in (1, 2, 3):
        assert g.view(seat)["exposed"] == {"0": g.hand(0)}
    assert g.exposed() == {0: g.hand(0)}


def test_open_misere_exposed_from_the_start_option():
    rules = AUSTRALIAN.with_options(open_misere_exposed="from-start")
    g = game_with(rules, hands=MISERE_DEAL, calls=OPEN_MISERE)
    assert g.view(1)["exposed"] == {}  # not while discarding
    g.act("DISCARD " + " ".join(g.contractor_kitty))
    assert g.phase == "play" and not g.tricks
    assert g.view(1)["exposed"] == {"0": g.hand(0)}
    assert sorted(g.view(3)["exposed"]["0"]) == sorted(LOW_HAND)


def test_blind_misere_is_played_closed():
    rules = AUSTRALIAN.with_options(blind_misere=True, open_misere_exposed="from-start")
    g = game_with(rules, hands=MISERE_DEAL, calls=["BMIS", "PASS", "PASS", "PASS"], discard="kitty")
    trick(g, "4H", misere_policy)
    assert g.contract == (0, "BMIS") and g.exposed() == {} and g.view(1)["exposed"] == {}
    assert g.sitting_out() == [2]


def test_open_misere_scores_its_value():
    g = game_with(hands=MISERE_DEAL, calls=OPEN_MISERE, discard="kitty")
    while g.phase != "over":
        g.act(misere_policy(g))
    assert g.hands_played[0]["points"] == [500, 0] and g.scores == [500, 0]
    assert g.winner == 0  # made, and it reaches the target


BOTH_HANDS = AUSTRALIAN.with_options(misere_partner="both-hands")


def test_misere_both_hands_the_contractor_plays_the_partners_open_hand():
    hands = {0: ["4H"], 1: ["6H"], 2: ["AH"], 3: []}
    g = game_with(BOTH_HANDS, dealer=2, hands=hands, kitty=["JK"], calls=MISERE)
    assert g.view(1)["exposed"] == {}  # not before play starts
    g.act("DISCARD " + " ".join(g.contractor_kitty))
    assert g.sitting_out() == [] and g.controller_of(2) == 0 and g.controller_of(1) == 1
    assert g.view(1)["exposed"] == {"2": g.hand(2)} and g.view(3)["exposed"] == {"2": g.hand(2)}
    play(g, "4H", "6H")
    assert g.to_act == 2
    assert g.view(0)["acting_for"] == 2 and g.view(0)["legal_actions"] == g.legal_actions()
    assert g.view(2)["acting_for"] is None and g.view(2)["legal_actions"] == []
    g.act("AH")  # the partner's hand wins the trick: the misère fails
    g.act(g.legal_actions()[0])
    assert g.hands_played[0]["made"] is False and g.hands_played[0]["points"] == [-250, 0]


def test_misere_both_hands_tricks_have_four_cards():
    g = game_with(BOTH_HANDS, dealer=2, hands=MISERE_DEAL, calls=MISERE, discard="kitty")
    trick(g, "4H", misere_policy)
    assert len(g.tricks[0].plays) == 4


def test_misere_in_six_handed_2v2v2_and_3v3_partners_sit_out():
    for teams, out in (("2v2v2", [3]), ("3v3", [2, 4])):
        rules = AUSTRALIAN.with_options(players=6, deck=63, teams=teams, misere="anytime")
        g = game_with(rules, dealer=5, calls=["MIS"] + ["PASS"] * 5, discard="kitty")
        assert g.contract == (0, "MIS") and g.sitting_out() == out
        plays = 0
        while True:  # one trick, however it ends
            g.act(g.legal_actions()[0])
            plays += 1
            if not g.current_trick:
                break
        assert plays == 6 - len(out)


def test_misere_in_three_handed_play_has_no_partner():
    rules = Rules.preset("three-handed").with_options(misere="anytime")
    g = game_with(rules, dealer=2, calls=["MIS", "PASS", "PASS"], discard="kitty")
    assert g.contract == (0, "MIS") and g.sitting_out() == []


def test_every_discard_combination_is_listed_once():
    g = game_with(calls=HEARTS)
    legal = g.legal_actions()
    assert len(set(legal)) == len(legal)
    combos = {" ".join(sorted(c)) for c in itertools.combinations(g.hand(0), 3)}
    assert {" ".join(sorted(a.split()[1:])) for a in legal} == combos
