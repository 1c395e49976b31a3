"""Labels, groups and one-line help of the rule options, and keeping a rule set consistent.

The option names, their allowed values and their help come from the engine
(``game.rules.OPTIONS``); this module only adds translatable labels. ``OPTION_HELP``
repeats the engine's help texts so that gettext can extract them (a unit test checks they
match the engine's).

>>> adjust_rules(Rules.preset("australian").to_dict(), "players", 6)[0]["deck"]
63
"""

from __future__ import annotations

import itertools
from typing import Any

from game.rules import OPTIONS, Rules, bid_table
from ui.i18n import N_, _, ngettext
from ui.names import points_text, tricks_text

GROUPS: list[tuple[str, tuple[str, ...]]] = [
    (N_("Table"), ("players", "deck", "teams", "first_dealer")),
    (N_("Bidding"), ("bidding", "raise_own_bid", "minimum_contract", "game_bid", "sans_kitty")),
    (
        N_("Misère"),
        (
            "misere",
            "misere_value",
            "eight_spades_overcalls_misere",
            "open_misere_value",
            "open_misere_beats_10h",
            "open_misere_after_8",
            "blind_misere",
            "misere_partner",
            "open_misere_exposed",
            "misere_play_out",
        ),
    ),
    (N_("Play"), ("joker_lead",)),
    (
        N_("Scoring"),
        (
            "target",
            "must_bid_to_win",
            "defender_cap_margin",
            "slam_bonus",
            "failed_contract_to_defenders",
            "going_out_backwards",
        ),
    ),
]

OPTION_LABELS = {
    "players": N_("Players"),
    "deck": N_("Deck"),
    "teams": N_("Sides"),
    "bidding": N_("Bidding style"),
    "raise_own_bid": N_("Raise your own bid"),
    "misere": N_("Misère"),
    "misere_value": N_("Misère value"),
    "eight_spades_overcalls_misere": N_("8♠ overcalls misère"),
    "open_misere_value": N_("Open misère value"),
    "open_misere_beats_10h": N_("Open misère beats 10♥"),
    "open_misere_after_8": N_("Open misère only after an 8 bid"),
    "blind_misere": N_("Blind misère"),
    "misere_partner": N_("Misère partner"),
    "open_misere_exposed": N_("Open misère hand shown"),
    "joker_lead": N_("Leading the joker"),
    "must_bid_to_win": N_("Must bid to win"),
    "defender_cap_margin": N_("Defenders stop below the target by"),
    "slam_bonus": N_("Slam bonus"),
    "minimum_contract": N_("Minimum contract"),
    "game_bid": N_("“Game” bid"),
    "failed_contract_to_defenders": N_("Failed contract goes to defenders"),
    "target": N_("Target score"),
    "first_dealer": N_("First dealer"),
    "sans_kitty": N_("Play without the kitty"),
    "misere_play_out": N_("Play out misère hands"),
    "going_out_backwards": N_("Going out backwards"),
}

OPTION_HELP = {
    "players": N_("Number of players at the table."),
    "deck": N_(
        "Cards in the pack: 33 (2 or 3 players), 43/45/46 (4 players), 53 (5 players), "
        "63/65/66 (6 players)."
    ),
    "teams": N_(
        "Sides: individual (2, 3 or 5 players; five-handed, a partner is called by a card), "
        "2v2 (4), 2v2v2 or 3v3 (6)."
    ),
    "bidding": N_(
        "Australian: bid round and round until all but one pass. American: one round, inkles."
    ),
    "raise_own_bid": N_("The high bidder may raise their own bid once all others have passed."),
    "misere": N_("When misère may be bid: only after somebody bid 7, at any time, or never."),
    "misere_value": N_("Points for misère (210: 7NT overcalls it)."),
    "eight_spades_overcalls_misere": N_("With misère at 250, 8♠ (240) still overcalls it."),
    "open_misere_value": N_(
        "Points for open misère (330: any 9 overcalls; 430: any 10; 520: nothing does)."
    ),
    "open_misere_beats_10h": N_("Open misère at 500 outranks 10♥ (only 10NT overcalls it)."),
    "open_misere_after_8": N_("Open misère may be bid only after somebody bid 8."),
    "blind_misere": N_("Blind misère (open misère's value) may be bid before looking at the hand."),
    "misere_partner": N_(
        "In misère the partner sits out, or the contractor also plays the partner's open hand."
    ),
    "open_misere_exposed": N_("When the open misère hand is laid face up."),
    "joker_lead": N_(
        "Leading the joker in no trumps/misère: as a suit not yet led, as any suit, "
        "or only to the last trick."
    ),
    "must_bid_to_win": N_("A side can only win by making a contract; defending stops at 490."),
    "defender_cap_margin": N_(
        "With must-bid-to-win, defenders' trick points stop this far below the target."
    ),
    "slam_bonus": N_("All ten tricks on a bid worth less than 250 scores 250."),
    "minimum_contract": N_(
        "The auction is thrown in unless the winning bid reaches this many tricks."
    ),
    "game_bid": N_("The 'Game' bid: all ten tricks for 1000, above 10NT."),
    "failed_contract_to_defenders": N_(
        "A failed contract gives its value to the defenders instead of a loss."
    ),
    "target": N_("Points needed to win (and minus this to lose)."),
    "first_dealer": N_("First dealer at random, or by drawing cards (lowest deals)."),
    "sans_kitty": N_("The contractor may play without taking the kitty."),
    "misere_play_out": N_(
        "A misère is played out to the tenth trick instead of stopping at the contractor's "
        "first trick."
    ),
    "going_out_backwards": N_(
        "Reaching minus the target loses the game, or (three-handed, 002) that player plays on "
        "until somebody wins."
    ),
}

