"""Card faces and backs drawn as our own inline SVG (no DOM, no third-party images).

The page holds one hidden sprite (:func:`sprite`) with the four suit shapes and the back
pattern; every card references it with ``<use>``, so a card is a few hundred bytes.
Colours come from CSS (``currentColor``): class ``suit-S``/``suit-C``/``suit-D``/``suit-H``
on the card picks the suit colour, and the four-colour deck is only a CSS switch.

>>> svg = card_svg("10H")
>>> svg.startswith("<svg") and svg.count("#suit-H") == 12
True
>>> "JOKER" in card_svg("JK")
True
"""

from __future__ import annotations

import functools

from game.notation import Play
from ui.i18n import _
from ui.names import index_letter, split_card

VIEW_W, VIEW_H = 100, 140

_SUIT_SHAPES = {
    "S": (
        '<path d="M50 5C62 24 95 40 95 63C95 77 85 85 73 85C64 85 57 80 54 73C55 83 59 90 67 '
        '96H33C41 90 45 83 46 73C43 80 36 85 27 85C15 85 5 77 5 63C5 40 38 24 50 5Z"/>'
    ),
    "H": (
        '<path d="M50 92C20 68 4 51 4 31C4 16 15 6 29 6C39 6 46 12 50 20C54 12 61 6 71 6C85 6 '
        '96 16 96 31C96 51 80 68 50 92Z"/>'
    ),
    "D": '<path d="M50 3L87 50L50 97L13 50Z"/>',
    "C": (
        '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/>'
        '<circle cx="74" cy="60" r="21"/><circle cx="50" cy="52" r="12"/>'
        '<path d="M45 52C45 74 41 86 31 96H69C59 86 55 74 55 52Z"/>'
    ),
}

# Pip centres for the number cards (x, y) on the 100 x 140 face.
_L, _M, _R = 31, 50, 69
_COLS: tuple[float, ...] = (_L, _R)
_ROWS3: tuple[float, ...] = (30, 70, 110)
_ROWS4 = (30, 56.7, 83.3, 110)
_PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(_M, 30), (_M, 110)],
    "3": [(_M, 30), (_M, 70), (_M, 110)],
    "4": [(_L, 30), (_R, 30), (_L, 110), (_R, 110)],
    "5": [(_L, 30), (_R, 30), (_M, 70), (_L, 110), (_R, 110)],
    "6": [(x, y) for y in _ROWS3 for x in _COLS],
    "7": [(x, y) for y in _ROWS3 for x in _COLS] + [(_M, 50)],
    "8": [(x, y) for y in _ROWS3 for x in _COLS] + [(_M, 50), (_M, 90)],
    "9": [(x, y) for y in _ROWS4 for x in _COLS] + [(_M, 70)],
    "10": [(x, y) for y in _ROWS4 for x in _COLS] + [(_M, 43.3), (_M, 96.7)],
}
_PIP = 17
_COURTS = ("J", "Q", "K")


_RANKS = ("A", "K", "Q", "J", *(str(n) for n in range(2, 14)))


def _index_text(rank: str) -> str:
    rank = index_letter(rank)
    size = 17 if len(rank) < 2 else 15
    spacing = ' letter-spacing="-1.5"' if len(rank) > 1 else ""
    return (
        f'<text x="12" y="21" font-size="{size}"{spacing} text-anchor="middle" '
        f'class="index">{rank}</text>'
    )


def _court_text(rank: str) -> str:
    rank = index_letter(rank)
    letter_size = 42 if len(rank) == 1 else 32
    return (
        f'<text x="50" y="{70 + letter_size * 0.35:g}" font-size="{letter_size}" '
        f'text-anchor="middle" class="court-letter">{rank}</text>'
    )


def _joker_index() -> str:
    word = _("JOKER")
    letters = "".join(
        f'<tspan x="12" dy="{0 if i == 0 else 11}">{ch}</tspan>' for i, ch in enumerate(word[:5])
    )
    return f'<text x="12" y="16" font-size="11" text-anchor="middle" class="index">{letters}</text>'


