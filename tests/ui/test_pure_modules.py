"""DOM-free UI modules under CPython: names, i18n, card SVG, settings, storage, options."""

from __future__ import annotations

import doctest
import importlib
import json
import xml.etree.ElementTree as ET

import pytest

from game import Rules, new_game
from game.cards import CARD_STR, build_deck
from game.rules import OPTIONS
from ui import cards_svg, i18n, names, options, settings, storage

DOM_FREE = [
    "ui.app",
    "ui.bots",
    "ui.cards_svg",
    "ui.errors_text",
    "ui.hints",
    "ui.html",
    "ui.i18n",
    "ui.model",
    "ui.names",
    "ui.options",
    "ui.render_actions",
    "ui.render_dialogs",
    "ui.render_hand",
    "ui.render_page",
    "ui.render_settings",
    "ui.render_sheet",
    "ui.render_table",
    "ui.settings",
    "ui.storage",
    "ui.undo",
    "ui.unpack",
    "ui.share",
    "ui.daily",
    "ui.charts",
    "ui.history",
    "ui.render_share",
    "ui.render_history",
    "ui.looks",
    "ui.motion",
    "ui.sound",
    "ui.tour",
    "ui.review",
    "ui.render_review",
    "ui.announce",
    "ui.render_choices",
]


@pytest.mark.parametrize("name", DOM_FREE)
def test_doctests_and_no_pyscript(name):
    module = importlib.import_module(name)
    source = open(module.__file__, encoding="utf-8").read()
    assert "from pyscript" not in source and "import pyscript" not in source
    result = doctest.testmod(module)
    assert result.failed == 0


def test_card_names_cover_every_deck():
    seen = set()
    for size in (33, 43, 46, 53, 66):
        for card in build_deck(size):
            text = CARD_STR[card]
            seen.add(text)
            name = names.card_name(text)
            assert name and "{" not in name
    assert names.card_name("QS") == "Queen of spades"
    assert names.card_name("BJ") == "Black joker"
    assert names.card_name("13H") == "Thirteen of hearts"
    assert names.card_name("JK:H") == "Joker"
    assert len(seen) > 60


def test_bid_names():
    assert names.bid_name("6S") == "Six spades"
    assert names.bid_name("9NT") == "Nine no trumps"
    assert names.bid_name("BMIS") == "Blind misère"
    assert names.bid_name("GAME") == "Game"
    assert names.bid_short("8D") == "8♦"
    assert names.bid_level("10H") == 10 and names.bid_denomination("10NT") == "NT"
    assert names.bid_level("MIS") is None


def test_card_svg_is_well_formed_for_every_card():
    for size in (43, 46, 66):
        for card in build_deck(size):
            text = CARD_STR[card]
            svg = cards_svg.card_svg(text)
            root = ET.fromstring(
                svg.replace("href=", "xlink:href=").replace(
                    "<svg ", '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ', 1
                )
            )
            assert root.tag.endswith("svg")
    ET.fromstring(cards_svg.sprite())
    ET.fromstring(
        cards_svg.back_svg().replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    )
    assert cards_svg.suit_class("JK") == "joker" and cards_svg.suit_class("AD") == "suit-D"


def test_i18n_uses_a_catalogue_when_one_exists(tmp_path, monkeypatch):
    header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n > 1);\n"
    compiled = {
        "msgids.json": {
            "format": "fivehundred-msgids",
            "msgids": ["", "Pass", "{name} bids {bid}", "{n} trick", "{n} trick"],
            "forms": [None, None, None, 0, 1],
        },
        "en.json": {"format": "fivehundred-catalogue", "messages": [["", None, ""]]},
        "fr.json": {
            "format": "fivehundred-catalogue",
            "texts": [header, "Passe", "{name} annonce {bid}", "{n} pli", "{n} plis"],
        },
    }
    for name, data in compiled.items():
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    try:
        assert i18n.set_language(["fr-FR", "en"]).startswith("fr")
        assert i18n._("Pass") == "Passe"
        assert names.bid_name("PASS") == "Passe"
        assert i18n._("{name} bids {bid}").format(name="Ouest", bid="7♥") == "Ouest annonce 7♥"
        assert i18n._("Untranslated") == "Untranslated"
        assert i18n.ngettext("{n} trick", "{n} tricks", 1) == "{n} pli"
        assert i18n.ngettext("{n} trick", "{n} tricks", 2) == "{n} plis"
        assert i18n.available_languages() == ["en", "fr"]
        assert i18n.html_lang().startswith("fr")
    finally:
        i18n.set_language(["en"])
    assert i18n._("Pass") == "Pass"
    assert i18n.set_language(["de", "en-GB"]) == "en"


