"""The layout check run in the page: text that does not fit its box, and anything cut off.

``layout_problems(page)`` lists, for the visible table, panels, score sheet and open
dialog: every element showing text (or a card) whose content is wider than its box
(``scrollWidth > clientWidth``), that an ancestor clips (``overflow`` not visible: hidden
sideways or, for hidden/clip, downwards), or that lies partly off the screen.
"""

from __future__ import annotations

from pathlib import Path

CHECK = (Path(__file__).parent / "layout_check.js").read_text("utf-8")


def layout_problems(page) -> list[str]:
    return page.evaluate(CHECK)
