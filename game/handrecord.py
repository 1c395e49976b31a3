"""Hand records: one hand of a game as text, to keep, send, review or play again.

A record holds the rules, the dealer, every hand and the kitty, and what was done: the
auction, the kitty choice (sans kitty), the discards, the partner call (five-handed), the
joker nomination and the cards played, a trick between slashes. One section per line,
cards and actions in the engine's notation (shared/CONTRACT.md)::

    Five Hundred hand record 1
    Rules: australian
    Hand: 3
    Dealer: 2
    Human: 0
    Seat 0: 5S 9S 10S QS 7C 9C QD KD 5H JK
    ...
    Kitty: 4D 8D 10D
    Auction: 6H PASS 7H PASS PASS PASS
    Discard: 4D 5S 7C
    Play: 5H 6H AH KH / ...

Reading a record re-validates it by replaying every action on the engine (never a copy
of the rules); bad text raises :class:`~game.errors.RecordError` with a ``code``.

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("american"), seed=5)
>>> while not g.hands_played:
...     g.act(g.legal_actions()[0] if g.phase != "bid" or g.auction else "7NT")
>>> text = format_hand(g, 0)
>>> text.splitlines()[:3]
['Five Hundred hand record 1', 'Rules: american', 'Hand: 1']
>>> record = parse_hand(text)
>>> record == record_of(g, 0), format_record(record) == text
(True, True)
>>> record.replay().hands_played[0]["tricks"] == g.hands_played[0]["tricks"]
True
>>> parse_hand("Five Hundred hand record 1\\nRules: canasta")
Traceback (most recent call last):
...
game.errors.RecordError: unknown preset 'canasta'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.cards import CARD_ID
from game.engine import Game, new_game
from game.errors import IllegalAction, RecordError
from game.rules import OPTIONS, Rules

HEADER = "Five Hundred hand record"
VERSION = 1
MAX_RECORD_CHARS = 20_000
"""Far more than a record needs (a six-handed hand with a long auction is under 2,000)."""

_LINE = re.compile(r"^([A-Za-z][A-Za-z ]*?|Seat \d{1,2})\s*:\s*(.*)$")
_KEYS = ("rules", "hand", "dealer", "human", "kitty", "dead", "auction", "kitty choice",
         "discard", "call", "nominate", "play")  # fmt: skip


@dataclass(frozen=True)
class HandRecord:
    """One hand: its deal and everything done in it, in engine notation."""

    rules: Rules
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    kitty: tuple[str, ...]
    dead: tuple[str, ...] = ()
    auction: tuple[str, ...] = ()
    kitty_choice: str | None = None  # "KITTY" | "NOKITTY" (sans kitty)
    discard: tuple[str, ...] = ()
    call: str | None = None  # the called card (five-handed)
    nominate: str | None = None  # "S" "C" "D" "H", or "-" (kept un-nominated)
    play: tuple[tuple[str, ...], ...] = ()  # the tricks, the last one maybe unfinished
    number: int = 1  # the hand's number in its game, from 1
    human: int = 0  # the seat the human player had

    def deal(self, to_seat_0: int = 0) -> dict[str, Any]:
        """The deal in :func:`game.new_game` form; ``to_seat_0`` turns the table so that
        seat's cards (and place) become seat 0's, partnerships kept.

        >>> r = HandRecord(Rules(), 3, (("AS",), ("KS",), ("QS",), ("JS",)), ("4D",))
        >>> r.deal(1)["dealer"], r.deal(1)["hands"][0]
        (2, ['KS'])
        """
        n = self.rules.players
        data: dict[str, Any] = {
            "dealer": (self.dealer - to_seat_0) % n,
            "hands": [list(self.hands[(s + to_seat_0) % n]) for s in range(n)],
            "kitty": list(self.kitty),
        }
        if self.dead:
            data["dead"] = list(self.dead)
        return data

    def actions(self) -> list[str]:
        """Every action of the hand, in the order they were made."""
        out = list(self.auction)
        if self.kitty_choice:
            out.append(self.kitty_choice)
        if self.discard:
            out.append("DISCARD " + " ".join(self.discard))
        if self.call:
            out.append("CALL " + self.call)
        if self.nominate:
            out.append("NOMINATE " + self.nominate)
        return out + [card for trick in self.play for card in trick]

    def replay(self, seed: int = 0) -> Game:
        """A game of this hand (hand index 0) with every action applied: the hand as it
        ended, for a review. Later hands are dealt from ``seed``."""
        game = new_game(self.rules, seed=seed, deal=self.deal())
        for action in self.actions():
            game.act(action)
        return game

    def fresh_game(self, seed: int | None = None, to_seat_0: int | None = None) -> Game:
        """A new game whose first hand is this deal, nothing played ("play this deal
        again"), turned so the human's seat (or ``to_seat_0``) is seat 0."""
        seat = self.human if to_seat_0 is None else to_seat_0
        return new_game(self.rules, seed=seed, deal=self.deal(seat))


# ---------------------------------------------------------------------- from a game
def record_of(game: Game, hand_index: int, human: int = 0) -> HandRecord:
    """The record of ``game``'s hand ``hand_index`` (a deal index: thrown-in hands count,
    as ``hands_played[i]["hand"]``), finished or in progress."""
    if not 0 <= hand_index < len(game.deals):
        raise ValueError(f"the game has no hand {hand_index} (it has {len(game.deals)})")
    deal = game.deals[hand_index]
    again = new_game(game.rules, seed=game.seed, deals=game.deals)
    steps: list[tuple[str, str]] = []  # (phase, action)
    tricks: list[list[str]] = []
    for action in game.actions:
        index = again.hand_number
        if index > hand_index:
            break
        phase = again.phase
        again.act(action)
        if index < hand_index:
            continue
        steps.append((phase, action))
        if phase == "play":
            if not tricks:
                tricks.append([])
            tricks[-1].append(action)
            if again.hand_number != index or not again.current_trick:
                tricks.append([])  # the trick is complete
    if tricks and not tricks[-1]:
        tricks.pop()

    def only(phase: str) -> str | None:
        found = [a for p, a in steps if p == phase]
        return found[0].split(" ", 1)[-1] if found else None

    discard = only("discard")
    return HandRecord(
        rules=game.rules,
        dealer=deal["dealer"],
        hands=tuple(tuple(h) for h in deal["hands"]),
        kitty=tuple(deal["kitty"]),
        dead=tuple(deal.get("dead", ())),
        auction=tuple(a for p, a in steps if p == "bid"),
        kitty_choice=only("kitty"),
        discard=tuple(discard.split()) if discard else (),
        call=only("call"),
        nominate=only("nominate"),
        play=tuple(tuple(t) for t in tricks),
        number=hand_index + 1,
        human=human,
    )


def format_hand(game: Game, hand_index: int, human: int = 0) -> str:
    """The text record of ``game``'s hand ``hand_index`` (see :func:`record_of`)."""
    return format_record(record_of(game, hand_index, human))


# ---------------------------------------------------------------------- text
def rules_text(rules: Rules) -> str:
    """The closest preset's name, then the options that differ from it.

    >>> rules_text(Rules.preset("six-handed").with_options(target=1000))
    'six-handed target=1000'
    """
    best = min(Rules.PRESETS, key=lambda name: len(_changes(Rules.preset(name), rules)))
    changes = _changes(Rules.preset(best), rules)
    return " ".join([best] + [f"{k}={_value_text(v)}" for k, v in changes])


def _changes(base: Rules, rules: Rules) -> list[tuple[str, Any]]:
    mine, theirs = rules.to_dict(), base.to_dict()
    return [(k, mine[k]) for k in OPTIONS if mine[k] != theirs[k]]


def _value_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def format_record(record: HandRecord) -> str:
    """The record as text, one section per line (sections with nothing to say left out)."""
    lines = [
        f"{HEADER} {VERSION}",
        f"Rules: {rules_text(record.rules)}",
        f"Hand: {record.number}",
        f"Dealer: {record.dealer}",
        f"Human: {record.human}",
    ]
    lines += [f"Seat {s}: {' '.join(h)}" for s, h in enumerate(record.hands)]
    lines.append(f"Kitty: {' '.join(record.kitty)}")
    if record.dead:
        lines.append(f"Dead: {' '.join(record.dead)}")
    if record.auction:
        lines.append(f"Auction: {' '.join(record.auction)}")
    if record.kitty_choice:
        lines.append(f"Kitty choice: {record.kitty_choice}")
    if record.discard:
        lines.append(f"Discard: {' '.join(record.discard)}")
    if record.call:
        lines.append(f"Call: {record.call}")
    if record.nominate:
        lines.append(f"Nominate: {record.nominate}")
    if record.play:
        lines.append("Play: " + " / ".join(" ".join(t) for t in record.play))
    return "\n".join(lines) + "\n"


def parse_hand(text: str) -> HandRecord:
    """Read a record and check it by replaying every action on the engine; raises
    :class:`~game.errors.RecordError` saying what is wrong."""
    if not isinstance(text, str):
        raise RecordError("a hand record is text", code="not-a-record")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(
            f"the text has {len(text)} characters (a hand record has at most {MAX_RECORD_CHARS})",
            code="too-big",
            params={"chars": len(text), "limit": MAX_RECORD_CHARS},
        )
    sections = _sections(text)
    rules = _rules(sections.pop("rules", None))
    n = rules.players
    seats = [sections.pop(f"seat {s}", None) for s in range(n)]
    for key in sections:
        if key.startswith("seat "):
            raise RecordError(
                f"there is no {key} at a table of {n}",
                code="unknown-section",
                params={"line": key, "section": key},
            )
    dealer = _seat(sections, "dealer", n, required=True)
    record = HandRecord(
        rules=rules,
        dealer=dealer,
        hands=tuple(_cards(f"Seat {s}", _need(t, f"Seat {s}")) for s, t in enumerate(seats)),
        kitty=_cards("Kitty", _need(sections.get("kitty"), "Kitty")),
        dead=_cards("Dead", sections.get("dead", "")),
        auction=tuple(sections.get("auction", "").upper().split()),
        kitty_choice=sections.get("kitty choice", "").upper() or None,
        discard=tuple(sections.get("discard", "").upper().split()),
        call=sections.get("call", "").upper() or None,
        nominate=sections.get("nominate", "").upper() or None,
        play=_tricks(sections.get("play", "")),
        number=_number(sections.get("hand", "1")),
        human=_seat(sections, "human", n, required=False),
    )
    _check_cards(record)
    _replay_checked(record)
    return record


def _sections(text: str) -> dict[str, str]:
    lines = [line.strip() for line in text.replace("\r", "\n").split("\n")]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines or not lines[0].lower().startswith(HEADER.lower()):
        raise RecordError(
            f"this is not a Five Hundred hand record (it must begin with '{HEADER}')",
            code="not-a-record",
        )
    version = lines[0][len(HEADER) :].strip()
    if version != str(VERSION):
        raise RecordError(
            f"this record is of version {version[:20]!r}; this game reads version {VERSION}",
            code="record-version",
            params={"version": version[:20], "supported": VERSION},
        )
    sections: dict[str, str] = {}
    for line in lines[1:]:
        match = _LINE.match(line)
        if match is None:
            raise RecordError(
                f"this line cannot be read: {line[:60]!r}",
                code="bad-line",
                params={"line": line[:60]},
            )
        key = " ".join(match.group(1).lower().split())
        if key not in _KEYS and not key.startswith("seat "):
            raise RecordError(
                f"unknown section {match.group(1)[:30]!r}",
                code="unknown-section",
                params={"line": line[:60], "section": match.group(1)[:30]},
            )
        if key in sections:
            raise RecordError(
                f"the section {match.group(1)!r} is given twice",
                code="twice",
                params={"section": match.group(1)},
            )
        sections[key] = match.group(2).strip()
    return sections


def _need(value: str | None, section: str) -> str:
    if value is None:
        raise RecordError(
            f"the record has no {section} line", code="missing", params={"section": section}
        )
    return value


def _rules(text: str | None) -> Rules:
    words = _need(text, "Rules").split()
    if not words or words[0] not in Rules.PRESETS:
        name = words[0][:40] if words else ""
        raise RecordError(f"unknown preset {name!r}", code="unknown-preset", params={"name": name})
    options: dict[str, Any] = {}
    for word in words[1:]:
        key, _eq, value = word.partition("=")
        spec = OPTIONS.get(key)
        values = {_value_text(v): v for v in spec.allowed} if spec else {}
        if value not in values:
            reason = f"{word[:60]!r} is not a rule option and value"
            raise RecordError(reason, code="invalid-rules", params={"reason": reason})
        options[key] = values[value]
    try:
        return Rules.preset(words[0]).with_options(**options)
    except ValueError as exc:
        raise RecordError(
            f"the rules are invalid: {exc}", code="invalid-rules", params={"reason": str(exc)}
        ) from None


def _seat(sections: dict[str, str], key: str, players: int, required: bool) -> int:
    text = sections.get(key)
    if text is None:
        if required:
            _need(None, key.capitalize())
        return 0
    if not text.isdigit() or int(text) >= players:
        raise RecordError(
            f"{key.capitalize()} must be a seat from 0 to {players - 1} (got {text[:20]!r})",
            code="invalid-seat",
            params={"section": key.capitalize(), "text": text[:20]},
        )
    return int(text)


def _number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 999:
        raise RecordError(
            f"Hand must be a number from 1 to 999 (got {text[:20]!r})",
            code="invalid-seat",
            params={"section": "Hand", "text": text[:20]},
        )
    return int(text)


def _cards(section: str, text: str) -> tuple[str, ...]:
    cards = tuple(text.upper().split())
    for card in cards:
        if card not in CARD_ID:
            raise RecordError(
                f"{section}: {card[:20]!r} is not a card",
                code="not-a-card",
                params={"section": section, "text": card[:20]},
            )
    return cards


def _tricks(text: str) -> tuple[tuple[str, ...], ...]:
    tricks = tuple(tuple(part.upper().split()) for part in text.split("/"))
    return tuple(t for t in tricks if t) if text.strip() else ()


def _check_cards(record: HandRecord) -> None:
    rules = record.rules
    counts = [(f"Seat {s}", len(h), 10) for s, h in enumerate(record.hands)]
    counts += [("Kitty", len(record.kitty), rules.kitty_size)]
    counts += [("Dead", len(record.dead), rules.dead_hand_size)]
    for section, count, expected in counts:
        if count != expected:
            raise RecordError(
                f"{section} has {count} cards, not {expected}",
                code="card-count",
                params={"section": section, "count": count, "expected": expected},
            )
    dealt = [c for h in record.hands for c in h] + list(record.kitty) + list(record.dead)
    twice = sorted(c for c, k in Counter(dealt).items() if k > 1)
    if twice:
        raise RecordError(
            f"dealt twice: {' '.join(twice)}", code="duplicate-card", params={"cards": twice}
        )
    try:
        new_game(rules, seed=0, deal=record.deal())
    except ValueError as exc:
        raise RecordError(
            f"the deal is invalid: {exc}", code="invalid-deal", params={"reason": str(exc)}
        ) from None


def _replay_checked(record: HandRecord) -> None:
    """Apply every action on the engine: the first one it refuses raises."""
    game = new_game(record.rules, seed=0, deal=record.deal())
    sections = _action_sections(record)
    card = 0
    trick_ends = {sum(len(t) for t in record.play[: i + 1]) for i in range(len(record.play))}
    for n, (action, section) in enumerate(zip(record.actions(), sections), 1):
        if game.hand_number > 0 or game.phase == "over":
            raise RecordError(
                f"action {n} ({action!r}) comes after the end of the hand",
                code="after-the-hand",
                params={"n": n, "action": action[:20]},
            )
        try:
            game.act(action)
        except IllegalAction as exc:
            raise RecordError(
                f"{section}: action {n} ({action[:20]!r}) is not legal: {exc}",
                code="invalid-action",
                params={
                    "n": n,
                    "section": section,
                    "action": action[:20],
                    "reason": str(exc),
                    "cause": {"code": exc.code, "params": exc.params},
                },
            ) from None
        if section == "Play":
            card += 1
            trick_over = game.hand_number > 0 or not game.current_trick
            if (card in trick_ends) != trick_over and card < sum(len(t) for t in record.play):
                trick = sum(1 for end in trick_ends if end < card) + 1
                raise RecordError(
                    f"Play: the slashes do not fall between tricks (trick {trick})",
                    code="trick-break",
                    params={"trick": trick},
                )


def _action_sections(record: HandRecord) -> list[str]:
    """The section of each of :meth:`HandRecord.actions`, for error messages."""
    sections = ["Auction"] * len(record.auction)
    for name, value in (
        ("Kitty choice", record.kitty_choice),
        ("Discard", record.discard),
        ("Call", record.call),
        ("Nominate", record.nominate),
    ):
        if value:
            sections.append(name)
    return sections + ["Play"] * sum(len(t) for t in record.play)
