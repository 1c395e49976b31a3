"""Draw the app icons (stdlib only): PNGs for the manifest and an SVG favicon.

The motif: a white playing card with a red heart and "500", on a green felt
rounded square. Shapes are signed distance functions rasterised with one
sample per pixel and analytic anti-aliasing; PNGs are written with zlib and
struct. The felt's gradient runs top to bottom, so each row is one colour and the PNGs
stay small (a radial gradient made them twice the size). They are indexed-colour PNGs: a
palette of 256 of the drawing's 800-1,450 colours (see :func:`palette`) keeps every pixel
within 7/255 of it and halves the files (32.5 kB gzip for the three, RGBA; 17.0 kB). The
output is deterministic, so the committed files only change when this script does.

    python tools/make_icons.py            # writes assets/icons/*
    python tools/make_icons.py --out DIR
"""

from __future__ import annotations

import argparse
import math
import struct
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FELT_LIGHT = (0x2E, 0x8B, 0x57)
FELT_DARK = (0x14, 0x50, 0x2D)
FELT_SLOPE = 0.9  # of the gradient: FELT_DARK is nearly reached at the bottom edge
CARD = (0xFB, 0xFA, 0xF5)
HEART = (0xD3, 0x2F, 0x2F)
INK = (0x1C, 0x1C, 0x1C)

Sdf = Callable[[float, float], float]


# --- signed distance functions (unit square coordinates, y down) -----------------------------


def sd_round_box(cx: float, cy: float, hw: float, hh: float, r: float) -> Sdf:
    def f(x: float, y: float) -> float:
        qx = abs(x - cx) - hw + r
        qy = abs(y - cy) - hh + r
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - r

    return f


def sd_segment(ax: float, ay: float, bx: float, by: float, half_width: float) -> Sdf:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy

    def f(x: float, y: float) -> float:
        px, py = x - ax, y - ay
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, (px * dx + py * dy) / length2))
        return math.hypot(px - t * dx, py - t * dy) - half_width

    return f


def sd_arc(cx: float, cy: float, r: float, a0: float, a1: float, half_width: float) -> Sdf:
    """Arc of a circle from angle a0 to a1 (radians, counter-clockwise in y-down space)."""
    ends = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (a0, a1)]
    span = (a1 - a0) % (2 * math.pi)

    def f(x: float, y: float) -> float:
        angle = (math.atan2(y - cy, x - cx) - a0) % (2 * math.pi)
        if angle <= span:
            return abs(math.hypot(x - cx, y - cy) - r) - half_width
        return min(math.hypot(x - ex, y - ey) for ex, ey in ends) - half_width

    return f


def sd_stadium_ring(cx: float, top: float, bottom: float, r: float, half_width: float) -> Sdf:
    """The outline of a vertical capsule: a "0"."""
    core = sd_segment(cx, top + r, cx, bottom - r, 0.0)

    def f(x: float, y: float) -> float:
        return abs(core(x, y) - r) - half_width

    return f


def sd_heart(cx: float, cy: float, s: float) -> Sdf:
    """A heart made of a square turned 45 degrees and two circles; s = the square's side.

    The point is at (cx, cy + s / sqrt 2); the lobes reach up to about cy - 0.85 s.
    """
    h = s / math.sqrt(2)
    lobes = [(cx - h / 2, cy - h / 2), (cx + h / 2, cy - h / 2)]
    lobe_r = s / 2
    c45 = math.sqrt(0.5)

    def f(x: float, y: float) -> float:
        # square rotated by 45 degrees, centred on (cx, cy)
        u = abs((x - cx) * c45 - (y - cy) * c45)
        v = abs((x - cx) * c45 + (y - cy) * c45)
        qx, qy = u - s / 2, v - s / 2
        square = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0)
        circles = min(math.hypot(x - lx, y - ly) - lobe_r for lx, ly in lobes)
        return min(square, circles)

    return f


def union(*parts: Sdf) -> Sdf:
    def f(x: float, y: float) -> float:
        return min(p(x, y) for p in parts)

    return f


# --- the motif --------------------------------------------------------------------------------

FIVE_START, FIVE_END = math.radians(-140), math.radians(145)  # the bowl of the "5"


def five_geometry(x0: float, top: float, w: float, h: float, stroke: float):
    """Top bar end, corner, bowl centre and radius of a "5" drawn in the box x0, top, w, h."""
    hw = stroke / 2
    r = (w - 2 * hw) / (1 - math.cos(FIVE_START))
    cx = x0 + w - hw - r
    cy = top + h - hw - r
    return (x0 + w - hw, top + hw), (x0 + hw, top + hw), (cx, cy), r


