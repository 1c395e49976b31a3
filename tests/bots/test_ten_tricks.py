"""game.bots.ten_tricks: the chance of every trick that ten-level bids are decided with."""

from __future__ import annotations

from bot_helpers import AUSTRALIAN, game_from, make_deal
from test_bots_expert import OPEN_MISERE_WITH_THE_JOKER, OVER_OPEN_MISERE

from game import Rules, new_game
from game.bots.knowledge import Knowledge
from game.bots.ten_tricks import TEN_SAMPLES, every_trick_chance
from game.cards import build_deck, card_str


def test_the_same_question_gets_the_same_answer():
    """The deals are drawn from a stream seeded by the hand and the auction: a bot and a
    hint asked twice, in any order, read the same chance (a share of ``TEN_SAMPLES``)."""
    g = game_from(AUSTRALIAN, OVER_OPEN_MISERE, "6C 8H OMIS PASS PASS".split())
    k = Knowledge.from_view(g.view(2))
    first = every_trick_chance(k, "10H", "H")
    other = Knowledge.from_view(
        game_from(AUSTRALIAN, OPEN_MISERE_WITH_THE_JOKER, "6D PASS OMIS".split()).view(1)
    )
    every_trick_chance(other, "10H", "H")
    assert every_trick_chance(k, "10H", "H") == first
    assert first is not None and (first * TEN_SAMPLES).is_integer()


def test_the_top_trumps_and_the_side_aces_take_every_trick():
    """The joker, both bowers and the top hearts with two side aces: every deal is made."""
    deal = make_deal(
        AUSTRALIAN,
        {0: "JK JH JD AH KH QH 10H 9H AS AC".split()},
        kitty=["5S", "6S", "7S"],
    )
    g = new_game(AUSTRALIAN, deal=deal)
    assert g.to_act == 0
    assert every_trick_chance(Knowledge.from_view(g.view(0)), "10H", "H") == 1.0


def test_no_trumps_with_a_long_suit_and_no_entry_is_read_low():
    """10NT on seven spades to the ace-king without the joker or another ace: the other
    suits' tops lie with the defenders in most deals."""
    deal = make_deal(AUSTRALIAN, {0: "AS KS QS JS 10S 9S 8S 5H 5D 5C".split()})
    g = new_game(AUSTRALIAN, deal=deal)
    chance = every_trick_chance(Knowledge.from_view(g.view(0)), "10NT", "NT")
    assert chance is not None and chance < 0.25


def test_five_handed_the_side_is_not_known_when_bidding():
    """Five-handed the partner is called after the auction: no reading (the trick
    estimate decides alone)."""
    g = new_game(Rules.preset("five-handed"), seed=3)
    k = Knowledge.from_view(g.view(g.to_act))
    assert every_trick_chance(k, "10H", "H") is None


def test_two_handed_the_kitty_is_three_of_the_cards_left_out():
    """Two-handed, ten cards are left out of the deal besides the kitty: the bidder takes
    three cards, not the pick of thirteen (which would find the side aces every time)."""
    rules = Rules.preset("two-handed")
    deal = make_deal(rules, {0: "JK JH JD AH KH QH 10H 7S 7C 7D".split()}, dealer=1)
    dealt = {c for h in deal["hands"] for c in h} | set(deal["kitty"])
    deal["dead"] = [card_str(c) for c in build_deck(rules.deck) if card_str(c) not in dealt]
    g = new_game(rules, deal=deal)
    chance = every_trick_chance(Knowledge.from_view(g.view(0)), "10H", "H")
    assert chance is not None and chance < 0.5
