"""Deals of the unseen cards consistent with everything a seat knows.

The unseen cards (hidden hands, kitty and discards, a sitting-out partner's
hand) are dealt at random to the hidden seats and a *pile*, respecting hand
sizes and shown voids exactly; each deal is then kept with a probability
that says how well it fits the auction (:func:`auction_weight`): a bidder of
8♥ should hold hearts, the bowers or the joker; a seat that passed should not
hold a hand that would have bid; a misère bidder holds low cards. Ignoring
the auction makes a search bot worse than a good rule bot, so this matters.

>>> import random
>>> from game import Rules, new_game
>>> from game.bots.knowledge import Knowledge
>>> g = new_game(Rules.preset("australian"), seed=5)
>>> while g.phase != "play":
...     g.act(g.legal_actions()[-1] if g.phase == "bid" and len(g.auction) == 0 else
...           g.legal_actions()[0])
>>> k = Knowledge.from_view(g.view(g.to_act))
>>> sampler = Sampler(k, k.play_state())
>>> hands = sampler.draw(random.Random(1))
>>> sorted(len(hands[s]) for s in sampler.seats)
[10, 10, 10]
"""

from __future__ import annotations

import math
import random

from game.cards import CARD_ID

from .bidding import MISERE_MIN, Auction
from .evaluate import estimate, family, misere_chance
from .knowledge import Knowledge
from .state import PlayState

MAX_TRIES = 25
"""Rejected deals per accepted one before the best-fitting candidate is taken anyway."""
SCALE_DEALS = 8
"""Deals drawn to set the acceptance scale (see :meth:`Sampler.draw`)."""


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class Sampler:
    """Draws hidden hands for the seats ``seats`` (see the module docstring)."""

    def __init__(self, k: Knowledge, st: PlayState):
        self.k, self.st = k, st
        view = k.view
        known_seats = {k.actor, k.seat}
        self.seats = [s for s in st.active if s not in known_seats and not st.exposed >> s & 1]
        self.sizes = [view["hand_sizes"][s] for s in self.seats]
        self.unseen = k.unseen(st)
        self.pile_size = len(self.unseen) - sum(self.sizes)
        eff = st.ctx.eff
        self.allowed = {
            c: [i for i, s in enumerate(self.seats) if not st.voids[s] >> eff[c] & 1]
            for c in self.unseen
        }
        self.in_a_hand = self._called_card_constraint()
        self.order = sorted(self.unseen, key=lambda c: len(self.allowed[c]))
        self.played = self._played_by_seat()
        self.fam = family(k.rules)
        self.auction = Auction(k)
        self.passes = self._last_passes()
        self.scale: float | None = None

    def _called_card_constraint(self) -> set[int]:
        """Five-handed: an unseen called card lies in a hidden hand other than the
        contractor's (and, unless the kitty may have been left unseen, not in the pile).
        Returns the cards that must go to a hand."""
        view, st = self.k.view, self.st
        called = view.get("called")
        if called is None or CARD_ID[called] not in self.allowed:
            return set()
        card = CARD_ID[called]
        self.allowed[card] = [i for i in self.allowed[card] if self.seats[i] != st.contractor]
        return set() if self.k.rules.sans_kitty else {card}

    def _played_by_seat(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {s: [] for s in self.seats}
        view = self.k.view
        for trick in view["tricks"]:
            for s, c in trick["cards"]:
                if s in out:
                    out[s].append(CARD_ID[c])
        for s, c in view["current_trick"]:
            if s in out:
                out[s].append(CARD_ID[c])
        return out

    def _last_passes(self) -> dict[int, int]:
        """Seat -> the level of the high bid when it passed (6 when nobody had bid)."""
        table = self.k.table
        high = 5
        out: dict[int, int] = {}
        for s, call in self.k.auction:
            if call == "PASS":
                out.setdefault(s, high + 1)
            elif not self.auction.is_inkle(call):
                high = max(high, table.tricks[call] or 8)
        return out

    # ------------------------------------------------------------------ dealing
    def _deal(self, rng: random.Random) -> list[list[int]] | None:
        n = len(self.seats)
        cap = self.sizes + [self.pile_size]
        hands: list[list[int]] = [[] for _ in range(n + 1)]
        order = list(self.order)
        rng.shuffle(order)
        order.sort(key=lambda c: len(self.allowed[c]))
        for c in order:
            to_pile = cap[n] and c not in self.in_a_hand
            options = [i for i in self.allowed[c] if cap[i]] + ([n] if to_pile else [])
            total = sum(cap[i] for i in options)
            if not total:
                return None
            x = rng.randrange(total)
            for i in options:
                x -= cap[i]
                if x < 0:
                    break
            hands[i].append(c)
            cap[i] -= 1
        return hands

    def draw(self, rng: random.Random) -> dict[int, list[int]]:
        """One deal: seat -> hand for the hidden seats, plus ``-1`` -> the pile.

        A deal is kept with probability ``weight / scale``, where ``scale`` is the
        best weight among a few deals drawn first: when every deal fits a strong
        auction poorly (a 10-trick bid), few are still thrown away.
        """
        if self.scale is None:
            weights = [self.weight(h) for h in (self._deal(rng) for _ in range(SCALE_DEALS)) if h]
            self.scale = max(weights, default=1.0) or 1.0
        best: list[list[int]] | None = None
        best_w = -1.0
        for _ in range(MAX_TRIES):
            hands = self._deal(rng)
            if hands is None:
                continue
            w = self.weight(hands)
            if rng.random() * self.scale < w:
                best = hands
                break
            if w > best_w:
                best, best_w = hands, w
        if best is None:
            best = self._relaxed(rng)
        out = {s: best[i] for i, s in enumerate(self.seats)}
        out[-1] = best[-1]
        return out

    def _relaxed(self, rng: random.Random) -> list[list[int]]:
        """A deal that ignores voids (only if the exact constraints cannot be met)."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        hands, pos = [], 0
        for size in self.sizes + [self.pile_size]:
            hands.append(cards[pos : pos + size])
            pos += size
        return hands

    # ------------------------------------------------------------------ auction fit
    def weight(self, hands: list[list[int]]) -> float:
        """How well a deal fits the auction, in (0, 1]."""
        w = 1.0
        for i, s in enumerate(self.seats):
            w *= auction_weight(self, s, hands[i] + self.played[s])
        return w


def auction_weight(sampler: Sampler, seat: int, hand: list[int]) -> float:
    """Likelihood-like weight of ``hand`` for ``seat`` given its calls."""
    auction, fam, rules = sampler.auction, sampler.fam, sampler.k.rules
    w = 1.0
    shown = auction.shown.get(seat)
    if shown is not None:
        denom, level = shown
        mean = estimate(fam, denom, hand).mean
        if auction.is_inkle(f"{level}{denom}"):
            w *= _logistic((mean - 5.0) * 1.5)
        else:
            partner_help = (
                0.8 if any(auction.shown.get(p) for p in sampler.k.partners(seat)) else 0.0
            )
            w *= _logistic((mean + partner_help - (level - 0.7)) * 2.0)
    if seat in auction.misere_by:
        rate = misere_chance(fam, False, hand, rules)
        w *= max(0.05, min(1.0, (rate - MISERE_MIN["MIS"] + 0.2) * 5))
    passed_at = sampler.passes.get(seat)
    if passed_at is not None and shown is None and seat not in auction.misere_by:
        best = max(estimate(fam, d, hand).mean for d in ("S", "C", "D", "H", "NT"))
        w *= 1.0 - 0.7 * _logistic((best - (passed_at + 0.8)) * 2.0)
    return w
