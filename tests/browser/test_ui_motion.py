"""Motion in the page: the deal animates, animations are off under prefers-reduced-motion,
and clicks still answer at once (the page's change lands within 50 ms of the click: the
median of the measured clicks; every figure is printed)."""

from __future__ import annotations

import statistics

import pytest
from ui_helpers import human_step, open_game, problems

pytestmark = pytest.mark.browser

# The animations the page would run: the first hand card while dealing, the held trick.
PROBE = """() => {
  const hand = document.getElementById('region-hand');
  const table = document.getElementById('table');
  hand.classList.add('dealing');
  table.setAttribute('data-sweep', 'left');
  const card = getComputedStyle(hand.querySelector('.card'));
  const trick = getComputedStyle(document.querySelector('#region-centre .trick'));
  const out = {deal: card.animationName, dealSeconds: parseFloat(card.animationDuration),
               sweep: trick.animationName};
  hand.classList.remove('dealing');
  table.removeAttribute('data-sweep');
  return out;
}"""

LATENCY = """() => {
  window.__latency = [];
  document.addEventListener('click', () => {
    const start = performance.now();
    const seen = new MutationObserver(() => {
      window.__latency.push(performance.now() - start);
      seen.disconnect();
    });
    seen.observe(document.getElementById('app'),
                 {subtree: true, childList: true, attributes: true, characterData: true});
  }, true);
}"""


def test_deal_animates_and_clicks_answer_at_once(site_url, new_context, wait_ready):
    page, recorder = open_game(
        new_context, site_url, "?speed=fast&bots=easy&fresh=1&seed=6", wait_ready
    )
    page.wait_for_function("document.body.dataset.dealt")  # the first deal was animated
    probe = page.evaluate(PROBE)
    assert probe["deal"] == "deal-in" and probe["dealSeconds"] > 0.1
    assert probe["sweep"] == "sweep"
    page.wait_for_selector("body[data-bot-worker]", state="attached")
    page.evaluate(LATENCY)
    clicks = 0
    while clicks < 6:
        if human_step(page) == "over":
            break
        clicks += 1
    latencies = page.evaluate("window.__latency")
    print(f"click to page change, ms: {[round(x, 1) for x in latencies]}")
    assert len(latencies) >= clicks
    assert statistics.median(latencies) < 50
    assert problems(recorder) == []


def test_motion_off_under_reduced_motion(site_url, new_context, wait_ready):
    page, recorder = open_game(
        new_context,
        site_url,
        "?speed=normal&bots=easy&fresh=1&seed=6",
        wait_ready,
        reduced_motion="reduce",
    )
    probe = page.evaluate(PROBE)
    assert probe["deal"] == "none" and probe["sweep"] == "none"
    assert problems(recorder) == []


# Counts the page's reads of the hand's offsetWidth, which lay the whole page out at once.
COUNT_LAYOUT_READS = """
window.__handLayoutReads = 0;
const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetWidth");
Object.defineProperty(HTMLElement.prototype, "offsetWidth", {
  configurable: true,
  get() {
    if (this.id === "region-hand") window.__handLayoutReads += 1;
    return own.get.call(this);
  },
});
"""


def test_the_first_deal_animates_without_laying_out_the_page_at_start(
    site_url, new_context, wait_ready
):
    context, recorder = new_context()
    context.add_init_script(COUNT_LAYOUT_READS)
    page = context.new_page()
    page.goto(site_url + "?speed=fast&bots=easy&fresh=1&seed=6")
    wait_ready(page)
    assert page.evaluate("document.body.dataset.dealt")  # the first deal is animated
    assert page.evaluate("document.getElementById('region-hand').offsetWidth") > 0
    # the read just made; none by the page's start (the layout waits for the first frame)
    assert page.evaluate("window.__handLayoutReads") == 1
    assert problems(recorder) == []
