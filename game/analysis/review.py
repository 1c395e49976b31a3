"""Hand review: replay one played hand card by card and find the cards that cost a trick.

A :class:`HandReplay` is one hand of a game rebuilt on the engine (its deal and its
actions replayed by :class:`~game.engine.Game`): the auction, the kitty and the
contractor's discards, the hands at the first lead, every card played and the
play core's position before it. :func:`review_card` solves one of those positions
double-dummy (:func:`~game.analysis.solver.analyse`, within a node budget) and says
what the card played cost the side that played it.

Values are the contractor's side's tricks *in the whole hand* (tricks already won plus
the double-dummy tricks still to come), so "before" and "after" read the same at every
card. The side that plays a card wants that number high if it is the contractor's side
(low in misère, where the contractor wants no trick) and low if it defends (high against
a misère), so a defender's card that gives the contractor a trick is an error too.

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("australian"), seed=3)
>>> while not g.hands_played:
...     g.act("7NT" if g.phase == "bid" and not g.auction else
...           "PASS" if g.phase == "bid" else g.legal_actions()[0])
>>> replay = HandReplay.of(g, 0)
>>> len(replay.steps) == len(replay.positions) > 0, replay.bid == g.hands_played[0]["bid"]
(True, True)
>>> last = review_card(replay, len(replay.steps) - 1)
>>> last.analysed, last.lost
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import Game, new_game
from game.playstate import PlayState

from .solve_game import action_of, play_state_of
from .solver import analyse

DEFAULT_NODE_BUDGET = 30_000
"""Search nodes per position: a few tenths of a second under CPython, so the last six or so
tricks are always analysed and a hard early position is reported as not analysed."""


@dataclass(frozen=True)
class Step:
    """One card played in the hand: its number (0-based), trick (0-based), seat and the
    engine's action string (``"QS"``, ``"JK:H"``), with the legal actions it was chosen from."""

    index: int
    trick: int
    seat: int
    action: str
    legal: tuple[str, ...]


@dataclass
class HandReplay:
    """One hand of a game, rebuilt card by card on the engine (see the module docstring)."""

    game: Game
    """A one-deal game holding only this hand, played to its end (see :func:`hand_game`)."""
    record: dict[str, Any]
    """The hand's ``hands_played`` record (contract, tricks, points, ``played``)."""
    auction: list[tuple[int, str]]
    kitty: list[str]
    """The kitty the contractor took (empty when it was not taken or there is none)."""
    discards: list[str]
    start_hands: list[list[str]]
    """Every seat's cards at the first lead (the contractor's after the discard)."""
    steps: list[Step] = field(default_factory=list)
    positions: list[PlayState] = field(default_factory=list)
    """The play core before each step (every hand known)."""
    before_won: list[int] = field(default_factory=list)
    """The contractor's side's tricks already won before each step."""

    @property
    def contractor(self) -> int:
        return int(self.record["contractor"])

    @property
    def bid(self) -> str:
        return str(self.record["bid"])

    @property
    def misere(self) -> bool:
        return bool(self.positions) and self.positions[0].misere

    @property
    def final_tricks(self) -> int:
        """The contractor's side's tricks when the hand ended."""
        return int(self.record["tricks"][self.game.side_of(self.contractor)])

    @classmethod
    def of(cls, game: Game, hand_index: int) -> HandReplay:
        """The replay of ``game.hands_played[hand_index]`` (``IndexError`` if there is none)."""
        return cls.of_hand_game(hand_game(game, hand_index))

    @classmethod
    def of_hand_game(cls, one: Game) -> HandReplay:
        """The replay of the first hand of ``one``, a game whose first hand was played out
        (a :func:`hand_game`, or an imported hand record)."""
        if not one.hands_played:
            raise ValueError("the game has no finished hand")
        again = new_game(one.rules, seed=one.seed, deals=one.deals[:1])
        actions = iter(one.actions)
        while again.phase != "play":
            if again.hands_played or len(again.deals) > 1:
                raise ValueError("the first deal was thrown in: no hand to review")
            again.act(next(actions))
        replay = cls(
            game=one,
            record=one.hands_played[0],
            auction=list(again.auction),
            kitty=again.contractor_kitty if again.kitty_taken else [],
            discards=again.contractor_discards,
            start_hands=[again.hand(s) for s in range(again.players)],
        )
        while not again.hands_played:
            st = play_state_of(again)
            seat = again.to_act
            assert seat is not None
            action = next(actions)
            replay.steps.append(
                Step(len(replay.steps), st.done, seat, action, tuple(again.legal_actions()))
            )
            replay.positions.append(st)
            replay.before_won.append(st.side_tricks()[st.cside])
            again.act(action)
        return replay


def hand_game(game: Game, hand_index: int) -> Game:
    """A new game of one deal: ``game``'s hand ``hand_index`` (an index of ``hands_played``)
    dealt and played again with its own actions, stopped when that hand is over.

    It is small (one deal, a few dozen actions) and is what crosses to the bot worker.
    """
    record = game.hands_played[hand_index]
    deal_number = int(record["hand"])
    again = new_game(game.rules, seed=game.seed, deals=game.deals)
    mine: list[str] = []
    for action in game.actions:
        number = again.hand_number
        if number > deal_number:
            break
        again.act(action)
        if number == deal_number:
            mine.append(action)
    one = new_game(game.rules, seed=game.seed, deals=[game.deals[deal_number]])
    for action in mine:
        one.act(action)
    return one


