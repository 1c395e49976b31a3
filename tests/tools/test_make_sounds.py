"""The committed sounds are what tools/make_sounds.py makes, and they stay small."""

from __future__ import annotations

import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_sounds  # noqa: E402


def test_committed_sounds_match_the_generator(tmp_path):
    assert make_sounds.main(["--check"]) == 0
    assert make_sounds.main(["--out", str(tmp_path)]) == 0
    for name in make_sounds.SOUNDS:
        assert (tmp_path / f"{name}.wav").read_bytes() == (
            ROOT / "assets" / "sounds" / f"{name}.wav"
        ).read_bytes()


def test_sounds_are_short_mono_wav():
    total = 0
    for name in make_sounds.SOUNDS:
        path = ROOT / "assets" / "sounds" / f"{name}.wav"
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getframerate() == make_sounds.RATE
            assert w.getnframes() / w.getframerate() <= 1.0
        total += path.stat().st_size
    assert total < 60_000
