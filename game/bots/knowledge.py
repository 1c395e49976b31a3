"""What a seat knows, read from its view dict: cards as ints, voids, the unseen cards.

Bots see the game only through ``g.view(seat)`` (shared/CONTRACT.md). This
module turns that dict into a :class:`Knowledge` and, in the play phase, into
a :class:`~game.bots.state.PlayState` that holds only the known hands.

>>> from game import new_game
>>> g = new_game(seed=3)
>>> k = Knowledge.from_view(g.view(g.to_act))
>>> k.phase, len(k.hand), k.actor == g.to_act
('bid', 10, True)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from game.cards import CARD_ID, JOKERS, NO_SUIT, SUITS, build_deck
from game.rules import BidTable, Rules, bid_table
from game.tricks import PlayContext, play_context

from .state import PlayState, Scoring, mask_of


@functools.lru_cache(maxsize=16)
def deck_cards(deck: int) -> tuple[int, ...]:
    """The card ids of a deck (cached)."""
    return tuple(build_deck(deck))


@functools.lru_cache(maxsize=32)
def _rules(items: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules.from_dict(dict(items))


def rules_of(view: dict[str, Any]) -> Rules:
    """The view's rules as a :class:`Rules` (cached: views repeat them every decision)."""
    return _rules(tuple(sorted(view["rules"].items())))


def cards(names: list[str]) -> list[int]:
    """Card ids of card names."""
    return [CARD_ID[n] for n in names]


def believed_sides(view: dict[str, Any], own_hand: list[int]) -> list[int]:
    """The sides as this seat may know them: the view's, except five-handed in play.

    With a called partner (five-handed) the play has two sides, the contractor's
    (0) and the defenders' (1). The partner is on side 0 once known: revealed to
    all when the called card falls, known at once to its holder. Until then the
    contractor plays as if alone against four, and a defender as if every other
    player were with it against the contractor.

    >>> believed_sides({"sides": [0, 1, 2], "called": None, "contract": None}, [])
    [0, 1, 2]
    """
    called, contract = view.get("called"), view.get("contract")
    if called is None or contract is None:
        return list(view["sides"])
    contractor = contract["seat"]
    partner = view.get("partner")
    if partner is None and CARD_ID[called] in own_hand:
        partner = view["seat"]
    return [0 if s in (contractor, partner) else 1 for s in range(len(view["sides"]))]


