"""The bots' hint reasons translated (ui/hints.py): every code, every language, never a crash."""

from __future__ import annotations

import doctest
import json
import string
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

import ui.hints  # noqa: E402
import ui.i18n  # noqa: E402
from game import new_game  # noqa: E402
from game.bots.reasons import TEMPLATES  # noqa: E402
from ui.bots import think  # noqa: E402
from ui.hints import hint_text  # noqa: E402

LANGUAGES = ["fr", "ro", "pl", "ko"]
SAMPLE = {
    "card": "QH",
    "card_role": "",
    "top": "JD",
    "top_role": "left_bower",
    "other": "AS",
    "other_role": "",
    "suit": "H",
    "led": "C",
    "denomination": "NT",
    "bid": "8H",
    "p": 71,
    "mean": 8.6,
    "cards": ["4S", "10H", "JK"],
    "points": 12,
}


def _fields(template) -> set[str]:
    texts = template if isinstance(template, tuple) else (template,)
    return {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def samples(code: str) -> list[dict]:
    """Parameters for ``code``: a count of 1, 2, 5 and 22 when it has one."""
    fields = _fields(TEMPLATES[code])
    params = {k: v for k, v in SAMPLE.items() if k in fields or k.removesuffix("_role") in fields}
    if code.startswith("bid_misere"):
        params["bid"] = "OMIS"
    if "n" in fields:
        return [params | {"n": n} for n in (1, 2, 5, 22)]
    return [params]


@pytest.fixture(scope="module")
def locale_dir(tmp_path_factory):
    """The compiled catalogues where ui.i18n looks for them (as in app.zip)."""
    tmp = tmp_path_factory.mktemp("locale")
    build_site.write_catalogues(ROOT, tmp)
    saved = ui.i18n.LOCALE_DIR
    ui.i18n.LOCALE_DIR = tmp
    yield tmp
    ui.i18n.LOCALE_DIR = saved
    ui.i18n.set_vocabulary("australian")
    ui.i18n.set_language(["en"])


def _english(reason: dict) -> str:
    ui.i18n.set_language(["en"])
    return hint_text(reason)


def test_doctests():
    assert doctest.testmod(ui.hints).failed == 0


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_every_code_reads_in_english(code):
    ui.i18n.set_language(["en"])
    for params in samples(code):
        text = hint_text({"code": code, "params": params})
        assert text and "{" not in text and "}" not in text, text
        assert text != hint_text({"code": "no such code"}), code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_is_translated(locale_dir, lang):
    generic = _english({"code": "no such code"})
    for code in TEMPLATES:
        for params in samples(code):
            reason = {"code": code, "params": params}
            english = _english(reason)
            assert ui.i18n.set_language([lang]) == lang
            text = hint_text(reason)
            assert "{" not in text and "}" not in text, (lang, code, text)
            assert text != english, (lang, code, text)
            assert text != hint_text({"code": "no such code"}) != generic, (lang, code)


def test_parameters_are_named_in_the_language(locale_dir):
    reason = {"code": "bid_contract", "params": {"bid": "8H", "mean": 8.6, "p": 71, "n": 8}}
    ui.i18n.set_language(["fr"])
    text = hint_text(reason)
    assert "8,6" in text and "71\u00a0%" in text and "8♥" in text and "chien" in text, text
    ui.i18n.set_language(["pl"])
    assert "8,6" in hint_text(reason) and "8 lew" in hint_text(reason)
    bowers = {"code": "draw_trumps", "params": SAMPLE | {"card_role": "right_bower", "n": 3}}
    ui.i18n.set_language(["fr"])
    assert "valet droit" in hint_text(bowers) and "valet gauche" in hint_text(bowers)
    ui.i18n.set_language(["ko"])
    assert "오른쪽 바우어" in hint_text(bowers)
    ui.i18n.set_language(["ro"])
    cards = hint_text({"code": "discard_misere", "params": {"cards": ["AS", "JK"]}})
    assert cards.endswith("As de pică, Joker"), cards


def test_the_american_game_says_widow(locale_dir):
    reason = {"code": "bid_game", "params": {"bid": "GAME", "mean": 9.4, "p": 55}}
    ui.i18n.set_language(["en"])
    ui.i18n.set_vocabulary("american")
    try:
        assert "widow" in hint_text(reason)
        ui.i18n.set_language(["fr"])
        assert "veuve" in hint_text(reason)
    finally:
        ui.i18n.set_vocabulary("australian")


@pytest.mark.parametrize(
    "reason",
    [
        None,
        "Bid 7H",
        {},
        {"code": "no such code", "params": {}},
        {"code": "cash_winner"},
        {"code": "cash_winner", "params": {"card": "ZZ", "card_role": ""}},
        {"code": "cash_winner", "params": {"card": "AS", "card_role": "middle_bower"}},
        {"code": "draw_trumps", "params": SAMPLE | {"n": "three"}},
        {"code": "ruff", "params": {"led": "X"}},
        {"code": "bid_contract", "params": {"bid": "8H", "mean": "high", "p": 71, "n": 8}},
        {"code": "discard_nt", "params": {"cards": "AS"}},
        {"code": "pass_weak", "params": []},
    ],
)
def test_unknown_codes_and_bad_parameters_fall_back(reason):
    ui.i18n.set_language(["en"])
    assert hint_text(reason) == "The computer's suggestion for this turn"


def test_the_worker_answers_a_code_and_parameters():
    g = new_game(seed=3)
    request = {"kind": "suggest", "level": "normal", "seed": 1, "view": g.view(g.to_act)}
    answer = json.loads(think(json.dumps(request)))
    assert answer["action"] in g.legal_actions()
    assert answer["reason"]["code"] in TEMPLATES
    ui.i18n.set_language(["en"])
    assert hint_text(answer["reason"]) != hint_text(None)
    request["kind"] = "choose"
    assert json.loads(think(json.dumps(request)))["reason"] is None
