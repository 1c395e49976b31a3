"""The page's Content-Security-Policy (a <meta> tag the build writes): the game boots, its
bot worker starts and play goes on with no violation reported."""

from __future__ import annotations

import pytest
from ui_helpers import ROOT_URL_PARAMS, human_step, problems

pytestmark = pytest.mark.browser

COLLECT = """window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(
  e.violatedDirective + " " + e.blockedURI + " " + (e.sample || "")));"""


def test_the_game_plays_under_the_policy(site_url, new_context, wait_ready):
    context, recorder = new_context(service_workers="block")
    context.add_init_script(COLLECT)
    page = context.new_page()
    page.goto(site_url + f"?{ROOT_URL_PARAMS}&seed=5")
    wait_ready(page)
    policy = page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content")
    for part in ("default-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri"):
        assert part in policy
    page.wait_for_selector("body[data-bot-worker]", state="attached")
    for _ in range(4):
        human_step(page)
    assert page.get_attribute("body", "data-bot-worker") == "real"
    assert page.evaluate("window.__csp") == []
    assert not [p for p in problems(recorder) if "Content Security Policy" in p]
    assert problems(recorder) == []
