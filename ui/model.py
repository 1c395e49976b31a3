"""Pure helpers that turn the game state into what the page shows (no DOM, no rules).

>>> seat_position(2, 4), seat_position(1, 3), seat_position(3, 6)
('top', 'top-left', 'top')
>>> sorted(playable_cards(["QS", "JK:H", "JK:D"]))
['JK', 'QS']
"""

from __future__ import annotations

from typing import Any

from game.notation import Play

SEAT_POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "top-left", "top-right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"),
}


def seat_position(seat: int, players: int) -> str:
    """Where a seat sits around the table, the human (seat 0) at the bottom; play goes
    clockwise (bottom, left, top, right)."""
    return SEAT_POSITIONS.get(players, SEAT_POSITIONS[4])[seat]


def played_card(action: str) -> str | None:
    """The card a play action names (``"JK:H"`` -> ``"JK"``); ``None`` for other actions."""
    try:
        return Play.parse(action).card_text
    except ValueError:
        return None


def playable_cards(actions: list[str]) -> set[str]:
    """Cards named by legal play actions (``JK:H`` names the joker)."""
    return {card for card in map(played_card, actions) if card}


def joker_suits(actions: list[str], card: str = "JK") -> list[str]:
    """Suits the joker may be led as now: ``["JK:H", "JK:D"]`` -> ``["H", "D"]``."""
    plays = [Play.parse(a) for a in actions if a.startswith(card + ":")]
    return [p.named_text for p in plays if p.named_text is not None]


def calls_by_seat(view: dict[str, Any]) -> dict[int, list[str]]:
    """The auction so far, per seat, in order."""
    out: dict[int, list[str]] = {s: [] for s in range(view["players"])}
    for seat, call in view["auction"]:
        out[seat].append(call)
    return out


def tricks_by_side(view: dict[str, Any]) -> list[int]:
    sides = view["sides"]
    out = [0] * (max(sides) + 1)
    for seat, won in enumerate(view["tricks_won"]):
        out[sides[seat]] += won
    return out


def side_members(view: dict[str, Any], side: int) -> list[int]:
    return [s for s, sd in enumerate(view["sides"]) if sd == side]


def running_sheet(hands_played: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of the score sheet: each played hand with its points and running totals.

    >>> rows = running_sheet([{"hand": 0, "dealer": 1, "contractor": 2, "bid": "7H",
    ...     "value": 200, "made": True, "tricks": [8, 2], "points": [200, 20],
    ...     "scores": [200, 20]}])
    >>> rows[0]["number"], rows[0]["totals"]
    (1, [200, 20])
    """
    rows = []
    for i, record in enumerate(hands_played):
        rows.append(
            {
                "number": i + 1,
                "hand": record.get("hand", i),
                "contractor": record.get("contractor"),
                "bid": record.get("bid"),
                "value": record.get("value"),
                "made": bool(record.get("made")),
                "tricks": list(record.get("tricks") or []),
                "points": list(record.get("points") or []),
                "totals": list(record.get("scores") or []),
            }
        )
    return rows
