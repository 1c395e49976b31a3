"""The solver's cut-offs on hand-made positions: each rule settles a position it applies
to without searching a node, and the value stays the plain minimax value."""

from __future__ import annotations

import random

from game.analysis import Solver
from game.analysis.minimax import minimax
from game.analysis.positions import KINDS, random_position
from game.cards import DIAMONDS, HEARTS
from game.cards import card_id as c
from game.playstate import PlayState

FOUR = [0, 1, 0, 1]


def _deal(hands: list[str], trump: int | None = None, **kw: object) -> PlayState:
    cards = [[c(x) for x in h.split()] for h in hands]
    left = max(len(h) for h in cards)
    return PlayState.for_deal(4, FOUR, 0, 7, 200, trump, cards, tricks_done=10 - left, **kw)  # type: ignore[arg-type]


def _settled(st: PlayState) -> tuple[int, int]:
    """(value, nodes searched) of a fresh solver, checked against minimax."""
    solver = Solver(st)
    value = solver.value()
    assert value == minimax(st)
    return value, solver.nodes


def test_top_trump_draws_trumps_then_low_trumps_win() -> None:
    st = _deal(["JH 6H 5H", "7H KS QS", "AS 9S 8S", "KC QC 9C"], HEARTS)
    assert _settled(st) == (3, 0)


def test_low_trumps_are_not_winners_while_an_opponent_keeps_trumps() -> None:
    st = _deal(["JH 6H 5H", "8H 7H QS", "AS 9S 8S", "KC QC 9C"], HEARTS)
    value, nodes = _settled(st)
    assert value == 2 and nodes > 0


def test_long_cards_win_once_the_top_card_has_drawn_the_suit() -> None:
    st = _deal(["AS 6S 5S", "KS KC QC", "9C 8C 7C", "9D 8D 7D"])
    assert _settled(st) == (3, 0)


def test_long_cards_are_not_winners_while_an_opponent_has_more() -> None:
    st = _deal(["AS 6S 5S", "KS QS KC", "9C 8C 7C", "9D 8D 7D"])
    value, _ = _settled(st)
    assert value == 1


def test_leader_crosses_to_partners_top_cards() -> None:
    st = _deal(["5S 9C 8C", "6S 7D 8D", "AS KS QS", "7S 9D 10D"])
    assert _settled(st) == (3, 0)


def test_no_crossing_when_an_opponent_can_ruff_the_crossing_trick() -> None:
    # seat 1 is void in spades and holds the only trump: the crossing trick is ruffed
    st = _deal(["5S 9C 8C", "6H 7D 8D", "AS KS QS", "7S 9D 10D"], HEARTS)
    value, nodes = _settled(st)
    assert nodes > 0 and value == minimax(st)


def _misere(hands: list[str], leader: int) -> PlayState:
    st = _deal(hands, misere=True, active=[0, 1, 3])
    st.to_act = leader
    return st


def test_misere_contractor_below_every_defender_card_takes_nothing() -> None:
    st = _misere(["6S 5S 5C", "8S 7S 6C", "", "10S 9S 7C"], leader=1)
    assert _settled(st) == (0, 0)


def test_misere_contractor_with_a_card_above_a_defender_card_is_searched() -> None:
    # seat 1 leads its 5S: the contractor must win it, seat 3 having no spade
    st = _misere(["7S 6S 5C", "8S 5S 6C", "", "9C 8C 7C"], leader=1)
    value, nodes = _settled(st)
    assert value == 1 and nodes > 0


def test_no_trumps_joker_is_a_trick_besides_the_cashed_ones() -> None:
    st = _deal(["JK AS KS", "QS 9C 8C", "7C 6C 5C", "9D 8D 7D"])
    assert _settled(st) == (3, 0)


def test_misere_contractor_on_lead_loses_the_lead_in_a_suit_below_the_defenders() -> None:
    st = _misere(["6S 5S 5C", "8S 7S 6C", "", "10S 9S 7C"], leader=0)
    assert _settled(st) == (0, 0)


def test_misere_contractor_on_lead_above_every_defender_card_takes_a_trick() -> None:
    st = _misere(["AS KS AC", "8S 7S 6C", "", "10S 9S 7C"], leader=0)
    assert _settled(st) == (1, 0)


