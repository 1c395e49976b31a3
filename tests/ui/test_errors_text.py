"""Errors a player can see are translated sentences built from the engine's error codes
(ui/errors_text.py), never the engine's English messages."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

import ui.i18n  # noqa: E402
from game import Game, IllegalAction, Rules, SaveError, new_game  # noqa: E402
from ui import errors_text, options, storage  # noqa: E402

LANGUAGES = ["fr", "ro", "pl", "ko"]

SAMPLE_PARAMS = {
    "not-a-card": {"text": "ZZ"},
    "not-in-hand": {"card": "QH"},
    "discard-expected": {"count": 3, "example": ["4S", "5S", "6S"]},
    "discard-count": {"count": 3, "got": 1},
    "named-twice": {"card": "AS"},
    "not-a-bid": {"text": "7X"},
    "bid-too-low": {"bid": "7C", "current": "7H"},
    "joker-must-follow": {"suit": "D"},
    "must-follow": {"suit": "H"},
    "joker-suit-missing": {"card": "JK"},
    "not-a-suit": {"text": "Q"},
    "joker-suit-led": {"suit": "S", "allowed": ["C", "H"]},
    "not-a-save": {"format": "chess"},
    "incompatible-version": {"version": 2, "supported": 1},
    "invalid-rules": {"reason": "players must be 3, 4 or 6"},
    "invalid-seed": {"seed": "'abc'"},
    "invalid-deals": {"reason": "a deal needs 4 hands"},
    "invalid-action": {"n": 12, "action": "4S", "reason": "...", "cause": None},
    "deal-count": {"listed": 2, "played": 3},
    "option-value": {"option": "players", "value": "five"},
    "option-conflict": {"option": "deck", "value": 63},
}


def engine_codes(cls: str) -> set[str]:
    """Every code the engine raises for ``cls`` (read from the source)."""
    source = (ROOT / "game" / "engine.py").read_text(encoding="utf-8")
    codes = set()
    for match in re.finditer(rf"{cls}\((.*?)\n\s*\)|{cls}\((.*?)\)\n", source, re.S):
        codes.update(re.findall(r'code="([a-z0-9-]+)"', match.group(0)))
    return codes


def all_texts() -> dict[str, str]:
    out = {}
    for code in errors_text.ILLEGAL_ACTION_TEXTS:
        out["action:" + code] = errors_text.illegal_action_text(code, SAMPLE_PARAMS.get(code))
    for code in errors_text.SAVE_ERROR_TEXTS:
        out["save:" + code] = errors_text.save_error_text(code, SAMPLE_PARAMS.get(code))
    for code in ("option-value", "option-conflict"):
        out["option:" + code] = errors_text.option_error_text(code, SAMPLE_PARAMS[code])
    out["action:?"] = errors_text.illegal_action_text("unknown")
    out["save:?"] = errors_text.save_error_text("unknown")
    out["option:?"] = errors_text.option_error_text("unknown")
    out["other"] = errors_text.error_text(RuntimeError("boom"))
    # the discard counts in the singular too
    out["action:discard-count-1"] = errors_text.illegal_action_text(
        "discard-count", {"count": 1, "got": 2}
    )
    return out


@pytest.fixture
def locale_dir(tmp_path, monkeypatch):
    """The compiled catalogues where ui.i18n looks for them (as in app.zip)."""
    build_site.write_catalogues(ROOT, tmp_path)
    monkeypatch.setattr(ui.i18n, "LOCALE_DIR", tmp_path)
    yield tmp_path
    ui.i18n.set_language(["en"])
    ui.i18n.set_vocabulary("australian")


def test_every_engine_code_has_a_sentence():
    illegal = engine_codes("IllegalAction")
    saves = engine_codes("SaveError")
    assert len(illegal) >= 25 and len(saves) == 10
    assert illegal == set(errors_text.ILLEGAL_ACTION_TEXTS)
    assert saves == set(errors_text.SAVE_ERROR_TEXTS)


def test_english_sentences_read_well():
    ui.i18n.set_language(["en"])
    texts = all_texts()
    for key, text in texts.items():
        assert text and "{" not in text and text.endswith("."), (key, text)
        assert text[0].isupper() or text[0] == "“", (key, text)
    assert texts["action:must-follow"] == "You must follow hearts."
    assert texts["action:bid-too-low"] == (
        "Seven clubs does not beat the current bid (Seven hearts)."
    )
    assert texts["action:not-in-hand"] == "That card is not in your hand: Queen of hearts."
    assert texts["action:discard-count"] == "Discard exactly 3 cards (you chose 1)."
    assert texts["save:invalid-action"] == "The save is damaged: move 12 breaks the rules."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_is_translated(locale_dir, lang):
    ui.i18n.set_language(["en"])
    english = all_texts()
    assert ui.i18n.set_language([lang]) == lang
    translated = all_texts()
    for key, text in translated.items():
        assert text and "{" not in text and "}" not in text, (lang, key, text)
        assert text != english[key], (lang, key, text)


def test_american_words_in_errors(locale_dir):
    ui.i18n.set_language(["en"])
    ui.i18n.set_vocabulary("american")
    assert errors_text.illegal_action_text("misere-needs-7") == (
        "Nullo may be bid only after a 7 bid."
    )
    assert "widow" in errors_text.illegal_action_text("discard-expected", {"count": 3})
    ui.i18n.set_language(["fr"])
    assert "veuve" in errors_text.illegal_action_text("discard-expected", {"count": 3})


def test_illegal_action_from_the_engine_is_translated(locale_dir):
    g = new_game(Rules.preset("australian"), seed=7)
    for call in ("PASS", "PASS", "7H"):
        g.act(call)
    with pytest.raises(IllegalAction) as info:
        g.act("7C")
    ui.i18n.set_language(["fr"])
    assert errors_text.error_text(info.value) == (
        "Sept trèfle ne bat pas l’enchère en cours (Sept cœur)."
    )
    assert str(info.value) == "7C does not beat the current bid 7H"  # the engine stays English


CORRUPT = '{"format": "fivehundred-game", "version": 1, "rules": {"players": 9}}'


def test_parse_save_gives_a_translated_reason_and_keeps_the_detail(locale_dir):
    ui.i18n.set_language(["fr"])
    result = storage.parse_save(CORRUPT)
    assert result.game is None and result.raw == CORRUPT
    assert result.error == "La sauvegarde est endommagée\u00a0: ses règles ne sont pas valides."
    assert result.detail.startswith("the save's rules are invalid: ")
    assert storage.parse_save("{oops").error.startswith("Le fichier est endommagé")

    ui.i18n.set_language(["en"])
    result = storage.parse_save(CORRUPT)
    assert result.error == "The save is damaged: its rules are invalid."
    assert result.detail.startswith("the save's rules are invalid: ")
    good = storage.parse_save(new_game(seed=2).to_json())
    assert good.error is None and good.detail is None and good.game is not None


def test_parse_save_never_shows_an_unexpected_exception(monkeypatch):
    def boom(_text):
        raise RuntimeError("internal detail")

    monkeypatch.setattr(Game, "from_json", staticmethod(boom))
    result = storage.parse_save("{}")
    assert result.error == "The save cannot be read."
    assert "internal detail" in result.detail


def test_every_save_error_is_a_sentence(locale_dir):
    bad = [
        "{oops",
        '{"format": "chess"}',
        '{"format": "fivehundred-game", "version": 3}',
        '{"format": "fivehundred-game", "version": 1, "rules": {}, "seed": "x"}',
        '{"format": "fivehundred-game", "version": 1, "rules": {}, "seed": 1, "deals": []}',
    ]
    for lang in ["en", *LANGUAGES]:
        ui.i18n.set_language([lang])
        for text in bad:
            with pytest.raises(SaveError) as info:
                Game.from_json(text)
            sentence = errors_text.error_text(info.value)
            assert sentence == storage.parse_save(text).error
            assert sentence != str(info.value) and "{" not in sentence


def test_options_errors_are_translated(locale_dir):
    base = Rules.preset("australian").to_dict()
    with pytest.raises(options.OptionError) as bad_value:
        options.parse_value("players", "five")
    with pytest.raises(ValueError) as not_allowed:
        options.adjust_rules(base, "players", 7)  # 5 became a table size (issue 11)
    conflict = options.OptionError("no consistent rules", "option-conflict", "deck", 63)
    assert str(bad_value.value) == "players cannot be 'five'"  # English for developers
    assert str(not_allowed.value) == "players cannot be 7"
    ui.i18n.set_language(["en"])
    assert errors_text.error_text(bad_value.value) == "Players cannot be “five”."
    assert errors_text.error_text(not_allowed.value) == "Players cannot be “7”."
    assert errors_text.error_text(conflict) == (
        "There are no consistent rules with Deck: 63 cards."
    )
    ui.i18n.set_language(["fr"])
    assert (
        errors_text.error_text(bad_value.value) == "Joueurs ne peut pas valoir «\u00a0five\u00a0»."
    )
    assert errors_text.error_text(conflict) == (
        "Aucun jeu de règles cohérent ne permet Paquet\u00a0: 63 cartes."
    )
