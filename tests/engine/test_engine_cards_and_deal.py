"""RULES.md §1 (cards, decks, ranking) and §2 (dealing and seating)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import AUSTRALIAN, finish_trick, game_with, make_deal, play

from game import Rules, new_game
from game.cards import (
    BLACK_JOKER,
    CARD_STR,
    JACK,
    JOKER,
    build_deck,
    card_id,
    card_str,
    make_card,
    sorted_cards,
    suit_of,
)
from game.deal import choose_first_dealer, deal_cards, deal_pattern, shuffle
from game.playstate import PlayState
from game.tricks import PlayContext, play_context

SIX_63 = Rules.preset("six-handed")


def trick_winner(plays: list[tuple[int, int]], led: int, ctx: PlayContext) -> int:
    """The seat the play core says wins a trick of ``(seat, card)`` plays led in ``led``."""
    st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 0, None, [[], [], [], []], ctx=ctx)
    st.set_trick(plays, led)
    return st.current_winner()[0]


def names(deck_size: int) -> set[str]:
    return {card_str(c) for c in build_deck(deck_size)}


def suit_ranks(low: int, extra: tuple[str, ...] = ()) -> list[str]:
    return [str(r) for r in range(low, 11)] + list(extra) + ["J", "Q", "K", "A"]


def cards_of(suits: str, ranks: list[str]) -> set[str]:
    return {r + s for s in suits for r in ranks}


# --- notation --------------------------------------------------------------------------


def test_card_notation_is_rank_then_suit_and_round_trips():
    for text in sorted(names(66) | names(43) | names(33)):
        assert card_str(card_id(text)) == text
    assert [card_str(card_id(t)) for t in ("AS", "10H", "JC", "4D", "JK", "BJ", "13S")] == [
        "AS",
        "10H",
        "JC",
        "4D",
        "JK",
        "BJ",
        "13S",
    ]


@pytest.mark.parametrize("text", ["", "1H", "10", "H10", "AX", "JOKER", "as ", "11"])
def test_malformed_card_strings_are_not_cards(text):
    with pytest.raises(ValueError, match="is not a card"):
        card_id(text)


# --- decks ----------------------------------------------------------------------------


def test_deck_43_is_four_up_in_red_five_up_in_black_and_one_joker():
    expected = cards_of("HD", suit_ranks(4)) | cards_of("SC", suit_ranks(5)) | {"JK"}
    assert names(43) == expected and len(expected) == 43


def test_deck_45_adds_the_black_fours():
    assert names(45) == names(43) | {"4S", "4C"}


def test_deck_46_adds_the_black_joker():
    assert names(46) == names(45) | {"BJ"}


def test_deck_33_is_ace_to_seven_and_a_joker():
    assert names(33) == cards_of("SCDH", suit_ranks(7)) | {"JK"}


def test_deck_63_is_52_plus_11_and_12_of_every_suit_plus_red_13s_and_a_joker():
    full = cards_of("SCDH", suit_ranks(2))
    assert names(63) == full | cards_of("SCDH", ["11", "12"]) | {"13H", "13D", "JK"}


def test_deck_65_adds_black_13s_and_66_adds_the_black_joker():
    assert names(65) == names(63) | {"13S", "13C"}
    assert names(66) == names(65) | {"BJ"}


def test_deck_53_for_five_players():
    # issue 11: five players are now a preset (they were "not implemented" before)
    assert names(53) == cards_of("SCDH", suit_ranks(2)) | {"JK"}
    assert Rules.preset("five-handed").deck == 53
    with pytest.raises(ValueError, match="5 players need a 53-card deck"):
        AUSTRALIAN.with_options(players=5)


@pytest.mark.parametrize(
    "options, kitty",
    [
        ({}, 3),
        ({"deck": 45}, 5),
        ({"deck": 46}, 6),
        ({"players": 3, "deck": 33, "teams": "individual"}, 3),
        ({"players": 6, "deck": 63, "teams": "2v2v2"}, 3),
        ({"players": 6, "deck": 65, "teams": "2v2v2"}, 5),
        ({"players": 6, "deck": 66, "teams": "3v3"}, 6),
    ],
)
def test_every_player_gets_ten_cards_and_the_rest_is_the_kitty(options, kitty):
    rules = AUSTRALIAN.with_options(**options)
    assert rules.kitty_size == kitty
    g = new_game(rules, seed=11)
    assert [len(g.hand(s)) for s in range(rules.players)] == [10] * rules.players
    assert len(g._kitty) == kitty


def test_deck_must_match_the_number_of_players():
    with pytest.raises(ValueError, match="4 players need a 43 or 45 or 46-card deck"):
        AUSTRALIAN.with_options(deck=63)
    with pytest.raises(ValueError, match="6 players play as 2v2v2 or 3v3"):
        AUSTRALIAN.with_options(players=6, deck=63)


# --- ranking --------------------------------------------------------------------------


def ranking(ctx, cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: -ctx.power[card_id(c)])


def test_trump_order_is_joker_right_bower_left_bower_then_ace_down():
    ctx = play_context(3)  # hearts
    hearts = ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H", "6H", "5H", "4H"]
    assert ranking(ctx, list(reversed(hearts))) == hearts
    # every trump beats the ace of a plain suit
    assert all(ctx.power[card_id(c)] > ctx.power[card_id("AS")] for c in hearts)


def test_plain_suit_order_is_ace_king_queen_jack_ten_down_without_the_left_bower():
    ctx = play_context(2)  # diamonds: JH is the left bower, gone from hearts
    plays = [(0, card_id("QH")), (1, card_id("JH")), (2, card_id("KH")), (3, card_id("AH"))]
    assert trick_winner(plays, 3, ctx) == 1  # the left bower trumps the hearts
    ctx_clubs = play_context(1)
    order = ["AH", "KH", "QH", "JH", "10H", "9H", "4H"]
    assert ranking(ctx_clubs, list(reversed(order))) == order


def test_six_hand_ranks_13_12_11_sit_between_jack_and_ten():
    ctx = play_context(0)  # spades trumps
    hearts = ["AH", "KH", "QH", "JH", "13H", "12H", "11H", "10H", "2H"]
    assert ranking(ctx, list(reversed(hearts))) == hearts
    trumps = ["JK", "JS", "JC", "AS", "KS", "QS", "13S", "12S", "11S", "10S", "2S"]
    assert ranking(ctx, list(reversed(trumps))) == trumps


def test_no_trumps_joker_is_highest_and_jacks_rank_between_queen_and_ten():
    ctx = play_context(None)
    led = card_id("QH") // 18
    assert (
        trick_winner([(0, card_id("JH")), (1, card_id("QH")), (2, card_id("10H"))], led, ctx) == 1
    )
    assert trick_winner([(0, card_id("10H")), (1, card_id("JH"))], led, ctx) == 1
    assert trick_winner([(0, card_id("AH")), (1, card_id("JK"))], led, ctx) == 1


def test_black_joker_beats_the_colour_joker_in_trumps_and_no_trumps():
    for trump in (None, 0, 3):
        ctx = play_context(trump)
        plays = [(0, card_id("JK")), (1, card_id("BJ")), (2, card_id("JS"))]
        assert trick_winner(plays, 0, ctx) == 1


def test_highest_trump_wins_else_highest_card_of_the_suit_led():
    ctx = play_context(0)  # spades
    c = card_id
    assert trick_winner([(0, c("AH")), (1, c("KH")), (2, c("4S")), (3, c("AD"))], 3, ctx) == 2
    assert trick_winner([(0, c("9H")), (1, c("KH")), (2, c("AD")), (3, c("AC"))], 3, ctx) == 1


def test_left_bower_follows_trumps_and_leaves_its_own_suit():
    # Hearts trumps: JD is a heart. Seat 1 holds JD and 5D but no other heart.
    g = game_with(
        hands={
            0: ["AD", "KD", "AH", "KH", "QH"],
            1: ["JD", "5D", "6S", "7S", "8S", "9S", "10S", "5C", "6C", "7C"],
        },
        calls=["7H", "PASS", "PASS", "PASS"],
        discard="kitty",
    )
    g.act("AD")  # diamonds led: the left bower is not a diamond
    assert g.legal_actions() == ["5D"]
    with pytest.raises(ValueError, match="you must follow diamonds"):
        g.act("JD")
    play(g, "5D")
    finish_trick(g)
    assert g.tricks[-1].winner == 0
    g.act("AH")  # hearts led: the left bower is seat 1's only heart, so it must be played
    assert g.legal_actions() == ["JD"]


def test_joker_belongs_to_the_trump_suit_in_a_suit_contract():
    g = game_with(
        hands={
            0: ["AD", "AH", "KH"],
            1: ["JK", "5D", "6S", "7S", "8S", "9S", "10S", "5C", "6C", "7C"],
        },
        calls=["7H", "PASS", "PASS", "PASS"],
        discard="kitty",
    )
    g.act("AD")
    assert g.legal_actions() == ["5D"]  # the joker is no diamond
    play(g, "5D")
    finish_trick(g)
    g.act("AH")
    assert g.legal_actions() == ["JK"]  # and it is the only trump held
    play(g, "JK")
    finish_trick(g)
    assert g.tricks[-1].winner == 1


# --- dealing and seating --------------------------------------------------------------


class _NoShuffle(random.Random):
    def shuffle(self, x):  # keep the deck in id order
        return None


def test_deal_pattern_is_3_1_4_1_3_1_starting_left_of_the_dealer():
    deck = [card_str(c) for c in build_deck(43)]
    d = deal_cards(AUSTRALIAN, dealer=1, rng=_NoShuffle())

    def got(cards):
        return sorted(CARD_STR[c] for c in cards)

    # seats 2, 3, 0, 1 get three each, one to the kitty; four each, one; three each, one
    assert got(d.hands[2]) == sorted(deck[0:3] + deck[13:17] + deck[30:33])
    assert got(d.hands[0]) == sorted(deck[6:9] + deck[21:25] + deck[36:39])
    assert got(d.hands[1]) == sorted(deck[9:12] + deck[25:29] + deck[39:42])
    assert got(d.kitty) == sorted([deck[12], deck[29], deck[42]])


def test_deal_patterns_for_every_kitty_size():
    assert deal_pattern(AUSTRALIAN) == [(3, 1), (4, 1), (3, 1)]
    assert deal_pattern(AUSTRALIAN.with_options(deck=45)) == [(3, 2), (4, 2), (3, 1)]
    assert deal_pattern(Rules.preset("46-card-1000")) == [(3, 2), (4, 2), (3, 2)]
    assert deal_pattern(Rules.preset("three-handed")) == [(3, 3), (4, 0), (3, 0)]
    assert deal_pattern(SIX_63) == [(3, 1), (4, 1), (3, 1)]


def test_three_handed_deal_puts_three_in_the_widow_after_the_first_round():
    rules = Rules.preset("three-handed")
    deck = [card_str(c) for c in build_deck(33)]
    d = deal_cards(rules, dealer=0, rng=_NoShuffle())
    assert sorted(CARD_STR[c] for c in d.kitty) == sorted(deck[9:12])
    assert sorted(CARD_STR[c] for c in d.hands[1]) == sorted(deck[0:3] + deck[12:16] + deck[24:27])


def test_partners_sit_opposite():
    assert [AUSTRALIAN.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [SIX_63.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    three_v_three = SIX_63.with_options(teams="3v3")
    assert [three_v_three.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert [Rules.preset("three-handed").side_of(s) for s in range(3)] == [0, 1, 2]


def test_six_handed_2v2v2_has_three_sides_and_3v3_two():
    assert new_game(SIX_63, seed=1).scores == [0, 0, 0]
    assert new_game(SIX_63.with_options(teams="3v3"), seed=1).scores == [0, 0]
    assert new_game(Rules.preset("three-handed"), seed=1).scores == [0, 0, 0]


def test_bidding_starts_left_of_the_dealer():
    for dealer in range(4):
        g = new_game(AUSTRALIAN, deal=make_deal(AUSTRALIAN, dealer=dealer))
        assert g.dealer == dealer and g.to_act == (dealer + 1) % 4


def test_first_dealer_at_random_depends_only_on_the_seed():
    dealers = {new_game(AUSTRALIAN, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert all(
        new_game(AUSTRALIAN, seed=s).dealer == new_game(AUSTRALIAN, seed=s).dealer
        for s in range(20)
    )


def test_first_dealer_by_draw_is_deterministic_for_a_seed():
    rules = Rules.preset("three-handed")
    assert rules.first_dealer == "draw"
    first = [new_game(rules, seed=s).dealer for s in range(30)]
    assert first == [new_game(rules, seed=s).dealer for s in range(30)]
    assert set(first) == {0, 1, 2}


class _Stacked(random.Random):
    """An rng whose successive shuffles put the given cards on top of the deck."""

    def __init__(self, *tops: list[str]):
        super().__init__(0)
        self.tops = list(tops)

    def shuffle(self, x):
        top = [card_id(t) for t in self.tops.pop(0)]
        rest = [c for c in x if c not in top]
        x[:] = top + rest


def test_first_dealer_by_draw_lowest_deals_ace_low_joker_lowest_ties_redraw():
    rules = Rules.preset("three-handed")
    assert choose_first_dealer(rules, _Stacked(["7H", "AS", "8C"])) == 1  # ace is low
    assert choose_first_dealer(rules, _Stacked(["AS", "JK", "7C"])) == 1  # joker is lowest
    # seats 0 and 2 tie with sevens and redraw alone: seat 0 draws 9H, seat 2 draws 8S
    assert choose_first_dealer(rules, _Stacked(["7H", "KD", "7S"], ["9H", "8S"])) == 2


def test_deal_passes_to_the_left_after_every_hand():
    g = game_with(calls=["7H", "PASS", "PASS", "PASS"], discard="kitty")
    assert g.dealer == 3
    while g.hand_number == 0:
        g.act(g.legal_actions()[0])
    assert g.dealer == 0 and g.to_act == 1 and len(g.hands_played) == 1


def test_same_seed_gives_the_same_deals():
    def play_out(seed):
        g = new_game(AUSTRALIAN, seed=seed)
        rng = random.Random(99)
        while g.phase != "over" and len(g.deals) < 4:
            g.act(rng.choice(g.legal_actions()))
        return g.deals

    assert play_out(5) == play_out(5)
    assert play_out(5)[0] != play_out(6)[0]
    assert (
        new_game(Rules.preset("six-handed"), seed=3).deals
        == new_game(Rules.preset("six-handed"), seed=3).deals
    )


def test_seeded_shuffles_hand_i_uses_seed_slash_i():
    # docs/rules-decisions.md: hand i is shuffled with Random(f"{seed}/{i}"), the first
    # dealer drawn with Random(f"{seed}/dealer"); saves store the deals anyway.
    g = new_game(AUSTRALIAN, seed=21)
    dealer = choose_first_dealer(AUSTRALIAN, random.Random("21/dealer"))
    assert g.deals[0] == deal_cards(AUSTRALIAN, dealer, random.Random("21/0")).to_dict()
    for _ in range(4):
        g.act("PASS")
    assert g.deals[1] == deal_cards(AUSTRALIAN, (dealer + 1) % 4, random.Random("21/1")).to_dict()


@pytest.mark.parametrize("size", [33, 43, 46, 53, 63, 66])
def test_the_deals_shuffle_is_randoms_shuffle(size: int) -> None:
    for seed in range(50):
        expected, got = build_deck(size), build_deck(size)
        a, b = random.Random(f"{seed}/{size}"), random.Random(f"{seed}/{size}")
        a.shuffle(expected)
        shuffle(b, got)
        assert got == expected
        assert a.random() == b.random()  # the generators are left in the same state


def test_sorted_cards_puts_trumps_and_bowers_last() -> None:
    for trump in range(4):
        left, right = make_card(JACK, trump ^ 1), make_card(JACK, trump)
        rest = [c for c in build_deck(46) if c not in (left, right, JOKER, BLACK_JOKER)]
        plain = sorted(c for c in rest if suit_of(c) != trump)
        trumps = sorted(c for c in rest if suit_of(c) == trump)
        expected = plain + trumps + [left, right, JOKER, BLACK_JOKER]
        assert sorted_cards(build_deck(46), trump) == expected
