"""The game state machine: deal, auction, kitty, nomination, tricks, scoring.

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("australian"), seed=7)
>>> g.phase, len(g.hand(0))
('bid', 10)
>>> g.act("PASS"); g.act("PASS"); g.act("7H")
>>> g.contract is None, "MIS" in g.legal_actions()
(True, True)
>>> g.act("7C")
Traceback (most recent call last):
...
game.errors.IllegalAction: 7C does not beat the current bid 7H
"""

from __future__ import annotations

import itertools
import json
import operator
import random
from typing import TYPE_CHECKING, Any, NamedTuple

from game import view as view_module
from game.cards import (
    CARD_ID,
    CARD_STR,
    JOKERS,
    NO_SUIT,
    SUIT_NAMES,
    SUITS,
    build_deck,
    sorted_cards,
)
from game.deal import Deal, choose_first_dealer, deal_cards, parse_deal
from game.errors import IllegalAction, SaveError
from game.notation import Action, Bid, Call, Discard, Nominate, Pass, Play, TakeKitty
from game.rules import DENOMINATIONS, BidTable, Rules, bid_table
from game.tricks import PlayContext, play_context

if TYPE_CHECKING:  # imported when a hand's play starts: a page's start shows the auction
    from game.playstate import PlayState, TrickDone

SAVE_FORMAT = "fivehundred-game"
SAVE_VERSION = 1
JOKER_LEAD_TEXT = {j: tuple(f"{CARD_STR[j]}:{s}" for s in SUITS) for j in JOKERS}
"""``JOKER_LEAD_TEXT[joker][suit]``: the joker led as ``suit`` (``JK:H``)."""
PLAY_MOVES: dict[str, tuple[int, int | None]] = {text: (c, None) for text, c in CARD_ID.items()}
PLAY_MOVES.update({t: (j, s) for j, texts in JOKER_LEAD_TEXT.items() for s, t in enumerate(texts)})
"""Every play in notation -> ``(card, named suit)``."""
_CARD_TEXT = CARD_STR.__getitem__
"""A card id's notation (``CARD_STR[card]`` as a function, for ``map``)."""
_NO_TRUMPS = play_context(None)
"""The trick tables before a contract (no trumps)."""
SUIT_OR_NONE = (*SUITS, None)
"""``SUIT_OR_NONE[suit]``: a suit's letter, ``None`` for an un-nominated joker's no-suit."""
ACTION_TYPES = (Pass, Bid, Play, Discard, Nominate, TakeKitty, Call)
_RULE_FACTS: dict[Rules, _RuleFacts] = {}
"""Per rule set: its facts (see :func:`_rule_facts`)."""
_PLAY_TEXTS: dict[int, list[str]] = {}
"""Legal cards to a trick in notation, by their bit mask (see :func:`_texts_of`)."""


class Trick:
    """A completed trick: who led, the plays, the suit led and the winner."""

    __slots__ = ("leader", "plays", "led", "joker_suit", "winner")

    def __init__(
        self,
        leader: int,
        plays: list[tuple[int, int]],
        led: int,
        joker_suit: int | None,
        winner: int,
    ):
        self.leader, self.plays, self.led = leader, plays, led
        self.joker_suit, self.winner = joker_suit, winner

    def to_dict(self) -> dict[str, Any]:
        return _trick_dicts([(self.plays, self.led, self.joker_suit, 0, 0)], [self.winner])[0]


def _trick_dicts(done: list[TrickDone], winners: list[int]) -> list[dict[str, Any]]:
    """Completed tricks in notation, from the core's records and their winners
    (:meth:`Trick.to_dict`, ``hands_played``'s tricks; one loop, no call per trick).

    >>> plays = [(s, CARD_ID[t]) for s, t in [(1, "4S"), (2, "AS"), (3, "5H"), (0, "6S")]]
    >>> four, three = _trick_dicts([(plays, 0, None, 0, 0), (plays[:3], 0, None, 0, 0)], [2, 2])
    >>> four["cards"], three["cards"] == four["cards"][:3], four["led"], four["winner"]
    ([[1, '4S'], [2, 'AS'], [3, '5H'], [0, '6S']], True, 'S', 2)
    """
    out = []
    text = CARD_STR
    for (plays, led, named, _, _), winner in zip(done, winners):
        if len(plays) == 4:  # the common trick, without a comprehension's frame
            (s0, c0), (s1, c1), (s2, c2), (s3, c3) = plays
            cards = [[s0, text[c0]], [s1, text[c1]], [s2, text[c2]], [s3, text[c3]]]
        else:
            cards = [[s, text[c]] for s, c in plays]
        out.append(
            {
                "leader": plays[0][0],
                "cards": cards,
                "led": SUIT_OR_NONE[led],
                "joker_suit": None if named is None else SUITS[named],
                "winner": winner,
            }
        )
    return out


