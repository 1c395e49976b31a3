"""Looks in the page: a light/dark theme chosen against the system's, the table colour and
the card backs, kept over a reload."""

from __future__ import annotations

import pytest
from ui_helpers import ROOT_URL_PARAMS, open_game, problems

pytestmark = pytest.mark.browser

PROPERTY = "(name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()"
BODY_BG = "getComputedStyle(document.body).backgroundColor"


def _choose(page, **choices: str) -> None:
    page.click("[data-ui=settings]")
    for kind, value in choices.items():
        page.select_option(f"#set-{kind}", value)
    page.click("dialog[open] [data-ui=settings-save]")
    page.wait_for_selector("dialog[open]", state="detached")


def test_dark_theme_felt_and_backs_on_a_light_system(site_url, new_context, wait_ready):
    page, recorder = open_game(
        new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=2", wait_ready, color_scheme="light"
    )
    light_bg = page.evaluate(BODY_BG)
    assert page.evaluate(PROPERTY, "--bg") == "#e9eee9"
    _choose(page, theme="dark", felt="blue", back="red")
    assert page.evaluate(PROPERTY, "--bg") == "#0e1411"
    assert page.evaluate(BODY_BG) != light_bg
    assert page.evaluate(PROPERTY, "--felt-1") == "#2f6f9e"
    assert page.evaluate(PROPERTY, "--back-1") == "#a5302b"
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.evaluate(PROPERTY, "--bg") == "#0e1411"
    assert page.evaluate(PROPERTY, "--felt-1") == "#2f6f9e"
    assert problems(recorder) == []


def test_light_theme_on_a_dark_system(site_url, new_context, wait_ready):
    page, recorder = open_game(
        new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=2", wait_ready, color_scheme="dark"
    )
    assert page.evaluate(PROPERTY, "--bg") == "#0e1411"  # "system" follows the dark system
    _choose(page, theme="light")
    assert page.evaluate(PROPERTY, "--bg") == "#e9eee9"
    _choose(page, theme="system")
    assert page.evaluate(PROPERTY, "--bg") == "#0e1411"
    assert problems(recorder) == []
