"""The parameters of a URL's query, as ``urllib.parse.parse_qs`` reads them.

urllib.parse imports ipaddress, which costs a tenth of a second of a start in Pyodide, and
every start with a query (a shared link, ``?lang=``) parses one; so this is the small part of
it we need, checked against ``parse_qs`` in ``tests/ui/test_query.py``. Building a query
(``urlencode``) happens later, on demand, with urllib.parse itself.

>>> parse("?seed=3&lang=fr%2DCA&name=a+b&empty=&seed=4", keep_blank_values=True)
{'seed': ['3', '4'], 'lang': ['fr-CA'], 'name': ['a b'], 'empty': ['']}
"""

from __future__ import annotations

import re

_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def unquote_plus(text: str) -> str:
    """``+`` as a space and ``%XX`` escapes as UTF-8 (invalid bytes become U+FFFD)."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    return _ESCAPES.sub(
        lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text
    )


def parse(query: str, keep_blank_values: bool = False) -> dict[str, list[str]]:
    """Name -> values of ``query`` (a leading ``?`` is ignored), in order of appearance."""
    out: dict[str, list[str]] = {}
    for field in query.removeprefix("?").split("&"):
        if not field:
            continue
        name, equals, value = field.partition("=")
        if not equals and not keep_blank_values:
            continue
        if value or keep_blank_values:
            out.setdefault(unquote_plus(name), []).append(unquote_plus(value))
    return out


GAME_PARAMS = ("daily", "deal")
"""The query parameters that name a game to open: the deal of the day, a shared deal (read by
ui/share.py's ``parse_link``)."""


def asks_for_link(query: str) -> bool:
    """True when ``query`` names a shared or daily deal (``?deal=``, ``?daily=``): only then
    does the start import ui.share to read it.

    >>> asks_for_link("?seed=3&lang=fr"), asks_for_link("?deal=12&rules=a"), asks_for_link("")
    (False, True, False)
    """
    return not set(GAME_PARAMS).isdisjoint(parse(query))
