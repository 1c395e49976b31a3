"""The auction (RULES.md §3): Australian and American bidding, inkles, misère bids,
raising one's own bid, the minimum contract and the Game bid."""

from __future__ import annotations

import pytest
from engine_helpers import AUSTRALIAN, game_with, make_deal

from game import IllegalAction, Rules, new_game

AMERICAN = Rules.preset("american")
THOUSAND = Rules.preset("46-card-1000")


def auction(rules: Rules = AUSTRALIAN, calls=(), dealer: int = 3):
    g = new_game(rules, seed=1, deal=make_deal(rules, dealer=dealer))
    for call in calls:
        g.act(call)
    return g


def assert_thrown_in(g, dealer_before: int, hand_before: int = 0):
    assert g.phase == "bid" and g.contract is None
    assert g.hand_number == hand_before + 1
    assert g.dealer == (dealer_before + 1) % g.rules.players
    assert g.to_act == (g.dealer + 1) % g.rules.players
    assert g.hands_played == [] and g.scores == [0] * g.rules.num_sides


# --- general ---------------------------------------------------------------------------


def test_lowest_bid_is_six_spades_and_highest_ten_no_trumps():
    legal = auction(AUSTRALIAN.with_options(misere="off")).legal_actions()
    assert legal[:2] == ["PASS", "6S"] and legal[-1] == "10NT" and len(legal) == 26


def test_each_bid_must_outrank_the_current_bid():
    g = auction(calls=["7H"])
    assert "7D" not in g.legal_actions() and "7NT" in g.legal_actions()
    with pytest.raises(IllegalAction, match="7C does not beat the current bid 7H"):
        g.act("7C")
    with pytest.raises(IllegalAction, match="7H does not beat the current bid 7H"):
        g.act("7H")


def test_illegal_bid_is_a_value_error_and_leaves_the_auction_unchanged():
    g = auction(calls=["7H"])
    before = (g.to_json(), g.to_act, g.auction, g.legal_actions())
    with pytest.raises(ValueError):
        g.act("6S")
    assert (g.to_json(), g.to_act, g.auction, g.legal_actions()) == before


def test_the_contract_is_the_highest_bid_and_its_bidder():
    g = auction(calls=["6S", "7C", "PASS", "PASS", "8D", "PASS"])
    assert g.contract == (0, "8D") and g.phase == "discard" and g.to_act == 0


# --- Australian bidding ----------------------------------------------------------------


def test_australian_bidding_goes_round_until_all_but_one_have_passed():
    g = auction(calls=["6S", "6C", "6D", "6H", "7S", "7C"])
    assert g.contract is None and g.to_act == 2  # still going round
    for call in ["PASS", "PASS", "PASS"]:
        g.act(call)
    assert g.contract == (1, "7C")


def test_australian_passing_is_final():
    g = auction(calls=["PASS", "6S", "7S", "PASS"])
    assert g.to_act == 1  # seat 0 passed and is skipped for good
    g.act("7C")
    assert g.to_act == 2
    g.act("PASS")
    assert g.contract == (1, "7C")
    assert [s for s, _ in g.auction] == [0, 1, 2, 3, 1, 2]


def test_australian_all_pass_throws_the_hand_in_rotates_the_dealer_and_adds_no_record():
    g = auction(calls=["PASS"] * 4)
    assert_thrown_in(g, dealer_before=3)
    assert len(g.deals) == 2 and g.auction == []


def test_without_raise_own_bid_the_auction_ends_when_all_others_pass():
    g = auction(calls=["6S", "PASS", "PASS", "PASS"])
    assert g.contract == (0, "6S")


def test_raise_own_bid_lets_the_high_bidder_raise_after_all_others_passed():
    g = auction(AUSTRALIAN.with_options(raise_own_bid=True), calls=["6S", "PASS", "PASS", "PASS"])
    assert g.contract is None and g.to_act == 0
    assert g.legal_actions()[:3] == ["PASS", "6C", "6D"]
    g.act("7S")
    assert g.to_act == 0 and g.contract is None
    g.act("PASS")
    assert g.contract == (0, "7S")


def test_raise_own_bid_does_not_reopen_the_auction_for_others():
    g = auction(
        AUSTRALIAN.with_options(raise_own_bid=True), calls=["6S", "7S", "PASS", "PASS", "PASS"]
    )
    assert g.to_act == 1  # seat 1, the high bidder, keeps the turn; seat 0 passed for good
    g.act("8S")
    assert g.to_act == 1
    g.act("PASS")
    assert g.contract == (1, "8S")


# --- American bidding and inkles --------------------------------------------------------


