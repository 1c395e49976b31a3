"""The game's four sound cues, synthesised in the page (stdlib only: math, random, wave).

No sound file is shipped: each cue is made on first use (a few milliseconds) from the recipe
here, so the site stays small and the sounds work offline. ``ui/dom.py`` plays the WAV bytes
as a ``data:`` URL; :data:`ui.sound.SOUNDS` names the cues.

A card played (a soft tick), a trick won (two rising notes), your turn (one soft ping), a
game won (a short arpeggio). Mono, 16-bit, 11 025 Hz; the noise is seeded, so the output is
the same every time.

>>> data = wav("turn")
>>> data[:4], data[8:12]
(b'RIFF', b'WAVE')
>>> len(data) < 8_000
True
"""

from __future__ import annotations

import io
import math
import random
import struct
import wave
from collections.abc import Callable

RATE = 11_025


def _tone(
    freq: float, seconds: float, volume: float, decay: float, start: float = 0.0
) -> list[float]:
    """A sine note with a short attack and an exponential decay, preceded by ``start`` s."""
    lead = [0.0] * int(start * RATE)
    n = int(seconds * RATE)
    attack = max(int(0.004 * RATE), 1)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(i / attack, 1.0) * math.exp(-decay * t)
        # A little of the octave makes it rounder than a bare sine.
        out.append(
            volume
            * env
            * (math.sin(2 * math.pi * freq * t) + 0.25 * math.sin(4 * math.pi * freq * t))
        )
    return lead + out


def _mix(*tracks: list[float]) -> list[float]:
    length = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(length)]


def card() -> list[float]:
    """A card laid on the cloth: a short burst of softened noise over a low thump."""
    rng = random.Random(500)
    n = int(0.07 * RATE)
    noise, smooth = [], 0.0
    for i in range(n):
        smooth = 0.55 * smooth + 0.45 * rng.uniform(-1, 1)  # a simple low-pass
        noise.append(0.55 * smooth * math.exp(-55 * i / RATE))
    return _mix(noise, _tone(170, 0.07, 0.35, 60))


def trick() -> list[float]:
    return _mix(_tone(660, 0.16, 0.3, 18), _tone(880, 0.22, 0.3, 14, start=0.09))


def turn() -> list[float]:
    return _tone(1046.5, 0.28, 0.22, 13)


def win() -> list[float]:
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [
        _tone(f, 0.5 if i == 3 else 0.22, 0.22, 6 if i == 3 else 12, start=0.11 * i)
        for i, f in enumerate(notes)
    ]
    return _mix(*parts)


SYNTHS: dict[str, Callable[[], list[float]]] = {
    "card": card,
    "trick": trick,
    "turn": turn,
    "win": win,
}


def wav_bytes(samples: list[float]) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        peak = 32767
        frames = b"".join(
            struct.pack("<h", max(-peak, min(peak, round(s * peak)))) for s in samples
        )
        out.writeframes(frames)
    return buffer.getvalue()


def wav(name: str) -> bytes:
    """The WAV file of the cue ``name`` (one of :data:`SYNTHS`)."""
    return wav_bytes(SYNTHS[name]())
