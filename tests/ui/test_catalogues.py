"""The translation catalogues (ui/i18n/): complete, consistent with the sources, loadable.

CPython only and fast: the extractor runs in memory, each .po is compiled with the same
compiler as tools/build_site.py (Babel's) and read back with Python's gettext. See
docs/i18n.md.
"""

from __future__ import annotations

import gettext
import io
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import i18n_extract  # noqa: E402
from babel.messages.catalog import Catalog  # noqa: E402

import ui.i18n  # noqa: E402

LANGUAGES = ["fr", "ro", "pl", "ko"]
# English is the source language: its catalogue holds only the American game's words.
CATALOGUES = [*LANGUAGES, "en"]
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "ro": "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ko": "nplurals=1; plural=0;",
}
# n -> index of the plural form gettext must pick
EXPECTED_FORMS = {
    "fr": {0: 0, 1: 0, 2: 1, 5: 1, 22: 1, 100: 1},
    "ro": {0: 1, 1: 0, 2: 1, 5: 1, 19: 1, 20: 2, 22: 2, 101: 1, 119: 1, 120: 2},
    "pl": {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 14: 2, 22: 1, 25: 2, 102: 1, 112: 2},
    "ko": {0: 0, 1: 0, 2: 0, 5: 0, 22: 0},
}
FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")


def po_path(lang: str) -> Path:
    return ROOT / "ui" / "i18n" / lang / "LC_MESSAGES" / "fivehundred.po"


def load(lang: str) -> Catalog:
    return i18n_extract.read_catalogue(po_path(lang).read_text(encoding="utf-8"), lang)


def header_fields(catalogue: Catalog) -> dict[str, str]:
    return i18n_extract.header_fields(catalogue)


@pytest.fixture(scope="module")
def extracted() -> Catalog:
    template, _warnings = i18n_extract.extract(ROOT)
    return template


@pytest.fixture(scope="module")
def template() -> Catalog:
    return i18n_extract.read_catalogue(
        i18n_extract.TEMPLATE.read_text(encoding="utf-8"), "fivehundred.pot"
    )


def compile_catalogue(lang: str) -> gettext.GNUTranslations:
    """The .mo that build_site.py puts in app.zip, loaded as the app loads it."""
    return gettext.GNUTranslations(io.BytesIO(build_site.compile_catalogue(po_path(lang))))


@dataclass
class Entry:
    """One message of a catalogue, as these tests read it."""

    msgid: str
    msgctxt: str | None
    msgid_plural: str | None
    forms: list[str]
    fuzzy: bool
    references: list[tuple[str, int]]

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def msgstr(self) -> str:
        return self.forms[0]

    def translations(self) -> list[str]:
        return self.forms


def live(catalogue: Catalog) -> list[Entry]:
    """The catalogue's messages (not the header, not the obsolete ones)."""
    return [
        Entry(
            msgid=i18n_extract.key_of(m)[0],
            msgctxt=m.context,
            msgid_plural=i18n_extract.plural_of(m),
            forms=i18n_extract.translations(m),
            fuzzy=m.fuzzy,
            references=list(m.locations),
        )
        for m in catalogue
        if m.id
    ]


# --- the template ------------------------------------------------------------------------------


def test_sources_have_messages(extracted):
    msgids = {e.msgid for e in live(extracted)}
    assert len(live(extracted)) > 100
    assert {"Pass", "Misère", "{n} trick", "Five Hundred"} <= msgids


def test_template_is_up_to_date_with_the_sources(extracted, template):
    differences = i18n_extract.template_differences(template, extracted)
    assert not differences, "run `python tools/i18n_extract.py --update`:\n" + "\n".join(
        differences
    )


def test_template_is_a_template(template):
    assert template.fuzzy
    for entry in live(template):
        assert not any(entry.translations()), entry.msgid
        assert entry.references, entry.msgid


# --- every catalogue ---------------------------------------------------------------------------