@dataclass(frozen=True)
class CardReview:
    """What one card cost, from the point of view of the side that played it.

    ``values``: each legal action's value (the contractor's side's tricks in the whole
    hand after it, with perfect play); ``before`` the value of the position (the best
    card's), ``after`` the card played's; ``lost`` how many tricks the card gave away
    (0 for a best card); ``best`` the best actions when ``lost`` > 0. ``analysed`` is
    False when the node budget ran out: nothing else is known.
    """

    index: int
    analysed: bool
    before: int | None = None
    after: int | None = None
    lost: int = 0
    best: tuple[str, ...] = ()
    values: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (what the bot worker sends back)."""
        return {
            "index": self.index,
            "analysed": self.analysed,
            "before": self.before,
            "after": self.after,
            "lost": self.lost,
            "best": list(self.best),
            "values": dict(self.values),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CardReview:
        values = data.get("values") or {}
        return cls(
            index=int(data["index"]),
            analysed=bool(data["analysed"]),
            before=None if data.get("before") is None else int(data["before"]),
            after=None if data.get("after") is None else int(data["after"]),
            lost=int(data.get("lost") or 0),
            best=tuple(str(a) for a in data.get("best") or ()),
            values={str(k): int(v) for k, v in values.items()},
        )


def wants_more(st: PlayState, seat: int) -> bool:
    """Whether ``seat`` wants the contractor's side to take more tricks: the contractor's
    side outside misère, the defenders in misère."""
    return (st.side[seat] == st.cside) != st.misere


def review_card(
    replay: HandReplay,
    index: int,
    node_budget: int | None = DEFAULT_NODE_BUDGET,
    next_review: CardReview | None = None,
) -> CardReview:
    """The double-dummy verdict on card ``index`` of ``replay`` (``node_budget`` search
    nodes at most; ``None``: no limit).

    A forced card (the only legal one) costs nothing and is not searched: its value is
    the next card's ``before`` (``next_review``) or, for the hand's last card, the result.
    """
    step = replay.steps[index]
    if len(step.legal) == 1:
        if index + 1 == len(replay.steps):
            after: int | None = replay.final_tricks
        else:
            after = next_review.before if next_review is not None else None
        values = {} if after is None else {step.action: after}
        return CardReview(index, True, after, after, 0, (), values)
    won = replay.before_won[index]
    st = replay.positions[index].copy()
    bounds = {action_of(m): b for m, b in analyse(st, node_budget).items()}
    if any(low != high for low, high in bounds.values()) or step.action not in bounds:
        return CardReview(index, False)
    values = {a: won + bounds[a][0] for a in step.legal if a in bounds}
    more = wants_more(st, step.seat)
    best = max(values.values()) if more else min(values.values())
    played = values[step.action]
    lost = best - played if more else played - best
    best_actions = tuple(a for a in step.legal if values.get(a) == best) if lost else ()
    return CardReview(index, True, best, played, lost, best_actions, values)


def review_cards(
    replay: HandReplay,
    indices: list[int],
    node_budget: int | None = DEFAULT_NODE_BUDGET,
    known: dict[int, CardReview] | None = None,
) -> dict[int, CardReview]:
    """:func:`review_card` of each of ``indices`` in that order (give them last first:
    a forced card takes its value from the card after it, in ``known`` or found here)."""
    found: dict[int, CardReview] = dict(known or {})
    out: dict[int, CardReview] = {}
    for index in indices:
        out[index] = found[index] = review_card(replay, index, node_budget, found.get(index + 1))
    return out


def review_order(replay: HandReplay) -> list[int]:
    """The order cards are analysed in: the last trick first (cheap, certain), back to the
    first lead (the dearest positions, maybe beyond the budget)."""
    return list(range(len(replay.steps) - 1, -1, -1))


@dataclass(frozen=True)
class Mistake:
    """A card that lost tricks: its trick (0-based), the card played, the best cards."""

    trick: int
    seat: int
    played: str
    best: tuple[str, ...]
    lost: int


@dataclass(frozen=True)
class Summary:
    """The verdict on some seats' cards (the human's): tricks given up, where, and how many
    of their cards are not analysed (yet, or beyond the budget)."""

    lost: int
    mistakes: tuple[Mistake, ...]
    unknown: int


def summarise(replay: HandReplay, reviews: dict[int, CardReview], seats: set[int]) -> Summary:
    """Tricks lost by the cards of ``seats`` among the ``reviews`` known so far."""
    mistakes = []
    unknown = 0
    for step in replay.steps:
        if step.seat not in seats:
            continue
        review = reviews.get(step.index)
        if review is None or not review.analysed:
            unknown += 1
        elif review.lost > 0:
            mistakes.append(Mistake(step.trick, step.seat, step.action, review.best, review.lost))
    return Summary(sum(m.lost for m in mistakes), tuple(mistakes), unknown)