def test_misere_contractor_on_lead_with_only_its_own_suits_is_searched() -> None:
    # its 9C is above some defenders' clubs and below another: no rule applies
    st = _misere(["7S 6S 9C", "8C 7C 6C", "", "10C 9D 7D"], leader=0)
    value, nodes = _settled(st)
    assert nodes > 0 and value == minimax(st)


def test_partition_entries_hold_on_deeper_positions_with_many_discards() -> None:
    """Table entries pin only the top cards that decided them (winning ranks), so they answer
    positions that differ in lower cards: checked against minimax where seats discard a lot
    (three seats, four tricks; six seats, three tricks), merged runs and misère included."""
    rng = random.Random(13)
    kinds = [k for k in KINDS if k[0] == "three" or k[1].startswith("misere")]
    checked = 0
    while checked < 60:
        kind = kinds[checked % len(kinds)]
        tricks = 3 if kind[0] == "six" else 4
        st = random_position(rng, kind, tricks)
        if st.over:
            continue
        assert Solver(st).value() == minimax(st), (kind, checked)
        checked += 1


def _diamonds_to_seat_3(hands: list[str]) -> PlayState:
    cards = [[c(x) for x in h.split()] for h in hands]
    st = PlayState.for_deal(4, FOUR, 1, 7, 200, DIAMONDS, cards, tricks_done=7)
    st.to_act = 3
    return st


def test_an_entry_answers_a_position_differing_only_in_low_cards() -> None:
    # the queen and the five of clubs change hands: neither decides a trick, so the
    # entries the first deal's search stored settle the second without a node
    first = _diamonds_to_seat_3(["9D 10C 6C", "QC 8S 6D", "AC KS 5C", "JS 7D 10D"])
    second = _diamonds_to_seat_3(["9D 10C 6C", "5C 8S 6D", "AC KS QC", "JS 7D 10D"])
    solver = Solver(first)
    assert solver.value() == minimax(first) == 2
    fresh = Solver(second.copy())
    assert fresh.value() == 2 and fresh.nodes > 0
    shared = Solver(second)
    shared.table = solver.table
    assert shared.value() == minimax(second) == 2
    assert shared.nodes == 0


def test_a_trick_already_lost_settles_a_search_for_every_trick() -> None:
    # seat 1's AS leads; neither seat 2 nor seat 0 (the contractor's side) can beat it
    st = _deal(["KS 6C 5C", "AS 9C 8C", "QS 8D 7D", "7S 10D 9D"])
    st.to_act = 1
    st.play(c("AS"))
    solver = Solver(st)
    assert not solver.at_least(3) and solver.nodes == 0
    assert minimax(st) < 3


def test_a_misere_trick_the_contractor_surely_wins_settles_the_search() -> None:
    # the contractor leads AS and no defender holds a higher spade
    st = _misere(["AS 5C 4C", "8S 7S 6C", "", "10S 9S 7C"], leader=0)
    st.play(c("AS"))
    solver = Solver(st)
    assert solver.at_least(1) and solver.nodes == 0
    assert minimax(st) == 1


class _EveryCard(Solver):
    """The solver without merging unpinned cards of a suit (every one searched)."""

    def _alike(self, card: int, pinned: int) -> int:
        return 0


def test_unpinned_cards_of_a_suit_are_searched_once() -> None:
    """A card whose search pinned no card of its suit at or below it stands for every other
    unpinned card of its suit in that hand: fewer nodes, the same values (six seats)."""
    rng = random.Random(21)
    fewer = same = 0
    for i in range(12):
        st = random_position(rng, ("six", ("suit", "nt", "misere")[i % 3]), 3)
        if st.over:
            continue
        merged, every = Solver(st), _EveryCard(st.copy())
        assert merged.value() == every.value() == minimax(st)
        assert merged.nodes <= every.nodes
        fewer += merged.nodes < every.nodes
        same += 1
    assert same >= 10 and fewer >= 3


def test_misere_lone_contractor_staggered_below_the_defenders_takes_nothing() -> None:
    # its 9S is above the defenders' 6S, but its spades (5, 9) stay under theirs (6, 10, J)
    # in order: it always has a spade under the best one on the table
    st = _misere(["5S 9S 4C", "6S 10S 6C", "", "JS 7C 8C"], leader=1)
    assert _settled(st) == (0, 0)


def test_misere_contractor_not_staggered_below_the_defenders_is_searched() -> None:
    # spades (5, 9) against (6, 8): seat 1 leads the 6S, then the 8S finds only the 9S
    st = _misere(["5S 9S 4C", "6S 8S 6C", "", "7C 8C 9C"], leader=1)
    value, nodes = _settled(st)
    assert value == 1 and nodes > 0