def test_every_language_has_a_catalogue():
    found = sorted(p.parts[-3] for p in i18n_extract.catalogue_paths())
    assert found == sorted(CATALOGUES)


@pytest.mark.parametrize("lang", CATALOGUES)
def test_header(lang):
    fields = header_fields(load(lang))
    assert fields["Language"] == lang
    assert fields["Content-Type"].replace(" ", "").lower() == "text/plain;charset=utf-8"
    assert fields["Plural-Forms"] == PLURAL_FORMS[lang]


@pytest.mark.parametrize("lang", CATALOGUES)
def test_every_msgid_is_translated(lang, template):
    template = i18n_extract.template_for(lang, template)
    po = load(lang)
    nplurals = int(PLURAL_FORMS[lang].split(";")[0].split("=")[1])
    entries = {e.key: e for e in live(po)}
    missing, empty = [], []
    for tpl in live(template):
        entry = entries.get(tpl.key)
        if entry is None or entry.msgid_plural != tpl.msgid_plural:
            missing.append(tpl.msgid)
            continue
        forms = entry.translations()
        if entry.fuzzy or not all(forms) or len(forms) != (nplurals if tpl.msgid_plural else 1):
            empty.append(tpl.msgid)
    assert not missing, f"{lang}: not in the catalogue (run --update): {missing}"
    assert not empty, f"{lang}: untranslated, fuzzy or missing plural forms: {empty}"
    stale = set(entries) - {t.key for t in live(template)}
    assert not stale, f"{lang}: entries not in the template (run --update): {stale}"


@pytest.mark.parametrize("lang", CATALOGUES)
def test_placeholders_are_preserved(lang):
    wrong = []
    for entry in live(load(lang)):
        wanted = sorted(FIELD.findall(entry.msgid_plural or entry.msgid))
        if entry.msgid_plural is None:
            assert sorted(FIELD.findall(entry.msgid)) == wanted
        for text in entry.translations():
            if sorted(FIELD.findall(text)) != wanted:
                wrong.append((entry.msgid, text))
            elif wanted:
                text.format(**{name: "x" for name in wanted})  # no stray braces
    assert not wrong, f"{lang}: placeholders differ: {wrong}"


@pytest.mark.parametrize("lang", CATALOGUES)
def test_checker_finds_nothing(lang, template):
    wanted = i18n_extract.template_for(lang, template)
    assert i18n_extract.check_catalogue(load(lang), wanted, lang) == []


@pytest.mark.parametrize("lang", CATALOGUES)
def test_numbers_and_suit_symbols_are_kept(lang):
    wrong = []
    for entry in live(load(lang)):
        source = entry.msgid_plural or entry.msgid
        for text in entry.translations():
            for symbol in "♠♣♦♥":
                if text.count(symbol) != source.count(symbol):
                    wrong.append((entry.msgid, text))
            for number in re.findall(r"\d+", re.sub(r"\{[^{}]*\}", "", source)):
                if number not in text:
                    wrong.append((entry.msgid, text))
    assert not wrong, f"{lang}: numbers or suit symbols changed: {wrong}"


# --- compiled catalogues -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", CATALOGUES)
def test_compiles_and_every_message_loads(lang):
    translations = compile_catalogue(lang)
    assert translations.info()["language"] == lang
    for entry in live(load(lang)):
        if entry.msgid_plural is None:
            if entry.msgctxt is None:
                got = translations.gettext(entry.msgid)
            else:
                got = translations.pgettext(entry.msgctxt, entry.msgid)
            assert got == entry.msgstr
        else:
            forms = entry.translations()
            if entry.msgctxt is None:
                got = translations.ngettext(entry.msgid, entry.msgid_plural, 1)
            else:
                got = translations.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, 1)
            assert got in forms


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_pick_the_right_form(lang):
    translations = compile_catalogue(lang)
    entry = next(e for e in live(load(lang)) if e.msgid == "{n} trick")
    forms = entry.translations()
    for n, index in EXPECTED_FORMS[lang].items():
        assert translations.ngettext("{n} trick", "{n} tricks", n) == forms[index], n


