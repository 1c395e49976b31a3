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

from ui.i18n import N_, _, ngettext

SUIT_LETTERS = "SCDH"
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
DENOMINATIONS = ("S", "C", "D", "H", "NT")
MISERE_BIDS = ("MIS", "OMIS", "BMIS")

_SUIT_NAMES = {"S": N_("spades"), "C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts")}
_SUIT_TITLES = {"S": N_("Spades"), "C": N_("Clubs"), "D": N_("Diamonds"), "H": N_("Hearts")}
_RANK_NAMES = {
    "A": N_("Ace"),
    "K": N_("King"),
    "Q": N_("Queen"),
    "J": N_("Jack"),
    "13": N_("Thirteen"),
    "12": N_("Twelve"),
    "11": N_("Eleven"),
    "10": N_("Ten"),
    "9": N_("Nine"),
    "8": N_("Eight"),
    "7": N_("Seven"),
    "6": N_("Six"),
    "5": N_("Five"),
    "4": N_("Four"),
    "3": N_("Three"),
    "2": N_("Two"),
}
_LEVEL_NAMES = {6: N_("Six"), 7: N_("Seven"), 8: N_("Eight"), 9: N_("Nine"), 10: N_("Ten")}
_DENOMINATION_PLURALS = {
    "S": N_("spades"),
    "C": N_("clubs"),
    "D": N_("diamonds"),
    "H": N_("hearts"),
    "NT": N_("no trumps"),
}


def split_card(card: str) -> tuple[str, str]:
    """``"10H"`` -> ``("10", "H")``; jokers -> ``("JK", "")`` / ``("BJ", "")``."""
    base = card.split(":")[0]
    if base in ("JK", "BJ"):
        return base, ""
    return base[:-1], base[-1]


def is_joker(card: str) -> bool:
    return card.split(":")[0] in ("JK", "BJ")


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
    return _("{rank} of {suit}").format(rank=_(_RANK_NAMES[rank]), suit=suit_name(suit))


def card_short(card: str) -> str:
    """Compact visible label: ``A♠``, ``10♥``, ``Jkr``."""
    rank, suit = split_card(card)
    if rank == "JK":
        return _("Jkr")
    if rank == "BJ":
        return _("BJkr")
    return rank + SUIT_SYMBOLS[suit]


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


def bid_name(bid: str) -> str:
    """Screen-reader name of a call: ``Seven hearts``, ``Misère``, ``Pass``."""
    level = bid_level(bid)
    if level is not None:
        return _("{level} {denomination}").format(
            level=_(_LEVEL_NAMES[level]),
            denomination=_(_DENOMINATION_PLURALS[bid_denomination(bid) or "NT"]),
        )
    return {
        "PASS": _("Pass"),
        "MIS": _("Misère"),
        "OMIS": _("Open misère"),
        "BMIS": _("Blind misère"),
        "GAME": _("Game"),
    }.get(bid, bid)


def bid_short(bid: str) -> str:
    """Compact visible label of a call: ``7♥``, ``10NT``, ``Mis``, ``Pass``."""
    level = bid_level(bid)
    if level is not None:
        denom = bid_denomination(bid) or ""
        return f"{level}{SUIT_SYMBOLS.get(denom, denom)}"
    return {
        "PASS": _("Pass"),
        "MIS": _("Mis"),
        "OMIS": _("Open mis"),
        "BMIS": _("Blind mis"),
        "GAME": _("Game"),
    }.get(bid, bid)


def bid_display(bid: str) -> str:
    """A contract as shown on the table: ``7♥`` for suit bids, the full name otherwise."""
    return bid_short(bid) if bid_level(bid) is not None else bid_name(bid)


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
    3: (N_("You"), N_("West"), N_("East")),
    4: (N_("You"), N_("West"), N_("North"), N_("East")),
    6: (N_("You"), N_("West"), N_("Northwest"), N_("North"), N_("Northeast"), N_("East")),
}


def default_name(seat: int, players: int) -> str:
    names = _DEFAULT_NAMES.get(players, ())
    if seat < len(names):
        return _(names[seat])
    return _("Player {n}").format(n=seat + 1)


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


def signed(n: int) -> str:
    """``+30``, ``−250``, ``0`` (a true minus sign)."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"−{-n}"
    return "0"
