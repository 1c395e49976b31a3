"""Rule options, presets and the bid table (RULES.md §3, §5, §8).

>>> r = Rules.preset("australian")
>>> r.players, r.deck, r.misere, r.must_bid_to_win
(4, 43, 'after-7', True)
>>> r.with_options(misere="anytime").misere
'anytime'
>>> Rules.preset("canasta")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown preset 'canasta' (choose from australian, american, ...)
>>> bid_table(r).value["MIS"], bid_table(r).value["8S"]
(250, 240)
>>> bid_table(r).rank["8S"] > bid_table(r).rank["MIS"]
True
"""

from __future__ import annotations

import functools
from typing import Any

from game.frozen import Frozen

DENOMINATIONS = ("S", "C", "D", "H", "NT")


class OptionSpec(Frozen):
    """One rule option: its allowed values and a one-line explanation."""

    __slots__ = _fields = ("allowed", "help")
    allowed: tuple[Any, ...]
    help: str

    def __init__(self, allowed: tuple[Any, ...], help: str) -> None:  # noqa: A002 (the field)
        object.__setattr__(self, "allowed", allowed)
        object.__setattr__(self, "help", help)


OPTIONS: dict[str, OptionSpec] = {
    "players": OptionSpec((3, 4, 6, 2, 5), "Number of players at the table."),
    "deck": OptionSpec(
        (33, 43, 45, 46, 63, 65, 66, 53),
        "Cards in the pack: 33 (2 or 3 players), 43/45/46 (4 players), 53 (5 players), "
        "63/65/66 (6 players).",
    ),
    "teams": OptionSpec(
        ("individual", "2v2", "2v2v2", "3v3"),
        "Sides: individual (2, 3 or 5 players; five-handed, a partner is called by a card), "
        "2v2 (4), 2v2v2 or 3v3 (6).",
    ),
    "bidding": OptionSpec(
        ("australian", "american"),
        "Australian: bid round and round until all but one pass. American: one round, inkles.",
    ),
    "raise_own_bid": OptionSpec(
        (False, True), "The high bidder may raise their own bid once all others have passed."
    ),
    "misere": OptionSpec(
        ("after-7", "anytime", "off"),
        "When misère may be bid: only after somebody bid 7, at any time, or never.",
    ),
    "misere_value": OptionSpec((250, 230, 210), "Points for misère (210: 7NT overcalls it)."),
    "eight_spades_overcalls_misere": OptionSpec(
        (True, False), "With misère at 250, 8♠ (240) still overcalls it."
    ),
    "open_misere_value": OptionSpec(
        (500, 330, 430, 520),
        "Points for open misère (330: any 9 overcalls; 430: any 10; 520: nothing does).",
    ),
    "open_misere_beats_10h": OptionSpec(
        (False, True), "Open misère at 500 outranks 10♥ (only 10NT overcalls it)."
    ),
    "open_misere_after_8": OptionSpec(
        (False, True), "Open misère may be bid only after somebody bid 8."
    ),
    "blind_misere": OptionSpec(
        (False, True), "Blind misère (open misère's value) may be bid before looking at the hand."
    ),
    "misere_partner": OptionSpec(
        ("sits-out", "both-hands"),
        "In misère the partner sits out, or the contractor also plays the partner's open hand.",
    ),
    "open_misere_exposed": OptionSpec(
        ("after-first-trick", "from-start"),
        "When the open misère hand is laid face up.",
    ),
    "misere_play_out": OptionSpec(
        (False, True),
        "A misère is played out to the tenth trick instead of stopping at the contractor's "
        "first trick.",
    ),
    "joker_lead": OptionSpec(
        ("unled-suit", "any", "last-trick"),
        "Leading the joker in no trumps/misère: as a suit not yet led, as any suit, "
        "or only to the last trick.",
    ),
    "must_bid_to_win": OptionSpec(
        (True, False), "A side can only win by making a contract; defending stops at 490."
    ),
    "defender_cap_margin": OptionSpec(
        (10, 20), "With must-bid-to-win, defenders' trick points stop this far below the target."
    ),
    "slam_bonus": OptionSpec(
        (True, False), "All ten tricks on a bid worth less than 250 scores 250."
    ),
    "minimum_contract": OptionSpec(
        (6, 7, 8), "The auction is thrown in unless the winning bid reaches this many tricks."
    ),
    "game_bid": OptionSpec((False, True), "The 'Game' bid: all ten tricks for 1000, above 10NT."),
    "failed_contract_to_defenders": OptionSpec(
        (False, True), "A failed contract gives its value to the defenders instead of a loss."
    ),
    "target": OptionSpec((500, 1000), "Points needed to win (and minus this to lose)."),
    "going_out_backwards": OptionSpec(
        ("ends-game", "plays-on"),
        "Reaching minus the target loses the game, or (three-handed, 002) that player plays on "
        "until somebody wins.",
    ),
    "first_dealer": OptionSpec(
        ("random", "draw"), "First dealer at random, or by drawing cards (lowest deals)."
    ),
    "sans_kitty": OptionSpec((False, True), "The contractor may play without taking the kitty."),
}

