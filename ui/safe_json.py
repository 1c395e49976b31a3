"""JSON from storage or from a file, refused *before* parsing when too big or nested too deep.

In the browser, Python's JSON parser recurses on the WebAssembly stack: a value nested a
few thousand levels deep (``[[[[…]]]]``, 200 kB) overflows it and kills the whole runtime
with "Maximum call stack size exceeded" (no ``RecursionError`` to catch). So every text
read from localStorage or from an imported file goes through :func:`loads`, which measures
the nesting without recursion first.

>>> loads('{"a": [1, [2]]}', max_chars=100)
{'a': [1, [2]]}
>>> nesting_depth('{"a": [1, [2]], "b": "[[[["}')
3
>>> loads("[" * 5000 + "]" * 5000, max_chars=100_000)
Traceback (most recent call last):
...
ui.safe_json.JsonLimitError: the JSON is nested more than 32 levels deep
>>> loads("x" * 101, max_chars=100)
Traceback (most recent call last):
...
ui.safe_json.JsonLimitError: the text has 101 characters (at most 100)
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32
"""Deeper than anything the app writes (a save nests 5 levels, settings 3)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")


class JsonLimitError(ValueError):
    """The text is refused unparsed; ``code`` is ``"too-big"``, ``"too-deep"`` or
    ``"not-json"`` (brackets that do not pair up)."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.code = code


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the arrays and objects of ``text`` nest (brackets inside strings do not
    count), or ``limit + 1`` when deeper than ``limit``.

    Each pass removes the innermost empty pairs (a C-speed regular expression), so the work
    is at most ``limit`` passes over the brackets, whatever the text. Brackets that do not
    pair up raise :class:`JsonLimitError` (code ``"not-json"``): a parser would recurse as
    deep as the unclosed ones go.

    >>> nesting_depth("[]"), nesting_depth("1"), nesting_depth("[" * 40 + "]" * 40)
    (1, 0, 33)
    >>> nesting_depth("[}")
    Traceback (most recent call last):
    ...
    ui.safe_json.JsonLimitError: the brackets do not pair up
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    while brackets:
        if depth == limit:
            return limit + 1
        brackets, removed = _EMPTY_PAIR.subn("", brackets)
        if not removed:
            raise JsonLimitError("the brackets do not pair up", code="not-json")
        depth += 1
    return depth


def check(text: str, max_chars: int, max_depth: int = MAX_DEPTH) -> None:
    """Raise :class:`JsonLimitError` if ``text`` is longer than ``max_chars`` characters or
    nests deeper than ``max_depth``."""
    if len(text) > max_chars:
        raise JsonLimitError(
            f"the text has {len(text)} characters (at most {max_chars})", code="too-big"
        )
    if nesting_depth(text, max_depth) > max_depth:
        raise JsonLimitError(
            f"the JSON is nested more than {max_depth} levels deep", code="too-deep"
        )


def loads(text: str, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)`` once :func:`check` passed; raises ``ValueError`` (a
    :class:`JsonLimitError` for the limits, ``json.JSONDecodeError`` for bad JSON)."""
    check(text, max_chars, max_depth)
    return json.loads(text)
