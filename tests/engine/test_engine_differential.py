"""Differential test: random games in every preset, checked at every step against a naive
reference written from RULES.md §4-§5 with card strings (no engine tables, no PlayState):
the legal plays, every trick's winner, and every hand's points."""

from __future__ import annotations

import random

import pytest

from game import Game, Rules, new_game
from game.rules import bid_table

SUITS = "SCDH"
RANKS = {str(r): r for r in range(2, 14)} | {"J": 14, "Q": 15, "K": 16, "A": 17}
SAME_COLOUR = {"S": "C", "C": "S", "D": "H", "H": "D"}


class Reference:
    """How one hand's cards behave, from the contract alone (RULES.md §4)."""

    def __init__(self, trump: str, nominated: str | None, nominated_jokers: set[str]) -> None:
        self.trump = trump if trump in SUITS else None
        self.misere = trump == "MIS"
        self.nominated, self.nominated_jokers = nominated, nominated_jokers

    def suit(self, card: str) -> str | None:
        """The suit a card follows as; ``None``: an un-nominated joker in NT or misère."""
        if card in ("JK", "BJ"):
            if self.trump:
                return self.trump
            return self.nominated if card in self.nominated_jokers else None
        natural = card[-1]
        if self.trump and card[:-1] == "J" and natural == SAME_COLOUR[self.trump]:
            return self.trump
        return natural

    def power(self, card: str) -> int:
        joker_rank = 41 if card == "BJ" else 40
        if card in ("JK", "BJ"):
            if self.trump:
                return 100 + joker_rank
            return 18 + (card == "BJ") if card in self.nominated_jokers else 200 + joker_rank
        rank = RANKS[card[:-1]]
        if self.trump and self.suit(card) == self.trump:
            if card[:-1] == "J":
                return 130 if card[-1] == self.trump else 129
            return 100 + rank
        return rank

    def winner(self, plays: list[tuple[int, str]], led: str) -> int:
        def strength(card: str) -> int:
            s = self.suit(card)
            return self.power(card) if s in (led, self.trump, None) else -1

        return max(plays, key=lambda p: strength(p[1]))[0]

    def legal(self, hand: list[str], led: str | None, lead_suits: list[str]) -> set[str]:
        if led is None:
            out = set()
            for card in hand:
                if self.suit(card) is None:
                    out |= {f"{card}:{s}" for s in lead_suits}
                else:
                    out.add(card)
            return out
        follow = {c for c in hand if self.suit(c) == led}
        if follow:
            return follow
        jokers = {c for c in hand if self.suit(c) is None}
        if self.misere and jokers:
            return jokers
        return set(hand)


def joker_lead_suits(rules: Rules, g: Game, hand: list[str], ref: Reference) -> list[str]:
    last = len(g.tricks) == 9 or all(ref.suit(c) is None for c in hand)
    if rules.joker_lead == "any":
        return list(SUITS)
    if rules.joker_lead == "last-trick":
        return list(SUITS) if last else []
    led_before = {t.to_dict()["led"] for t in g.tricks}
    unled = [s for s in SUITS if s not in led_before]
    return unled or (list(SUITS) if last else [])


def reference_points(
    rules: Rules,
    contractor: int,
    partner: int | None,
    bid: str,
    tricks: list[int],
    scores: list[int],
) -> list[int]:
    """A hand's points per side (RULES.md §5), from the tricks each side took; ``partner``
    is a five-handed called partner's seat (its tricks count for the contract)."""
    table = bid_table(rules)
    value = table.value[bid]
    contractors = {rules.side_of(contractor)}
    if partner is not None:
        contractors.add(rules.side_of(partner))
    misere = table.denomination[bid] == "MIS"
    taken = sum(tricks[s] for s in contractors)
    made = taken == 0 if misere else taken >= table.tricks[bid]
    to_defenders = rules.failed_contract_to_defenders
    points = []
    for side, score in enumerate(scores):
        if side in contractors:
            slam = not misere and rules.slam_bonus and taken == 10 and value < 250
            won = 250 if slam else value
            points.append(won if made else 0 if to_defenders else -value)
            continue
        gain = (value if not made and to_defenders else 0) + (0 if misere else 10 * tricks[side])
        if rules.must_bid_to_win:
            gain = max(0, min(gain, rules.target - rules.defender_cap_margin - score))
        points.append(gain)
    return points


