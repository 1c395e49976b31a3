"""The charts' geometry: what the layout check in the browser would find, checked on the SVG."""

from __future__ import annotations

import re

from ui import charts


def test_a_bar_pairs_two_counts_do_not_touch():
    svg = charts.bar_pairs([("♠", 1, 1), ("NT", 3, 3)], "Contracts")
    counts = [
        (float(y), int(size))
        for y, size, text in re.findall(
            r'<text[^>]* y="([\d.]+)"[^>]* font-size="(\d+)"[^>]*>(\d+)<', svg
        )
    ]
    assert len(counts) == 4
    for (y1, size), (y2, _) in zip(counts[::2], counts[1::2]):
        assert y2 - y1 > 1.2 * size  # a line of text, ascent and descent, fits between them
