"""The bot: one entry point for every level, phase and rule set.

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("australian"), seed=11)
>>> bot = Bot(level="normal", seed=1)
>>> while g.phase != "over" and len(g.hands_played) == 0 and g.hand_number == 0:
...     g.act(bot.choose(g.view(g.to_act)))
>>> action, reason = Bot("hard", seed=2).suggest(new_game(seed=4).view(new_game(seed=4).to_act))
>>> isinstance(action, str) and len(reason) > 0
True
>>> from game.bots.reasons import TEMPLATES
>>> g = new_game(seed=4)
>>> action, why = Bot("normal", seed=2).advise(g.view(g.to_act))
>>> action in g.legal_actions(), why.code in TEMPLATES
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Literal

from game.cards import CARD_ID, CARD_STR
from game.notation import Discard, Play

from .bidding import choose_bid
from .expert import EXPERT_BUDGET_S, EXPERT_SAMPLES, ExpertResult, expert_play
from .kitty import choose_call, choose_discards, choose_nomination
from .knowledge import Knowledge
from .play import easy_play
from .reasons import Reason, bower_role, explain_play
from .search import (
    BUDGET_S,
    MAX_SAMPLES,
    NOMINATION_SAMPLES,
    SearchResult,
    search_nomination,
    search_play,
)

LEVELS = ("random", "easy", "normal", "hard", "expert")
NORMAL_SAMPLES = 4
"""Sampled deals per card of the normal bot's light search: it plays the normal policy's
card unless one of these few deals played out shows a clearly better one (a fixed count,
no clock: its play depends only on the view and the seed)."""
SEARCH_SAMPLES = {"hard": MAX_SAMPLES, "expert": EXPERT_SAMPLES}
"""Sampled deals per card at most, per searching level (the expert thinks longer)."""
SEARCH_BUDGET_S = {"hard": BUDGET_S, "expert": EXPERT_BUDGET_S}
"""Seconds of search per card, per searching level."""


def fixed_samples(level: str, hard_samples: int) -> int:
    """Sampled deals per card for ``level`` when the hard bot searches exactly
    ``hard_samples`` (no clock): every level in proportion to its own maximum.

    >>> fixed_samples("hard", 16), fixed_samples("expert", 16)
    (16, 128)
    """
    return hard_samples * SEARCH_SAMPLES.get(level, MAX_SAMPLES) // MAX_SAMPLES


class Bot:
    """A computer player that reads only a seat's view.

    ``level`` is ``"easy"``, ``"normal"``, ``"hard"``, ``"expert"`` (bids as hard;
    plays as hard, then solves sampled deals double dummy near the end of the hand:
    :mod:`game.bots.expert`) or ``"random"`` (uniformly random legal actions, for the
    arena). The normal bot checks its policy's card on ``NORMAL_SAMPLES`` sampled deals
    (ignoring ``samples`` and ``budget_s``). The hard and expert bots search for at most
    ``samples`` sampled deals (default: their level's, ``SEARCH_SAMPLES``) and
    ``budget_s`` seconds per card (``"level"``: their level's, ``SEARCH_BUDGET_S``;
    hard 0.1 s, expert 0.25 s, twice that in Pyodide); with ``budget_s=None`` they
    always use exactly ``samples`` deals, so their choices depend only on the view and
    the seed. ``strict`` raises instead of falling back to a legal action if a policy
    ever produced an illegal one (tests).
    """

    def __init__(
        self,
        level: str = "normal",
        seed: int | None = None,
        samples: int | None = None,
        budget_s: float | None | Literal["level"] = "level",
        strict: bool = False,
    ):
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")
        self.level = level
        self.rng = random.Random(seed)
        self.samples = SEARCH_SAMPLES.get(level, MAX_SAMPLES) if samples is None else samples
        self.budget_s = SEARCH_BUDGET_S.get(level, BUDGET_S) if budget_s == "level" else budget_s
        self.strict = strict
        self.search_level = "hard" if level == "expert" else level
        """The level whose bidding, kitty and nomination this bot uses (expert: hard's)."""

    def choose(self, view: dict[str, Any]) -> str:
        """The action for the seat acting in ``view``: one of ``view["legal_actions"]``."""
        return self._decide(view, explain=False)[0]

    def suggest(self, view: dict[str, Any]) -> tuple[str, str]:
        """The same action as :meth:`choose`, with a short reason for a human (English)."""
        action, reason = self.advise(view)
        return action, str(reason)

    def advise(self, view: dict[str, Any]) -> tuple[str, Reason]:
        """The same action as :meth:`choose`, with its :class:`~game.bots.reasons.Reason`
        (a code and JSON-safe parameters, which the UI translates)."""
        action, reason = self._decide(view, explain=True)
        assert reason is not None
        return action, reason

    # ------------------------------------------------------------------ internals
    def _decide(self, view: dict[str, Any], explain: bool) -> tuple[str, Reason | None]:
        legal = view.get("legal_actions") or []
        if not legal:
            raise ValueError("it is not this seat's turn: the view has no legal actions")
        if self.level == "random":
            return self.rng.choice(legal), Reason("random")
        if len(legal) == 1:
            return legal[0], Reason("only_legal")
        k = Knowledge.from_view(view)
        reason: Reason | None
        if k.phase == "bid":
            action, reason = choose_bid(k, self.search_level)
        elif k.phase == "kitty":
            # Sans kitty (RULES.md §4) gives no bonus, and the kitty can only help:
            # discarding it again costs nothing. So every level takes it.
            action, reason = "KITTY", Reason("take_kitty")
        elif k.phase == "discard":
            action, reason = self._discard(k)
        elif k.phase == "call":
            action, reason = self._call(k)
        elif k.phase == "nominate":
            action, reason = self._nominate(k)
        else:
            action, reason = self._play(k, explain)
        if action not in legal:
            if self.strict:
                raise AssertionError(f"{self.level} bot chose illegal {action!r} in {k.phase}")
            return legal[0], Reason("fallback")
        return action, reason

    def _discard(self, k: Knowledge) -> tuple[str, Reason]:
        rules = k.rules
        bid = k.bid
        assert bid is not None
        denom = k.table.denomination[bid]
        if denom == "GAME":
            denom = k.view["trump"]
        opponents = rules.players - rules.players // rules.num_sides
        cards = choose_discards(k.hand, rules.kitty_size, denom, rules.deck, opponents)
        discard = Discard(tuple(cards))  # the engine's order: one of legal_actions
        code = {"MIS": "discard_misere", "NT": "discard_nt"}.get(denom, "discard_suit")
        return str(discard), Reason(code, {"cards": list(discard.card_texts)})

    def _call(self, k: Knowledge) -> tuple[str, Reason]:
        """Five-handed: name the card whose holder becomes the partner."""
        callable_cards = [CARD_ID[a.split()[1]] for a in k.legal]
        denom = k.view["trump"]
        card, code = choose_call(k.hand, callable_cards, denom)
        return f"CALL {CARD_STR[card]}", Reason(code, {"card": CARD_STR[card]})

    def _nominate(self, k: Knowledge) -> tuple[str, Reason]:
        if k.misere:
            suit = choose_nomination(k.hand, "MIS")
            return f"NOMINATE {suit}", Reason("nominate_misere", {"suit": suit})
        if self.search_level in NOMINATION_SAMPLES:
            samples = NOMINATION_SAMPLES[self.search_level]
            suit, _ = search_nomination(k, self.rng, samples)
            if suit == "-":
                return "NOMINATE -", Reason("nominate_free", {"n": samples})
            if suit != choose_nomination(k.hand, "NT"):
                return f"NOMINATE {suit}", Reason("nominate_search", {"suit": suit, "n": samples})
        else:
            suit = choose_nomination(k.hand, "NT")
        return f"NOMINATE {suit}", Reason("nominate_nt", {"suit": suit})

    def _play(self, k: Knowledge, explain: bool) -> tuple[str, Reason | None]:
        if self.level in ("normal", "hard", "expert"):
            if self.level == "expert":
                result: SearchResult | ExpertResult = expert_play(
                    k, self.rng, self.samples, self.budget_s
                )
            elif self.level == "normal":
                result = search_play(k, self.rng, NORMAL_SAMPLES, None)
            else:
                result = search_play(k, self.rng, self.samples, self.budget_s)
            card, named = result.action
            if explain:
                st = k.play_state()
                if result.action == result.policy_action:
                    reason = explain_play(result.policy_reason, st, k.actor, card)
                else:
                    reason = _search_reason(k, result.samples, result.gain, result.policy_action[0])
            else:
                reason = None
        else:
            st = k.play_state()
            card, named, code = easy_play(st, k.actor)
            reason = explain_play(code, st, k.actor, card) if explain else None
        return str(Play(card, named)), reason


def _search_reason(k: Knowledge, samples: int, gain: float, other: int) -> Reason:
    """Why a searched card beat the obvious one: the points it gains over ``other``."""
    st = k.play_state()
    return Reason(
        "search_follow" if st.trick else "search_lead",
        {
            "n": samples,
            "points": int(round(gain)),
            "other": CARD_STR[other],
            "other_role": bower_role(st, other),
        },
    )
