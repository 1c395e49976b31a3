"""Scoring (RULES.md §5) and the end of the game (§6)."""

from __future__ import annotations

import pytest
from engine_helpers import AUSTRALIAN, game_with

from game import IllegalAction, Rules, new_game
from game.scoring import score_hand

AMERICAN = Rules.preset("american")
THREE = Rules.preset("three-handed")
THOUSAND = Rules.preset("46-card-1000")
SIX = Rules.preset("six-handed")


def score(rules, side, bid, tricks, scores=None, trick_sides=None):
    scores = scores if scores is not None else [0] * len(tricks)
    if trick_sides is None:
        trick_sides = [s for s, n in enumerate(tricks) for _ in range(n)]
    return score_hand(rules, side, bid, tricks, trick_sides, scores)


# --- contracts ---------------------------------------------------------------------------


def test_contract_made_scores_the_bid_value_and_nothing_for_overtricks():
    s = score(AUSTRALIAN, 0, "8D", [9, 1])
    assert s.made and s.points == [280, 10]  # 002: bid 8♦, take 9, score 280 not 380


def test_contract_failed_loses_the_bid_value_and_scores_may_go_negative():
    s = score(AUSTRALIAN, 1, "7H", [4, 6], scores=[0, 100])
    assert not s.made and s.points == [40, -200] and s.winner is None
    assert score(AUSTRALIAN, 1, "7H", [4, 6], scores=[0, -100]).points[1] == -200


def test_defenders_score_ten_a_trick_whether_or_not_the_contract_is_made():
    assert score(AUSTRALIAN, 0, "6S", [6, 4]).points == [40, 40]
    assert score(AUSTRALIAN, 0, "9S", [6, 4]).points == [-340, 40]


@pytest.mark.parametrize(
    "bid, value, slam",
    [("6S", 40, 250), ("7NT", 220, 250), ("8S", 240, 250), ("8C", 260, 260), ("10NT", 520, 520)],
)
def test_slam_bonus_only_for_bids_worth_less_than_250(bid, value, slam):
    assert score(AUSTRALIAN, 0, bid, [10, 0]).points == [slam, 0]
    level = int(bid[:-2] if bid.endswith("NT") else bid[:-1])
    assert score(AUSTRALIAN, 0, bid, [level, 10 - level]).points[0] == value


def test_slam_bonus_option_off_scores_the_bid_value():
    assert score(AUSTRALIAN.with_options(slam_bonus=False), 0, "6S", [10, 0]).points == [40, 0]


# --- misère ------------------------------------------------------------------------------


def test_misere_scores_its_value_won_or_lost_and_defenders_score_nothing():
    assert score(AUSTRALIAN, 0, "MIS", [0, 10]).points == [250, 0]
    assert score(AUSTRALIAN, 0, "MIS", [1, 3]).points == [-250, 0]
    assert score(AUSTRALIAN, 1, "OMIS", [10, 0]).points == [0, 500]
    assert score(AUSTRALIAN, 1, "OMIS", [2, 1]).points == [0, -500]


@pytest.mark.parametrize("value", [210, 230, 250])
def test_misere_value_option_scores_210_230_250(value):
    rules = AUSTRALIAN.with_options(misere_value=value)
    assert score(rules, 0, "MIS", [0, 10]).points == [value, 0]


@pytest.mark.parametrize("value", [330, 430, 500, 520])
def test_open_misere_value_option_scores_330_430_500_520(value):
    rules = AUSTRALIAN.with_options(open_misere_value=value, blind_misere=True)
    assert score(rules, 0, "OMIS", [0, 10]).points == [value, 0]
    assert score(rules, 0, "BMIS", [1, 9]).points == [-value, 0]


# --- 003 variant -----------------------------------------------------------------------


def test_failed_contract_to_defenders_scores_the_value_to_the_defenders():
    s = score(THOUSAND, 0, "8S", [7, 3])
    assert not s.made and s.points == [0, 240 + 30]


def test_failed_contract_to_defenders_gives_the_value_to_each_defending_side():
    rules = SIX.with_options(failed_contract_to_defenders=True)
    assert score(rules, 1, "9H", [2, 7, 1]).points == [400 + 20, 0, 400 + 10]


def test_failed_misere_with_failed_contract_to_defenders_pays_the_defenders():
    rules = AUSTRALIAN.with_options(failed_contract_to_defenders=True)
    assert score(rules, 0, "MIS", [1, 3]).points == [0, 250]
    assert score(rules, 0, "MIS", [0, 10]).points == [250, 0]


def test_game_bid_scores_plus_or_minus_1000():
    assert score(THOUSAND, 0, "GAME", [10, 0]).points == [1000, 0]
    assert score(THOUSAND, 0, "GAME", [9, 1]).points == [0, 1000 + 10]
    no_gift = AUSTRALIAN.with_options(game_bid=True, target=1000)
    assert score(no_gift, 0, "GAME", [9, 1]).points == [-1000, 10]