_DECKS_FOR_PLAYERS = {2: (33,), 3: (33,), 4: (43, 45, 46), 5: (53,), 6: (63, 65, 66)}
_TEAMS_FOR_PLAYERS = {
    2: ("individual",),
    3: ("individual",),
    4: ("2v2",),
    5: ("individual",),
    6: ("2v2v2", "3v3"),
}


_SIDES_OF_TEAMS = {"2v2": 2, "2v2v2": 3, "3v3": 2}
"""Sides per team layout (``individual``: one per player)."""


class Rules(Frozen):
    """Every rule option of RULES.md, fixed. Build with ``preset()`` and ``with_options()``.

    The options are class attributes (their defaults); a rule set built by ``with_options()``
    holds its own values. ``_fields``: the options, in the order of ``OPTIONS``.
    """

    _fields = tuple(OPTIONS)

    players: int = 4
    deck: int = 43
    teams: str = "2v2"
    bidding: str = "australian"
    raise_own_bid: bool = False
    misere: str = "after-7"
    misere_value: int = 250
    eight_spades_overcalls_misere: bool = True
    open_misere_value: int = 500
    open_misere_beats_10h: bool = False
    open_misere_after_8: bool = False
    blind_misere: bool = False
    misere_partner: str = "sits-out"
    open_misere_exposed: str = "after-first-trick"
    misere_play_out: bool = False
    joker_lead: str = "unled-suit"
    must_bid_to_win: bool = True
    defender_cap_margin: int = 10
    slam_bonus: bool = True
    minimum_contract: int = 6
    game_bid: bool = False
    failed_contract_to_defenders: bool = False
    target: int = 500
    going_out_backwards: str = "ends-game"
    first_dealer: str = "random"
    sans_kitty: bool = False

    PRESETS = (
        "australian",
        "american",
        "three-handed",
        "six-handed",
        "46-card-1000",
        "two-handed",
        "five-handed",
    )

    @staticmethod
    def preset(name: str) -> Rules:
        """The named preset of RULES.md §8; unknown names raise ``ValueError``."""
        overrides = _PRESETS.get(name)
        if overrides is None:
            raise ValueError(f"unknown preset {name!r} (choose from {', '.join(Rules.PRESETS)})")
        return Rules().with_options(**overrides)

    def with_options(self, **options: Any) -> Rules:
        """A copy with some options changed; unknown names or bad values raise ``ValueError``.

        >>> Rules().with_options(target=750)
        Traceback (most recent call last):
        ...
        ValueError: target must be one of 500, 1000 (got 750)
        """
        for name, value in options.items():
            spec = OPTIONS.get(name)
            if spec is None:
                raise ValueError(f"unknown rule option {name!r}")
            if type(value) is not type(spec.allowed[0]) or value not in spec.allowed:
                allowed = ", ".join(str(a) for a in spec.allowed)
                raise ValueError(f"{name} must be one of {allowed} (got {value!r})")
        rules = Rules()
        for name, value in {**self.to_dict(), **options}.items():
            object.__setattr__(rules, name, value)
        rules._check_consistency()
        return _interned(rules)

    def _check_consistency(self) -> None:
        if self.deck not in _DECKS_FOR_PLAYERS[self.players]:
            decks = " or ".join(str(d) for d in _DECKS_FOR_PLAYERS[self.players])
            raise ValueError(f"{self.players} players need a {decks}-card deck (got {self.deck})")
        if self.teams not in _TEAMS_FOR_PLAYERS[self.players]:
            teams = " or ".join(_TEAMS_FOR_PLAYERS[self.players])
            raise ValueError(f"{self.players} players play as {teams} (got {self.teams})")
        if self.open_misere_after_8 and self.misere != "after-7":
            raise ValueError("open_misere_after_8 needs misere='after-7'")

    @functools.cached_property
    def dead_hand_size(self) -> int:
        """Cards of the dead hand: two-handed, a third hand is dealt and never played (pagat)."""
        return 10 if self.players == 2 else 0

    @functools.cached_property
    def kitty_size(self) -> int:
        return self.deck - 10 * self.players - self.dead_hand_size

    @functools.cached_property
    def calls_partner(self) -> bool:
        """Five-handed: the contractor calls a partner by naming a card (pagat)."""
        return self.players == 5

    @functools.cached_property
    def num_sides(self) -> int:
        return _SIDES_OF_TEAMS.get(self.teams) or self.players

    def __hash__(self) -> int:
        """Computed once: rules key the engine's caches (bid tables, legal bids)."""
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(self._values())
            object.__setattr__(self, "_hash", cached)
        return cached

    def side_of(self, seat: int) -> int:
        """Side index of a seat: partners sit opposite (RULES.md §2)."""
        return seat % self.num_sides

    def to_dict(self) -> dict[str, Any]:
        # Every option is a plain value: no deep copy needed (asdict is slow, and views call this).
        return {name: getattr(self, name) for name in self._fields}

    @staticmethod
    def from_dict(data: Any) -> Rules:
        """Rebuild rules from ``to_dict()``; missing options keep their defaults."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object of option names and values")
        return Rules().with_options(**data)


_INTERNED: dict[Rules, Rules] = {}


def _interned(rules: Rules) -> Rules:
    """The first equal rule set built (rules are immutable): the engine's caches keyed by
    rules (bid tables, legal bids) then find theirs by identity, without comparing every
    option each hand.

    >>> Rules.preset("american") is Rules.preset("american")
    True
    """
    if len(_INTERNED) > 1024:
        _INTERNED.clear()
    return _INTERNED.setdefault(rules, rules)


_PRESETS: dict[str, dict[str, Any]] = {
    "australian": {},
    "american": {
        "bidding": "american",
        "must_bid_to_win": False,
        "open_misere_exposed": "from-start",
        "open_misere_beats_10h": True,
        "joker_lead": "any",
    },
    "three-handed": {
        "players": 3,
        "deck": 33,
        "teams": "individual",
        "first_dealer": "draw",
        "must_bid_to_win": False,
        "going_out_backwards": "plays-on",
    },
    "six-handed": {"players": 6, "deck": 63, "teams": "2v2v2"},
    "two-handed": {"players": 2, "deck": 33, "teams": "individual"},
    "five-handed": {"players": 5, "deck": 53, "teams": "individual"},
    "46-card-1000": {
        "deck": 46,
        "minimum_contract": 8,
        "game_bid": True,
        "failed_contract_to_defenders": True,
        "target": 1000,
        "misere": "off",
        "must_bid_to_win": False,
    },
}


class BidTable(Frozen):
    """All bids of a rule set: ascending ``order``, ``rank``, ``value``, ``tricks``."""

    __slots__ = _fields = ("order", "rank", "value", "tricks", "denomination")
    order: tuple[str, ...]
    rank: dict[str, int]
    value: dict[str, int]
    tricks: dict[str, int]
    """Tricks the contractor must take (misère family: 0, meaning none at all)."""
    denomination: dict[str, str]
    """``S C D H NT`` for suit bids, ``MIS`` for the misère family, ``GAME``."""

    def __init__(
        self,
        order: tuple[str, ...],
        rank: dict[str, int],
        value: dict[str, int],
        tricks: dict[str, int],
        denomination: dict[str, str],
    ) -> None:
        for name, field in zip(self._fields, (order, rank, value, tricks, denomination)):
            object.__setattr__(self, name, field)


def _pos(level: int, denom: int) -> int:
    return ((level - 6) * 5 + denom) * 10


@functools.lru_cache(maxsize=64)
def bid_table(rules: Rules) -> BidTable:
    """The bids available under ``rules``, ranked as RULES.md §3 and §5 say."""
    rank: dict[str, int] = {}
    value: dict[str, int] = {}
    tricks: dict[str, int] = {}
    denomination: dict[str, str] = {}
    for level in range(6, 11):
        for d, name in enumerate(DENOMINATIONS):
            bid = f"{level}{name}"
            rank[bid] = _pos(level, d)
            value[bid] = 40 + (level - 6) * 100 + d * 20
            tricks[bid] = level
            denomination[bid] = name
    if rules.misere != "off":
        mis_pos = {
            210: _pos(7, 3) + 5,
            230: _pos(7, 4) + 5,
            250: _pos(7, 4) + 5 if rules.eight_spades_overcalls_misere else _pos(8, 0) + 5,
        }[rules.misere_value]
        open_pos = {
            330: _pos(8, 4) + 5,
            430: _pos(9, 4) + 5,
            500: _pos(10, 3) + 5 if rules.open_misere_beats_10h else _pos(10, 2) + 5,
            520: _pos(10, 4) + 5,
        }[rules.open_misere_value]
        names = ["MIS", "OMIS"] + (["BMIS"] if rules.blind_misere else [])
        for bid in names:
            rank[bid] = mis_pos if bid == "MIS" else open_pos
            value[bid] = rules.misere_value if bid == "MIS" else rules.open_misere_value
            tricks[bid] = 0
            denomination[bid] = "MIS"
    if rules.game_bid:
        rank["GAME"], value["GAME"], tricks["GAME"], denomination["GAME"] = (
            _pos(10, 4) + 8,
            1000,
            10,
            "GAME",
        )
    order = tuple(sorted(rank, key=lambda b: (rank[b], b)))
    return BidTable(order, rank, value, tricks, denomination)
