"""Rule options and presets (RULES.md §8), the bid values and the bid ranking (§3, §5)."""

from __future__ import annotations

import pytest

from game import Rules
from game.rules import OPTIONS, bid_table

AUS = Rules.preset("australian")


def neighbours(rules: Rules, bid: str) -> tuple[str | None, str | None]:
    """The bids ranked just below and just above ``bid``."""
    order = bid_table(rules).order
    i = order.index(bid)
    below = order[i - 1] if i > 0 else None
    above = order[i + 1] if i + 1 < len(order) else None
    return below, above


# --- presets and options --------------------------------------------------------------


def test_australian_preset_fixes_the_documented_options():
    r = AUS
    assert (r.players, r.deck, r.teams, r.bidding) == (4, 43, "2v2", "australian")
    assert (r.misere, r.misere_value, r.open_misere_value, r.blind_misere) == (
        "after-7",
        250,
        500,
        False,
    )
    assert r.must_bid_to_win and not r.raise_own_bid
    assert r.joker_lead == "unled-suit" and r.open_misere_exposed == "after-first-trick"
    assert r.target == 500 and r.minimum_contract == 6 and not r.game_bid


def test_american_preset_fixes_the_documented_options():
    r = Rules.preset("american")
    assert r.bidding == "american" and r.misere == "after-7" and r.misere_value == 250
    assert r.open_misere_value == 500 and r.open_misere_beats_10h
    assert not r.must_bid_to_win and r.open_misere_exposed == "from-start"
    assert r.joker_lead == "any"


def test_three_handed_preset_fixes_the_documented_options():
    r = Rules.preset("three-handed")
    assert (r.players, r.deck, r.teams, r.kitty_size, r.first_dealer) == (
        3,
        33,
        "individual",
        3,
        "draw",
    )


def test_six_handed_preset_fixes_the_documented_options():
    r = Rules.preset("six-handed")
    assert (r.players, r.deck, r.teams, r.kitty_size) == (6, 63, "2v2v2", 3)
    assert r.with_options(teams="3v3").num_sides == 2


def test_46_card_1000_preset_fixes_the_documented_options():
    r = Rules.preset("46-card-1000")
    assert (r.deck, r.kitty_size, r.minimum_contract, r.target) == (46, 6, 8, 1000)
    assert r.game_bid and r.failed_contract_to_defenders and r.misere == "off"
    assert not r.must_bid_to_win


def test_every_preset_is_a_complete_valid_rule_set():
    for name in Rules.PRESETS:
        rules = Rules.preset(name)
        assert set(rules.to_dict()) == set(OPTIONS)
        assert Rules.from_dict(rules.to_dict()) == rules


def test_unknown_preset_raises_value_error():
    with pytest.raises(ValueError, match="unknown preset 'canasta'"):
        Rules.preset("canasta")


def test_unknown_option_raises_value_error():
    with pytest.raises(ValueError, match="unknown rule option 'jokers'"):
        AUS.with_options(jokers=2)


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("target", 750, "target must be one of 500, 1000 .got 750."),
        ("players", "4", "players must be one of 3, 4, 6, 2, 5 .got '4'."),
        ("must_bid_to_win", 1, "must_bid_to_win must be one of True, False .got 1."),
        ("misere", "sometimes", "misere must be one of after-7, anytime, off"),
        ("misere_value", 250.0, "misere_value must be one of 250, 230, 210"),
        ("joker_lead", None, "joker_lead must be one of unled-suit, any, last-trick"),
    ],
)
def test_bad_option_value_raises_value_error(option, value, message):
    with pytest.raises(ValueError, match=message):
        AUS.with_options(**{option: value})


def test_inconsistent_options_raise_value_error():
    with pytest.raises(ValueError, match="open_misere_after_8 needs misere='after-7'"):
        AUS.with_options(misere="anytime", open_misere_after_8=True)
    with pytest.raises(ValueError, match="3 players need a 33-card deck"):
        AUS.with_options(players=3)


def test_rules_from_dict_rejects_a_non_object():
    with pytest.raises(ValueError, match="rules must be an object"):
        Rules.from_dict(["australian"])


# --- bid values (Avondale table) ------------------------------------------------------

AVONDALE = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}


def test_bid_values_follow_the_avondale_table():
    table = bid_table(AUS)
    for level, values in AVONDALE.items():
        for denom, value in zip(("S", "C", "D", "H", "NT"), values):
            assert table.value[f"{level}{denom}"] == value
            assert table.tricks[f"{level}{denom}"] == level


def test_bids_rank_by_tricks_then_spades_clubs_diamonds_hearts_no_trumps():
    table = bid_table(AUS.with_options(misere="off"))
    expected = [f"{lv}{d}" for lv in range(6, 11) for d in ("S", "C", "D", "H", "NT")]
    assert list(table.order) == expected
    assert table.order[0] == "6S" and table.order[-1] == "10NT"


