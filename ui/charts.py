"""Small charts drawn as SVG strings from Python (no plotting library in the page).

- :func:`score_graph`: each side's score after every hand, with the target line.
- :func:`bar_pairs`: pairs of horizontal bars (contracts bid and made per bid type).
- :func:`result_bars`: one bar per game, up for a win and down for a loss (the margin).
- :func:`legend`: the key of a chart, as an HTML list that wraps on a narrow screen (the
  charts' SVG text keeps its place whatever its length, so names live outside them).

Colours are presentation attributes (the page's CSS may override them with the classes);
text uses ``currentColor`` so the charts follow the light or dark theme.

>>> svg = score_graph([[0, 0], [120, -40], [300, 10]], ["Us", "Them"], target=500)
>>> svg.startswith("<svg") and svg.count("<polyline") == 2 and 'data-chart="score"' in svg
True
>>> "500" in svg and "Us: 120" in svg
True
>>> legend(["Us", "Them"], SIDE_COLOURS).count("<li")
2
"""

from __future__ import annotations

from ui.html import esc, tag

SIDE_COLOURS = ("#15a392", "#e0784f", "#8f78d0", "#2f7fd1", "#c2549a")  # the page's --side-N
PAIR_COLOURS = BID_COLOUR, MADE_COLOUR = "#2f7fd1", "#3a9d5d"
WIN_COLOUR, LOSS_COLOUR = "#3a9d5d", "#e0784f"
MUTED = "#8a8f98"
WIDTH, HEIGHT = 320, 180
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 40, 12, 12, 22


def _svg(inner: str, label: str, kind: str, height: int = HEIGHT) -> str:
    return tag(
        "svg",
        tag("title", esc(label)) + inner,
        viewBox=f"0 0 {WIDTH} {height}",
        role="img",
        aria_label=label,
        class_=f"chart chart-{kind}",
        data_chart=kind,
        preserveAspectRatio="xMidYMid meet",
        style="width:100%;max-width:32rem;height:auto;display:block",
        xmlns="http://www.w3.org/2000/svg",
    )


def _text(x: float, y: float, text: str, anchor: str = "end", size: int = 10) -> str:
    return tag(
        "text",
        esc(text),
        x=f"{x:.1f}",
        y=f"{y:.1f}",
        text_anchor=anchor,
        font_size=str(size),
        fill="currentColor",
    )


def _line(x1: float, y1: float, x2: float, y2: float, colour: str, dash: str = "") -> str:
    return tag(
        "line",
        "",
        x1=f"{x1:.1f}",
        y1=f"{y1:.1f}",
        x2=f"{x2:.1f}",
        y2=f"{y2:.1f}",
        stroke=colour,
        stroke_width="1",
        stroke_dasharray=dash or None,
    )


