"""Names and short labels of cards, bids, seats and sides, translated (no DOM).

Card and bid strings are the engine's notation (CONTRACT.md): ``AS``, ``10H``, ``JK``,
``7H``, ``10NT``, ``MIS``, ``PASS``. Nothing here decides what is legal.

>>> card_name("AS"), card_name("7H"), card_name("JK"), card_name("12D")
('Ace of spades', 'Seven of hearts', 'Joker', 'Twelve of diamonds')
>>> bid_name("7H"), bid_name("10NT"), bid_name("PASS"), bid_name("OMIS")
('Seven hearts', 'Ten no trumps', 'Pass', 'Open misère')
>>> bid_short("7H"), bid_short("10NT"), bid_short("MIS")
('7♥', '10NT', 'Mis')
"""

from __future__ import annotations

from game.rules import DENOMINATIONS
from ui.i18n import N_, NP_, _, ngettext, pgettext
from ui.model import played_card

SUIT_LETTERS = "SCDH"
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}

# Suit names inside sentences ("Nominate the joker as hearts"), in a card's name ("Queen of
# hearts") and in a bid ("Seven hearts") may need different forms: each has its context.
_SUIT_NAMES = {"S": N_("spades"), "C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts")}
_SUIT_TITLES = {"S": N_("Spades"), "C": N_("Clubs"), "D": N_("Diamonds"), "H": N_("Hearts")}
_CARD_SUITS = {
    "S": NP_("in a card's name", "spades"),
    "C": NP_("in a card's name", "clubs"),
    "D": NP_("in a card's name", "diamonds"),
    "H": NP_("in a card's name", "hearts"),
}
_RANK_NAMES = {
    "A": NP_("card rank", "Ace"),
    "K": NP_("card rank", "King"),
    "Q": NP_("card rank", "Queen"),
    "J": NP_("card rank", "Jack"),
    "13": NP_("card rank", "Thirteen"),
    "12": NP_("card rank", "Twelve"),
    "11": NP_("card rank", "Eleven"),
    "10": NP_("card rank", "Ten"),
    "9": NP_("card rank", "Nine"),
    "8": NP_("card rank", "Eight"),
    "7": NP_("card rank", "Seven"),
    "6": NP_("card rank", "Six"),
    "5": NP_("card rank", "Five"),
    "4": NP_("card rank", "Four"),
    "3": NP_("card rank", "Three"),
    "2": NP_("card rank", "Two"),
}
_LEVEL_NAMES = {
    6: NP_("bid level", "Six"),
    7: NP_("bid level", "Seven"),
    8: NP_("bid level", "Eight"),
    9: NP_("bid level", "Nine"),
    10: NP_("bid level", "Ten"),
}
_DENOMINATION_PLURALS = {
    "S": NP_("in a bid", "spades"),
    "C": NP_("in a bid", "clubs"),
    "D": NP_("in a bid", "diamonds"),
    "H": NP_("in a bid", "hearts"),
    "NT": NP_("in a bid", "no trumps"),
}


# The letters in a card's corner: French cards say R, D, V for roi, dame, valet.
_INDEX_LETTERS = {
    # Translators: the letter in the corner of an ace (French "A", Polish "A").
    "A": NP_("card index", "A"),
    # Translators: the letter in the corner of a king (French "R" for roi).
    "K": NP_("card index", "K"),
    # Translators: the letter in the corner of a queen (French "D" for dame).
    "Q": NP_("card index", "Q"),
    # Translators: the letter in the corner of a jack (French "V" for valet).
    "J": NP_("card index", "J"),
}


def index_letter(rank: str) -> str:
    """The rank as printed in a card's corner, in the language in use: ``K`` (``R`` in
    French); numbers stay numbers."""
    return pgettext(*_INDEX_LETTERS[rank]) if rank in _INDEX_LETTERS else rank


def split_card(card: str) -> tuple[str, str]:
    """``"10H"`` -> ``("10", "H")``; jokers -> ``("JK", "")`` / ``("BJ", "")``."""
    base = played_card(card) or card
    if base in ("JK", "BJ"):
        return base, ""
    return base[:-1], base[-1]


def is_joker(card: str) -> bool:
    return (played_card(card) or card) in ("JK", "BJ")


def suit_name(suit: str) -> str:
    """``"H"`` -> ``"hearts"`` (lower case, for use inside sentences)."""
    return _(_SUIT_NAMES[suit])


def suit_title(suit: str) -> str:
    """``"H"`` -> ``"Hearts"`` (a label on its own)."""
    return _(_SUIT_TITLES[suit])


def card_name(card: str) -> str:
    """Screen-reader name of a card: ``Ace of spades``, ``Joker``, ``Black joker``."""
    rank, suit = split_card(card)
    if rank == "JK":
        return _("Joker")
    if rank == "BJ":
        return _("Black joker")
    return _("{rank} of {suit}").format(
        rank=pgettext(*_RANK_NAMES[rank]), suit=pgettext(*_CARD_SUITS[suit])
    )


def card_short(card: str) -> str:
    """Compact visible label: ``A♠``, ``10♥``, ``Jkr``."""
    rank, suit = split_card(card)
    if rank == "JK":
        return _("Jkr")
    if rank == "BJ":
        return _("BJkr")
    return index_letter(rank) + SUIT_SYMBOLS[suit]


def bid_level(bid: str) -> int | None:
    """Tricks of a suit or no-trump bid (``"8NT"`` -> 8), else ``None``."""
    for denom in DENOMINATIONS:
        if bid.endswith(denom) and bid[: -len(denom)].isdigit():
            return int(bid[: -len(denom)])
    return None


def bid_denomination(bid: str) -> str | None:
    """``"8NT"`` -> ``"NT"``, ``"7H"`` -> ``"H"``; ``None`` for other calls."""
    level = bid_level(bid)
    return None if level is None else bid[len(str(level)) :]


