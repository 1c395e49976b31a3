"""The play phase as fast integer state: the board a play policy reads and simulations mutate.

A :class:`PlayState` holds the public facts of the hand being played (contract,
tricks so far, shown voids, cards still live) plus the hands that are *known*:
for a real decision only the bot's own hand and any face-up hands; inside a
simulation, a full sampled deal. Policies read ``hands[seat]`` only for the
seat they decide for and for face-up seats, so the same policy code runs on
both. Cards are the engine's integer ids; sets of cards are ``int`` bit masks.

>>> from game.cards import card_id as c, HEARTS
>>> st = PlayState.for_deal(players=4, sides=[0, 1, 0, 1], contractor=0, bid_tricks=7,
...     bid_value=200, trump=HEARTS, hands=[[c("JH"), c("AS")], [c("4H"), c("KS")],
...     [c("5H"), c("QS")], [c("6H"), c("JS")]], tricks_done=8)
>>> st.play(c("AS")); st.play(c("KS")); st.play(c("QS")); st.play(c("JS"))
>>> st.won, st.to_act, st.voids
([1, 0, 0, 0], 0, [0, 0, 0, 0])
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from game.cards import NO_SUIT, build_deck
from game.tricks import PlayContext, legal_cards, play_context, trick_winner

ALL_SUITS = (0, 1, 2, 3)


class SuitTables(NamedTuple):
    """Per contract and deck: the cards of each effective suit, strongest first, and masks."""

    by_suit: tuple[tuple[int, ...], ...]
    """``by_suit[s]`` for s in 0..4 (4: un-nominated jokers), strongest first."""
    mask: tuple[int, ...]
    """Bit mask of each effective suit."""


@functools.lru_cache(maxsize=128)
def suit_tables(ctx: PlayContext, deck: int) -> SuitTables:
    """Cards of ``deck`` grouped by effective suit under ``ctx``, strongest first."""
    groups: list[list[int]] = [[] for _ in range(5)]
    for card in build_deck(deck):
        groups[ctx.eff[card]].append(card)
    by_suit = tuple(tuple(sorted(g, key=lambda x: -ctx.power[x])) for g in groups)
    masks = tuple(sum(1 << c for c in g) for g in groups)
    return SuitTables(by_suit, masks)


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """Bit mask of a collection of card ids."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class PlayState:
    """Mutable state of one hand in the play phase (see the module docstring)."""

    __slots__ = (
        "players",
        "active",
        "nxt",
        "side",
        "nsides",
        "contractor",
        "cside",
        "need",
        "value",
        "misere",
        "trump",
        "ctx",
        "tables",
        "deck",
        "joker_lead",
        "hands",
        "masks",
        "exposed",
        "dead",
        "live",
        "voids",
        "trick",
        "led",
        "led_suits",
        "won",
        "done",
        "to_act",
        "over",
        "bid_suits",
        "reveal",
    )

    def __init__(self) -> None:
        self.players = 4
        self.active: list[int] = []
        self.nxt: list[int] = []
        self.side: list[int] = []
        self.nsides = 2
        self.contractor = 0
        self.cside = 0
        self.need = 6
        self.value = 0
        self.misere = False
        self.trump: int | None = None
        self.ctx: PlayContext = play_context(None)
        self.tables: SuitTables = suit_tables(self.ctx, 43)
        self.deck = 43
        self.joker_lead = "unled-suit"
        self.hands: list[list[int]] = []
        self.masks: list[int] = []
        self.exposed = 0
        """Bit mask of seats whose hands lie face up."""
        self.dead: list[int] = []
        """Per seat: cards that seat knows are out of play (its own discards)."""
        self.live = 0
        """Cards not yet played to a trick (hands, kitty and discards alike)."""
        self.voids: list[int] = []
        """Per seat: bit mask of effective suits it has shown it cannot follow."""
        self.trick: list[tuple[int, int]] = []
        self.led: int | None = None
        self.led_suits = 0
        self.won: list[int] = []
        self.done = 0
        self.to_act = 0
        self.over = False
        self.bid_suits: list[int] = []
        """Per seat: bit mask of suits it bid in the auction (0..3, 4 for no trumps)."""
        self.reveal = 0
        """Seats whose hands are laid face up after the first trick (open misère)."""

    @staticmethod
    def for_deal(
        players: int,
        sides: list[int],
        contractor: int,
        bid_tricks: int,
        bid_value: int,
        trump: int | None,
        hands: list[list[int]],
        misere: bool = False,
        deck: int = 43,
        active: list[int] | None = None,
        tricks_done: int = 0,
    ) -> PlayState:
        """A fresh state at the first trick with every hand known (simulations, tests)."""
        st = PlayState()
        st.players, st.side, st.nsides = players, list(sides), max(sides) + 1
        st.contractor, st.cside = contractor, sides[contractor]
        st.need, st.value, st.misere, st.trump, st.deck = bid_tricks, bid_value, misere, trump, deck
        st.set_context(play_context(trump, misere=misere))
        st.set_active(active if active is not None else list(range(players)))
        st.hands = [list(h) for h in hands]
        st.masks = [mask_of(h) for h in hands]
        st.dead = [0] * players
        st.live = mask_of(build_deck(deck))
        st.voids = [0] * players
        st.won = [0] * players
        st.done = tricks_done
        st.to_act = contractor
        st.bid_suits = [0] * players
        return st

    def set_context(self, ctx: PlayContext) -> None:
        self.ctx = ctx
        self.tables = suit_tables(ctx, self.deck)

    def set_active(self, active: list[int]) -> None:
        self.active = list(active)
        self.nxt = [-1] * self.players
        for i, s in enumerate(active):
            self.nxt[s] = active[(i + 1) % len(active)]

    def copy(self) -> PlayState:
        """A copy that can be played on without touching this one."""
        st = PlayState.__new__(PlayState)
        for name in PlayState.__slots__:
            setattr(st, name, getattr(self, name))
        st.hands = [list(h) for h in self.hands]
        st.masks = list(self.masks)
        st.voids = list(self.voids)
        st.trick = list(self.trick)
        st.won = list(self.won)
        return st

    # ------------------------------------------------------------------ rules
    def joker_lead_suits(self, seat: int) -> tuple[int, ...]:
        """Suits an un-nominated joker may be led as now (the engine's rule, RULES.md §4)."""
        eff = self.ctx.eff
        hand = self.hands[seat]
        last = self.done == 9 or all(eff[c] == NO_SUIT for c in hand)
        mode = self.joker_lead
        if mode == "any":
            return ALL_SUITS
        if mode == "last-trick":
            return ALL_SUITS if last else ()
        unled = tuple(s for s in ALL_SUITS if not self.led_suits >> s & 1)
        return unled or (ALL_SUITS if last else ())

    def legal(self, seat: int) -> list[int]:
        """Cards ``seat`` may play now (a led un-nominated joker still needs a suit named)."""
        hand = self.hands[seat]
        if self.trick:
            return legal_cards(hand, self.led, self.ctx)
        eff = self.ctx.eff
        if any(eff[c] == NO_SUIT for c in hand) and not self.joker_lead_suits(seat):
            return [c for c in hand if eff[c] != NO_SUIT]
        return list(hand)

    # ------------------------------------------------------------------ moves
    def play(self, card: int, named: int | None = None) -> None:
        """Play ``card`` for ``to_act`` (``named``: the suit of a led un-nominated joker)."""
        seat = self.to_act
        self.hands[seat].remove(card)
        bit = 1 << card
        self.masks[seat] &= ~bit
        self.live &= ~bit
        eff = self.ctx.eff[card]
        trick = self.trick
        if not trick:
            led = eff if eff != NO_SUIT else (named if named is not None else 0)
            self.led = led
            self.led_suits |= 1 << led
        elif eff != self.led:
            self.voids[seat] |= 1 << self.led  # type: ignore[operator]
        trick.append((seat, card))
        if len(trick) < len(self.active):
            self.to_act = self.nxt[seat]
            return
        winner = trick_winner(trick, self.led, self.ctx)  # type: ignore[arg-type]
        self.won[winner] += 1
        self.done += 1
        if self.reveal:
            self.exposed |= self.reveal
            self.reveal = 0
        self.trick = []
        self.led = None
        self.to_act = winner
        if self.done == 10 or (self.misere and self.side[winner] == self.cside):
            self.over = True

    # ------------------------------------------------------------------ queries
    def others(self, seat: int) -> int:
        """Live cards ``seat`` does not hold and does not know to be dead."""
        return self.live & ~self.masks[seat] & ~self.dead[seat]

    def side_tricks(self) -> list[int]:
        tricks = [0] * self.nsides
        for s, w in enumerate(self.won):
            tricks[self.side[s]] += w
        return tricks

    def current_winner(self) -> tuple[int, int]:
        """``(seat, card)`` winning the trick in progress (the trick must not be empty)."""
        trick = self.trick
        ctx = self.ctx
        eff, power, trump, led = ctx.eff, ctx.power, ctx.trump, self.led
        best_seat, best_card, best = -1, -1, -2
        for seat, card in trick:
            e = eff[card]
            p = power[card] if (e == led or e == trump or e == NO_SUIT) else -1
            if p > best:
                best_seat, best_card, best = seat, card, p
        return best_seat, best_card

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` played now would beat the winning card ``best``."""
        ctx = self.ctx
        e = ctx.eff[card]
        if e != self.led and e != ctx.trump and e != NO_SUIT:
            return False
        eb = ctx.eff[best]
        pb = ctx.power[best] if (eb == self.led or eb == ctx.trump or eb == NO_SUIT) else -1
        return ctx.power[card] > pb

    def still_to_play(self, seat: int) -> list[int]:
        """Seats that play to the current trick after ``seat``."""
        out = []
        s = self.nxt[seat]
        first = self.trick[0][0] if self.trick else seat
        while s != first and s != seat:
            out.append(s)
            s = self.nxt[s]
        return out


class Scoring(NamedTuple):
    """What a hand's result is worth (RULES.md §5), fixed for one decision."""

    slam_bonus: bool = True
    to_defenders: bool = False
    """A failed contract's value goes to the defenders instead of a loss."""
    caps: tuple[int, ...] = ()
    """Most trick points each side may still gain while defending (must bid to win);
    empty: no caps."""


def hand_points(st: PlayState, scoring: Scoring) -> list[int]:
    """Points each side scores for the hand in ``st`` (played out, or a lost misère).

    >>> from game.cards import card_id as c
    >>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, 3, [[], [], [], []])
    >>> st.won = [5, 2, 2, 1]
    >>> hand_points(st, Scoring())
    [200, 30]
    """
    tricks = st.side_tricks()
    cside = st.cside
    taken = tricks[cside]
    value = st.value
    if st.misere:
        made = taken == 0
        reward = value
    else:
        made = taken >= st.need
        reward = 250 if (scoring.slam_bonus and taken == 10 and value < 250) else value
    points = [0] * st.nsides
    if made:
        points[cside] = reward
    elif scoring.to_defenders:
        for s in range(st.nsides):
            if s != cside:
                points[s] = value
    else:
        points[cside] = -value
    if not st.misere:
        caps = scoring.caps
        for s in range(st.nsides):
            if s != cside:
                points[s] += min(10 * tricks[s], caps[s]) if caps else 10 * tricks[s]
    return points


def side_utility(points: list[int], side: int) -> float:
    """A side's points minus the mean of the other sides' points."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)
