"""Looks (ui/looks.py): the choices, their settings and the CSS they need."""

from __future__ import annotations

from ui import looks
from ui.render_settings import render_settings
from ui.settings import Settings


def test_settings_keep_valid_looks_and_drop_others():
    s = Settings.from_json('{"theme": "dark", "felt": "blue", "back": "gold"}')
    assert (s.theme, s.felt, s.back) == ("dark", "blue", "gold")
    s = Settings.from_json('{"theme": "neon", "felt": 3, "back": "x"}')
    assert (s.theme, s.felt, s.back) == ("system", "green", "blue")
    assert Settings.from_json(Settings(theme="light").to_json()).theme == "light"


def test_every_choice_has_css_and_a_select_option():
    css = looks.looks_css()
    for name, felt in looks.FELTS.items():
        assert (f'data-felt="{name}"' in css) == (felt is not None)
    for name, back in looks.BACKS.items():
        assert (f'data-back="{name}"' in css) == (back is not None)
    html = render_settings(Settings(felt="red"))
    for kind in ("theme", "felt", "back"):
        assert f'id="set-{kind}"' in html
    assert '<option value="red" selected>' in html


def test_theme_css_forces_the_colour_scheme():
    css = looks.theme_css("--bg: #e9eee9; color-scheme: light dark;", "--bg: #0e1411;")
    assert "color-scheme: light dark" not in css
    assert css.count("color-scheme") == 2