def score_graph(
    totals: list[list[int]],
    sides: list[str],
    target: int,
    lose_at: int | None = None,
    label: str = "",
) -> str:
    """``totals[h][s]``: side ``s``'s score after hand ``h`` (``totals[0]`` is the start,
    usually zeros); ``sides`` their names; a dashed line at ``target`` (and at ``lose_at``
    when losing by a negative score is a rule)."""
    values = [v for row in totals for v in row] + [target, 0]
    if lose_at is not None:
        values.append(lose_at)
    top, bottom = max(values), min(values)
    span = (top - bottom) or 1
    hands = max(len(totals) - 1, 1)
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(i: int) -> float:
        return PAD_LEFT + plot_w * i / hands

    def y(v: int) -> float:
        return PAD_TOP + plot_h * (top - v) / span

    parts = [
        _line(PAD_LEFT, y(0), WIDTH - PAD_RIGHT, y(0), MUTED),
        _line(PAD_LEFT, y(target), WIDTH - PAD_RIGHT, y(target), MUTED, "4 3"),
        _text(PAD_LEFT - 4, y(target) + 3, str(target)),
        _text(PAD_LEFT - 4, y(0) + 3, "0"),
    ]
    if lose_at is not None and lose_at >= bottom:
        parts.append(_line(PAD_LEFT, y(lose_at), WIDTH - PAD_RIGHT, y(lose_at), MUTED, "4 3"))
        parts.append(_text(PAD_LEFT - 4, y(lose_at) + 3, str(lose_at)))
    for h in range(1, len(totals)):
        if hands <= 12 or h % ((hands + 11) // 12) == 0:
            parts.append(_text(x(h), HEIGHT - PAD_BOTTOM + 12, str(h), anchor="middle", size=9))
    for s, name in enumerate(sides):
        colour = SIDE_COLOURS[s % len(SIDE_COLOURS)]
        points = " ".join(
            f"{x(i):.1f},{y(row[s]):.1f}" for i, row in enumerate(totals) if s < len(row)
        )
        parts.append(
            tag(
                "polyline",
                "",
                points=points,
                fill="none",
                stroke=colour,
                stroke_width="2",
                stroke_linejoin="round",
                class_=f"series side-{s}",
                data_side=str(s),
            )
        )
        for i, row in enumerate(totals[1:], start=1):
            if s < len(row):
                parts.append(
                    tag(
                        "circle",
                        tag("title", esc(f"{name}: {row[s]}")),
                        cx=f"{x(i):.1f}",
                        cy=f"{y(row[s]):.1f}",
                        r="2.5",
                        fill=colour,
                    )
                )
    return _svg("".join(parts), label or " / ".join(sides), "score")


BAR_LABEL_SIZE = 9
BAR_STEP = 11
"""From one bar of a pair to the next: more than a label's line (about 1.2 times its size), so
two counts at the same length do not touch."""


def bar_pairs(rows: list[tuple[str, int, int]], label: str) -> str:
    """One row per ``(name, first, second)``: two bars (e.g. bid and made), scaled together,
    drawn in :data:`PAIR_COLOURS` (their key: ``legend(("bid", "made"), PAIR_COLOURS)``).

    >>> svg = bar_pairs([("♠", 4, 3), ("NT", 2, 0)], "Contracts")
    >>> svg.count("<rect") == 4
    True
    """
    row_h = 40  # the name on a line of its own above its bars: any length fits
    height = row_h * len(rows) + 4
    most = max([max(a, b) for _n, a, b in rows] + [1])
    bar_w = WIDTH - 30
    parts = []
    for i, (name, first, second) in enumerate(rows):
        top = 4 + i * row_h
        parts.append(_text(0, top + 10, name, "start"))
        for j, (value, colour) in enumerate(((first, BID_COLOUR), (second, MADE_COLOUR))):
            w = bar_w * value / most
            y = top + 14 + j * BAR_STEP  # equal counts: their labels one above the other
            parts.append(
                tag("rect", "", x="0", y=f"{y:.1f}", width=f"{w:.1f}", height="8", fill=colour)
            )
            parts.append(_text(w + 4, y + 7.5, str(value), "start", BAR_LABEL_SIZE))
    return _svg("".join(parts), label, "bars", height)


def result_bars(margins: list[int], label: str) -> str:
    """One bar per game, oldest first: up by the winning margin, down by the losing one.

    >>> result_bars([120, -60, 300], "Last games").count("<rect")
    3
    """
    height = 90
    mid = height / 2
    most = max([abs(m) for m in margins] + [1])
    step = min((WIDTH - 20) / max(len(margins), 1), 24)
    parts = [_line(10, mid, WIDTH - 10, mid, MUTED)]
    for i, margin in enumerate(margins):
        h = (mid - 6) * abs(margin) / most
        parts.append(
            tag(
                "rect",
                tag("title", esc(f"{margin:+d}")),
                x=f"{10 + i * step + step * 0.15:.1f}",
                y=f"{mid - h if margin >= 0 else mid:.1f}",
                width=f"{step * 0.7:.1f}",
                height=f"{max(h, 1):.1f}",
                fill=WIN_COLOUR if margin >= 0 else LOSS_COLOUR,
            )
        )
    return _svg("".join(parts), label, "results", height)


def legend(names: list[str] | tuple[str, ...], colours: tuple[str, ...]) -> str:
    """A chart's key: one item per name, with a swatch of its colour (taken in turn).

    >>> print(legend(["Us"], ("#15a392",)))
    <ul class="chart-legend"><li><span class="swatch" style="background:#15a392"></span>Us</li></ul>
    """
    items = "".join(
        tag(
            "li",
            tag("span", "", class_="swatch", style=f"background:{colours[i % len(colours)]}")
            + esc(name),
        )
        for i, name in enumerate(names)
    )
    return tag("ul", items, class_="chart-legend")