def test_misere_values_in_the_table():
    assert bid_table(AUS).value["MIS"] == 250 and bid_table(AUS).value["OMIS"] == 500
    assert bid_table(AUS.with_options(misere_value=210)).value["MIS"] == 210
    assert bid_table(AUS.with_options(open_misere_value=330)).value["OMIS"] == 330


# --- misère ranks ---------------------------------------------------------------------


def test_misere_250_ranks_between_7nt_and_8s_so_8s_overcalls_it():
    assert neighbours(AUS, "MIS") == ("7NT", "8S")


def test_misere_250_without_eight_spades_overcall_ranks_between_8s_and_8c():
    rules = AUS.with_options(eight_spades_overcalls_misere=False)
    assert neighbours(rules, "MIS") == ("8S", "8C")


def test_misere_230_ranks_between_7nt_and_8s():
    rules = AUS.with_options(misere_value=230)
    assert neighbours(rules, "MIS") == ("7NT", "8S")
    # the 8♠ option only matters for 250
    assert neighbours(rules.with_options(eight_spades_overcalls_misere=False), "MIS") == (
        "7NT",
        "8S",
    )


def test_misere_210_ranks_between_7h_and_7nt_so_7nt_overcalls_it():
    assert neighbours(AUS.with_options(misere_value=210), "MIS") == ("7H", "7NT")


def test_open_misere_330_ranks_between_8nt_and_9s():
    assert neighbours(AUS.with_options(open_misere_value=330), "OMIS") == ("8NT", "9S")


def test_open_misere_430_ranks_between_9nt_and_10s():
    assert neighbours(AUS.with_options(open_misere_value=430), "OMIS") == ("9NT", "10S")


def test_open_misere_500_ranks_between_10d_and_10h():
    assert neighbours(AUS, "OMIS") == ("10D", "10H")


def test_open_misere_500_beats_10h_option_ranks_it_between_10h_and_10nt():
    rules = AUS.with_options(open_misere_beats_10h=True)
    assert neighbours(rules, "OMIS") == ("10H", "10NT")


def test_open_misere_520_ranks_above_10nt_so_nothing_overcalls_it():
    assert neighbours(AUS.with_options(open_misere_value=520), "OMIS") == ("10NT", None)


def test_blind_misere_has_open_misere_value_and_rank():
    rules = AUS.with_options(blind_misere=True)
    table = bid_table(rules)
    assert table.value["BMIS"] == table.value["OMIS"] == 500
    assert table.rank["BMIS"] == table.rank["OMIS"]
    assert "BMIS" not in bid_table(AUS).rank


def test_misere_off_removes_every_misere_bid():
    table = bid_table(AUS.with_options(misere="off", blind_misere=True))
    assert not {"MIS", "OMIS", "BMIS"} & set(table.rank)


def test_game_bid_is_worth_1000_and_ranks_above_10nt_and_open_misere_520():
    rules = AUS.with_options(game_bid=True, open_misere_value=520)
    table = bid_table(rules)
    assert table.value["GAME"] == 1000 and table.tricks["GAME"] == 10
    assert table.order[-3:] == ("10NT", "OMIS", "GAME")
    assert "GAME" not in bid_table(AUS).rank


def test_equal_rule_sets_are_one_object():
    """Rules are interned: the engine's caches keyed by rules find theirs by identity."""
    a = Rules.preset("australian").with_options(target=1000)
    b = Rules.from_dict(a.to_dict())
    assert a is b
    assert Rules.preset("american") is Rules.preset("american")
    assert a is not Rules.preset("australian") and a != Rules.preset("australian")


def test_derived_sizes_are_worked_out_per_rule_set_not_carried_over() -> None:
    """kitty_size, dead_hand_size, calls_partner and num_sides are cached on the (frozen)
    rules: a rule set built from one whose sizes were read has its own, and a copied one
    (pickle, as the arena's worker processes get them) equals and hashes like the original."""
    import pickle

    four = Rules.preset("australian")
    assert (four.kitty_size, four.dead_hand_size, four.calls_partner, four.num_sides) == (
        3,
        0,
        False,
        2,
    )
    two = four.with_options(players=2, deck=33, teams="individual")
    assert (two.kitty_size, two.dead_hand_size, two.num_sides) == (3, 10, 2)
    five = four.with_options(players=5, deck=53, teams="individual")
    assert (five.kitty_size, five.calls_partner, five.num_sides) == (3, True, 5)
    copy = pickle.loads(pickle.dumps(two))
    assert copy == two and hash(copy) == hash(two) and copy.kitty_size == 3
    assert four.kitty_size == 3  # reading the others changed nothing