class Game:
    """One game of Five Hundred. Build with :func:`new_game` or :meth:`from_json`."""

    # slots: over 30 attributes, an instance dict stops sharing its keys and every
    # attribute read becomes a hash lookup (a tenth of the engine's time)
    __slots__ = (
        "_active",
        "_auction",
        "_bid_facts",
        "_bids_memo",
        "_called",
        "_calls",
        "_contract",
        "_controlled",
        "_ctx",
        "_dead",
        "_deal_dicts",
        "_deals",
        "_denomination",
        "_discards",
        "_fixed_deals",
        "_hands",
        "_high_bid",
        "_high_seat",
        "_kitty",
        "_kitty_taken",
        "_legal",
        "_levels_bid",
        "_misere",
        "_nominated",
        "_nomination_declined",
        "_out_backwards",
        "_partner",
        "_partner_revealed",
        "_passed",
        "_play",
        "_sides",
        "_table",
        "_trick_objs",
        "_tricks_done",
        "_trick_winners",
        "_trump_suit",
        "actions",
        "dealer",
        "hands_played",
        "phase",
        "rules",
        "scores",
        "seed",
        "to_act",
        "winner",
    )

    def __init__(self, rules: Rules, seed: int, deals: list[Any] | None = None):
        self.rules = rules
        self.seed = seed
        facts = _rule_facts(rules)
        self._table: BidTable = facts.table
        self._bids_memo = facts.bids_memo
        self._bid_facts = facts.bid_facts
        self._sides = facts.sides
        self._fixed_deals = _parse_fixed_deals(rules, seed, deals or [])
        self._deals: list[Deal] = []
        self._deal_dicts: list[dict[str, Any]] = []
        self.actions: list[str] = []
        self.scores = [0] * rules.num_sides
        self._out_backwards: frozenset[int] = frozenset()
        self.hands_played: list[dict[str, Any]] = []
        self.winner: int | None = None
        self.dealer = -1
        self.phase = "bid"
        self.to_act: int | None = None
        self._legal: list[str] | None = None
        self._start_hand()

    # ------------------------------------------------------------------ public
    @property
    def hand_number(self) -> int:
        """Index of the hand in progress (thrown-in hands count)."""
        return len(self._deals) - 1

    @property
    def deals(self) -> list[dict[str, Any]]:
        """The deals of the game so far in notation (kept as card ids, written out on demand)."""
        done = self._deal_dicts
        for deal in self._deals[len(done) :]:
            done.append(deal.to_dict())
        return done

    @property
    def contract(self) -> tuple[int, str] | None:
        return self._contract

    @property
    def high_bid(self) -> tuple[int, str] | None:
        """``(seat, bid)`` of the highest bid so far this hand (inkles aside), else ``None``."""
        return (self._high_seat, self._high_bid) if self._high_bid is not None else None

    @property
    def contract_value(self) -> int | None:
        """Points the contract is worth (RULES.md §5), once the auction is won."""
        return self._table.value[self._contract[1]] if self._contract else None

    @property
    def trump_suit(self) -> str | None:
        """The trump suit's letter in a suit contract, else ``None`` (no trumps, misère, before)."""
        return SUITS[self._trump_suit] if self._trump_suit is not None else None

    @property
    def trump(self) -> str | None:
        """Trump suit letter in a suit contract, ``"NT"``, ``"MIS"``, or ``None`` before."""
        return self._denomination

    @property
    def current_trick(self) -> list[tuple[int, str]]:
        st = self._play
        return [(s, CARD_STR[c]) for s, c in st.trick] if st is not None else []

    @property
    def current_led(self) -> str | None:
        """The suit the trick in progress follows (``"S"``, ``"C"``, ``"D"``, ``"H"``); a led
        joker's named suit counts. ``None`` before the trick's first card."""
        st = self._play
        led = st.led if st is not None and st.trick else None
        return SUITS[led] if led is not None and led < 4 else None

    @property
    def current_joker_suit(self) -> str | None:
        """The suit named for a joker that led the trick in progress (``"JK:H"`` -> ``"H"``)."""
        st = self._play
        named = st.named if st is not None and st.trick else None
        return SUITS[named] if named is not None else None

    @property
    def tricks(self) -> list[Trick]:
        """Completed tricks of the hand in progress (built on demand from the core's records)."""
        objs, done, winners = self._trick_objs, self._tricks_done, self._trick_winners
        for i in range(len(objs), len(done)):
            plays, led, named, _, _ = done[i]
            objs.append(Trick(plays[0][0], plays, led, named, winners[i]))
        return objs[:]

    @property
    def auction(self) -> list[tuple[int, str]]:
        return list(self._auction)

    @property
    def players(self) -> int:
        return self.rules.players

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def hand(self, seat: int) -> list[str]:
        """A seat's cards now, sorted for display (trumps last once known)."""
        return list(map(_CARD_TEXT, sorted_cards(self._hands[seat], self._trump_suit)))

    def tricks_won(self) -> list[int]:
        """Tricks won this hand, per seat."""
        st = self._play
        return list(st.won) if st is not None else [0] * self.rules.players

    def sitting_out(self) -> list[int]:
        """Seats taking no part in the hand in progress (a misère contractor's partners)."""
        return [s for s in range(self.rules.players) if s not in self._active]

    def exposed(self) -> dict[int, list[str]]:
        """Hands lying face up (open misère, or a misère partner played by the contractor)."""
        st = self._play
        if st is None:
            return {}
        return {s: self.hand(s) for s in range(self.rules.players) if st.exposed >> s & 1}

    @property
    def called_card(self) -> str | None:
        """Five-handed: the card the contractor called (public), else ``None``."""
        return None if self._called is None else CARD_STR[self._called]

    @property
    def revealed_partner(self) -> int | None:
        """Five-handed: the called partner's seat once the called card has been played
        (until then only the partner knows), else ``None``."""
        return self._partner if self._partner_revealed else None

    def controller_of(self, seat: int) -> int:
        """Seat that decides for ``seat``: itself, or the misère contractor playing both hands."""
        if seat in self._controlled and self._contract is not None:
            return self._contract[0]
        return seat

    def joker_nomination(self) -> str | None:
        """Suit nominated for the contractor's joker(s), ``"-"`` if declined, else ``None``."""
        if self._nominated is None:
            return "-" if self._nomination_declined else None
        return SUITS[self._nominated]

    @property
    def contractor_kitty(self) -> list[str]:
        """The kitty as dealt (private to the contractor once taken)."""
        return [CARD_STR[c] for c in sorted_cards(self._kitty)]

    @property
    def contractor_discards(self) -> list[str]:
        return [CARD_STR[c] for c in sorted_cards(self._discards)]

    @property
    def kitty_taken(self) -> bool:
        return self._kitty_taken

    def legal_actions(self) -> list[str]:
        """Every legal action for ``to_act``, in a stable order (empty when over).

        In the discard phase this lists every combination of cards (8,008 with a
        6-card kitty); :meth:`act` checks a ``DISCARD`` directly without listing,
        so a player or bot may build one from its hand instead.
        """
        legal = self._legal
        if legal is None:
            st = self._play
            # a play names its card alone (a led un-nominated joker also names a suit: the
            # core lists those moves): every card legal, or those of a mask
            if self.phase == "play" and (
                st.trick  # type: ignore[union-attr]
                or not st.loose  # type: ignore[union-attr]
                or not st.masks[st.to_act] & st.suit_mask[NO_SUIT]  # type: ignore[union-attr]
            ):
                mask = st.legal_mask()  # type: ignore[union-attr]
                seat = st.to_act  # type: ignore[union-attr]
                if mask == st.masks[seat]:  # type: ignore[union-attr]
                    legal = list(map(_CARD_TEXT, st.hands[seat]))  # type: ignore[union-attr]
                else:
                    legal = _PLAY_TEXTS.get(mask) or _texts_of(mask, st.hands[seat])  # type: ignore[union-attr]
            elif self.phase == "bid":
                legal = self._legal_bids()
            else:
                legal = self._compute_legal()
            self._legal = legal
        return legal[:]

    def act(self, action: str | Action) -> None:
        """Apply ``action`` for ``to_act``; raise :class:`IllegalAction` and change nothing if
        it is not legal now.

        ``action`` is a string of shared/CONTRACT.md or a :mod:`game.notation` value.
        """
        legal = self._legal
        if legal is not None and action in legal:  # the common case: one of legal_actions()
            # (a notation value never equals a string: mypy cannot see it through its __eq__)
            text: str = action  # type: ignore[assignment]
            if self.phase == "play":  # the most common one, without a detour
                self.actions.append(text)
                self._legal = None
                st = self._play
                card, named = PLAY_MOVES[text]
                if self._called is not None and card == self._called:
                    self._partner_revealed = True
                done = st.play(card, named)  # type: ignore[union-attr]
                if done is None:
                    self.to_act = st.to_act  # type: ignore[union-attr]
                else:
                    self._trick_done(st, done)  # type: ignore[arg-type]
            elif self.phase == "bid":
                self.actions.append(text)
                self._legal = None
                self._apply_call(text)
            else:
                self._apply(text)
            return
        phase = self.phase
        if phase == "over":
            raise IllegalAction("the game is over", code="game-over")
        text = str(action) if isinstance(action, ACTION_TYPES) else action
        if phase == "discard":
            self._apply_discard(_normalise(text))
            return
        if legal is None:
            legal = self._legal = self._compute_legal()
        if text not in legal:
            text = _normalise(text)
            if text not in legal:
                raise self._why_illegal(text)
        self._apply(text)

    def _apply(self, text: str) -> None:
        """Apply ``text``, a legal action in canonical notation."""
        phase = self.phase
        if phase == "discard":
            self._apply_discard(text)
            return
        self.actions.append(text)
        self._legal = None
        if phase == "play":
            self._apply_play(text)
        elif phase == "bid":
            self._apply_call(text)
        elif phase == "kitty":
            self._apply_kitty_choice(text)
        elif phase == "call":
            self._apply_partner_call(text)
        else:
            self._apply_nomination(text)

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know, as a JSON-ready dict (see :mod:`game.view`)."""
        return view_module.build_view(self, seat)

    @property
    def upcoming_deals(self) -> list[dict[str, Any]]:
        """Fixed deals (``new_game(deals=...)``) not dealt yet, in order."""
        return [d.to_dict() for d in self._fixed_deals[len(self.deals) :]]

    def to_json(self) -> str:
        """The game as rules + seed + deals + actions: a save and a replay.

        Fixed deals not dealt yet are saved too, under ``"upcoming_deals"`` (only when there
        are some), so a loaded game deals them next as the original would.
        """
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deals": self.deals,
            "actions": self.actions,
        }
        upcoming = self.upcoming_deals
        if upcoming:
            data["upcoming_deals"] = upcoming
        return json.dumps(data, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> Game:
        """Restore a game from :meth:`to_json`, re-validating every action.

        Bad input raises :class:`~game.errors.SaveError` (a ``ValueError``) whose ``code``
        and ``params`` say why in machine-readable form.

        >>> Game.from_json('{"format": "chess"}')
        Traceback (most recent call last):
        ...
        game.errors.SaveError: this is not a Five Hundred save (format 'chess')
        """
        return _load(text)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.rules, self.seed, self.deals, self.actions, self.upcoming_deals) == (
            other.rules,
            other.seed,
            other.deals,
            other.actions,
            other.upcoming_deals,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game hand {self.hand_number} phase={self.phase} to_act={self.to_act} "
            f"scores={self.scores}>"
        )

    # ------------------------------------------------------------------ deal
    def _start_hand(self) -> None:
        rules, index = self.rules, len(self._deals)
        next_dealer = None if index == 0 else (self.dealer + 1) % rules.players
        if index < len(self._fixed_deals):
            deal = self._fixed_deals[index]
        else:
            dealer = next_dealer
            if dealer is None:
                dealer = choose_first_dealer(rules, random.Random(f"{self.seed}/dealer"))
            deal = deal_cards(rules, dealer, random.Random(f"{self.seed}/{index}"))
        self._deals.append(deal)
        self._setup_hand(deal)

    def _setup_hand(self, deal: Deal) -> None:
        n = self.rules.players
        self.dealer = deal.dealer
        self._hands = list(map(sorted, deal.hands))
        self._kitty = list(deal.kitty)
        self._dead = list(deal.dead)
        self._called: int | None = None
        self._partner: int | None = None
        self._partner_revealed = False
        self._discards: list[int] = []
        self._kitty_taken = False
        self._auction: list[tuple[int, str]] = []
        self._passed = [False] * n
        self._calls = [0] * n
        """Calls made per seat this hand."""
        self._high_bid: str | None = None
        self._high_seat = -1
        self._levels_bid: set[int] = set()
        self._contract: tuple[int, str] | None = None
        self._denomination: str | None = None
        self._trump_suit: int | None = None
        self._misere = False
        self._nominated: int | None = None
        self._nomination_declined = False
        self._ctx: PlayContext = _NO_TRUMPS
        self._active = list(range(n))
        self._controlled: set[int] = set()
        self._play: PlayState | None = None
        """The play phase (the rules of trick play), from the first lead on."""
        self._tricks_done: list[TrickDone] = []
        """The completed tricks as the core records them (:meth:`PlayState.completed_trick`)."""
        self._trick_winners: list[int] = []
        self._trick_objs: list[Trick] = []
        """:class:`Trick` objects of the first completed tricks (see :attr:`tricks`)."""
        self.phase = "bid"
        self.to_act = (deal.dealer + 1) % n
        self._legal = None

    # ------------------------------------------------------------------ auction
    def _call_count(self, seat: int) -> int:
        return self._calls[seat]

    def _is_inkle(self, bid: str) -> bool:
        """Whether ``bid`` is an inkle (a 6 bid under american bidding: it sets nothing)."""
        return self._bid_facts[0] and self._table.tricks.get(bid) == 6

    def _legal_bids(self) -> list[str]:
        """``PASS`` and every bid :meth:`_bid_refusal` accepts now (cached per auction facts;
        not to be changed: the list is shared)."""
        levels = self._levels_bid
        inkles, misere_after_7, open_misere_after_8, blind_misere = self._bid_facts
        key = (  # only the facts these rules read: fewer keys, fewer misses
            self._high_bid,
            inkles and len(self._auction) < 2,
            misere_after_7 and 7 in levels,
            open_misere_after_8 and 8 in levels,
            blind_misere and self._calls[self.to_act] == 0,  # type: ignore[index]
        )
        legal = self._bids_memo.get(key)
        if legal is None:
            legal = ["PASS"] + [b for b in self._table.order if self._bid_refusal(b) is None]
            self._bids_memo[key] = legal
        return legal

    def _bid_refusal(self, text: str) -> IllegalAction | None:
        """The one verifier of calls: ``None`` if ``text`` may be called now, else why not.

        It decides the legal list (:meth:`_legal_bids`, whose cache key holds every
        fact read here) and explains an illegal call.
        """
        table, rules = self._table, self.rules
        if text == "PASS":
            return None
        if text not in table.rank:
            if CARD_ID.get(text.split(":")[0]) is not None:
                return IllegalAction(
                    "it is the auction: bid or PASS before playing cards",
                    code="auction-in-progress",
                )
            if text in ("MIS", "OMIS", "BMIS") and rules.misere == "off":
                return IllegalAction(
                    "misère bids are not allowed in these rules", code="misere-not-allowed"
                )
            if text == "BMIS":
                return IllegalAction(
                    "blind misère is not allowed in these rules", code="blind-misere-not-allowed"
                )
            if text == "GAME":
                return IllegalAction(
                    "the Game bid is not allowed in these rules", code="game-bid-not-allowed"
                )
            return IllegalAction(
                f"{text!r} is not a bid (bids look like 7H, 8NT, MIS, PASS)",
                code="not-a-bid",
                params={"text": text},
            )
        if self._is_inkle(text):
            if len(self._auction) < 2:
                return None
            return IllegalAction(
                "only the first two bidders may bid at the 6 level (inkles)", code="inkle-late"
            )
        if text == "MIS" and rules.misere == "after-7" and 7 not in self._levels_bid:
            return IllegalAction("misère needs a 7 bid first", code="misere-needs-7")
        if text == "OMIS" and rules.open_misere_after_8 and 8 not in self._levels_bid:
            return IllegalAction("open misère needs an 8 bid first", code="open-misere-needs-8")
        if text == "BMIS" and self._call_count(self.to_act) > 0:  # type: ignore[arg-type]
            return IllegalAction(
                "blind misère must be your first call, before you look at your hand",
                code="blind-misere-first-call",
            )
        high = self._high_bid
        if high is not None and table.rank[text] <= table.rank[high]:
            return IllegalAction(
                f"{text} does not beat the current bid {high}",
                code="bid-too-low",
                params={"bid": text, "current": high},
            )
        return None

    def _apply_call(self, call: str) -> None:
        seat = self.to_act
        assert seat is not None
        self._auction.append((seat, call))
        self._calls[seat] += 1
        american = self._bid_facts[0]
        if call == "PASS":
            self._passed[seat] = True
        elif not self._is_inkle(call):  # an inkle sets nothing
            self._high_bid, self._high_seat = call, seat
            table = self._table
            if table.denomination[call] in DENOMINATIONS:
                self._levels_bid.add(table.tricks[call])
        if american:
            self._after_american_call(seat)
        else:
            self._after_australian_call(seat)

    def _after_american_call(self, seat: int) -> None:
        n = self.rules.players
        if len(self._auction) < n:
            self.to_act = (seat + 1) % n
        elif self._high_bid is None:
            self._throw_in()
        else:
            self._win_auction()

    def _after_australian_call(self, seat: int) -> None:
        passed = self._passed
        n = len(passed)
        if self._high_bid is None:
            if all(passed):
                self._throw_in()
                return
        else:
            high = self._high_seat
            still_bidding = n - passed.count(True) - (0 if passed[high] else 1)  # besides high
            if not still_bidding:
                if self.rules.raise_own_bid and not self._passed[self._high_seat]:
                    self.to_act = self._high_seat
                else:
                    self._win_auction()
                return
        nxt = (seat + 1) % n
        while passed[nxt]:
            nxt = (nxt + 1) % n
        self.to_act = nxt

    def _throw_in(self) -> None:
        self._start_hand()

    def _win_auction(self) -> None:
        table, bid, seat = self._table, self._high_bid, self._high_seat
        assert bid is not None
        if table.rank[bid] < table.rank[f"{self.rules.minimum_contract}S"]:
            self._throw_in()
            return
        self._contract = (seat, bid)
        denom = table.denomination[bid]
        if denom == "GAME":
            own = [
                b
                for s, b in self._auction
                if s == seat
                and table.denomination.get(b, "") in DENOMINATIONS
                and not self._is_inkle(b)
            ]
            denom = table.denomination[own[-1]] if own else "NT"
        self._denomination = denom
        self._misere = denom == "MIS"
        self._trump_suit = SUITS.index(denom) if denom in ("S", "C", "D", "H") else None
        self._ctx = play_context(self._trump_suit, misere=self._misere)
        n, rules = self.rules.players, self.rules
        if self._misere and rules.teams != "individual":
            partners = [
                s for s in range(n) if s != seat and rules.side_of(s) == rules.side_of(seat)
            ]
            if rules.misere_partner == "sits-out":
                self._active = [s for s in range(n) if s not in partners]
            else:
                self._controlled = set(partners)
        self.to_act = seat
        if self.rules.sans_kitty:
            self.phase = "kitty"  # choose before seeing the kitty (RULES.md §4)
        else:
            self._take_kitty()

    # ------------------------------------------------------------------ kitty
    def _take_kitty(self) -> None:
        seat = self._contract[0]  # type: ignore[index]
        self._hands[seat] = sorted(self._hands[seat] + self._kitty)
        self._kitty_taken = True
        self.phase = "discard"

    def _apply_kitty_choice(self, text: str) -> None:
        """``KITTY`` takes the kitty (then discard); ``NOKITTY`` leaves it unseen."""
        if text == "KITTY":
            self._take_kitty()
        else:
            self._after_discard()

    def _discard_actions(self) -> list[str]:
        """Every discard :meth:`_check_discard` accepts: each set of ``kitty_size`` cards of
        the hand (in display order), and ``NOKITTY`` with the sans-kitty option."""
        names = [CARD_STR[c] for c in sorted_cards(self._hands[self.to_act])]  # type: ignore[index]
        combos = map(" ".join, itertools.combinations(names, self.rules.kitty_size))
        return ["DISCARD " + combo for combo in combos]

    def _check_discard(self, text: str) -> tuple[list[int], str] | IllegalAction:
        """The one verifier of discards: ``(cards, canonical text)`` of a legal one, else why
        not. Checks one discard directly, without listing the combinations."""
        hand = self._hands[self.to_act]  # type: ignore[index]
        k = self.rules.kitty_size
        parts = text.split()
        if not parts or parts[0] != "DISCARD":
            example = [CARD_STR[c] for c in sorted_cards(hand)[:k]]
            return IllegalAction(
                f"you took the kitty: discard {k} cards, e.g. 'DISCARD " + " ".join(example) + "'",
                code="discard-expected",
                params={"count": k, "example": example},
            )
        if len(parts) - 1 != k:
            return IllegalAction(
                f"discard exactly {k} cards (got {len(parts) - 1})",
                code="discard-count",
                params={"count": k, "got": len(parts) - 1},
            )
        cards: list[int] = []
        for token in parts[1:]:
            card = CARD_ID.get(token)
            if card is None:
                return IllegalAction(
                    f"{token!r} is not a card", code="not-a-card", params={"text": token}
                )
            if card not in hand:
                return IllegalAction(
                    f"that card is not in your hand ({token})",
                    code="not-in-hand",
                    params={"card": token},
                )
            if card in cards:
                return IllegalAction(
                    f"{token} is named twice", code="named-twice", params={"card": token}
                )
            cards.append(card)
        return cards, "DISCARD " + " ".join(map(_CARD_TEXT, sorted_cards(cards)))

    def _apply_discard(self, text: str) -> None:
        checked = self._check_discard(text)
        if isinstance(checked, IllegalAction):
            raise checked
        cards, canonical = checked
        hand = self._hands[self.to_act]  # type: ignore[index]
        for c in cards:
            hand.remove(c)
        self._discards = cards
        self.actions.append(canonical)
        self._legal = None
        self._after_discard()

    def _after_discard(self) -> None:
        """After the kitty: five-handed, call a partner; then nominate a joker if the
        contractor holds one in no trumps or misère."""
        if self.rules.calls_partner and not self._misere:
            self.phase = "call"
            self._legal = None
            return
        self._before_play()

    def _call_actions(self) -> list[str]:
        """``CALL <card>`` for every card the contractor does not hold or know discarded."""
        seat = self._contract[0]  # type: ignore[index]
        known = set(self._hands[seat]) | set(self._discards)
        return [f"CALL {CARD_STR[c]}" for c in build_deck(self.rules.deck) if c not in known]

    def _apply_partner_call(self, text: str) -> None:
        """The holder of the called card becomes the secret partner (none if in the kitty)."""
        card = CARD_ID[text.split()[1]]
        self._called = card
        holders = [s for s, hand in enumerate(self._hands) if card in hand]
        self._partner = holders[0] if holders else None
        self._before_play()

    def _before_play(self) -> None:
        hand = self._hands[self._contract[0]]  # type: ignore[index]
        if self._trump_suit is None and any(map(hand.__contains__, JOKERS)):
            self.phase = "nominate"
        else:
            self._start_play()

    def _nomination_actions(self) -> list[str]:
        return [f"NOMINATE {s}" for s in SUITS] + ["NOMINATE -"]

    def _apply_nomination(self, text: str) -> None:
        choice = text.split()[1]
        self._nomination_declined = choice == "-"
        if choice != "-":
            self._nominated = SUITS.index(choice)
            held = tuple(c for c in JOKERS if c in self._hands[self._contract[0]])  # type: ignore[index]
            self._ctx = play_context(None, self._nominated, held, self._misere)
        self._start_play()

    # ------------------------------------------------------------------ play
    def _start_play(self) -> None:
        rules = self.rules
        seat, bid = self._contract  # type: ignore[misc]
        sides = self._sides
        table = self._table
        import game.playstate  # with game.scoring: once the first play starts (and cheaper
        # per hand than a from-import: no from-list to resolve)

        st = game.playstate.PlayState.for_deal(
            rules.players,
            sides,
            seat,
            table.tricks[bid] or 0,
            table.value[bid],
            self._trump_suit,
            self._hands,
            misere=self._misere,
            deck=rules.deck,
            active=self._active,
            ctx=self._ctx,
            joker_lead=rules.joker_lead,
            play_out=rules.misere_play_out,
            undo=False,
        )
        self._hands = st.hands
        for s in self._controlled:
            st.exposed |= 1 << s
        if bid == "OMIS":
            if rules.open_misere_exposed == "from-start":
                st.exposed |= 1 << seat
            else:
                st.reveal = 1 << seat
        self._play = st
        self.phase = "play"
        self.to_act = seat

    def _play_actions(self) -> list[str]:
        """The core's legal plays in notation (:meth:`PlayState.legal_plays`; not to be
        changed: the list may be shared)."""
        st = self._play
        assert st is not None
        if st.trick or not st.loose:
            return _texts_of(st.legal_mask(), st.hands[st.to_act])
        return [CARD_STR[c] if s is None else JOKER_LEAD_TEXT[c][s] for c, s in st.legal_plays()]

    def _apply_play(self, text: str) -> None:
        st = self._play
        assert st is not None
        card, named = PLAY_MOVES[text]
        if self._called is not None and card == self._called:
            self._partner_revealed = True
        done = st.play(card, named)
        if done is None:
            self.to_act = st.to_act
        else:
            self._trick_done(st, done)

    def _trick_done(self, st: PlayState, done: TrickDone) -> None:
        """Record the trick the last play completed; finish the hand after the last one."""
        self._tricks_done.append(done)
        self._trick_winners.append(st.to_act)
        if st.over:
            self._finish_hand()
        else:
            self.to_act = st.to_act

    def _finish_hand(self) -> None:
        rules = self.rules
        contractor, bid = self._contract  # type: ignore[misc]
        st = self._play
        assert st is not None
        cside = st.cside
        tricks = st.side_tricks()
        winners, side = self._trick_winners, st.side
        trick_sides = list(map(side.__getitem__, winners))
        played = _trick_dicts(self._tricks_done, winners)
        partner = None if self._partner is None else st.side[self._partner]
        import game.scoring  # loaded with game.playstate

        result = game.scoring.score_hand(
            rules, cside, bid, tricks, trick_sides, self.scores, partner, self._out_backwards
        )
        self.scores = list(map(operator.add, self.scores, result.points))
        self._out_backwards |= game.scoring.gone_out_backwards(rules, self.scores)
        self.hands_played.append(
            {
                "hand": self.hand_number,
                "dealer": self.dealer,
                "contractor": contractor,
                "bid": bid,
                "value": self._table.value[bid],
                "made": result.made,
                "tricks": tricks,
                "points": result.points,
                "scores": list(self.scores),
                "last_trick": played[-1],  # the same dict as the last of "played"
                "played": played,
            }
        )
        if rules.calls_partner:  # the called card has been played: the partner is public
            called = None if self._called is None else CARD_STR[self._called]
            self.hands_played[-1] |= {"called": called, "partner": self._partner}
        if result.winner is not None:
            self.winner = result.winner
            self.phase = "over"
            self.to_act = None
            self._legal = []
        else:
            self._start_hand()

    # ------------------------------------------------------------------ legality
    def _compute_legal(self) -> list[str]:
        phase = self.phase
        if phase == "play":
            return self._play_actions()
        if phase == "bid":
            return self._legal_bids()
        if phase == "discard":
            return self._discard_actions()
        if phase == "nominate":
            return self._nomination_actions()
        if phase == "kitty":
            return ["KITTY", "NOKITTY"]
        if phase == "call":
            return self._call_actions()
        return []

    def _why_illegal(self, text: str) -> IllegalAction:
        """A player-readable reason why ``text`` is not legal now (with its code)."""
        phase = self.phase
        if phase == "call":
            return IllegalAction(
                "call your partner by naming a card you do not hold, e.g. 'CALL AS'",
                code="call-expected",
            )
        if phase == "kitty":
            return IllegalAction(
                "take the kitty ('KITTY') or play without it ('NOKITTY') first",
                code="kitty-choice-expected",
            )
        if phase == "nominate":
            return IllegalAction(
                "nominate a suit for your joker ('NOMINATE H') or keep it un-nominated "
                "('NOMINATE -')",
                code="nominate-expected",
            )
        if phase == "bid":
            refusal = self._bid_refusal(text)
            assert refusal is not None, f"{text} is legal"
            return refusal
        refusal = self._play_refusal(text)
        assert refusal is not None, f"{text} is legal"
        return refusal

    def _play_refusal(self, text: str) -> IllegalAction | None:
        """The one verifier of plays: ``None`` if ``text`` may be played now, else why not.

        Legality is the core's (:meth:`PlayState.legal_plays`, which also builds the
        legal list); the rest of this method only explains a refusal.
        """
        st = self._play
        assert st is not None
        move = PLAY_MOVES.get(text)
        if move is not None and move in st.legal_plays():
            return None
        base, _, named = text.partition(":")
        card = CARD_ID.get(base)
        if card is None:
            if text in self._table.rank or text == "PASS":
                return IllegalAction("the auction is over: play a card", code="auction-over")
            return IllegalAction(
                f"{text!r} is not a card (cards look like AS, 10H, JK)",
                code="not-a-card",
                params={"text": text},
            )
        hand = st.hands[st.to_act]
        if card not in hand:
            return IllegalAction(
                f"that card is not in your hand ({base})", code="not-in-hand", params={"card": base}
            )
        ctx = st.ctx
        if st.trick:
            led = st.led
            assert led is not None
            if named:
                return IllegalAction("only a led joker names a suit", code="suit-named-not-led")
            if ctx.eff[card] == NO_SUIT and any(ctx.eff[c] == led for c in hand):
                return IllegalAction(
                    f"the joker may only be played when you cannot follow {SUIT_NAMES[led]}",
                    code="joker-must-follow",
                    params={"suit": SUITS[led]},
                )
            can_follow = any(ctx.eff[c] == led for c in hand)
            holds_joker = any(ctx.eff[c] == NO_SUIT for c in hand)
            if ctx.misere and not can_follow and holds_joker:
                return IllegalAction(
                    "in misère you must play the joker when you cannot follow suit",
                    code="misere-joker-required",
                )
            return IllegalAction(
                f"you must follow {SUIT_NAMES[led]}",
                code="must-follow",
                params={"suit": SUITS[led]},
            )
        if ctx.eff[card] == NO_SUIT:
            allowed = st.joker_lead_suits(st.to_act)
            if not named:
                return IllegalAction(
                    "name the suit the joker is led as, e.g. JK:H",
                    code="joker-suit-missing",
                    params={"card": base},
                )
            if not allowed:
                return IllegalAction(
                    "the joker may be led only to the last trick now",
                    code="joker-lead-last-trick",
                )
            if len(named) != 1 or named not in SUITS:
                return IllegalAction(
                    f"{named!r} is not a suit (S, C, D or H)",
                    code="not-a-suit",
                    params={"text": named},
                )
            return IllegalAction(
                f"{SUIT_NAMES[SUITS.index(named)]} has been led already: lead the joker as "
                + " or ".join(SUIT_NAMES[s] for s in allowed),
                code="joker-suit-led",
                params={"suit": named, "allowed": [SUITS[s] for s in allowed]},
            )
        return IllegalAction(
            "only a led joker in no trumps or misère names a suit", code="suit-named-not-joker"
        )


class _RuleFacts(NamedTuple):
    """What a game reads from its rules at every hand, worked out once per rule set."""

    table: BidTable
    bids_memo: dict[tuple[Any, ...], list[str]]
    """Legal calls by auction facts (see :meth:`Game._legal_bids`)."""
    bid_facts: tuple[bool, bool, bool, bool]
    """Which auction facts :meth:`Game._bid_refusal` reads under these rules (see
    :meth:`Game._legal_bids`): inkles, misère after a 7 bid, open misère after an 8 bid,
    blind misère."""
    sides: tuple[int, ...]
    """``sides[seat]``: the seat's side."""


