"""The hand review's verdicts, checked against the hand actually played out.

A hand is played at random until a few tricks are left; from there every seat plays
perfectly (the best value of ``solve(g)`` for its own side), except one card chosen to
be the worst. Each of that card's alternatives is played out perfectly too, so what the
card cost is known from real results, independently of the review's own bookkeeping.
"""

from __future__ import annotations

import random

import pytest

from game import Game, Rules, new_game
from game.analysis import solve
from game.analysis.review import (
    CardReview,
    HandReplay,
    hand_game,
    review_cards,
    review_order,
    summarise,
)
from game.rewind import replay

MISERE = ("MIS", "OMIS")


def wants_more(g: Game, seat: int) -> bool:
    """The contract's definition: the contractor's side wants tricks, except in misère."""
    if g.contract is not None:
        contractor, bid = g.contract
    else:  # the hand is over: its record says
        contractor, bid = g.hands_played[0]["contractor"], g.hands_played[0]["bid"]
    return (g.side_of(seat) == g.side_of(contractor)) != (bid in MISERE)


def contractor_tricks(g: Game) -> int:
    record = g.hands_played[-1]
    return record["tricks"][g.side_of(record["contractor"])]


def perfect_action(g: Game) -> str:
    values = solve(g)
    pick = max if wants_more(g, g.to_act) else min
    best = pick(values.values())
    return next(a for a in g.legal_actions() if values[a] == best)


def finish_perfectly(g: Game) -> None:
    """Every card perfect until this game's first hand is over."""
    while not g.hands_played:
        g.act(perfect_action(g))


def outcome_after(g: Game, action: str) -> int:
    """The contractor's side's tricks in the hand if ``action`` is played now and every
    card after it is perfect."""
    trial = replay(g, len(g.actions))
    trial.act(action)
    finish_perfectly(trial)
    return contractor_tricks(trial)


def auction(g: Game, bid: str, rng: random.Random) -> bool:
    """The first bidder bids ``bid`` (after a 7 for misère), everyone else passes; the
    contractor's kitty and nomination choices are random. False if ``bid`` is not legal."""
    if bid in MISERE:
        if "7S" not in g.legal_actions():
            return False
        g.act("7S")
    if bid not in g.legal_actions():
        return False
    g.act(bid)
    while g.phase == "bid":
        g.act("PASS")
    while g.phase != "play":
        legal = g.legal_actions()
        g.act(legal[0] if g.phase != "discard" else legal[rng.randrange(len(legal))])
    return True


def hand_with_mistake(bid: str, defender: bool, tricks_left: int = 3) -> tuple[Game, int, dict]:
    """A finished hand of a ``bid`` contract whose card ``index`` is the worst card of a
    position with ``tricks_left`` tricks left (played by a defender or by the contractor's
    side), every other card from there perfect; and each alternative's real outcome."""
    for seed in range(300):
        rng = random.Random(seed)
        g = new_game(Rules.preset("australian"), seed=seed)
        if not auction(g, bid, rng):
            continue
        while not g.hands_played and len(g.tricks) < 10 - tricks_left:
            g.act(rng.choice(g.legal_actions()))
        while not g.hands_played:
            mover = g.to_act
            outcomes = {a: outcome_after(g, a) for a in g.legal_actions()}
            mine = wants_more(g, mover)
            is_defender = g.side_of(mover) != g.side_of(g.contract[0])
            if is_defender == defender and len(set(outcomes.values())) > 1:
                worst = (min if mine else max)(outcomes.values())
                played = next(a for a, v in outcomes.items() if v == worst)
                index = len(g.current_trick) + sum(len(t.plays) for t in g.tricks)
                g.act(played)
                finish_perfectly(g)
                return g, index, outcomes
            g.act(perfect_action(g))
    raise AssertionError(f"no {bid} hand with a mistake found")


def reviews_of(g: Game, budget: int | None = None) -> tuple[HandReplay, dict[int, CardReview]]:
    rep = HandReplay.of(g, len(g.hands_played) - 1)
    return rep, review_cards(rep, review_order(rep), budget)


