"""The bots' view of the play core: :mod:`game.playstate` plus the bots' own utility.

The rules of trick play and scoring live once, in :mod:`game.playstate` (shared
with the engine); this module re-exports them for the bot modules and adds
:func:`side_utility`, how a bot values a hand's points.

>>> side_utility([200, 30], 0), side_utility([200, 30, 10], 1)
(170.0, -75.0)
"""

from __future__ import annotations

from game.playstate import PlayState, Scoring, SuitTables, hand_points, mask_of, suit_tables

__all__ = [
    "PlayState",
    "Scoring",
    "SuitTables",
    "hand_points",
    "mask_of",
    "side_utility",
    "suit_tables",
]


def side_utility(points: list[int], side: int) -> float:
    """A side's points minus the mean of the other sides' points."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)