def play_and_check(rules: Rules, seed: int, rng: random.Random) -> int:
    """Play a random game, checking the engine against the reference; return hands played."""
    g = new_game(rules, seed=seed)
    ref: Reference | None = None
    steps = 0
    while g.phase != "over":
        legal = g.legal_actions()
        if g.phase == "play":
            if ref is None:
                contractor = g.contract[0]  # type: ignore[index]
                nominated = g.joker_nomination()
                held = {c for c in g.hand(contractor) if c in ("JK", "BJ")}
                ref = Reference(g.trump, None if nominated == "-" else nominated, held)  # type: ignore[arg-type]
            seat = g.to_act
            hand = g.hand(seat)  # type: ignore[arg-type]
            lead_suits = joker_lead_suits(rules, g, hand, ref)
            assert set(legal) == ref.legal(hand, g.current_led, lead_suits), (seed, steps)
            assert len(legal) == len(set(legal))
            tricks_before, played_before = len(g.tricks), len(g.hands_played)
            scores_before = list(g.scores)
            trick = g.current_trick
            action = rng.choice(legal)
            led = g.current_led or (action.split(":")[1] if ":" in action else ref.suit(action))
            g.act(action)
            if len(g.tricks) > tricks_before or len(g.hands_played) > played_before:
                plays = trick + [(seat, action.split(":")[0])]
                done = g.tricks[-1] if len(g.tricks) > tricks_before else None
                winner = ref.winner(plays, led)  # type: ignore[arg-type]
                record = g.hands_played[-1] if len(g.hands_played) > played_before else None
                if done is not None:
                    assert done.winner == winner and done.to_dict()["led"] == led
                else:
                    assert record is not None and record["last_trick"]["winner"] == winner
            if len(g.hands_played) > played_before:
                record = g.hands_played[-1]
                bid, tricks = record["bid"], record["tricks"]
                seats = record["contractor"], record.get("partner")
                expected = reference_points(rules, *seats, bid, tricks, scores_before)
                assert record["points"] == expected, (seed, record)
                assert g.scores == [a + b for a, b in zip(scores_before, expected)]
                ref = None
        elif g.phase == "bid" and len(legal) > 1:
            g.act("PASS" if rng.random() < 0.6 else rng.choice(legal[1:]))
        elif g.phase == "discard":
            g.act("DISCARD " + " ".join(rng.sample(g.hand(g.to_act), rules.kitty_size)))  # type: ignore[arg-type]
        else:
            g.act(rng.choice(legal))
        steps += 1
    return len(g.hands_played)


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_engine_agrees_with_the_reference_at_every_step(preset: str) -> None:
    rng = random.Random(preset)
    hands = sum(play_and_check(Rules.preset(preset), seed, rng) for seed in range(6))
    assert hands >= 6


@pytest.mark.parametrize(
    "options",
    [
        {"joker_lead": "any"},
        {"joker_lead": "last-trick"},
        {"misere": "anytime", "misere_partner": "both-hands"},
        {"failed_contract_to_defenders": True, "must_bid_to_win": False},
        {"failed_contract_to_defenders": True},
        {"misere": "anytime", "misere_play_out": True},
    ],
)
def test_engine_agrees_with_the_reference_under_options(options: dict) -> None:
    rng = random.Random(repr(options))
    rules = Rules.preset("australian").with_options(**options)
    assert sum(play_and_check(rules, seed, rng) for seed in range(4)) >= 4