@dataclass
class Knowledge:
    """One seat's information set, from its view (see the module docstring)."""

    view: dict[str, Any]
    rules: Rules
    table: BidTable
    seat: int
    """The seat whose view this is."""
    actor: int
    """The seat being decided for: ``seat``, or a misère partner played by the contractor."""
    phase: str
    hand: list[int]
    """The actor's cards."""
    auction: list[tuple[int, str]]
    sides: list[int]

    @staticmethod
    def from_view(view: dict[str, Any]) -> Knowledge:
        seat = view["seat"]
        actor = view["acting_for"] if view.get("acting_for") is not None else seat
        if actor == seat:
            hand = cards(view["hand"])
        else:
            hand = cards(view["exposed"][str(actor)])
        rules = rules_of(view)
        return Knowledge(
            view=view,
            rules=rules,
            table=bid_table(rules),
            seat=seat,
            actor=actor,
            phase=view["phase"],
            hand=hand,
            auction=[(s, c) for s, c in view["auction"]],
            sides=believed_sides(view, hand if actor == seat else cards(view["hand"])),
        )

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def side(self) -> int:
        return self.sides[self.actor]

    def partners(self, seat: int | None = None) -> list[int]:
        """Seats on the same side as ``seat`` (default: the actor), itself excluded."""
        s = self.actor if seat is None else seat
        return [p for p in range(self.players) if p != s and self.sides[p] == self.sides[s]]

    @property
    def legal(self) -> list[str]:
        return self.view["legal_actions"]

    @property
    def contractor(self) -> int | None:
        c = self.view["contract"]
        return None if c is None else c["seat"]

    @property
    def bid(self) -> str | None:
        c = self.view["contract"]
        return None if c is None else c["bid"]

    @property
    def trump_suit(self) -> int | None:
        t = self.view["trump"]
        return SUITS.index(t) if t in ("S", "C", "D", "H") else None

    @property
    def misere(self) -> bool:
        return self.view["trump"] == "MIS"

    def scoring(self) -> Scoring:
        """Scoring facts for this hand, with the must-bid-to-win caps from the scores.

        Five-handed, once the partnership is the two believed sides of
        :func:`believed_sides`, a side's cap is its best-placed member's.
        """
        scores = self.view["scores"]
        if len(scores) == max(self.sides) + 1:
            return Scoring.for_hand(self.rules, scores)
        per_seat = Scoring.for_hand(self.rules, scores)
        if not per_seat.caps:
            return per_seat
        caps = [0] * (max(self.sides) + 1)
        for seat, side in enumerate(self.sides):
            caps[side] = max(caps[side], per_seat.caps[seat])
        return per_seat._replace(caps=tuple(caps))

    # ------------------------------------------------------------------ play phase
    def context(self) -> PlayContext:
        """The hand's trick context; jokers the contractor may not hold are left un-nominated."""
        view = self.view
        nominated = view["nominated"]
        if nominated in (None, "-") or self.trump_suit is not None:
            return play_context(self.trump_suit, misere=self.misere)
        contractor = self.contractor
        held = set(JOKERS)
        if contractor != self.actor:
            held -= set(self.hand)
            for trick in view["tricks"]:
                held -= {CARD_ID[c] for s, c in trick["cards"] if s != contractor}
            for s, c in view["current_trick"]:
                if s != contractor:
                    held.discard(CARD_ID[c])
        else:
            held &= (
                set(self.hand)
                | {CARD_ID[c] for t in view["tricks"] for s, c in t["cards"] if s == contractor}
                | {CARD_ID[c] for s, c in view["current_trick"] if s == contractor}
            )
        return play_context(None, SUITS.index(nominated), tuple(sorted(held)), misere=self.misere)

    def play_state(self) -> PlayState:
        """The play phase as a :class:`PlayState`; only the actor's and face-up hands filled.

        Voids are read from the tricks: a card of another effective suit than the
        one led shows a void. The suit the trick in progress follows (a led joker's
        named suit included) is the view's ``current_led``: never guessed.
        """
        view, rules = self.view, self.rules
        n = rules.players
        ctx = self.context()
        eff = ctx.eff
        st = PlayState()
        st.players, st.side, st.nsides = n, list(self.sides), max(self.sides) + 1
        contractor = self.contractor
        assert contractor is not None
        bid = self.bid
        assert bid is not None
        st.contractor, st.cside = contractor, self.sides[contractor]
        st.need, st.value = self.table.tricks[bid], self.table.value[bid]
        st.misere, st.trump, st.deck = self.misere, self.trump_suit, rules.deck
        st.joker_lead, st.play_out = rules.joker_lead, rules.misere_play_out
        st.set_context(ctx)
        sitting = set(view["sitting_out"])
        st.set_active([s for s in range(n) if s not in sitting])
        st.hands = [[] for _ in range(n)]
        if self.seat != self.actor and self.seat not in sitting:
            st.hands[self.seat] = cards(view["hand"])
        st.hands[self.actor] = list(self.hand)
        exposed = {int(s): cards(h) for s, h in view["exposed"].items()}
        for s, h in exposed.items():
            st.hands[s] = h
            st.exposed |= 1 << s
        if bid == "OMIS" and not st.exposed >> contractor & 1 and not view["tricks"]:
            st.reveal = 1 << contractor
        st.masks = [mask_of(h) for h in st.hands]
        st.dead = [0] * n
        if view["discards"]:
            st.dead[self.seat] = st.dead[self.actor] = mask_of(cards(view["discards"]))
        played = 0
        st.voids = [0] * n
        led_suits = 0
        for trick in view["tricks"]:
            led = SUITS.index(trick["led"])
            led_suits |= 1 << led
            for i, (s, c) in enumerate(trick["cards"]):
                card = CARD_ID[c]
                played |= 1 << card
                if i and eff[card] != led:
                    st.voids[s] |= 1 << led
        st.live = mask_of(deck_cards(rules.deck)) & ~played
        st.won = list(view["tricks_won"])
        st.done = len(view["tricks"])
        st.led_suits = led_suits
        st.bid_suits = self.bid_suits()
        current = [(s, CARD_ID[c]) for s, c in view["current_trick"]]
        if current:
            led = SUITS.index(view["current_led"])
            st.led_suits |= 1 << led
            st.set_trick(current, led, led if eff[current[0][1]] == NO_SUIT else None)
            for s, c in current:
                st.live &= ~(1 << c)
                if s != current[0][0] and eff[c] != led:
                    st.voids[s] |= 1 << led
        st.to_act = view["to_act"]
        return st

    def bid_suits(self) -> list[int]:
        """Per seat: bit mask of the denominations it bid (0..3 suits, 4 no trumps)."""
        out = [0] * self.players
        for s, call in self.auction:
            d = self.table.denomination.get(call)
            if d in ("S", "C", "D", "H", "NT"):
                out[s] |= 1 << ("SCDH".find(d) if d != "NT" else 4)
        return out

    def unseen(self, st: PlayState) -> list[int]:
        """Live cards whose place the actor does not know (hidden hands, kitty, discards)."""
        known = st.masks[self.actor] | st.masks[self.seat] | st.dead[self.actor]
        for s in range(self.players):
            if st.exposed >> s & 1:
                known |= st.masks[s]
        free = st.live & ~known
        return [c for c in deck_cards(st.deck) if free >> c & 1]
