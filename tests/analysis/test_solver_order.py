"""The solver's move ordering on hand-made positions (the values never depend on it: the
minimax tests in test_solver.py cover that)."""

from __future__ import annotations

from game.analysis import Solver
from game.analysis.minimax import minimax
from game.cards import card_id as c
from game.cards import card_str
from game.playstate import PlayState


def _deal(hands: list[str]) -> PlayState:
    cards = [[c(x) for x in h.split()] for h in hands]
    return PlayState.for_deal(
        4, [0, 1, 0, 1], 0, 7, 200, None, cards, tricks_done=10 - len(cards[0])
    )


def _order(st: PlayState) -> list[str]:
    solver = Solver(st)
    assert solver.value() == minimax(st)
    return [card_str(m[0]) for m in solver.moves()]


def test_a_sure_winner_comes_before_a_cheaper_card_a_later_opponent_beats() -> None:
    # seat 1's 10S wins for now, but seat 2 (to play after it) holds QS; its AS wins for sure
    st = _deal(["8S 7D 8D", "AS 10S 7S", "QS 9D 10D", "5S 7C 8C"])
    st.play(c("8S"))
    assert _order(st) == ["AS", "10S", "7S"]


def test_the_cheapest_winner_comes_first_when_no_later_opponent_can_beat_it() -> None:
    # QS is with seat 1's partner: seat 2 can not beat the 10S
    st = _deal(["8S 7D 8D", "AS 10S 7S", "6S 9D 10D", "QS 7C 8C"])
    st.play(c("8S"))
    assert _order(st) == ["10S", "AS", "7S"]


def test_a_low_lead_towards_a_partners_top_card_comes_before_other_low_leads() -> None:
    # seat 2 (seat 0's partner) holds AD, the top diamond; the opponents hold the top club
    st = _deal(["5C 8D", "AC 7D", "AD 7C", "KC KD"])
    assert _order(st) == ["8D", "5C"]