# --- sides -----------------------------------------------------------------------------


def test_three_handed_each_opponent_scores_its_own_tricks():
    assert score(THREE, 0, "7S", [7, 2, 1]).points == [140, 20, 10]
    assert score(THREE, 2, "7S", [5, 2, 3]).points == [50, 20, -140]


def test_six_handed_sides_score_as_teams():
    assert score(SIX, 2, "8D", [3, 1, 6]).points == [30, 10, -280]
    assert score(SIX.with_options(teams="3v3"), 0, "8D", [8, 2]).points == [280, 20]


# --- must bid to win --------------------------------------------------------------------


def test_must_bid_to_win_caps_defenders_at_490():
    assert score(AUSTRALIAN, 0, "7H", [6, 4], scores=[0, 470]).points == [-200, 20]
    assert score(AUSTRALIAN, 0, "7H", [6, 4], scores=[0, 490]).points == [-200, 0]
    assert score(AUSTRALIAN, 0, "7H", [7, 3], scores=[0, -30]).points == [200, 30]


def test_must_bid_to_win_defender_cap_margin_20_caps_at_480():
    rules = AUSTRALIAN.with_options(defender_cap_margin=20)
    assert score(rules, 0, "7H", [6, 4], scores=[0, 470]).points == [-200, 10]
    assert score(rules, 0, "7H", [6, 4], scores=[0, 480]).points == [-200, 0]


def test_must_bid_to_win_defenders_cannot_reach_the_target():
    s = score(AUSTRALIAN, 0, "9NT", [0, 10], scores=[0, 480])
    assert s.points == [-420, 10] and s.winner is None


def test_without_must_bid_to_win_defender_trick_points_are_not_capped():
    assert score(AMERICAN, 0, "7H", [6, 4], scores=[0, 470]).points == [-200, 40]


# --- end of game -----------------------------------------------------------------------


def test_target_500_contractors_reaching_it_by_their_contract_win():
    assert score(AUSTRALIAN, 0, "7H", [7, 3], scores=[300, 0]).winner == 0
    assert score(AUSTRALIAN, 0, "7H", [7, 3], scores=[299, 0]).winner is None


def test_target_1000_in_the_46_card_game():
    assert score(THOUSAND, 0, "8NT", [8, 2], scores=[400, 0]).winner is None
    assert score(THOUSAND, 0, "8NT", [8, 2], scores=[680, 0]).winner == 0
    assert score(THOUSAND, 0, "GAME", [9, 1], scores=[0, 0]).winner == 1  # 1000 to defenders


def test_defenders_reaching_the_target_without_must_bid_to_win_win():
    s = score(AMERICAN, 0, "7H", [7, 3], scores=[0, 480])
    assert s.points == [200, 30] and s.winner == 1


def test_contractors_win_when_both_sides_pass_the_target():
    s = score(AMERICAN, 0, "7H", [7, 3], scores=[450, 480])
    assert s.winner == 0


def test_failed_contractors_do_not_win_when_defenders_pass_the_target():
    assert score(AMERICAN, 0, "9H", [7, 3], scores=[450, 480]).winner == 1


def test_going_out_backwards_loses_the_game():
    s = score(AUSTRALIAN, 0, "7H", [6, 4], scores=[-300, 0])
    assert s.points == [-200, 40] and s.winner == 1
    assert score(AUSTRALIAN, 0, "7H", [6, 4], scores=[-299, 0]).winner is None


def test_going_out_backwards_in_three_handed_play_the_best_other_score_wins():
    ends = THREE.with_options(going_out_backwards="ends-game")  # the option; 002 plays on
    s = score(ends, 1, "8S", [5, 4, 1], scores=[100, -300, 150])
    assert s.points == [50, -240, 10] and s.winner == 2  # 150 v 160
    tie = score(ends, 1, "8S", [3, 4, 3], scores=[100, -300, 100])
    assert tie.winner == 0  # equal scores: the lower seat, deterministically


def test_three_handed_going_out_backwards_plays_on_until_an_opponent_wins():
    assert THREE.going_out_backwards == "plays-on" and AUSTRALIAN.going_out_backwards == "ends-game"
    s = score(THREE, 1, "8S", [5, 4, 1], scores=[100, -300, 150])
    assert s.points == [50, -240, 10] and s.winner is None  # -540 plays on
    s = score(THREE, 1, "6S", [4, 5, 1], scores=[100, -540, 150])
    assert s.points == [40, -40, 10] and s.winner is None
    s = score(THREE, 0, "7H", [7, 2, 1], scores=[300, -580, 150])
    assert s.winner == 0  # an opponent reaching 500 ends it
    # 002: a player who went out backwards and later reaches 500 does not win; play goes on
    out = frozenset({1})
    s = score_hand(THREE, 1, "7H", [2, 7, 1], [1] * 7 + [0] * 2 + [2], [100, 350, 0], None, out)
    assert s.points == [20, 200, 10] and s.winner is None
    # everybody out backwards: nobody could ever win, so the best score ends it
    s = score_hand(THREE, 2, "7H", [5, 4, 1], [], [-600, -600, -300], None, frozenset({0, 1}))
    assert s.points == [50, 40, -200] and s.winner == 2
    g = game_with(THREE, dealer=2, calls=["10NT", "PASS", "PASS"], discard="kitty")
    g.scores = [-480, 0, 0]  # test shortcut: read when the hand is scored
    play_out_hand(g)
    if not g.hands_played[0]["made"]:
        assert g.scores[0] == -1000 and g.phase != "over" and g.winner is None


