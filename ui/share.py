"""Shared deals and the deal of the day: everything is in the URL, no server.

A shared link carries the rules and the seed, and optionally which of the seed's hands to
start from: ``?deal=SEED&rules=RULES[&hand=K][&bots=LEVEL]``. ``RULES`` is a preset's name,
or ``x`` + the options that differ from the defaults as base64url JSON. The friend who
opens it gets the same cards (the same first hand), and the bots, seeded by the game's seed
and the number of actions, answer the same moves the same way.

The deal of the day, ``?daily=YYYY-MM-DD``, is a game of the Australian preset whose seed
comes from the date: the same for everyone on that date (see :mod:`ui.daily` for the
results kept per day).

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("american"), seed=42)
>>> share_query(g)
'?deal=42&rules=american'
>>> link = parse_link(share_query(g) + "&hand=3")
>>> (link.seed, link.hand, link.rules == Rules.preset("american"))
(42, 3, True)
>>> start_game(parse_link("?deal=42&rules=american")) == g
True
>>> daily_seed("2026-12-03") == daily_seed("2026-12-03") != daily_seed("2026-12-04")
True
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass

from game import Game, Rules, new_game
from game.seeding import first_hand_index, seed_deal
from ui.query import GAME_PARAMS
from ui.query import parse as query_params
from ui.settings import LEVELS, preset_of
from ui.storage import sha256_hex

LINK_PARAMS = (*GAME_PARAMS, "rules", "hand")
"""The query parameters of a link, dropped from the address once the game has started."""
DAILY_PRESET = "australian"
MAX_HAND = 199


@dataclass(frozen=True)
class Link:
    """A game asked for by the URL."""

    rules: Rules
    seed: int
    hand: int = 0
    daily: str | None = None  # "YYYY-MM-DD" for the deal of the day
    bots: str | None = None  # every bot's level, when the link says


def encode_rules(rules: Rules) -> str:
    """A preset's name, or ``x`` + base64url JSON of the options that differ from defaults."""
    preset = preset_of(rules)
    if preset != "custom":
        return preset
    defaults = Rules().to_dict()
    changed = {k: v for k, v in rules.to_dict().items() if defaults.get(k) != v}
    raw = json.dumps(changed, separators=(",", ":"), sort_keys=True).encode()
    return "x" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_rules(text: str) -> Rules:
    """The rules of :func:`encode_rules`; ``ValueError`` when they are not valid."""
    if text in Rules.PRESETS:
        return Rules.preset(text)
    if not text.startswith("x") or len(text) > 2000:
        raise ValueError(f"unknown rules {text[:40]!r}")
    body = text[1:]
    try:
        data = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (ValueError, TypeError) as exc:
        raise ValueError(f"the rules cannot be read: {exc}") from None
    try:
        return Rules.from_dict(data)
    except TypeError as exc:
        raise ValueError(str(exc)) from None


def daily_seed(date: str) -> int:
    """The seed of the deal of the day for ``date`` (``YYYY-MM-DD``)."""
    digest = sha256_hex(f"fivehundred/daily/{date}")
    return int(digest[:8], 16) % (2**31)


def valid_date(text: str) -> str | None:
    """``text`` if it is a date ``YYYY-MM-DD``, else None."""
    import datetime  # here, not at the top: only a deal of the day needs it, not the start

    try:
        return datetime.date.fromisoformat(text).isoformat() if len(text) == 10 else None
    except ValueError:
        return None


def daily_link(date: str) -> Link:
    return Link(Rules.preset(DAILY_PRESET), daily_seed(date), daily=date)


def parse_link(query: str) -> Link | None:
    """The game a URL asks for, or None (no link, or a damaged one: ignored)."""
    params = query_params(query.lstrip("?"))

    def first(name: str) -> str | None:
        values = params.get(name)
        return values[0].strip() if values else None

    daily = first("daily")
    if daily is not None:
        date = valid_date(daily)
        return daily_link(date) if date else None
    seed_text, rules_text = first("deal"), first("rules")
    if seed_text is None or not seed_text.isdigit():
        return None
    try:
        rules = decode_rules(rules_text or DAILY_PRESET)
    except ValueError:
        return None
    hand_text = first("hand") or "0"
    hand = int(hand_text) if hand_text.isdigit() and int(hand_text) <= MAX_HAND else 0
    bots = first("bots")
    return Link(rules, int(seed_text) % (2**31), hand, bots=bots if bots in LEVELS else None)


def start_game(link: Link) -> Game:
    """The game a link asks for: the seed's hand ``link.hand`` first."""
    if link.hand:
        return new_game(
            link.rules, seed=link.seed, deal=seed_deal(link.rules, link.seed, link.hand)
        )
    return new_game(link.rules, seed=link.seed)


def share_query(game: Game, from_hand: bool = False, bots: str | None = None) -> str | None:
    """The query of a link to ``game`` (from its first hand, or from the hand in progress),
    or None when its cards were not dealt from its seed (an imported prepared deal)."""
    offset = first_hand_index(game)
    if offset is None:
        return None
    params: dict[str, str | int] = {"deal": game.seed, "rules": encode_rules(game.rules)}
    hand = offset + (game.hand_number if from_hand else 0)
    if hand:
        params["hand"] = hand
    if bots in LEVELS:
        params["bots"] = bots
    from urllib.parse import urlencode  # here, not at the top: see ui/query.py

    return "?" + urlencode(params)


def without_link(query: str) -> str:
    """``query`` without the link's parameters (the address once the game has started)."""
    params = [
        (k, v)
        for k, values in query_params(query.lstrip("?"), keep_blank_values=True).items()
        for v in values
        if k not in LINK_PARAMS
    ]
    if not params:
        return ""
    from urllib.parse import urlencode  # here, not at the top: see ui/query.py

    return "?" + urlencode(params)
