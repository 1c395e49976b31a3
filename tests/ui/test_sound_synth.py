"""The sound cues synthesised in the page (ui/sound_synth.py): short, mono, audible, small."""

from __future__ import annotations

import io
import struct
import wave

import pytest

from ui import sound, sound_synth


@pytest.mark.parametrize("name", sound.SOUNDS)
def test_each_cue_is_a_short_mono_wav_that_is_heard(name):
    data = sound_synth.wav(name)
    with wave.open(io.BytesIO(data)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        assert w.getframerate() == sound_synth.RATE
        assert 0.05 <= w.getnframes() / w.getframerate() <= 1.0
        frames = w.readframes(w.getnframes())
    samples = struct.unpack(f"<{len(frames) // 2}h", frames)
    peak = max(abs(s) for s in samples)
    assert 3_000 < peak < 32_767  # audible, and not clipped


def test_cues_are_the_same_every_time_and_differ_from_each_other():
    made = {name: sound_synth.wav(name) for name in sound.SOUNDS}
    assert made == {name: sound_synth.wav(name) for name in sound.SOUNDS}
    assert len(set(made.values())) == len(sound.SOUNDS)
    assert set(sound_synth.SYNTHS) == set(sound.SOUNDS)
