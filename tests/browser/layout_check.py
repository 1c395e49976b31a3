"""The layout check run in the page: text that does not fit its box, and anything cut off.

``layout_problems(page)`` lists, for the visible table, panels, score sheet and open
dialog: every element showing text (or a card) whose content is wider than its box
(``scrollWidth > clientWidth``), that an ancestor clips (``overflow`` not visible: hidden
sideways or, for hidden/clip, downwards), or that lies partly off the screen; every word of
letters or digits alone broken over two lines ("10" as "1" over "0"); every text that another
box covers (a card over a plate's badge), read a screen at a time down the page; and every SVG
text (a chart's) that leaves its chart or overlaps another, or that a chart shows scaled below
7.5 px.
``calls_out_of_sight(page)`` lists the actions of the action panel scrolled out of its view.
"""

from __future__ import annotations

from pathlib import Path

CHECK = (Path(__file__).parent / "layout_check.js").read_text("utf-8")


SETTLE = """() => Promise.race([
  Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => null))),
  new Promise((done) => setTimeout(done, 3000)),
])"""
"""Wait (up to 3 s) for the running finite animations and transitions: a card still flying in
from the kitty, or a score chip bumping, is not where it will rest."""


def layout_problems(page) -> list[str]:
    page.evaluate(SETTLE)
    return page.evaluate(CHECK)


CALLS_OUT_OF_SIGHT = """() => {
  const panel = document.querySelector('#region-panel').getBoundingClientRect();
  return [...document.querySelectorAll('#region-panel [data-action]')].filter((b) => {
    const r = b.getBoundingClientRect();
    return r.height > 0 && (r.top < panel.top - 1 || r.bottom > panel.bottom + 1);
  }).map((b) => b.dataset.action);
}"""


def calls_out_of_sight(page) -> list[str]:
    """The actions (``data-action``) of the action panel that lie outside its box: where the
    panel scrolls, a player would not see them without scrolling it."""
    return page.evaluate(CALLS_OUT_OF_SIGHT)