def test_misere_contractor_above_the_defenders_in_every_suit_of_the_leader_takes_a_trick() -> None:
    # seat 1 leads spades or clubs: the contractor's lowest of each is above them all
    st = _misere(["AS KS AC", "8S 7S 6C", "", "10S 9S 7D"], leader=1)
    assert _settled(st) == (1, 0)


def test_misere_contractor_void_in_a_suit_of_the_leader_is_searched() -> None:
    # seat 1 can lead its diamond, under which the contractor discards
    st = _misere(["AS KS AC", "8S 7S 6D", "", "10S 9S 7C"], leader=1)
    _, nodes = _settled(st)
    assert nodes > 0


def test_side_not_on_lead_keeps_a_top_card_the_leaders_cannot_squeeze_out() -> None:
    # seat 1 leads; seats 1 and 3 hold one club and one diamond between them, so they
    # cannot lead three tricks away from spades: seat 0 keeps AS and takes a trick,
    # after the defenders cash 9C and KD
    st = _deal(["AS 5H 6H", "KS 9C KD", "7C 6C 7D", "QS JS 10S"])
    st.to_act = 1
    assert _settled(st) == (1, 0)


def test_side_not_on_lead_keeps_no_top_card_the_leaders_can_ruff() -> None:
    # the same with diamonds trumps: seat 3 ruffs the spade, so no trick is sure
    st = _deal(["AS 5H 6H", "KS 9C KD", "7C 6C 7D", "QS JS 10D"], DIAMONDS)
    st.to_act = 1
    value, nodes = _settled(st)
    assert nodes > 0 and value == minimax(st)


def test_a_seat_keeping_two_top_cards_is_squeezed_out_of_one() -> None:
    # seat 0 keeps AS and AH; the defenders' three diamond leads squeeze one out, and
    # the keep rule does not claim a trick for it (the value is the minimax value)
    st = _deal(["AS AH 5C", "KD QD JD", "7C 6C 7H", "QS 9D 8D"])
    st.to_act = 1
    value, _ = _settled(st)
    assert value == minimax(st)


def test_a_bound_pins_only_the_cards_of_its_own_proof() -> None:
    # seat 0 cashes AS KS (2 sure tricks: the low bound); the defenders keep AH or 8D
    # (1 sure trick: the high bound). At least 2 relies on the holders of AS and KS
    # alone: not on the hearts (only the defenders' proof looked at them), nor on QS
    # (below the run) nor on the diamonds (seat 0 holds no top diamond to cash)
    st = _deal(["AS KS 2D", "AH 6D 7D", "3H 4H 5H", "QS JS 8D"])
    solver = Solver(st)
    assert solver.at_least(2) and not solver.at_least(3) and solver.nodes == 0
    assert solver.at_least(2) and solver.rel == 1 << c("AS") | 1 << c("KS")
    assert minimax(st) == 2


def test_a_crossing_pins_only_the_top_card_it_crosses_to() -> None:
    # seat 0 crosses in spades to seat 2's AS, which cashes AS KS QS; seat 2 holds no
    # top club, so the club seat 0 could cross with is no part of the proof
    st = _deal(["5S 6C 8D", "6S 7D 7C", "AS KS QS", "7S 9D AC"])
    solver = Solver(st)
    assert solver.at_least(3) and solver.nodes == 0
    assert solver.rel == 1 << c("AS") | 1 << c("KS") | 1 << c("QS")
    assert minimax(st) == 3


def test_a_suit_only_a_partner_can_follow_gives_one_more_trick_cashed_last() -> None:
    # seat 0 cashes AD (KD falls); seat 2 holds two diamonds, the opponents none, so the
    # 8D led next wins or seat 2 overtakes it: two tricks for seat 0's side, no search
    st = _deal(["AD 8D 2C", "KD 4C 5C", "QD JD 3C", "9S 10S 6C"])
    assert _settled(st) == (2, 0)


def test_a_suit_an_opponent_can_still_follow_gives_no_more_trick() -> None:
    # the same but seat 1 holds two diamonds: the 8D may lose to its KD or QD
    st = _deal(["AD 8D 2C", "KD 9D 5C", "QD JD 3C", "9S 10S 6C"])
    value, _ = _settled(st)
    assert value == minimax(st)
