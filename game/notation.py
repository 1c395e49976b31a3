"""Typed action notation: frozen values for every action of shared/CONTRACT.md.

Each kind has ``parse(text)`` (raises ``ValueError`` on malformed text) and a
canonical ``str()``; :func:`parse_action` reads any action. Cards are the
engine's integer ids (:mod:`game.cards`), suits ``0..3`` for ``S C D H``.
``g.act()`` takes the strings or these values alike. Parsing checks the form
only: whether an action is legal now is the engine's business.

>>> parse_action("JK:H")
Play(card=72, named=3)
>>> str(Play.parse("10h")), Play.parse("JK:H").card_text, Play.parse("JK:H").named_text
('10H', 'JK', 'H')
>>> [str(parse_action(t)) for t in ("pass", "7nt", "MIS", "DISCARD 4D 6C 5S", "NOMINATE -")]
['PASS', '7NT', 'MIS', 'DISCARD 5S 6C 4D', 'NOMINATE -']
>>> parse_action("7H"), parse_action("7H", phase="play")
(Bid(level=7, denomination='H'), Play(card=61, named=None))
>>> Bid.parse("8H").level, Bid.parse("8H").denomination, Bid.parse("OMIS").level
(8, 'H', None)
>>> Discard.parse("DISCARD 4D 5S").card_texts  # display order: S C D H, low to high
('5S', '4D')
>>> Nominate.parse("NOMINATE H").suit, str(Call.parse("call as")), str(TakeKitty(False))
(3, 'CALL AS', 'NOKITTY')
>>> Play.parse("ZZ")
Traceback (most recent call last):
...
ValueError: 'ZZ' is not a card (cards look like AS, 10H, JK)
"""

from __future__ import annotations

from game.cards import CARD_ID, CARD_STR, SUITS, sorted_cards
from game.frozen import Frozen

BID_DENOMINATIONS = ("S", "C", "D", "H", "NT")
SPECIAL_BIDS = ("MIS", "OMIS", "BMIS", "GAME")


def _clean(text: str) -> str:
    if not isinstance(text, str):
        raise ValueError(f"an action is a string like 'QS' or 'PASS', not {text!r}")
    return text.strip().upper()


def _card(token: str) -> int:
    card = CARD_ID.get(token)
    if card is None:
        raise ValueError(f"{token!r} is not a card (cards look like AS, 10H, JK)")
    return card


def _suit(token: str) -> int:
    if len(token) != 1 or token not in SUITS:
        raise ValueError(f"{token!r} is not a suit (S, C, D or H)")
    return SUITS.index(token)


class Pass(Frozen):
    """``PASS`` in the auction."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Pass:
        if _clean(text) != "PASS":
            raise ValueError(f"{text!r} is not PASS")
        return Pass()

    def __str__(self) -> str:
        return "PASS"


class Bid(Frozen):
    """A bid: ``level`` 6..10 and a denomination ``S C D H NT``, or a special bid
    (``MIS OMIS BMIS GAME``) with ``level`` ``None``."""

    __slots__ = _fields = ("level", "denomination")
    level: int | None
    denomination: str

    def __init__(self, level: int | None, denomination: str) -> None:
        if level is None:
            ok = denomination in SPECIAL_BIDS
        else:
            ok = 6 <= level <= 10 and denomination in BID_DENOMINATIONS
        if not ok:
            raise ValueError(f"{level}{denomination} is not a bid")
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "denomination", denomination)

    @staticmethod
    def parse(text: str) -> Bid:
        t = _clean(text)
        if t in SPECIAL_BIDS:
            return Bid(None, t)
        digits = t[:2] if t.startswith("10") else t[:1]
        if digits.isdigit() and t[len(digits) :] in BID_DENOMINATIONS and 6 <= int(digits) <= 10:
            return Bid(int(digits), t[len(digits) :])
        raise ValueError(f"{text!r} is not a bid (bids look like 7H, 8NT, MIS, PASS)")

    def __str__(self) -> str:
        return self.denomination if self.level is None else f"{self.level}{self.denomination}"


class Play(Frozen):
    """A card played; ``named`` is the suit a led un-nominated joker is led as (``JK:H``)."""

    __slots__ = _fields = ("card", "named")
    card: int
    named: int | None

    def __init__(self, card: int, named: int | None = None) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "named", named)

    @staticmethod
    def parse(text: str) -> Play:
        base, colon, suit = _clean(text).partition(":")
        return Play(_card(base), _suit(suit) if colon else None)

    @property
    def card_text(self) -> str:
        return CARD_STR[self.card]

    @property
    def named_text(self) -> str | None:
        return None if self.named is None else SUITS[self.named]

    def __str__(self) -> str:
        text = CARD_STR[self.card]
        return text if self.named is None else f"{text}:{SUITS[self.named]}"


class Discard(Frozen):
    """The cards the contractor puts out after taking the kitty (kept in display order)."""

    __slots__ = _fields = ("cards",)
    cards: tuple[int, ...]

    def __init__(self, cards: tuple[int, ...]) -> None:
        object.__setattr__(self, "cards", tuple(sorted_cards(cards)))

    @staticmethod
    def parse(text: str) -> Discard:
        parts = _clean(text).split()
        if not parts or parts[0] != "DISCARD":
            raise ValueError(f"{text!r} is not a discard (DISCARD 4D 5S 6C)")
        return Discard(tuple(_card(t) for t in parts[1:]))

    @property
    def card_texts(self) -> tuple[str, ...]:
        return tuple(CARD_STR[c] for c in self.cards)

    def __str__(self) -> str:
        return " ".join(("DISCARD",) + self.card_texts)


class Nominate(Frozen):
    """The contractor's joker nomination: a suit, or ``None`` to keep it un-nominated."""

    __slots__ = _fields = ("suit",)
    suit: int | None

    def __init__(self, suit: int | None) -> None:
        object.__setattr__(self, "suit", suit)

    @staticmethod
    def parse(text: str) -> Nominate:
        parts = _clean(text).split()
        if len(parts) != 2 or parts[0] != "NOMINATE":
            raise ValueError(f"{text!r} is not a nomination (NOMINATE H, NOMINATE -)")
        return Nominate(None if parts[1] == "-" else _suit(parts[1]))

    def __str__(self) -> str:
        return f"NOMINATE {'-' if self.suit is None else SUITS[self.suit]}"


