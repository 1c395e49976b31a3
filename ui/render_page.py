"""The page's live regions, each as HTML: what ui/dom.py writes into the page after each
change (only the regions whose HTML changed are replaced), and what the tests' fake screen
records.

    html = render_regions(app)   # {"scores": ..., "status": ..., ..., "sheet": ...}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui import tour
from ui.render_actions import render_panel
from ui.render_hand import render_hand
from ui.render_sheet import render_sheet
from ui.render_table import render_scoreboard, render_seats, render_status, render_trick_area

if TYPE_CHECKING:
    from ui.app import Controller


def render_regions(app: Controller) -> dict[str, str]:
    """Region name (the page element ``#region-<name>``) -> its HTML for the game shown."""
    return {
        "scores": render_scoreboard(app),
        "status": render_status(app),
        "seats": render_seats(app),
        "centre": render_trick_area(app),
        "panel": tour.render(app) + render_panel(app),
        "hand": render_hand(app),
        "sheet": render_sheet(app, narrow=True),
    }