def test_polish_forms_read_right():
    translations = compile_catalogue("pl")

    def tricks(n: int) -> str:
        return translations.ngettext("{n} trick", "{n} tricks", n).format(n=n)

    assert [tricks(n) for n in (1, 2, 5, 22)] == ["1 lewa", "2 lewy", "5 lew", "22 lewy"]


def test_french_zero_and_one_are_singular():
    translations = compile_catalogue("fr")
    assert translations.ngettext("{n} trick", "{n} tricks", 0).format(n=0) == "0 pli"
    assert translations.ngettext("{n} trick", "{n} tricks", 1).format(n=1) == "1 pli"
    assert translations.ngettext("{n} trick", "{n} tricks", 2).format(n=2) == "2 plis"


def test_french_punctuation_keeps_to_its_word():
    """French spaces ``:`` ``;`` ``?`` ``!`` ``»`` from the word before and ``«`` from the word
    after: with a plain space a line could start with the colon ("… du chien / : six est …"),
    so the catalogue uses a no-break space there (U+00A0 or the narrow U+202F)."""
    loose = re.compile(r"(?<=\S) [:;?!»]|« ")
    found = [t for e in live(load("fr")) for t in e.translations() if loose.search(t)]
    assert found == []


def test_polish_one_letter_words_keep_to_the_next():
    """Polish typesetting never ends a line with a one-letter word ("w", "z", "i", "a", "o",
    "u"): the catalogue joins it to the next word with a no-break space."""
    loose = re.compile(r"(?<![\w\u00a0{])[aiouwzAIOUWZ] ")
    found = [t for e in live(load("pl")) for t in e.translations() if loose.search(t)]
    assert found == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext not installed")
@pytest.mark.parametrize("lang", CATALOGUES)
def test_gnu_msgfmt_accepts_the_catalogue(lang, tmp_path):
    result = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(po_path(lang))],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    mo = gettext.GNUTranslations(io.BytesIO((tmp_path / "out.mo").read_bytes()))
    ours = compile_catalogue(lang)
    assert mo._catalog == ours._catalog  # type: ignore[attr-defined]


def _read_shipped(files: dict[str, bytes]) -> dict[str, ui.i18n.Catalogue]:
    """Language -> catalogue of app.zip's compiled files (read as ui.i18n reads each)."""
    compiled = _i18n_files(files)
    msgids = json.loads(compiled.pop("msgids.json"))
    return {
        name.removesuffix(".json"): ui.i18n.read_language(json.loads(content), lambda: msgids)
        for name, content in compiled.items()
    }


def _i18n_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """The compiled catalogues of app.zip (name in ui/i18n/ -> content)."""
    return {
        name.removeprefix("ui/i18n/"): content
        for name, content in files.items()
        if name.startswith("ui/i18n/") and name.count("/") == 2
    }


def test_the_build_ships_each_language_in_a_file_of_its_own():
    files = dict(build_site.app_files(ROOT))
    assert not any(name.endswith((".po", ".pot", ".mo")) for name in files)
    assert sorted(_i18n_files(files)) == sorted(["msgids.json"] + [f"{c}.json" for c in CATALOGUES])
    shipped = _read_shipped(files)
    assert sorted(shipped) == sorted(CATALOGUES)
    for lang in CATALOGUES:  # exactly what gettext reads from Babel's .mo of each language
        assert shipped[lang]._catalog == compile_catalogue(lang)._catalog  # type: ignore[attr-defined]
        assert [shipped[lang].plural(n) for n in range(30)] == [
            compile_catalogue(lang).plural(n) for n in range(30)
        ]


