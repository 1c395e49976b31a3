"""The committed icons are what tools/make_icons.py draws, in an indexed palette that keeps
every pixel close to the drawing."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_icons  # noqa: E402

MOST_OFF = 8  # of 255, on any channel of any pixel


def decode(data: bytes) -> tuple[int, bytes]:
    """(size, RGBA pixels) of a square indexed-colour PNG as make_icons.png writes it."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(
            kind + body
        )
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, colour_type = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (width, depth, colour_type) == (height, 8, 3)
    plte, alpha = chunks[b"PLTE"], chunks[b"tRNS"]
    rows = zlib.decompress(chunks[b"IDAT"])
    out = bytearray()
    for row in range(height):
        line = rows[row * (width + 1) : (row + 1) * (width + 1)]
        assert line[0] == 0  # no filter
        for i in line[1:]:
            out += plte[3 * i : 3 * i + 3] + bytes((alpha[i],))
    return width, bytes(out)


def test_the_small_icon_is_the_drawing_within_the_palettes_error():
    drawn = make_icons.render(192, maskable=False)
    committed = (ROOT / "assets" / "icons" / "icon-192.png").read_bytes()
    assert committed == make_icons.png(192, drawn)  # python tools/make_icons.py wrote it
    size, pixels = decode(committed)
    assert size == 192
    assert max(abs(a - b) for a, b in zip(pixels, drawn)) <= MOST_OFF


def test_every_icon_is_an_indexed_png_of_its_size():
    for name, size in [
        ("icon-192.png", 192),
        ("icon-512.png", 512),
        ("icon-maskable-512.png", 512),
    ]:
        decoded_size, pixels = decode((ROOT / "assets" / "icons" / name).read_bytes())
        assert decoded_size == size and len(pixels) == 4 * size * size


def test_a_drawing_with_few_colours_keeps_them_all():
    rgba = bytes([10, 20, 30, 255] * 3 + [0, 0, 0, 0])
    assert decode(make_icons.png(2, rgba)) == (2, rgba)