def test_american_bidding_is_exactly_one_round():
    g = auction(AMERICAN, calls=["PASS", "PASS", "7S", "8S"])
    assert g.contract == (3, "8S")  # seat 2 gets no second call


def test_american_inkles_any_six_level_bid_by_the_first_two_calls_never_wins():
    g = auction(AMERICAN, calls=["6H", "6S"])  # need not outrank each other
    assert g.to_act == 2
    assert not [b for b in g.legal_actions() if b.startswith("6")]
    assert g.legal_actions()[:2] == ["PASS", "7S"]  # inkles set no high bid
    g.act("7C")
    g.act("PASS")
    assert g.contract == (2, "7C")


def test_american_only_the_first_two_callers_may_inkle():
    g = auction(AMERICAN, calls=["PASS", "6D"])  # a pass counts as one of the two calls
    with pytest.raises(IllegalAction, match=r"only the first two bidders may bid at the 6 level"):
        g.act("6NT")


def test_american_inkle_after_a_seven_bid_need_not_outrank_it():
    g = auction(AMERICAN, calls=["7S", "6C", "PASS", "PASS"])
    assert g.contract == (0, "7S")


def test_american_all_pass_is_a_redeal():
    g = auction(AMERICAN, calls=["PASS"] * 4)
    assert_thrown_in(g, dealer_before=3)


def test_american_only_inkles_is_a_redeal():
    g = auction(AMERICAN, calls=["6S", "6NT", "PASS", "PASS"])
    assert_thrown_in(g, dealer_before=3)


def test_american_inkles_in_three_handed_play():
    rules = Rules.preset("three-handed").with_options(bidding="american")
    g = auction(rules, calls=["6S", "6D"], dealer=2)
    assert "6NT" not in g.legal_actions() and "7S" in g.legal_actions()
    g.act("7S")
    assert g.contract == (2, "7S")


# --- misère bids ---------------------------------------------------------------------


def test_misere_needs_a_seven_bid_first():
    g = auction()
    assert "MIS" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="misère needs a 7 bid first"):
        g.act("MIS")
    g.act("6NT")  # a 6 bid is not enough
    with pytest.raises(IllegalAction, match="misère needs a 7 bid first"):
        g.act("MIS")


def test_misere_after_seven_counts_a_seven_bid_by_anyone_even_the_partner():
    g = auction(calls=["7S", "PASS"])
    assert "MIS" in g.legal_actions()
    g.act("MIS")
    assert g.auction[-1] == (2, "MIS")


def test_misere_anytime_may_be_the_first_bid():
    g = auction(AUSTRALIAN.with_options(misere="anytime"))
    assert "MIS" in g.legal_actions()
    g.act("MIS")
    assert g.auction == [(0, "MIS")]


def test_misere_off_removes_misere_and_open_misere_from_the_auction():
    g = auction(AUSTRALIAN.with_options(misere="off"), calls=["7S"])
    assert not {"MIS", "OMIS"} & set(g.legal_actions())
    for bid in ("MIS", "OMIS", "BMIS"):
        with pytest.raises(IllegalAction, match="misère bids are not allowed in these rules"):
            g.act(bid)


def test_open_misere_may_be_bid_at_any_time_even_first():
    g = auction()
    assert "OMIS" in g.legal_actions()
    g.act("OMIS")
    assert g.legal_actions() == ["PASS", "10H", "10NT"]


def test_open_misere_after_8_needs_an_eight_bid_first():
    g = auction(AUSTRALIAN.with_options(open_misere_after_8=True), calls=["7S"])
    with pytest.raises(IllegalAction, match="open misère needs an 8 bid first"):
        g.act("OMIS")
    g.act("8S")
    assert "OMIS" in g.legal_actions()


def test_eight_spades_overcalls_misere_by_default():
    g = auction(calls=["7S", "MIS"])
    assert "8S" in g.legal_actions() and "7NT" not in g.legal_actions()


def test_eight_spades_does_not_overcall_misere_when_the_option_is_off():
    rules = AUSTRALIAN.with_options(eight_spades_overcalls_misere=False)
    g = auction(rules, calls=["7S", "MIS"])
    assert "8S" not in g.legal_actions() and "8C" in g.legal_actions()
    g2 = auction(rules, calls=["7S", "8S"])
    assert "MIS" in g2.legal_actions()  # misère overcalls 8♠


def test_blind_misere_is_not_available_unless_the_option_is_on():
    with pytest.raises(IllegalAction, match="blind misère is not allowed in these rules"):
        auction().act("BMIS")