def _rule_facts(rules: Rules) -> _RuleFacts:
    """The facts of ``rules`` (shared by equal rules; a new game looks them up once).

    >>> _rule_facts(Rules.preset("australian")).sides
    (0, 1, 0, 1)
    """
    facts = _RULE_FACTS.get(rules)
    if facts is None:
        if len(_RULE_FACTS) > 256:
            _RULE_FACTS.clear()
        table = bid_table(rules)
        bid_facts = (
            rules.bidding == "american",
            rules.misere == "after-7",
            rules.open_misere_after_8,
            "BMIS" in table.rank,
        )
        sides = tuple(rules.side_of(s) for s in range(rules.players))
        facts = _RULE_FACTS[rules] = _RuleFacts(table, {}, bid_facts, sides)
    return facts


def _texts_of(mask: int, hand: list[int]) -> list[str]:
    """The cards of ``hand`` in ``mask``, in notation and hand order, from a table by mask
    (shared: not to be changed)."""
    texts = _PLAY_TEXTS.get(mask)
    if texts is None:
        if len(_PLAY_TEXTS) > 100_000:
            _PLAY_TEXTS.clear()
        texts = _PLAY_TEXTS[mask] = [CARD_STR[c] for c in hand if mask >> c & 1]
    return texts


def _normalise(action: object) -> str:
    if not isinstance(action, str):
        raise IllegalAction(
            f"an action is a string like 'QS' or 'PASS', not {action!r}",
            code="not-a-string",
            params={"type": type(action).__name__},
        )
    return action.strip().upper()