@pytest.mark.parametrize(
    ("bid", "defender"),
    [("7H", False), ("7H", True), ("7NT", False), ("7NT", True), ("MIS", False), ("MIS", True)],
)
def test_the_worst_card_is_marked_with_the_best_cards(bid: str, defender: bool) -> None:
    g, index, outcomes = hand_with_mistake(bid, defender)
    rep = HandReplay.of(g, 0)
    step = rep.steps[index]
    played = step.action
    assert played in outcomes
    mine = wants_more(g, step.seat)
    best = (max if mine else min)(outcomes.values())
    last_tricks = [i for i, s in enumerate(rep.steps) if s.trick >= step.trick]
    reviews = review_cards(rep, sorted(last_tricks, reverse=True), node_budget=None)
    verdict = reviews[index]
    assert verdict.analysed
    assert verdict.lost == abs(best - outcomes[played]) > 0
    assert set(verdict.best) == {a for a, v in outcomes.items() if v == best}
    assert verdict.before == best and verdict.after == outcomes[played]
    assert verdict.values == outcomes
    # Every card after the mistake was perfect: no other mark.
    assert [i for i in last_tricks if reviews[i].lost] == [index]
    # The hand's result is what the last analysed values say.
    assert reviews[len(rep.steps) - 1].after == contractor_tricks(g)
    summary = summarise(rep, reviews, {step.seat})
    assert summary.lost == verdict.lost
    assert [(m.trick, m.played, m.best) for m in summary.mistakes] == [
        (step.trick, played, verdict.best)
    ]


def test_misere_values_count_the_contractors_tricks() -> None:
    g, index, outcomes = hand_with_mistake("MIS", defender=True)
    assert set(outcomes.values()) == {0, 1}
    rep = HandReplay.of(g, 0)
    assert rep.misere
    assert len(rep.positions[0].active) == 3  # the partner sits out


def test_a_hand_played_perfectly_has_no_marks() -> None:
    """Every card from five tricks out is the best: everything analysed, nothing marked."""
    for seed in range(40):
        rng = random.Random(seed)
        g = new_game(Rules.preset("australian"), seed=seed)
        if not auction(g, "7NT", rng):
            continue
        while len(g.tricks) < 5:
            g.act(rng.choice(g.legal_actions()))
        start = sum(len(t.plays) for t in g.tricks) + len(g.current_trick)
        finish_perfectly(g)
        rep = HandReplay.of(g, 0)
        late = list(range(len(rep.steps) - 1, start - 1, -1))
        reviews = review_cards(rep, late, node_budget=None)
        assert all(r.analysed and r.lost == 0 and not r.best for r in reviews.values())
        # Perfect play keeps the value: each card's "after" is the next card's "before".
        for i in late[1:]:
            assert reviews[i].after == reviews[i + 1].before
        assert summarise(rep, reviews, {0}).lost == 0
        return
    raise AssertionError("no 7NT hand")


def test_a_small_budget_reports_early_cards_as_not_analysed() -> None:
    g = new_game(Rules.preset("australian"), seed=5)
    auction(g, "7NT", random.Random(5))
    while not g.hands_played:
        g.act(g.legal_actions()[-1])
    rep, reviews = reviews_of(g, budget=50)
    assert not reviews[0].analysed  # the first lead: far beyond 50 nodes
    assert reviews[len(rep.steps) - 1].analysed  # the last card is always known
    summary = summarise(rep, reviews, {0})
    assert summary.unknown == sum(
        1 for s in rep.steps if s.seat == 0 and not reviews[s.index].analysed
    )


def test_the_replay_shows_the_auction_kitty_and_discards() -> None:
    g = new_game(Rules.preset("australian"), seed=11)
    auction(g, "7NT", random.Random(11))
    contractor = g.contract[0]
    kitty, discards = g.contractor_kitty, g.contractor_discards
    hands = [g.hand(s) for s in range(4)]
    while not g.hands_played:
        g.act(g.legal_actions()[0])
    while g.phase != "over" and len(g.hands_played) < 2:  # a second hand: the review takes one
        legal = g.legal_actions()
        if g.phase == "bid":  # the first bidder opens (all passing would deal again forever)
            legal = [a for a in legal if a != "PASS"] if not g.auction else ["PASS"]
        g.act(legal[0])
    rep = HandReplay.of(g, 0)
    assert rep.contractor == contractor and rep.bid == "7NT"
    assert rep.auction[0][1] == "7NT" and all(c == "PASS" for _s, c in rep.auction[1:])
    assert rep.kitty == kitty and rep.discards == discards
    assert rep.start_hands == hands
    assert [s.action.split(":")[0] for s in rep.steps] == [
        c for t in g.hands_played[0]["played"] for _seat, c in t["cards"]
    ]
    one = hand_game(g, 0)
    assert len(one.deals) >= 1 and one.deals[0] == g.deals[0]
    assert one.hands_played[0]["tricks"] == g.hands_played[0]["tricks"]


def test_card_reviews_cross_the_worker_as_json() -> None:
    review = CardReview(4, True, 7, 6, 1, ("AS", "JK:H"), {"AS": 7, "2C": 6, "JK:H": 7})
    assert CardReview.from_dict(review.to_dict()) == review