def digit_five(x0: float, top: float, w: float, h: float, stroke: float) -> Sdf:
    hw = stroke / 2
    (bx, by), (kx, ky), (cx, cy), r = five_geometry(x0, top, w, h, stroke)
    sx, sy = cx + r * math.cos(FIVE_START), cy + r * math.sin(FIVE_START)
    return union(
        sd_segment(bx, by, kx, ky, hw),
        sd_segment(kx, ky, sx, sy, hw),
        sd_arc(cx, cy, r, FIVE_START, FIVE_END, hw),
    )


def digit_zero(x0: float, top: float, w: float, h: float, stroke: float) -> Sdf:
    hw = stroke / 2
    r = w / 2 - hw
    return sd_stadium_ring(x0 + w / 2, top + hw, top + h - hw, r, hw)


# Layout in unit coordinates, for the full-size motif (maskable icons scale it down).
CARD_HW, CARD_HH, CARD_R = 0.27, 0.36, 0.05
HEART_CY, HEART_SIDE = 0.36, 0.17
DIGIT_W, DIGIT_H, DIGIT_GAP, DIGIT_TOP, DIGIT_STROKE = 0.115, 0.19, 0.03, 0.585, 0.036
FELT_RADIUS = 0.2


def digit_boxes(scale: float) -> list[tuple[float, float, float, float]]:
    """(left, top, width, height) of the three digits of "500"."""
    w, h, gap = DIGIT_W * scale, DIGIT_H * scale, DIGIT_GAP * scale
    left = 0.5 - (3 * w + 2 * gap) / 2
    top = 0.5 + (DIGIT_TOP - 0.5) * scale
    return [(left + k * (w + gap), top, w, h) for k in range(3)]


def layers(scale: float) -> list[tuple[Sdf, tuple[int, int, int], float, float]]:
    """(shape, colour, opacity, edge blur in unit coordinates), from back to front.

    scale shrinks the card around the centre (maskable icons keep it in the safe zone).
    """
    stroke = DIGIT_STROKE * scale
    five, zero1, zero2 = digit_boxes(scale)
    digits = union(
        digit_five(*five, stroke), digit_zero(*zero1, stroke), digit_zero(*zero2, stroke)
    )
    hw, hh, r = CARD_HW * scale, CARD_HH * scale, CARD_R * scale
    shadow = sd_round_box(0.5 + 0.012 * scale, 0.5 + 0.02 * scale, hw, hh, r)
    return [
        (shadow, (0, 0, 0), 0.35, 0.03 * scale),
        (sd_round_box(0.5, 0.5, hw, hh, r), CARD, 1.0, 0.0),
        (sd_heart(0.5, 0.5 + (HEART_CY - 0.5) * scale, HEART_SIDE * scale), HEART, 1.0, 0.0),
        (digits, INK, 1.0, 0.0),
    ]


def render(size: int, maskable: bool) -> bytes:
    """Raw RGBA pixels, row after row."""
    px = 1.0 / size
    felt = (lambda x, y: -1.0) if maskable else sd_round_box(0.5, 0.5, 0.5, 0.5, FELT_RADIUS)
    shapes = layers(0.78 if maskable else 1.0)
    out = bytearray()
    for j in range(size):
        y = (j + 0.5) * px
        for i in range(size):
            x = (i + 0.5) * px
            cover = min(1.0, max(0.0, 0.5 - felt(x, y) / px))
            if cover <= 0.0:
                out += b"\0\0\0\0"
                continue
            t = min(1.0, y * FELT_SLOPE)  # top to bottom: whole rows of one colour pack small
            r, g, b = (FELT_LIGHT[k] + (FELT_DARK[k] - FELT_LIGHT[k]) * t for k in range(3))
            for sdf, colour, opacity, blur in shapes:
                soft = px + blur  # width of the anti-aliased (or blurred) edge
                d = sdf(x, y)
                if d >= soft / 2:
                    continue
                a = opacity * min(1.0, 0.5 - d / soft)
                r += (colour[0] - r) * a
                g += (colour[1] - g) * a
                b += (colour[2] - b) * a
            out += bytes((round(r), round(g), round(b), round(255 * cover)))
    return bytes(out)


PALETTE_SIZE = 256  # an indexed PNG's most
PALETTE_EXACT = 64  # the most frequent colours, kept as they are: the felt's rows, the fills

Rgba = tuple[int, int, int, int]


def _distance(a: Rgba, b: Rgba) -> int:
    return sum((x - y) * (x - y) for x, y in zip(a, b))


