"""Sound cues: which of our own sounds the latest change of the table calls for (no DOM).

The sounds are synthesised in the page on first use (``ui/sound_synth.py``: no file to
download or cache). They are off by default (``Settings.sound``); ui/dom.py plays what
:meth:`Cues.events` returns after each render.

    cues = Cues()
    for name in cues.events(app):        # one of SOUNDS
        play(sound_synth.wav(name))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.frozen import Frozen

if TYPE_CHECKING:
    from ui.app import Controller

SOUNDS = ("card", "trick", "turn", "win")
HUMAN = 0


class Snapshot(Frozen):
    """What the sound cues compare between two renders (see ``Cues``)."""

    __slots__ = _fields = ("generation", "fresh", "trick_hold", "my_turn", "over")
    generation: int
    fresh: tuple[int, str] | None
    trick_hold: int | None  # id() of the hold showing a finished trick
    my_turn: bool
    over: bool

    def __init__(
        self,
        generation: int,
        fresh: tuple[int, str] | None,
        trick_hold: int | None,
        my_turn: bool,
        over: bool,
    ) -> None:
        for name, value in zip(self._fields, (generation, fresh, trick_hold, my_turn, over)):
            object.__setattr__(self, name, value)


class Cues:
    """Compares the table with the last time it was asked; a new or loaded game (or an
    undo) starts afresh without a sound."""

    def __init__(self) -> None:
        self.last: Snapshot | None = None

    def events(self, app: Controller) -> list[str]:
        g = app.game
        if g is None:
            return []
        hold = app.ui.hold
        now = Snapshot(
            app.generation,
            app.ui.fresh,
            id(hold) if hold is not None and hold.trick is not None else None,
            bool(app.legal()),
            g.phase == "over",
        )
        last, self.last = self.last, now
        if last is None or last.generation != now.generation:
            return []
        out = []
        if now.fresh is not None and now.fresh != last.fresh:
            out.append("card")
        if now.trick_hold is not None and now.trick_hold != last.trick_hold:
            out.append("trick")
        if now.my_turn and not last.my_turn:
            out.append("turn")
        if now.over and not last.over and g.winner == g.side_of(HUMAN):
            out.append("win")
        return out