def test_blind_misere_only_as_the_seats_first_call():
    rules = AUSTRALIAN.with_options(blind_misere=True)
    g = auction(rules, calls=["6S"])
    assert "BMIS" in g.legal_actions()  # seat 1's first call
    g.act("6C")
    g.act("6D")
    g.act("6H")
    assert g.to_act == 0 and "BMIS" not in g.legal_actions()  # seat 0 called already
    with pytest.raises(IllegalAction, match="blind misère must be your first call"):
        g.act("BMIS")


def test_blind_misere_and_open_misere_cannot_overcall_each_other():
    rules = AUSTRALIAN.with_options(blind_misere=True)
    g = auction(rules, calls=["OMIS"])
    assert "BMIS" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="BMIS does not beat the current bid OMIS"):
        g.act("BMIS")
    g = auction(rules, calls=["BMIS"])
    assert "OMIS" not in g.legal_actions()


# --- minimum contract and the Game bid --------------------------------------------------


def test_minimum_contract_8_throws_in_an_auction_won_below_8():
    g = auction(THOUSAND, calls=["7NT", "PASS", "PASS", "PASS"])
    # 003: the cards are dealt again by the player who started the bidding (the next dealer)
    assert_thrown_in(g, dealer_before=3)
    assert g.dealer == 0


def test_minimum_contract_8_accepts_8_spades():
    g = auction(THOUSAND, calls=["8S", "PASS", "PASS", "PASS"])
    assert g.contract == (0, "8S") and g.phase == "discard"


def test_minimum_contract_7_option_throws_in_six_level_contracts():
    rules = AUSTRALIAN.with_options(minimum_contract=7)
    assert_thrown_in(auction(rules, calls=["6NT", "PASS", "PASS", "PASS"]), dealer_before=3)
    assert auction(rules, calls=["7S", "PASS", "PASS", "PASS"]).contract == (0, "7S")


def test_minimum_contract_8_throws_in_a_misere_but_not_an_open_misere():
    rules = AUSTRALIAN.with_options(minimum_contract=8)
    assert_thrown_in(auction(rules, calls=["7S", "MIS", "PASS", "PASS", "PASS"]), dealer_before=3)
    assert auction(rules, calls=["OMIS", "PASS", "PASS", "PASS"]).contract == (0, "OMIS")


def test_game_bid_ranks_above_10nt():
    g = auction(THOUSAND, calls=["10NT"])
    assert g.legal_actions() == ["PASS", "GAME"]


def test_game_bid_is_not_available_unless_the_option_is_on():
    with pytest.raises(IllegalAction, match="the Game bid is not allowed in these rules"):
        auction().act("GAME")


def test_game_bid_plays_in_the_contractors_last_suit_bid():
    g = auction(THOUSAND, calls=["8H", "9S", "PASS", "PASS", "GAME", "PASS"])
    assert g.contract == (0, "GAME") and g.trump == "H"


def test_game_bid_as_first_call_plays_in_no_trumps():
    g = auction(THOUSAND, calls=["8H", "GAME", "PASS", "PASS", "PASS"])
    assert g.contract == (1, "GAME") and g.trump == "NT"


def test_game_bid_after_an_american_inkle_ignores_the_inkle():
    rules = AMERICAN.with_options(game_bid=True)
    g = auction(rules, calls=["6H", "PASS", "GAME", "PASS"])
    assert g.contract == (2, "GAME") and g.trump == "NT"
    g = auction(rules, calls=["6H", "7D", "PASS", "PASS"])
    assert g.contract == (1, "7D")


# --- messages for calls that are not bids ------------------------------------------------


@pytest.mark.parametrize(
    "call, message",
    [
        ("AS", "it is the auction: bid or PASS before playing cards"),
        ("JK:H", "it is the auction: bid or PASS before playing cards"),
        ("11NT", "'11NT' is not a bid"),
        ("7X", "'7X' is not a bid"),
        ("", "'' is not a bid"),
        ("DISCARD 4D 5S 6C", "is not a bid"),
        ("NOMINATE H", "is not a bid"),
    ],
)
def test_malformed_calls_are_illegal_with_a_readable_message(call, message):
    g = auction()
    before = g.to_json()
    with pytest.raises(IllegalAction, match=message):
        g.act(call)
    assert g.to_json() == before


def test_calls_are_case_and_space_insensitive():
    g = auction(calls=[" 7h ", "pass", "mis"])
    assert g.auction == [(0, "7H"), (1, "PASS"), (2, "MIS")]


@pytest.mark.parametrize("action", [None, 7, ["PASS"], b"PASS"])
def test_non_string_actions_are_illegal(action):
    g = auction()
    with pytest.raises(IllegalAction, match="an action is a string like"):
        g.act(action)


def test_game_with_fixed_deal_starts_in_the_auction():
    g = game_with()
    assert g.phase == "bid" and g.contract is None and g.trump is None
