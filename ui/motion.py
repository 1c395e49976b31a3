"""Motion: what the page animates, decided from the controller's state (no DOM).

The animations themselves are CSS (``ui/motion.css``, added to the page once by ui/dom.py):
the deal (``#region-hand.dealing``), the kitty (CSS alone), the trick sweeping to its
winner (``#table[data-sweep=<position>]`` with ``--sweep-delay``) and a win (CSS alone).
Nothing waits for an animation, so input is never delayed; the speed setting scales the
durations, and ``instant`` or ``prefers-reduced-motion`` turn them off.

    key = deal_key(app)            # a new deal to animate, else None
    sweep = trick_sweep(app)       # ("left", 1000) while a finished trick is held, else None
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ui.model import seat_position

if TYPE_CHECKING:
    from ui.app import Controller

SWEEP_MS = 320  # the sweep's own length at normal speed (motion.css)


def stylesheet(name: str = "motion") -> str:
    """The CSS of the animations, ``ui/motion.css`` (or another of ui/'s own sheets, such
    as ``tour``), shipped inside app.zip."""
    return (Path(__file__).parent / f"{name}.css").read_text(encoding="utf-8")


def deal_key(app: Controller) -> str | None:
    """An identity of the deal just made (no call yet), for animating it once; else None."""
    g = app.game
    if g is None or g.phase != "bid" or g.auction or app.speed() == "instant":
        return None
    return f"{app.generation}/{len(g.deals)}"


def trick_sweep(app: Controller) -> tuple[str, int] | None:
    """While a finished trick is held (not the hand's last one, which stays for the
    result): the winner's position and when the sweep starts (ms into the hold)."""
    hold = app.ui.hold
    g = app.game
    if g is None or hold is None or hold.kind != "trick" or hold.after is not None:
        return None
    if hold.trick is None or hold.trick.get("winner") is None or g.phase == "over":
        return None
    if app.speed() == "instant":
        return None
    hold_ms = round(app.pace("trick") * 1000)
    return seat_position(hold.trick["winner"], g.rules.players), max(hold_ms - SWEEP_MS, 0)