VALUE_LABELS: dict[str, dict[Any, str]] = {
    "teams": {
        "individual": N_("Each for themself"),
        "2v2": N_("Two teams of two"),
        "2v2v2": N_("Three teams of two"),
        "3v3": N_("Two teams of three"),
    },
    "bidding": {
        "australian": N_("Australian (round and round)"),
        "american": N_("American (one round, inkles)"),
    },
    "misere": {"after-7": N_("After a 7 bid"), "anytime": N_("Any time"), "off": N_("Off")},
    "misere_partner": {"sits-out": N_("Sits out"), "both-hands": N_("Contractor plays both hands")},
    "open_misere_exposed": {
        "after-first-trick": N_("After the first trick"),
        "from-start": N_("From the start"),
    },
    "joker_lead": {
        "unled-suit": N_("As a suit not led yet"),
        "any": N_("As any suit"),
        "last-trick": N_("Only to the last trick"),
    },
    "first_dealer": {"random": N_("At random"), "draw": N_("Drawn (lowest card deals)")},
    "going_out_backwards": {
        "ends-game": N_("Ends the game"),
        "plays-on": N_("The player plays on"),
    },
}

PRESET_LABELS = {
    "australian": N_("Australian (standard)"),
    "american": N_("American"),
    "two-handed": N_("Two players"),
    "three-handed": N_("Three players"),
    "five-handed": N_("Five players"),
    "six-handed": N_("Six players"),
    "46-card-1000": N_("46 cards, 1000 points"),
    "custom": N_("Custom"),
}


def option_label(name: str) -> str:
    return _(OPTION_LABELS.get(name, name))


def option_help(name: str) -> str:
    return _(OPTION_HELP.get(name) or OPTIONS[name].help)


def value_label(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    label = VALUE_LABELS.get(name, {}).get(value)
    if label:
        return _(label)
    if name == "deck":
        return ngettext("{n} card", "{n} cards", value).format(n=value)
    if name == "minimum_contract":
        return tricks_text(value)
    if name in ("target", "misere_value", "open_misere_value", "defender_cap_margin"):
        return points_text(value)
    return str(value)


def preset_label(name: str) -> str:
    return _(PRESET_LABELS.get(name, name))


class OptionError(ValueError):
    """A settings choice that cannot be used; ``str()`` is English for developers, the
    settings dialog shows ``ui.errors_text.error_text(error)`` (translated from ``code``:
    ``option-value`` or ``option-conflict``, ``params``: ``option`` and ``value``).

    >>> try:
    ...     parse_value("players", "five")
    ... except OptionError as exc:
    ...     print(exc, exc.code, exc.params)
    players cannot be 'five' option-value {'option': 'players', 'value': 'five'}
    """

    def __init__(self, message: str, code: str, option: str, value: Any):
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = {"option": option, "value": value}


def _valid(data: dict[str, Any]) -> Rules | None:
    try:
        return Rules.from_dict(data)
    except (ValueError, TypeError):
        return None


def adjust_rules(
    current: dict[str, Any], name: str, value: Any
) -> tuple[dict[str, Any], list[str]]:
    """Set one option; if the engine rejects the combination, change as few other options
    as possible (their first allowed values first) until it accepts it.

    Returns the new rules dict and the names of the other options that changed. The
    engine alone decides what is consistent; this only searches.
    """
    spec = OPTIONS[name]
    if value not in spec.allowed:
        raise OptionError(f"{name} cannot be {value!r}", "option-value", name, value)
    base = dict(current)
    base[name] = value
    if _valid(base) is not None:
        return base, []
    others = [n for n in OPTIONS if n != name]
    for size in (1, 2, 3):
        for combo in itertools.combinations(others, size):
            choices = [OPTIONS[n].allowed for n in combo]
            for values in itertools.product(*choices):
                trial = dict(base)
                trial.update(zip(combo, values))
                if _valid(trial) is not None:
                    return trial, [n for n, v in zip(combo, values) if current.get(n) != v]
    raise OptionError(f"no consistent rules with {name}={value!r}", "option-conflict", name, value)


def parse_value(name: str, text: str) -> Any:
    """A form value (string) back to the option's type, checked against the allowed values."""
    for allowed in OPTIONS[name].allowed:
        if str(allowed).lower() == text.lower():
            return allowed
    raise OptionError(f"{name} cannot be {text!r}", "option-value", name, text)


def score_table(rules: Rules) -> dict[str, Any]:
    """The bid values for the rules page: a grid of suit bids and the special bids."""
    table = bid_table(rules)
    grid = []
    for level in range(6, 11):
        grid.append(
            [(f"{level}{d}", table.value.get(f"{level}{d}")) for d in ("S", "C", "D", "H", "NT")]
        )
    specials = [(b, table.value[b]) for b in ("MIS", "OMIS", "BMIS", "GAME") if b in table.value]
    order = list(table.order)
    return {"grid": grid, "specials": specials, "order": order}