def _parse_fixed_deals(rules: Rules, seed: int, deals: list[Any]) -> list[Deal]:
    """Check every fixed deal up front, so a bad one fails at ``new_game``, not mid-game."""
    if not isinstance(deals, list):
        raise ValueError("deals must be a list of deals")
    parsed: list[Deal] = []
    for i, data in enumerate(deals):
        if i == 0:
            first = data.get("dealer") if isinstance(data, dict) else None
            if first is None:
                first = choose_first_dealer(rules, random.Random(f"{seed}/dealer"))
            expected = None
            data = {**data, "dealer": first} if isinstance(data, dict) else data
        else:
            expected = (parsed[-1].dealer + 1) % rules.players
        try:
            parsed.append(parse_deal(rules, data, expected))
        except ValueError as e:
            raise ValueError(f"deal {i + 1}: {e}" if len(deals) > 1 else str(e)) from None
    return parsed


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    deal: dict[str, Any] | None = None,
    deals: list[dict[str, Any]] | None = None,
) -> Game:
    """Start a game. Same ``seed`` → same first dealer and deals.

    ``deal`` fixes the first hand's cards, ``deals`` the first several hands';
    a deal with a wrong card set raises ``ValueError``.

    >>> g = new_game(seed=1, deal={"dealer": 3, "hands": [["JK"]], "kitty": []})
    Traceback (most recent call last):
    ...
    ValueError: a deal needs 4 hands
    """
    if deal is not None and deals is not None:
        raise ValueError("give either deal or deals, not both")
    if seed is None:
        seed = random.randrange(2**31)
    if not isinstance(seed, int):
        raise ValueError(f"the seed must be an integer (got {seed!r})")
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise ValueError(
            f"rules must be a Rules object, e.g. Rules.preset('australian') (got {rules!r})"
        )
    return Game(rules, seed, [deal] if deal is not None else deals)