@pytest.mark.parametrize("lang", CATALOGUES)
def test_the_shipped_catalogue_answers_as_gettext_does(lang):
    """ui.i18n.Catalogue does without gettext at the start: every lookup gives what gettext's
    GNUTranslations gives on Babel's .mo of the language."""
    files = dict(build_site.app_files(ROOT))
    ours = _read_shipped(files)[lang]
    mo = compile_catalogue(lang)
    keys = list(mo._catalog) + ["not a message", ("not a message", 0)]  # type: ignore[attr-defined]
    for key in keys:
        msgid = key[0] if isinstance(key, tuple) else key
        context, _sep, message = msgid.rpartition("\x04")
        if context:
            assert ours.pgettext(context, message) == mo.pgettext(context, message)
            for n in range(25):
                args = (context, message, message + " (plural)", n)
                assert ours.npgettext(*args) == mo.npgettext(*args)
        else:
            assert ours.gettext(message) == mo.gettext(message)
            for n in range(25):
                args = (message, message + " (plural)", n)
                assert ours.ngettext(*args) == mo.ngettext(*args)


def _probe_catalogues(tmp_path: Path, code: str) -> list[str]:
    """The lines ``code`` prints in a fresh Python whose ui.i18n reads the catalogues the
    build compiles into ``tmp_path`` (``ui.i18n`` and ``pathlib`` already imported)."""
    build_site.write_catalogues(ROOT, tmp_path)
    setup = f"import pathlib, ui.i18n\nui.i18n.LOCALE_DIR = pathlib.Path({str(tmp_path)!r})\n"
    result = subprocess.run(
        [sys.executable, "-c", setup + code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return result.stdout.splitlines()


def test_english_does_not_import_gettext(tmp_path):
    """English (the start of most visits) looks up without the gettext module; French's
    plural rule is gettext's own."""
    printed = _probe_catalogues(
        tmp_path,
        "import sys\n"
        "assert ui.i18n.set_language(['en-US']) == 'en'\n"
        "print('gettext' in sys.modules)\n"
        "assert ui.i18n.set_language(['fr']) == 'fr'\n"
        "print('gettext' in sys.modules, ui.i18n.ngettext('{n} trick', '{n} tricks', 1))\n",
    )
    assert printed == ["False", "True {n} pli"]


def test_a_start_reads_only_its_own_languages_file(tmp_path):
    """English (its few American words) reads en.json alone; French reads fr.json and the
    msgids; neither reads another language's file."""
    printed = _probe_catalogues(
        tmp_path,
        "read = []\n"
        "original = pathlib.Path.read_text\n"
        "pathlib.Path.read_text = lambda self, *a: read.append(self.name) or original(self, *a)\n"
        "ui.i18n.set_language(['en-US'])\n"
        "print(read)\n"
        "ui.i18n.set_language(['fr'])\n"
        "print(read, ui.i18n._('Pass'))\n",
    )
    assert printed == [
        "['en.json']",
        "['en.json', 'fr.json', 'msgids.json'] Passe",
    ]


# --- the UI's gettext wrapper ------------------------------------------------------------------


@pytest.fixture
def locale_dir(tmp_path, monkeypatch):
    """The compiled catalogues where ui.i18n looks for them (as in app.zip)."""
    build_site.write_catalogues(ROOT, tmp_path)
    monkeypatch.setattr(ui.i18n, "LOCALE_DIR", tmp_path)
    yield tmp_path
    ui.i18n.set_vocabulary("australian")
    ui.i18n.set_language(["en"])


def test_set_language_polish(locale_dir):
    assert ui.i18n.set_language(["pl"]) == "pl"
    assert ui.i18n.language() == "pl"
    assert ui.i18n._("Settings") == "Ustawienia"
    assert ui.i18n._("Pass") == "Pas"
    assert ui.i18n.ngettext("{n} trick", "{n} tricks", 5).format(n=5) == "5 lew"
    assert ui.i18n.ngettext("{n} trick", "{n} tricks", 22).format(n=22) == "22 lewy"
    assert ui.i18n._("not a message of the catalogue") == "not a message of the catalogue"


@pytest.mark.parametrize(
    ("asked", "picked", "settings"),
    [
        (["fr-CA", "en"], "fr", "Réglages"),
        (["ro-RO"], "ro", "Setări"),
        (["ko-KR", "ko"], "ko", "설정"),
        (["de", "pl"], "pl", "Ustawienia"),
        (["en-AU", "fr"], "en", "Settings"),
        (["xx"], "en", "Settings"),
    ],
)
def test_set_language_picks_the_first_with_a_catalogue(locale_dir, asked, picked, settings):
    # "fr-CA" is served by the fr catalogue; set_language() reports the name asked for
    # ("fr_CA"), gettext having found the catalogue under its base name.
    assert ui.i18n.set_language(asked).split("_")[0] == picked
    assert ui.i18n._("Settings") == settings


def test_names_speak_the_language(locale_dir):
    from ui import names

    ui.i18n.set_language(["fr"])
    assert names.card_name("QH") == "Dame de cœur"
    assert names.bid_name("10NT") == "Dix sans-atout"
    ui.i18n.set_language(["pl"])
    assert names.card_name("AS") == "As pik"
    # the same English "Seven": a card (noun) and a bid level (number), told apart by context
    assert names.card_name("7H") == "Siódemka kier"
    assert names.bid_name("7H") == "Siedem kier"
    assert names.tricks_text(3) == "3 lewy"
    ui.i18n.set_language(["ko"])
    assert names.card_name("AS") == "스페이드 에이스"
    assert names.bid_name("7H") == "7 하트"
    ui.i18n.set_language(["ro"])
    assert names.card_name("JC") == "Valet de treflă"
    assert names.points_text(20) == "20 de puncte"


PLACEHOLDER_FIELD = re.compile(r"\{[^{}]*\}")


# --- the variant's own words -------------------------------------------------------------------


def test_every_kitty_and_misere_message_has_an_american_twin(template):
    plain = {e.msgid for e in live(template) if e.msgctxt is None}
    twins = {e.msgid for e in live(template) if e.msgctxt == i18n_extract.VARIANT_CONTEXT}
    naming = {m for m in plain if i18n_extract.VARIANT_WORDS.search(m)}
    assert naming and naming == twins
    english = {e.msgid: e for e in live(load("en"))}
    for msgid in twins:  # the English twin says widow / nullo instead
        text = PLACEHOLDER_FIELD.sub("", " ".join(english[msgid].translations())).lower()
        assert "kitty" not in text and "misère" not in text, msgid
        assert "widow" in text or "nul" in text, msgid


@pytest.mark.parametrize(
    ("lang", "kitty", "misere"),
    [
        ("en", "Play without the widow", "Nullo"),
        ("fr", "Jouer sans la veuve", "Nullo"),
        ("ko", "위도우 없이 플레이", "널로"),
        ("pl", "Gra bez musiku", "Nullo"),
    ],
)
def test_american_vocabulary(locale_dir, lang, kitty, misere):
    ui.i18n.set_language([lang])
    australian = (ui.i18n._("Play without the kitty"), ui.i18n._("Misère"))
    settings = ui.i18n._("Settings")
    ui.i18n.set_vocabulary("american")
    assert ui.i18n._("Play without the kitty") == kitty
    assert ui.i18n._("Misère") == misere
    assert ui.i18n._("Settings") == settings  # no twin: the plain message
    cards = ui.i18n.ngettext("The kitty: {n} card", "The kitty: {n} cards", 2).format(n=2)
    assert "2" in cards and cards != ui.i18n._("The kitty: {n} card")
    ui.i18n.set_vocabulary("australian")
    assert (ui.i18n._("Play without the kitty"), ui.i18n._("Misère")) == australian
    if lang == "en":
        assert australian == ("Play without the kitty", "Misère")


def test_unknown_vocabulary_is_refused():
    with pytest.raises(ValueError, match="american"):
        ui.i18n.set_vocabulary("british")
