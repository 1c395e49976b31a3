"""The hand review as the page holds it: which hand, which card is shown, the verdicts so far.

:class:`ReviewSession` is plain state (no DOM, no solver): the controller opens one
(:meth:`ui.app.Controller.open_review`), moves through it, and fills ``reviews`` as the
bot worker answers :func:`review_request` (one card per request, the last card first, so
a bot's turn never waits long behind the review).

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("australian"), seed=3)
>>> while not g.hands_played:
...     g.act("7NT" if g.phase == "bid" and not g.auction else
...           "PASS" if g.phase == "bid" else g.legal_actions()[0])
>>> session = ReviewSession.of(g, 0)
>>> session.step, session.move("last"), session.step == len(session.replay.steps)
(0, True, True)
>>> import json; json.loads(review_request(session, 5))["cards"]
[5]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from game.analysis.review import (
    DEFAULT_NODE_BUDGET,
    CardReview,
    HandReplay,
    hand_game,
    review_order,
)
from game.engine import Game


@dataclass
class ReviewSession:
    """One hand under review. ``step``: how many of its cards are shown played (0: the
    auction and discards, before the first lead)."""

    replay: HandReplay
    game_json: str
    """The one-hand game (:func:`game.analysis.review.hand_game`) sent to the worker."""
    number: int
    """The hand's number on the score sheet (1-based)."""
    step: int = 0
    reviews: dict[int, CardReview] = field(default_factory=dict)
    todo: list[int] = field(default_factory=list)
    """Card numbers still to analyse, next first."""

    @classmethod
    def of(cls, game: Game, hand_index: int) -> ReviewSession:
        """The review of ``game.hands_played[hand_index]`` (``IndexError`` if none)."""
        if not 0 <= hand_index < len(game.hands_played):
            raise IndexError(f"no hand {hand_index} in this game")
        one = hand_game(game, hand_index)
        return cls.of_hand_game(one, hand_index + 1)

    @classmethod
    def of_hand_game(cls, one: Game, number: int = 1) -> ReviewSession:
        """The review of the first hand of the one-hand game ``one``."""
        replay = HandReplay.of_hand_game(one)
        return cls(replay, one.to_json(), number, todo=review_order(replay))

    @property
    def cards(self) -> int:
        return len(self.replay.steps)

    @property
    def done(self) -> bool:
        return not self.todo

    def move(self, where: str | int) -> bool:
        """Go to ``"first"``, ``"previous"``, ``"next"``, ``"last"`` or a step number;
        False when that is where it already is (or out of range)."""
        targets = {"first": 0, "previous": self.step - 1, "next": self.step + 1}
        target = self.cards if where == "last" else targets.get(str(where), where)
        if not isinstance(target, int) or not 0 <= target <= self.cards or target == self.step:
            return False
        self.step = target
        return True

    def add(self, answer: dict) -> None:
        """Take the verdicts of a worker's answer (``{"reviews": [...]}``)."""
        for data in answer.get("reviews") or []:
            review = CardReview.from_dict(data)
            self.reviews[review.index] = review
            if review.index in self.todo:
                self.todo.remove(review.index)


def review_request(session: ReviewSession, index: int, budget: int = DEFAULT_NODE_BUDGET) -> str:
    """The worker request for card ``index`` (see :func:`ui.bots.review`); the verdict of
    the card after it goes along (a forced card takes its value from it)."""
    known = session.reviews.get(index + 1)
    return json.dumps(
        {
            "kind": "review",
            "game": session.game_json,
            "cards": [index],
            "budget": budget,
            "known": {} if known is None else {str(index + 1): known.to_dict()},
        }
    )