# Calls other than suit and no-trump bids: full names, and the short labels of the buttons.
_CALL_NAMES: dict[str, str | tuple[str, str]] = {
    "PASS": N_("Pass"),
    "MIS": N_("Misère"),
    "OMIS": N_("Open misère"),
    "BMIS": N_("Blind misère"),
    "GAME": NP_("bid", "Game"),
}
_CALL_SHORT = {**_CALL_NAMES, "MIS": N_("Mis"), "OMIS": N_("Open mis"), "BMIS": N_("Blind mis")}


def translated(marked: str | tuple[str, str]) -> str:
    """A message marked with ``N_()`` or ``NP_()``, translated."""
    return pgettext(*marked) if isinstance(marked, tuple) else _(marked)


def bid_name(bid: str) -> str:
    """Screen-reader name of a call: ``Seven hearts``, ``Misère``, ``Pass``."""
    level = bid_level(bid)
    if level is not None:
        return _("{level} {denomination}").format(
            level=pgettext(*_LEVEL_NAMES[level]),
            denomination=pgettext(*_DENOMINATION_PLURALS[bid_denomination(bid) or "NT"]),
        )
    return translated(_CALL_NAMES[bid]) if bid in _CALL_NAMES else bid


def bid_short(bid: str) -> str:
    """Compact visible label of a call: ``7♥``, ``10NT``, ``Mis``, ``Pass``."""
    level = bid_level(bid)
    if level is not None:
        denom = bid_denomination(bid) or ""
        return f"{level}{SUIT_SYMBOLS.get(denom) or _('NT')}"
    return translated(_CALL_SHORT[bid]) if bid in _CALL_SHORT else bid


def bid_display(bid: str) -> str:
    """A contract as shown on the table: ``7♥`` for suit bids, the full name otherwise."""
    return bid_short(bid) if bid_level(bid) is not None else bid_name(bid)


def contract_display(bid: str, trump: str | None) -> str:
    """A contract as shown on the table, with its trumps when the bid does not name them:
    ``7♥``, ``Game (♥)``, ``Game (NT)``."""
    shown = bid_display(bid)
    if bid != "GAME" or trump not in (*SUIT_SYMBOLS, "NT"):
        return shown
    # Translators: a "Game" contract and its trumps: "Game (♥)", "Game (NT)".
    return _("{contract} ({trumps})").format(
        contract=shown, trumps=SUIT_SYMBOLS.get(trump or "", "") or _("NT")
    )


def contract_name(bid: str, trump: str | None) -> str:
    """Screen-reader name of a contract: ``Seven hearts``, ``Game, Hearts are trumps``."""
    if bid != "GAME" or not trump:
        return bid_name(bid)
    # Translators: a contract's name, then its trumps ("Game, Hearts are trumps").
    return _("{bid}, {trumps}").format(bid=bid_name(bid), trumps=trump_name(trump))


def trump_name(trump: str | None) -> str:
    """The contract's denomination as a phrase: ``hearts are trumps``, ``no trumps``."""
    if trump is None:
        return ""
    if trump == "NT":
        return _("No trumps")
    if trump == "MIS":
        return _("Misère: no trumps")
    return _("{suit} are trumps").format(suit=suit_title(trump))


# --- seats and sides ----------------------------------------------------------------------------

# Default names by table size, seat 0 (the human) first; positions in ui.model.SEAT_POSITIONS.
_DEFAULT_NAMES = {
    2: (N_("You"), N_("North")),
    3: (N_("You"), N_("West"), N_("East")),
    4: (N_("You"), N_("West"), N_("North"), N_("East")),
    5: (N_("You"), N_("West"), N_("Northwest"), N_("Northeast"), N_("East")),
    6: (N_("You"), N_("West"), N_("Northwest"), N_("North"), N_("Northeast"), N_("East")),
}


def default_name(seat: int, players: int) -> str:
    names = _DEFAULT_NAMES.get(players, ())
    if seat < len(names):
        return _(names[seat])
    return _("Player {n}").format(n=seat + 1)


# The six-handed table has three northern seats: their avatars need more than one letter.
_SIX_INITIALS = {
    2: NP_("seat initials", "NW"),
    3: NP_("seat initials", "N"),
    4: NP_("seat initials", "NE"),
}
_FIVE_INITIALS = {2: _SIX_INITIALS[2], 3: _SIX_INITIALS[4]}


def initials(seat: int, players: int, name: str) -> str:
    """The letters in a seat's avatar: the name's first letter, or for the six-handed
    table's northern seats under their default names a compass abbreviation (NW, N, NE).

    >>> initials(1, 4, "West"), initials(2, 6, "Northwest"), initials(2, 6, "ann")
    ('W', 'NW', 'A')
    """
    compass = {6: _SIX_INITIALS, 5: _FIVE_INITIALS}.get(players, {})
    if seat in compass and name == default_name(seat, players):
        return pgettext(*compass[seat])
    return name[:1].upper() or "?"


def join_names(names: list[str]) -> str:
    """``["You", "North"]`` -> ``You & North``; three names -> ``A, B & C``."""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return _("{first} & {second}").format(first=names[0], second=names[1])
    return _("{first}, {second} & {third}").format(
        first=names[0], second=names[1], third=", ".join(names[2:])
    )


def tricks_text(n: int) -> str:
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def points_text(n: int) -> str:
    return ngettext("{n} point", "{n} points", abs(n)).format(n=n)


def number(n: int) -> str:
    """``250``, ``−110`` (a true minus sign, as :func:`signed` writes it)."""
    return f"−{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """``+30``, ``−250``, ``0`` (a true minus sign)."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"−{-n}"
    return "0"