class TakeKitty(Frozen):
    """Sans kitty: ``KITTY`` takes the kitty, ``NOKITTY`` plays without it."""

    __slots__ = _fields = ("take",)
    take: bool

    def __init__(self, take: bool) -> None:
        object.__setattr__(self, "take", take)

    @staticmethod
    def parse(text: str) -> TakeKitty:
        t = _clean(text)
        if t not in ("KITTY", "NOKITTY"):
            raise ValueError(f"{text!r} is not KITTY or NOKITTY")
        return TakeKitty(t == "KITTY")

    def __str__(self) -> str:
        return "KITTY" if self.take else "NOKITTY"


class Call(Frozen):
    """Five-handed: the contractor calls a card; its holder becomes the partner (``CALL AS``)."""

    __slots__ = _fields = ("card",)
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    @staticmethod
    def parse(text: str) -> Call:
        parts = _clean(text).split()
        if len(parts) != 2 or parts[0] != "CALL":
            raise ValueError(f"{text!r} is not a partner call (CALL AS)")
        return Call(_card(parts[1]))

    @property
    def card_text(self) -> str:
        return CARD_STR[self.card]

    def __str__(self) -> str:
        return f"CALL {CARD_STR[self.card]}"


Action = Pass | Bid | Play | Discard | Nominate | TakeKitty | Call
"""Any action value."""


PARSERS_BY_PHASE = {
    "bid": (Pass, Bid),
    "kitty": (TakeKitty,),
    "discard": (Discard, TakeKitty),
    "call": (Call,),
    "nominate": (Nominate,),
    "play": (Play,),
}


def parse_action(text: str, phase: str | None = None) -> Action:
    """Any action in notation (raises ``ValueError`` if malformed).

    ``phase`` (a game phase) says which kinds to read: ``7H`` is a bid in the
    auction and a card in play. Without it the form decides, and text that is
    both a bid and a card reads as a bid.
    """
    t = _clean(text)
    kinds = PARSERS_BY_PHASE.get(phase or "")
    if kinds:
        errors: list[ValueError] = []
        for kind in kinds:
            try:
                return kind.parse(t)
            except ValueError as e:
                errors.append(e)
        raise errors[0]
    head = t.split(" ", 1)[0]
    if head == "PASS":
        return Pass.parse(t)
    if head == "DISCARD":
        return Discard.parse(t)
    if head == "NOMINATE":
        return Nominate.parse(t)
    if head == "CALL":
        return Call.parse(t)
    if head in ("KITTY", "NOKITTY"):
        return TakeKitty.parse(t)
    try:
        return Bid.parse(t)
    except ValueError:
        return Play.parse(t)