def sprite() -> str:
    """The hidden SVG with the shared suit symbols, rank indices and the back pattern
    (insert once). The indices are drawn through ``<use>`` so that a card's button has no
    visible text of its own besides its name (accessibility checkers compare the two)."""
    symbols = "".join(
        f'<symbol id="suit-{s}" viewBox="0 0 100 100">{shape}</symbol>'
        for s, shape in _SUIT_SHAPES.items()
    )
    symbols += "".join(
        f'<symbol id="index-{r}" overflow="visible">{_index_text(r)}</symbol>' for r in _RANKS
    )
    symbols += "".join(
        f'<symbol id="court-{r}" overflow="visible">{_court_text(r)}</symbol>'
        for r in ("J", "Q", "K", "11", "12", "13")
    )
    symbols += f'<symbol id="joker-index" overflow="visible">{_joker_index()}</symbol>'
    pattern = (
        '<pattern id="card-back-pattern" width="12" height="12" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        '<rect class="back-bg" width="12" height="12"/>'
        '<rect class="back-line" width="12" height="2"/><rect class="back-line" width="2" '
        'height="12"/></pattern>'
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
        f'focusable="false" style="position:absolute"><defs>{symbols}{pattern}</defs></svg>'
    )


def _use(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    tx, ty = x - size / 2, y - size / 2
    transform = f' transform="rotate(180 {x:g} {y:g})"' if flip else ""
    return (
        f'<use href="#suit-{suit}" x="{tx:g}" y="{ty:g}" width="{size:g}" '
        f'height="{size:g}"{transform}/>'
    )


def _corner(rank: str, suit: str) -> str:
    return f'<use href="#index-{rank}" class="index"/>' + _use(suit, 12, 32, 13)


def _centre(rank: str, suit: str) -> str:
    if rank == "A":
        return _use(suit, 50, 70, 46 if suit != "S" else 52)
    if rank in _PIPS:
        return "".join(_use(suit, x, y, _PIP, flip=y > 70) for x, y in _PIPS[rank])
    # Courts (J Q K) and the six-hand ranks 11-13: a framed large index with two pips.
    frame = (
        '<rect x="24" y="22" width="52" height="96" rx="5" class="court-frame"/>'
        '<rect x="28" y="26" width="44" height="88" rx="3" class="court-inner"/>'
    )
    return (
        frame
        + f'<use href="#court-{rank}" class="court-letter"/>'
        + _use(suit, 50, 37, 14)
        + _use(suit, 50, 103, 14, flip=True)
    )


def _joker(card: str) -> str:
    word = _("JOKER")
    corner = '<use href="#joker-index" class="index"/>'
    star = (
        '<path class="joker-star" d="M50 34L59 58L84 58L64 73L71 97L50 83L29 97L36 73L16 58'
        'L41 58Z"/>'
    )
    return (
        corner
        + f'<g transform="rotate(180 50 70)">{corner}</g>'
        + star
        + '<text x="50" y="116" font-size="13" text-anchor="middle" class="joker-word">'
        + f"{word}</text>"
    )


@functools.lru_cache(maxsize=256)
def _card_svg(card: str, lang_marker: str) -> str:
    rank, suit = split_card(card)
    if rank in ("JK", "BJ"):
        body = _joker(card)
    else:
        corner = _corner(rank, suit)
        body = corner + f'<g transform="rotate(180 50 70)">{corner}</g>' + _centre(rank, suit)
    return (
        f'<svg class="face" viewBox="0 0 {VIEW_W} {VIEW_H}" aria-hidden="true" '
        f'focusable="false"><rect class="card-bg" x="1" y="1" width="98" height="138" '
        f'rx="8"/>{body}</svg>'
    )


def card_svg(card: str) -> str:
    """The face of ``card`` (``"QS"``, ``"10H"``, ``"JK"``, ``"BJ"``) as inline SVG."""
    from ui.i18n import language

    return _card_svg(Play.parse(card).card_text, language())


def suit_class(card: str) -> str:
    """CSS class for a card's colour: ``suit-H``, or ``joker``/``black-joker``."""
    rank, suit = split_card(card)
    if rank == "JK":
        return "joker"
    if rank == "BJ":
        return "black-joker"
    return f"suit-{suit}"


def back_svg() -> str:
    """A card back (face down)."""
    return (
        f'<svg class="back" viewBox="0 0 {VIEW_W} {VIEW_H}" aria-hidden="true" '
        'focusable="false"><rect class="back-edge" x="1" y="1" width="98" height="138" rx="8"/>'
        '<rect x="8" y="8" width="84" height="124" rx="4" fill="url(#card-back-pattern)"/>'
        '<rect class="back-frame" x="8" y="8" width="84" height="124" rx="4"/></svg>'
    )


def suit_icon(suit: str, cls: str = "suit-icon") -> str:
    """A small inline suit symbol (for buttons and labels), decorative."""
    return (
        f'<svg class="{cls} suit-{suit}" viewBox="0 0 100 100" aria-hidden="true" '
        f'focusable="false"><use href="#suit-{suit}"/></svg>'
    )