def test_going_out_backwards_in_six_handed_2v2v2_the_best_other_side_wins():
    s = score(SIX, 0, "10NT", [0, 3, 7], scores=[-100, 50, 40])
    assert s.winner == 2


def test_three_handed_several_opponents_past_500_the_first_by_trick_order_wins():
    rules = THREE.with_options(must_bid_to_win=False)
    # side 1 needs two tricks, side 2 needs three; side 2 gets there first (trick 5)
    trick_sides = [2, 1, 2, 0, 2, 1, 0, 0, 0, 0]
    s = score(rules, 0, "8S", [5, 2, 3], scores=[0, 480, 470], trick_sides=trick_sides)
    assert s.points == [-240, 20, 30] and s.winner == 2
    # the same tricks in another order: side 1 first
    trick_sides = [1, 2, 1, 2, 2, 0, 0, 0, 0, 0]
    s = score(rules, 0, "8S", [5, 2, 3], scores=[0, 480, 470], trick_sides=trick_sides)
    assert s.winner == 1


def test_three_handed_contractor_passing_500_with_opponents_wins():
    rules = THREE.with_options(must_bid_to_win=False)
    s = score(rules, 0, "7S", [7, 2, 1], scores=[400, 490, 495])
    assert s.winner == 0


# --- through the engine -----------------------------------------------------------------


def play_out_hand(g):
    hand = g.hand_number
    while g.phase != "over" and g.hand_number == hand:
        g.act(g.legal_actions()[0])


def test_hand_record_lists_contract_tricks_points_and_scores():
    g = game_with(calls=["7H", "PASS", "PASS", "PASS"], discard="kitty")
    play_out_hand(g)
    (record,) = g.hands_played
    assert set(record) == {
        "hand",
        "dealer",
        "contractor",
        "bid",
        "value",
        "made",
        "tricks",
        "points",
        "scores",
        "last_trick",
        "played",
    }
    last = record["last_trick"]  # the final trick, shown after the hand is gathered
    assert len(last["cards"]) == 4 and last["winner"] in range(4)
    assert record["hand"] == 0 and record["dealer"] == 3 and record["value"] == 200
    expected = score(AUSTRALIAN, 0, "7H", record["tricks"])
    assert record["points"] == expected.points == g.scores == record["scores"]


def test_engine_caps_defenders_under_must_bid_to_win():
    g = game_with(calls=["9NT", "PASS", "PASS", "PASS"], discard="kitty")
    g.scores = [0, 480]  # test shortcut: the scores are read when the hand is scored
    play_out_hand(g)
    taken = g.hands_played[0]["tricks"][1]
    assert taken > 1 and g.scores[1] == 490 and g.winner is None


def test_game_over_state_and_no_more_actions():
    g = game_with(calls=["10NT", "PASS", "PASS", "PASS"], discard="kitty")
    g.scores = [-400, 0]
    play_out_hand(g)
    if g.hands_played[0]["made"]:
        pytest.skip("the first-card policy happened to make 10NT")
    assert g.phase == "over" and g.winner == 1 and g.to_act is None
    assert g.legal_actions() == [] and g.view(0)["legal_actions"] == []
    with pytest.raises(IllegalAction, match="the game is over"):
        g.act("PASS")


def test_a_seeded_game_always_reaches_a_winner():
    for preset in Rules.PRESETS:
        g = new_game(Rules.preset(preset), seed=4)
        while g.phase != "over":
            legal = g.legal_actions()
            g.act(legal[-1] if g.phase == "bid" else legal[0])
        assert g.winner in range(g.rules.num_sides)


def test_failed_contract_to_defenders_with_must_bid_to_win_is_capped_below_the_target():
    rules = THOUSAND.with_options(must_bid_to_win=True)  # target 1000: defenders stop at 990
    s = score(rules, 0, "8H", [6, 4], scores=[0, 900])
    assert s.points == [0, 90] and s.winner is None  # 300 + 40 capped at 990
    s = score(AUSTRALIAN.with_options(failed_contract_to_defenders=True), 0, "7H", [6, 4])
    assert s.points == [0, 240] and s.winner is None  # far from the cap: value plus tricks
    s = score(
        SIX.with_options(failed_contract_to_defenders=True),
        0,
        "9NT",
        [8, 1, 1],
        scores=[0, 480, 100],
    )
    assert s.points == [0, 10, 390] and s.winner is None  # each defending side capped at 490