def _load(text: str) -> Game:
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise SaveError(
            "the save is not valid JSON (the file is damaged or not a save)", code="not-json"
        ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        fmt = data.get("format") if isinstance(data, dict) else None
        raise SaveError(
            f"this is not a Five Hundred save (format {fmt!r})",
            code="not-a-save",
            params={"format": fmt if isinstance(fmt, str) else repr(fmt)},
        )
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveError(
            f"this save is from an incompatible version ({version!r}; this game reads "
            f"version {SAVE_VERSION})",
            code="incompatible-version",
            params={
                "version": version if type(version) is int else repr(version),
                "supported": SAVE_VERSION,
            },
        )
    try:
        rules = Rules.from_dict(data.get("rules"))
    except (ValueError, TypeError) as e:
        raise SaveError(
            f"the save's rules are invalid: {e}", code="invalid-rules", params={"reason": str(e)}
        ) from None
    seed, deals, actions = data.get("seed"), data.get("deals"), data.get("actions")
    if type(seed) is not int:
        raise SaveError(
            f"the save's seed must be an integer (got {seed!r})",
            code="invalid-seed",
            params={"seed": repr(seed)},
        )
    if not isinstance(deals, list) or not deals:
        raise SaveError("the save has no deals", code="no-deals")
    if not isinstance(actions, list):
        raise SaveError("the save has no list of actions", code="no-actions")
    upcoming = data.get("upcoming_deals", [])
    if not isinstance(upcoming, list):
        raise SaveError(
            "the save's deals are invalid: upcoming_deals must be a list of deals",
            code="invalid-deals",
            params={"reason": "upcoming_deals must be a list of deals"},
        )
    try:
        game = new_game(rules, seed=seed, deals=deals + upcoming)
    except ValueError as e:
        raise SaveError(
            f"the save's deals are invalid: {e}", code="invalid-deals", params={"reason": str(e)}
        ) from None
    for i, action in enumerate(actions):
        try:
            game.act(action)
        except ValueError as e:
            cause = {"code": e.code, "params": e.params} if isinstance(e, IllegalAction) else None
            raise SaveError(
                f"the save is invalid at action {i + 1} ({action!r}): {e}",
                code="invalid-action",
                params={
                    "n": i + 1,
                    "action": action if isinstance(action, str) else repr(action),
                    "reason": str(e),
                    "cause": cause,
                },
            ) from None
    if len(game.deals) != len(deals):
        raise SaveError(
            f"the save lists {len(deals)} deals but its actions play {len(game.deals)}",
            code="deal-count",
            params={"listed": len(deals), "played": len(game.deals)},
        )
    return game
