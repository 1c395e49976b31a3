"""The engine's error types: a readable English message plus a machine-readable code.

``str(error)`` is the English message for developers and API users; ``code`` (a short
string) and ``params`` (a JSON-safe dict: cards, suits and bids in engine notation, ints)
let an interface say the same thing in its own words and language.

>>> issubclass(IllegalAction, ValueError), issubclass(SaveError, ValueError)
(True, True)
>>> e = IllegalAction("you must follow hearts", code="must-follow", params={"suit": "H"})
>>> str(e), e.code, e.params
('you must follow hearts', 'must-follow', {'suit': 'H'})
>>> IllegalAction("no reason given").code
'illegal'
"""

from __future__ import annotations

from typing import Any


class _CodedError(ValueError):
    """A ValueError with a machine-readable ``code`` and JSON-safe ``params``."""

    default_code = "error"

    def __init__(self, message: str, code: str | None = None, params: dict[str, Any] | None = None):
        super().__init__(message)
        self.code: str = code or self.default_code
        self.params: dict[str, Any] = dict(params or {})


class IllegalAction(_CodedError):
    """An action that is not legal now; the message says why, for a player to read.

    Codes (params in brackets): ``game-over``; ``not-a-string``; ``not-a-card`` [text];
    ``not-in-hand`` [card]; ``discard-expected`` [count, example]; ``discard-count``
    [count, got]; ``named-twice`` [card]; ``nominate-expected``; ``kitty-choice-expected``;
    ``call-expected``; ``auction-in-progress``;
    ``misere-not-allowed``; ``blind-misere-not-allowed``; ``game-bid-not-allowed``;
    ``not-a-bid`` [text]; ``inkle-late``; ``misere-needs-7``; ``open-misere-needs-8``;
    ``blind-misere-first-call``; ``bid-too-low`` [bid, current]; ``auction-over``;
    ``suit-named-not-led`` ; ``joker-must-follow`` [suit]; ``misere-joker-required``;
    ``must-follow`` [suit]; ``joker-suit-missing`` [card]; ``joker-lead-last-trick``;
    ``not-a-suit`` [text]; ``joker-suit-led`` [suit, allowed]; ``suit-named-not-joker``.
    """

    default_code = "illegal"


class SaveError(_CodedError):
    """A save that cannot be loaded (:meth:`game.Game.from_json`); the message says why.

    Codes (params in brackets): ``not-json``; ``not-a-save`` [format];
    ``incompatible-version`` [version, supported]; ``invalid-rules`` [reason];
    ``invalid-seed`` [seed]; ``no-deals``; ``no-actions``; ``invalid-deals`` [reason];
    ``invalid-action`` [n, action, reason, cause]; ``deal-count`` [listed, played].
    """

    default_code = "invalid-save"


class RecordError(_CodedError):
    """A hand record that cannot be read (:func:`game.handrecord.parse_hand`).

    Codes (params in brackets): ``too-big`` [chars, limit]; ``not-a-record``;
    ``record-version`` [version, supported]; ``bad-line`` [line]; ``unknown-section``
    [line, section]; ``twice`` [section]; ``missing`` [section]; ``unknown-preset`` [name];
    ``invalid-rules`` [reason]; ``invalid-seat`` [section, text]; ``not-a-card`` [section,
    text]; ``card-count`` [section, count, expected]; ``duplicate-card`` [cards];
    ``invalid-deal`` [reason]; ``invalid-action`` [n, section, action, reason, cause];
    ``trick-break`` [trick]; ``after-the-hand`` [n, action].
    """

    default_code = "invalid-record"
