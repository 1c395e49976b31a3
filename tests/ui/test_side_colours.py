"""Every side of every preset has a colour of its own, on the page (``--side-N`` and its
``.side-N`` class) and in the charts (``charts.SIDE_COLOURS``, the same colours)."""

from __future__ import annotations

import re
from pathlib import Path

from game import Rules
from ui import charts

STYLE = (Path(__file__).resolve().parents[2] / "assets" / "style.css").read_text("utf-8")


def test_every_side_has_a_colour_of_its_own():
    most = max(Rules.preset(p).num_sides for p in Rules.PRESETS)  # five-handed: 5
    page = dict(re.findall(r"--side-(\d+): (#[0-9a-f]{6});", STYLE))
    colours = [page.get(str(side)) for side in range(most)]
    assert colours == list(charts.SIDE_COLOURS)
    assert len(set(colours)) == most
    for side in range(most):
        assert f".side-{side} {{ --side-color: var(--side-{side}); }}" in STYLE