def test_settings_round_trip_and_validation():
    s = settings.Settings()
    s.speed, s.four_colour, s.auto_hints = "slow", True, True
    s.names[1] = "Ada"
    s.levels[2] = "hard"
    s.rules_dict = Rules.preset("american").to_dict()
    s.preset = "american"
    back = settings.Settings.from_json(s.to_json())
    assert back == s
    bad = settings.Settings.from_json(
        json.dumps(
            {
                "rules": {"players": 5},
                "levels": ["nope", "easy"],
                "names": [3, "  Bo\x00b  "],
                "speed": "warp",
                "four_colour": "yes",
            }
        )
    )
    assert bad.rules() == Rules.preset("australian")
    assert bad.levels[:2] == ["normal", "easy"] and bad.names[1] == "Bob"
    assert bad.speed == "normal" and bad.four_colour is False
    assert settings.Settings.from_json("not json") == settings.Settings()
    assert settings.preset_of(Rules.preset("six-handed")) == "six-handed"
    assert settings.preset_of(Rules().with_options(target=1000)) == "custom"


def test_parse_query():
    q = settings.parse_query("?seed=42&speed=instant&bots=easy&preset=three-handed&fresh=1&lang=fr")
    assert q == {
        "seed": 42,
        "speed": "instant",
        "bots": "easy",
        "preset": "three-handed",
        "fresh": True,
        "lang": "fr",
    }
    assert settings.parse_query("?preset=poker&lang=<x>") == {}


def test_store_handles_corrupt_full_and_blocked_storage():
    backend = storage.MemoryBackend()
    store = storage.Store(backend)
    g = new_game(seed=9)
    g.act(g.legal_actions()[0])
    assert store.save_game(g) and store.problem is None
    assert store.load_game().game == g
    backend.data[storage.SAVE_KEY] = '{"format": "fivehundred-game", "version": 99}'
    result = store.load_game()
    assert result.game is None and "incompatible" in result.error
    store.clear_game()
    assert backend.data[storage.BAD_SAVE_KEY].endswith("99}")
    assert storage.SAVE_KEY not in backend.data

    full = storage.Store(storage.MemoryBackend(full=True))
    assert full.save_game(g) is False and "full" in full.problem
    blocked = storage.Store(storage.MemoryBackend(blocked=True))
    assert blocked.get(storage.SAVE_KEY) is None and "store data" in blocked.problem
    assert blocked.load_game().game is None
    assert storage.Store(None).save_game(g) is False


def test_stats_count_each_hand_and_game_once():
    g = new_game(Rules.preset("australian"), seed=3)
    stats = storage.empty_stats()
    while g.phase != "over":
        g.act(
            g.legal_actions()[-1]
            if g.phase == "bid" and g.to_act == 0 and not g.auction
            else g.legal_actions()[0]
        )
        storage.update_stats(stats, g)
        storage.update_stats(stats, g)
    assert stats["games"] == 1 and stats["hands"] == len(g.hands_played)
    assert stats["wins"] in (0, 1)
    again = storage.clean_stats(json.loads(json.dumps(stats)))
    assert storage.update_stats(again, g) is False
    assert (
        storage.clean_stats({"games": -1, "contracts": {"S": {"bid": "x"}}})
        == storage.empty_stats()
    )


def test_option_labels_and_help_cover_the_engine():
    grouped = [n for _title, group in options.GROUPS for n in group]
    assert sorted(grouped) == sorted(OPTIONS), "every rule option appears in one settings group"
    assert len(grouped) == len(set(grouped))
    for name, spec in OPTIONS.items():
        assert options.OPTION_HELP[name] == spec.help, f"{name}: help differs from the engine"
        assert options.option_label(name) != name
        for value in spec.allowed:
            assert options.value_label(name, value)
            assert options.parse_value(name, str(value)) == value


def test_adjust_rules_keeps_the_rules_consistent():
    base = Rules.preset("australian").to_dict()
    six, changed = options.adjust_rules(base, "players", 6)
    assert Rules.from_dict(six).players == 6 and set(changed) == {"deck", "teams"}
    three, _ = options.adjust_rules(six, "players", 3)
    assert Rules.from_dict(three).deck == 33
    same, changed = options.adjust_rules(base, "target", 1000)
    assert changed == [] and same["target"] == 1000
    with pytest.raises(ValueError):
        options.adjust_rules(base, "players", 7)
    five, changed = options.adjust_rules(base, "players", 5)  # issue 11: five players
    assert Rules.from_dict(five).deck == 53 and set(changed) == {"deck", "teams"}
    two, _ = options.adjust_rules(base, "players", 2)
    assert Rules.from_dict(two).deck == 33 and Rules.from_dict(two).kitty_size == 3
    table = options.score_table(Rules.preset("australian"))
    assert table["grid"][1][3] == ("7H", 200) and ("MIS", 250) in table["specials"]


def test_esc_is_html_escape():
    """ui.html.esc copies html.escape (importing html costs the start html.entities)."""
    import html
    import random

    from ui.html import esc

    rnd = random.Random(3)
    for _ in range(2000):
        text = "".join(rnd.choice("&<>\"'a é&amp;") for _ in range(rnd.randint(0, 12)))
        assert esc(text) == html.escape(text, quote=True)
    assert esc(7) == "7"