def palette(counts: Counter[Rgba]) -> list[Rgba]:
    """Up to PALETTE_SIZE colours for ``counts`` (colour -> pixels): every colour if they fit,
    else the PALETTE_EXACT most frequent, then again and again the colour farthest from all
    those chosen, so that the anti-aliased edges keep colours along their ramps.

    >>> palette(Counter({(0, 0, 0, 255): 3, (255, 255, 255, 255): 1}))
    [(0, 0, 0, 255), (255, 255, 255, 255)]
    """
    ranked = sorted(counts, key=lambda c: (-counts[c], c))
    if len(ranked) <= PALETTE_SIZE:
        return ranked
    chosen = ranked[:PALETTE_EXACT]
    nearest = {c: min(_distance(c, p) for p in chosen) for c in ranked[PALETTE_EXACT:]}
    while len(chosen) < PALETTE_SIZE:
        farthest = max(nearest, key=lambda c: (nearest[c], c))
        chosen.append(farthest)
        del nearest[farthest]
        for c, d in nearest.items():
            nearest[c] = min(d, _distance(c, farthest))
    return chosen


def png(size: int, rgba: bytes) -> bytes:
    """An indexed-colour PNG (colour type 3, with transparency) of ``size`` x ``size`` RGBA
    pixels: each pixel takes the nearest colour of :func:`palette`."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    pixels: list[Rgba] = [
        (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) for i in range(0, len(rgba), 4)
    ]
    counts = Counter(pixels)
    colours = palette(counts)
    index = {c: min(range(len(colours)), key=lambda i: _distance(colours[i], c)) for c in counts}
    rows = b"".join(
        b"\0" + bytes(index[c] for c in pixels[row * size : (row + 1) * size])
        for row in range(size)
    )
    header = struct.pack(">IIBBBBB", size, size, 8, 3, 0, 0, 0)  # 8-bit indexed colour
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"PLTE", b"".join(bytes(c[:3]) for c in colours))
        + chunk(b"tRNS", bytes(c[3] for c in colours))
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def hex_colour(c: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{v:02x}" for v in c)


def favicon_svg(size: float = 64.0) -> str:
    """The same motif as an SVG (no shadow), in a size x size view box."""

    def n(v: float) -> str:
        return f"{v * size:.2f}".rstrip("0").rstrip(".")

    half = HEART_SIDE / math.sqrt(2)
    cy = HEART_CY
    lobe = n(HEART_SIDE / 2)
    heart = (
        f"M{n(0.5)} {n(cy + half)} L{n(0.5 - half)} {n(cy)} A{lobe} {lobe} 0 0 1 "
        f"{n(0.5)} {n(cy - half)} A{lobe} {lobe} 0 0 1 {n(0.5 + half)} {n(cy)} Z"
    )
    hw = DIGIT_STROKE / 2
    five, *zeros = digit_boxes(1.0)
    (bx, by), (kx, ky), (cx, cy5), r = five_geometry(*five, DIGIT_STROKE)
    sx, sy = cx + r * math.cos(FIVE_START), cy5 + r * math.sin(FIVE_START)
    ex, ey = cx + r * math.cos(FIVE_END), cy5 + r * math.sin(FIVE_END)
    five_path = (
        f"M{n(bx)} {n(by)} L{n(kx)} {n(ky)} L{n(sx)} {n(sy)} A{n(r)} {n(r)} 0 1 1 {n(ex)} {n(ey)}"
    )
    zero_rects = "".join(
        f'\n    <rect x="{n(x + hw)}" y="{n(t + hw)}" width="{n(w - 2 * hw)}" '
        f'height="{n(h - 2 * hw)}" rx="{n(w / 2 - hw)}"/>'
        for x, t, w, h in zeros
    )
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n(1)} {n(1)}">
  <defs>
    <linearGradient id="felt" x1="0" y1="0" x2="0" y2="{1 / FELT_SLOPE:.3f}">
      <stop offset="0" stop-color="{hex_colour(FELT_LIGHT)}"/>
      <stop offset="1" stop-color="{hex_colour(FELT_DARK)}"/>
    </linearGradient>
  </defs>
  <rect width="{n(1)}" height="{n(1)}" rx="{n(FELT_RADIUS)}" fill="url(#felt)"/>
  <rect x="{n(0.5 - CARD_HW)}" y="{n(0.5 - CARD_HH)}" width="{n(2 * CARD_HW)}" \
height="{n(2 * CARD_HH)}" rx="{n(CARD_R)}" fill="{hex_colour(CARD)}"/>
  <path d="{heart}" fill="{hex_colour(HEART)}"/>
  <g fill="none" stroke="{hex_colour(INK)}" stroke-width="{n(DIGIT_STROKE)}" \
stroke-linecap="round" stroke-linejoin="round">
    <path d="{five_path}"/>{zero_rects}
  </g>
</svg>
"""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "icons")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
    ]:
        (args.out / name).write_bytes(png(size, render(size, maskable)))
        print("wrote", args.out / name)
    (args.out / "favicon.svg").write_text(favicon_svg(), encoding="utf-8")
    print("wrote", args.out / "favicon.svg")


if __name__ == "__main__":
    main()
