"""The play phase of one hand as fast integer state: the one place the rules of trick play live.

A :class:`PlayState` holds the facts of a hand being played: contract, the
hands that are known (the engine knows them all; a bot only its own and the
face-up ones, or a full sampled deal inside a simulation), the trick in
progress and the suit it follows (a led joker's named suit included), tricks
won, voids shown, cards still live, and who is to play. Cards are the integer
ids of :mod:`game.cards`; sets of cards are ``int`` bit masks; the per-trump
tables come from :mod:`game.tricks`.

Moves: :meth:`PlayState.legal` / :meth:`PlayState.legal_plays` list them,
:meth:`PlayState.play` makes one and :meth:`PlayState.undo` takes it back
exactly (search walks the tree on one state), :meth:`PlayState.copy` forks.
:func:`hand_points` scores a played-out hand with the same rule the engine
uses (:func:`game.scoring.contract_points`).

>>> from game.cards import card_id as c, HEARTS
>>> st = PlayState.for_deal(players=4, sides=[0, 1, 0, 1], contractor=0, bid_tricks=7,
...     bid_value=200, trump=HEARTS, hands=[[c("JH"), c("AS")], [c("4H"), c("KS")],
...     [c("5H"), c("QS")], [c("6H"), c("JS")]], tricks_done=8)
>>> st.play(c("AS")); st.play(c("KS")); st.play(c("QS"))
>>> plays, led, named, _, _ = st.play(c("JS"))  # the trick it completed
>>> len(plays), st.won, st.to_act, st.voids
(4, [1, 0, 0, 0], 0, [0, 0, 0, 0])
>>> st.undo(); st.trick == [(0, c("AS")), (1, c("KS")), (2, c("QS"))], st.to_act
(True, 3)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from game.cards import BIT, NO_SUIT, build_deck
from game.scoring import Scoring, contract_points
from game.tricks import PlayContext, led_power, play_context

ALL_SUITS = (0, 1, 2, 3)

__all__ = [
    "ALL_SUITS",
    "PlayState",
    "Scoring",
    "SuitTables",
    "hand_points",
    "mask_of",
    "suit_tables",
]


class SuitTables(NamedTuple):
    """Per contract and deck: the cards of each effective suit, strongest first, and masks."""

    by_suit: tuple[tuple[int, ...], ...]
    """``by_suit[s]`` for s in 0..4 (4: un-nominated jokers), strongest first."""
    mask: tuple[int, ...]
    """Bit mask of each effective suit."""
    above: tuple[int, ...]
    """``above[card]``: bit mask of the cards of its effective suit that beat it."""
    below: tuple[int, ...]
    """``below[card]``: bit mask of the cards of its effective suit that it beats."""
    led_power: tuple[tuple[int, ...], ...]
    """``led_power[led][card]``: the card's power in a trick led in suit ``led`` (0..3), ``-1``
    when it can not win it (neither the led suit, trumps nor an un-nominated joker)."""


_TABLES: dict[tuple[int, int], tuple[PlayContext, SuitTables]] = {}


def suit_tables(ctx: PlayContext, deck: int) -> SuitTables:
    """Cards of ``deck`` grouped by effective suit under ``ctx``, strongest first.

    Cached by the identity of ``ctx`` (contexts come from the cached
    :func:`~game.tricks.play_context`): hashing its tables costs more than building
    a hand's state.
    """
    key = (id(ctx), deck)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is ctx:
        return hit[1]
    if len(_TABLES) > 1024:
        _TABLES.clear()
    tables = _build_suit_tables(ctx, deck)
    _TABLES[key] = (ctx, tables)
    return tables


@functools.lru_cache(maxsize=128)
def _build_suit_tables(ctx: PlayContext, deck: int) -> SuitTables:
    groups: list[list[int]] = [[] for _ in range(5)]
    for card in build_deck(deck):
        groups[ctx.eff[card]].append(card)
    by_suit = tuple(tuple(sorted(g, key=lambda x: -ctx.power[x])) for g in groups)
    masks = tuple(sum(1 << c for c in g) for g in groups)
    above, below = [0] * len(ctx.eff), [0] * len(ctx.eff)
    for suit in by_suit:
        for i, card in enumerate(suit):
            above[card] = mask_of(suit[:i])
            below[card] = mask_of(suit[i + 1 :])
    led_powers = tuple(led_power(ctx, led) for led in ALL_SUITS)
    return SuitTables(by_suit, masks, tuple(above), tuple(below), led_powers)


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """Bit mask of a collection of (distinct) card ids."""
    return sum(map(_BIT_OF, cards))


_BIT_OF = list(BIT).__getitem__
"""``BIT[card]`` as a function (for ``map``; a list's ``__getitem__`` is the quicker call)."""


NO_WINNER = (-1, -1)
"""``PlayState.winning`` between tricks."""
_NO_TRUMPS = play_context(None)
_NO_TRUMPS_TABLES = suit_tables(_NO_TRUMPS, 43)

TrickDone = tuple[list[tuple[int, int]], int, "int | None", int, int]
"""A trick a play completed: its plays, the suit led, the suit named for a led joker (else
``None``), and the exposed and reveal masks before it ended."""
Undo = tuple[int, int, int, int, "tuple[int, int] | None", int, "TrickDone | None"]
"""What :meth:`PlayState.play` changed: seat, card, its index in the hand; for a lead, the
led suits before (then ``None``, 0, ``None``); else the seat's voids before, the winning
``(seat, card)`` and its power before, and the trick it completed (or ``None``)."""


class PlayState:
    """Mutable state of one hand in the play phase (see the module docstring)."""

    __slots__ = (
        "players",
        "active",
        "size",
        "nxt",
        "side",
        "nsides",
        "contractor",
        "cside",
        "need",
        "value",
        "misere",
        "play_out",
        "trump",
        "ctx",
        "tables",
        "eff",
        "suit_mask",
        "led_powers",
        "loose",
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
        "named",
        "led_power",
        "winning",
        "win_power",
        "led_suits",
        "won",
        "done",
        "to_act",
        "over",
        "bid_suits",
        "reveal",
        "history",
    )

    def __init__(self) -> None:
        self.players = 4
        self.active: list[int] = []
        self.size = 0
        """Seats taking part (cards in a full trick)."""
        self.nxt: tuple[int, ...] = ()
        """``nxt[seat]``: the seat that plays after ``seat`` (``-1``: sits out)."""
        self.side: list[int] = []
        self.nsides = 2
        self.contractor = 0
        self.cside = 0
        self.need = 6
        self.value = 0
        self.misere = False
        self.play_out = False
        """A misère is played out to ten tricks (option ``misere_play_out``)."""
        self.trump: int | None = None
        self.ctx: PlayContext = _NO_TRUMPS
        self.tables: SuitTables = _NO_TRUMPS_TABLES
        self.eff: tuple[int, ...] = _NO_TRUMPS.eff
        """``ctx.eff``, ``tables.mask`` and ``tables.led_power`` kept as slots (a named
        tuple's field costs a generic attribute lookup)."""
        self.suit_mask: tuple[int, ...] = _NO_TRUMPS_TABLES.mask
        self.led_powers: tuple[tuple[int, ...], ...] = _NO_TRUMPS_TABLES.led_power
        self.loose = True
        """Some joker belongs to no suit (no trumps or misère, not nominated)."""
        self.deck = 43
        self.joker_lead = "unled-suit"
        """RULES.md §4 option: ``"unled-suit"``, ``"any"`` or ``"last-trick"``."""
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
        """The trick in progress as ``(seat, card)`` plays."""
        self.led: int | None = None
        """The suit the trick in progress follows (a led joker's named suit counts)."""
        self.named: int | None = None
        """The suit named for an un-nominated joker that led the trick in progress."""
        self.led_power: tuple[int, ...] = ()
        """``tables.led_power[led]`` for the trick in progress."""
        self.winning: tuple[int, int] = NO_WINNER
        """``(seat, card)`` winning the trick in progress (kept as cards are played)."""
        self.win_power = -2
        """``led_power`` of the winning card."""
        self.led_suits = 0
        """Bit mask of the suits led so far this hand."""
        self.won: list[int] = []
        """Tricks won per seat."""
        self.done = 0
        """Tricks completed."""
        self.to_act = 0
        self.over = False
        """The hand is played out (ten tricks, or a misère contractor's side took one)."""
        self.bid_suits: list[int] = []
        """Per seat: bit mask of suits it bid in the auction (0..3, 4 for no trumps)."""
        self.reveal = 0
        """Seats whose hands are laid face up after the first trick (open misère)."""
        self.history: list[Undo] | None = []
        """The undo stack: one record per :meth:`play`; ``None`` keeps none (the engine's
        state, which is never undone: ``for_deal(..., undo=False)``)."""

    @staticmethod
    def for_deal(
        players: int,
        sides: Sequence[int],
        contractor: int,
        bid_tricks: int,
        bid_value: int,
        trump: int | None,
        hands: list[list[int]],
        misere: bool = False,
        deck: int = 43,
        active: list[int] | None = None,
        tricks_done: int = 0,
        ctx: PlayContext | None = None,
        joker_lead: str = "unled-suit",
        play_out: bool = False,
        undo: bool = True,
    ) -> PlayState:
        """A fresh state at the first trick with every hand known (engine, simulations, tests).

        ``ctx`` overrides the trick tables (a nominated joker in no trumps or misère).
        ``undo=False`` keeps no undo stack (``history`` is ``None``): :meth:`play` then
        records nothing, and :meth:`undo` and :meth:`completed_trick` are not available;
        a :meth:`copy` of such a state starts an empty one.
        """
        st = PlayState.__new__(PlayState)  # every slot set below (no defaults to overwrite)
        st.players, st.side, st.nsides = players, list(sides), max(sides) + 1
        st.contractor, st.cside = contractor, sides[contractor]
        st.need, st.value, st.misere, st.trump, st.deck = bid_tricks, bid_value, misere, trump, deck
        st.joker_lead, st.play_out = joker_lead, play_out
        st.trick, st.led, st.named, st.led_power = [], None, None, ()
        st.winning, st.win_power, st.led_suits = NO_WINNER, -2, 0
        st.exposed = st.reveal = 0
        st.over = False
        st.history = [] if undo else None
        st.set_context(ctx if ctx is not None else play_context(trump, misere=misere))
        st.set_active(active if active is not None else list(range(players)))
        st.hands = list(map(list, hands))
        st.masks = list(map(mask_of, hands))
        st.dead = [0] * players
        st.live = sum(st.tables.mask)
        st.voids = [0] * players
        st.won = [0] * players
        st.done = tricks_done
        st.to_act = contractor
        st.bid_suits = [0] * players
        return st

    def set_context(self, ctx: PlayContext) -> None:
        self.ctx = ctx
        tables = self.tables = suit_tables(ctx, self.deck)
        self.eff, self.suit_mask, self.led_powers = ctx.eff, tables.mask, tables.led_power
        self.loose = tables.mask[NO_SUIT] != 0
        if self.trick:
            self.set_trick(self.trick, self.led, self.named)  # type: ignore[arg-type]

    def set_trick(self, trick: list[tuple[int, int]], led: int, named: int | None = None) -> None:
        """Put a trick in progress (plays ``(seat, card)`` led in suit ``led``, ``named`` for a
        led joker) on a state built by hand; ``led_suits``, voids and ``to_act`` are the
        caller's. :meth:`play` keeps these facts itself.

        >>> from game.cards import card_id as c, HEARTS
        >>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, HEARTS, [[], [], [], []])
        >>> st.set_trick([(0, c("KS")), (1, c("AS")), (2, c("4H"))], 0)
        >>> st.current_winner() == (2, c("4H"))
        True
        """
        self.trick, self.led, self.named = trick, led, named
        lp = self.led_power = self.led_powers[led]
        self.winning, self.win_power = NO_WINNER, -2
        for seat, card in trick:
            if lp[card] > self.win_power:
                self.winning, self.win_power = (seat, card), lp[card]

    def set_active(self, active: list[int]) -> None:
        """The seats taking part, in playing order (a misère partner may sit out)."""
        self.active = list(active)
        self.size = len(active)
        self.nxt = _next_seats(self.players, tuple(active))

    def copy(self) -> PlayState:
        """A copy that can be played on (and undone) without touching this one."""
        st = PlayState.__new__(PlayState)
        # every slot, spelled out (a loop over __slots__ costs a search a sixth of its time);
        # immutable values and lists play() never changes are shared
        st.players, st.active, st.size, st.nxt = self.players, self.active, self.size, self.nxt
        st.side, st.nsides, st.contractor, st.cside = (
            self.side, self.nsides, self.contractor, self.cside,
        )  # fmt: skip
        st.need, st.value, st.misere, st.play_out = (
            self.need, self.value, self.misere, self.play_out,
        )  # fmt: skip
        st.trump, st.ctx, st.tables, st.loose = self.trump, self.ctx, self.tables, self.loose
        st.eff, st.suit_mask, st.led_powers = self.eff, self.suit_mask, self.led_powers
        st.deck, st.joker_lead, st.exposed, st.live = (
            self.deck, self.joker_lead, self.exposed, self.live,
        )  # fmt: skip
        st.led, st.named, st.led_suits, st.done = self.led, self.named, self.led_suits, self.done
        st.led_power, st.winning, st.win_power = self.led_power, self.winning, self.win_power
        st.to_act, st.over, st.bid_suits, st.reveal = (
            self.to_act, self.over, self.bid_suits, self.reveal,
        )  # fmt: skip
        st.hands = [h[:] for h in self.hands]
        st.masks = self.masks[:]
        st.dead = self.dead[:]
        st.voids = self.voids[:]
        st.trick = self.trick[:]
        st.won = self.won[:]
        st.history = [] if self.history is None else self.history[:]
        return st

    clone = copy

    # ------------------------------------------------------------------ rules
    def joker_lead_suits(self, seat: int) -> tuple[int, ...]:
        """Suits an un-nominated joker may be led as now by ``seat`` (RULES.md §4).

        A player whose hand holds nothing but un-nominated jokers (two jokers,
        46-card deck) may always lead one, as any suit: the lead cannot be refused.
        """
        eff = self.eff
        last = self.done == 9 or all(eff[c] == NO_SUIT for c in self.hands[seat])
        mode = self.joker_lead
        if mode == "any":
            return ALL_SUITS
        if mode == "last-trick":
            return ALL_SUITS if last else ()
        unled = tuple(s for s in ALL_SUITS if not self.led_suits >> s & 1)
        return unled or (ALL_SUITS if last else ())

    def legal(self, seat: int) -> list[int]:
        """Cards ``seat`` may play now (a led un-nominated joker still needs a suit named).

        To a trick, a player must follow the led suit if able; an un-nominated
        joker counts as no suit, so in no trumps it may be played only when
        void; in misère it *must* be played when void. Leading, any card, but an
        un-nominated joker only when :meth:`joker_lead_suits` allows a suit.
        """
        hand = self.hands[seat]
        if self.trick:
            led = self.led
            held, by_suit = self.masks[seat], self.suit_mask
            follow = held & by_suit[led]  # type: ignore[index]
            eff = self.eff
            if follow:
                if follow == held:
                    return hand[:]
                return [c for c in hand if eff[c] == led]
            if self.ctx.misere and held & by_suit[NO_SUIT]:
                return [c for c in hand if eff[c] == NO_SUIT]
            return hand[:]
        if not self.loose:
            return hand[:]
        if self.masks[seat] & self.suit_mask[NO_SUIT] and not self.joker_lead_suits(seat):
            eff = self.eff
            return [c for c in hand if eff[c] != NO_SUIT]
        return hand[:]

    def legal_mask(self) -> int:
        """:meth:`legal` for the seat to play, as a bit mask of cards (nothing allocated).

        >>> from game.cards import card_id as c, HEARTS
        >>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, HEARTS,
        ...     [[c("AS"), c("4H")], [c("KS"), c("5C")], [c("QS")], [c("JS")]])
        >>> st.play(c("AS")); st.legal_mask() == 1 << c("KS")
        True
        """
        seat = self.to_act
        held = self.masks[seat]
        by_suit = self.suit_mask
        if self.trick:
            follow = held & by_suit[self.led]  # type: ignore[index]
            if follow:
                return follow
            jokers = held & by_suit[NO_SUIT]
            return jokers if jokers and self.ctx.misere else held
        if self.loose and held & by_suit[NO_SUIT] and not self.joker_lead_suits(seat):
            return held & ~by_suit[NO_SUIT]
        return held

    def legal_plays(self) -> list[tuple[int, int | None]]:
        """Every legal move of the seat to play, as ``(card, named suit)``.

        A led un-nominated joker appears once per suit it may be led as; every
        other card once, with ``None``. Order: the hand's order, suits S C D H.
        """
        seat = self.to_act
        if self.trick or not self.loose:
            return [(c, None) for c in self.legal(seat)]
        eff = self.eff
        out: list[tuple[int, int | None]] = []
        for c in self.hands[seat]:
            if eff[c] == NO_SUIT:
                out.extend((c, s) for s in self.joker_lead_suits(seat))
            else:
                out.append((c, None))
        return out

    # ------------------------------------------------------------------ moves
    def play(self, card: int, named: int | None = None) -> TrickDone | None:
        """Play ``card`` for ``to_act`` (``named``: the suit of a led un-nominated joker);
        return the trick this play completed (see ``TrickDone``), else ``None``.

        The move is not checked: pass a card of :meth:`legal` (the engine checks
        first). A led un-nominated joker without ``named`` is led as spades. A state
        without an undo stack (``history`` is ``None``: the engine's) records nothing
        for :meth:`undo`.
        """
        seat = self.to_act
        hand = self.hands[seat]
        index = hand.index(card)
        del hand[index]
        bit = 1 << card
        self.masks[seat] ^= bit
        self.live ^= bit
        trick = self.trick
        if not trick:
            led = self.eff[card]
            if led == NO_SUIT:
                led = self.named = named if named is not None else 0
            self.led = led
            led_suits = self.led_suits
            self.led_suits = led_suits | 1 << led
            lp = self.led_power = self.led_powers[led]
            self.winning = pair = (seat, card)
            self.win_power = lp[card]
            trick.append(pair)
            if self.history is not None:
                self.history.append((seat, card, index, led_suits, None, 0, None))
            self.to_act = self.nxt[seat]
            return None
        led = self.led  # type: ignore[assignment]
        voids = self.voids[seat]
        if self.eff[card] != led:
            self.voids[seat] = voids | 1 << led
        power = self.led_power[card]
        pair = (seat, card)
        trick.append(pair)
        history = self.history
        if len(trick) < self.size:
            if history is not None:
                history.append((seat, card, index, voids, self.winning, self.win_power, None))
            if power > self.win_power:
                self.winning, self.win_power = pair, power
            self.to_act = self.nxt[seat]
            return None
        done = (trick, led, self.named, self.exposed, self.reveal)
        if history is not None:
            history.append((seat, card, index, voids, self.winning, self.win_power, done))
        # the trick is complete: score it and set up the next one (or end the hand)
        winner = seat if power > self.win_power else self.winning[0]
        self.won[winner] += 1
        self.done += 1
        if self.reveal:
            self.exposed |= self.reveal
            self.reveal = 0
        self.trick = []
        self.led = self.named = None
        self.led_power, self.winning, self.win_power = (), NO_WINNER, -2
        self.to_act = winner
        if self.done == 10 or (
            self.misere and not self.play_out and self.side[winner] == self.cside
        ):
            self.over = True
        return done

    def completed_trick(self) -> TrickDone | None:
        """The trick the last :meth:`play` completed (see ``TrickDone``), or ``None``."""
        history = self.history
        return history[-1][6] if history else None

    def undo(self) -> None:
        """Take back the last :meth:`play` exactly (raises ``IndexError`` if there is none)."""
        seat, card, index, before, winning, win_power, done_trick = self.history.pop()  # type: ignore[union-attr]
        if done_trick is not None:
            trick, led, named, self.exposed, self.reveal = done_trick
            self.won[self.to_act] -= 1
            self.done -= 1
            self.over = False
            self.trick = trick[:-1]
            self.led, self.named = led, named
            self.led_power = self.led_powers[led]
            self.voids[seat] = before
            self.winning, self.win_power = winning, win_power  # type: ignore[assignment]
        elif winning is None:  # a lead
            self.trick.pop()
            self.led = self.named = None
            self.led_suits = before
            self.led_power, self.winning, self.win_power = (), NO_WINNER, -2
        else:
            self.trick.pop()
            self.voids[seat] = before
            self.winning, self.win_power = winning, win_power
        self.hands[seat].insert(index, card)
        bit = 1 << card
        self.masks[seat] |= bit
        self.live |= bit
        self.to_act = seat

    # ------------------------------------------------------------------ queries
    def others(self, seat: int) -> int:
        """Live cards ``seat`` does not hold and does not know to be dead."""
        return self.live & ~self.masks[seat] & ~self.dead[seat]

    def side_tricks(self) -> list[int]:
        """Tricks won per side."""
        tricks = [0] * self.nsides
        for s, w in enumerate(self.won):
            tricks[self.side[s]] += w
        return tricks

    def current_winner(self) -> tuple[int, int]:
        """``(seat, card)`` winning the trick in progress (the trick must not be empty)."""
        return self.winning

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` played now would beat the winning card ``best``."""
        lp = self.led_power
        return lp[card] > lp[best]

    def still_to_play(self, seat: int) -> tuple[int, ...]:
        """Seats that play to the current trick after ``seat``."""
        return _still_to_play(self.nxt, seat, self.trick[0][0] if self.trick else seat)


@functools.lru_cache(maxsize=1024)
def _still_to_play(nxt: tuple[int, ...], seat: int, first: int) -> tuple[int, ...]:
    """Seats after ``seat`` in playing order (``nxt``) up to the trick's leader ``first``."""
    out = []
    s = nxt[seat]
    while s != first and s != seat:
        out.append(s)
        s = nxt[s]
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _next_seats(players: int, active: tuple[int, ...]) -> tuple[int, ...]:
    """The seat after each seat in playing order among ``active`` (``-1`` for the others)."""
    nxt = [-1] * players
    for i, s in enumerate(active):
        nxt[s] = active[(i + 1) % len(active)]
    return tuple(nxt)


def hand_points(st: PlayState, scoring: Scoring) -> list[int]:
    """Points each side scores for the hand in ``st`` (played out, or a lost misère).

    >>> from game.cards import card_id as c
    >>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, 3, [[], [], [], []])
    >>> st.won = [5, 2, 2, 1]
    >>> hand_points(st, Scoring())
    [200, 30]
    """
    return contract_points(scoring, st.cside, st.misere, st.need, st.value, st.side_tricks())[0]
