"""tools/i18n_extract.py on small made-up sources and catalogues (CPython, no files of the app)."""

from __future__ import annotations

import gettext
import io
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import i18n_extract as ie  # noqa: E402

SOURCE = """
from ui.i18n import N_, _, ngettext, pgettext
from ui import i18n

LABELS = {"a": N_("Spades"), "b": N_("Hearts")}


def f(n, name, label):
    # Translators: shown when a player passes.
    first = _("{name} passes").format(name=name)
    second = ngettext("{n} trick", "{n} tricks", n).format(n=n)
    third = pgettext("bid", "spades")
    fourth = i18n._(
        "A long message "
        "joined from two literals."
    )
    fifth = _(label)  # a variable: marked elsewhere
    sixth = _(f"{name} wins")
    seventh = _("Spades")
    eighth = _("Discard")  # translators: the button
    return first, second, third, fourth, fifth, sixth, seventh, eighth
"""


def extract(tmp_path: Path, source: str = SOURCE) -> tuple[list[ie.Entry], list[str]]:
    (tmp_path / "ui").mkdir(exist_ok=True)
    (tmp_path / "ui" / "mod.py").write_text(source, encoding="utf-8")
    return ie.extract(tmp_path)


def test_extracts_every_keyword(tmp_path):
    entries, warnings = extract(tmp_path)
    by_key = {e.key: e for e in entries}
    assert list(by_key) == [
        (None, "Spades"),
        (None, "Hearts"),
        (None, "{name} passes"),
        (None, "{n} trick"),
        ("bid", "spades"),
        (None, "A long message joined from two literals."),
        (None, "Discard"),
    ]
    assert by_key[(None, "{n} trick")].msgid_plural == "{n} tricks"
    assert by_key[(None, "Spades")].references == ["ui/mod.py:5", "ui/mod.py:19"]
    assert by_key[(None, "A long message joined from two literals.")].references == ["ui/mod.py:14"]
    assert by_key[(None, "{name} passes")].extracted == ["Translators: shown when a player passes."]
    assert by_key[(None, "Discard")].extracted == ["translators: the button"]
    assert "python-brace-format" in by_key[(None, "{n} trick")].flags
    assert "python-brace-format" not in by_key[(None, "Spades")].flags
    assert len(warnings) == 1 and "f-string" in warnings[0] and "ui/mod.py:18" in warnings[0]


def test_same_msgid_singular_and_plural_is_reported(tmp_path):
    _entries, warnings = extract(
        tmp_path, 'x = _("{n} trick")\ny = ngettext("{n} trick", "{n} tricks", 2)\n'
    )
    assert any("pgettext() context" in w for w in warnings)


def test_template_round_trips_and_matches_xgettext_layout(tmp_path):
    entries, _warnings = extract(tmp_path)
    text = ie.build_template(entries).render()
    assert ie.parse_catalogue(text).render() == text
    assert '#: ui/mod.py:5 ui/mod.py:19\nmsgid "Spades"\nmsgstr ""' in text
    assert 'msgctxt "bid"\nmsgid "spades"' in text
    assert 'msgid_plural "{n} tricks"\nmsgstr[0] ""\nmsgstr[1] ""' in text


def catalogue(lang: str, template: ie.Catalogue) -> ie.Catalogue:
    return ie.new_catalogue(lang, template)


def translate(po: ie.Catalogue, values: dict[str, object]) -> None:
    for entry in po.entries:
        value = values.get(entry.msgid)
        if isinstance(value, list):
            entry.msgstr_plural = dict(enumerate(value))
        elif value is not None:
            entry.msgstr = value


def test_new_catalogue_has_the_header_and_plural_slots(tmp_path):
    entries, _warnings = extract(tmp_path)
    po = catalogue("pl", ie.build_template(entries))
    assert po.header_fields()["Language"] == "pl"
    assert po.header_fields()["Plural-Forms"] == ie.PLURAL_FORMS["pl"]
    trick = next(e for e in po.entries if e.msgid == "{n} trick")
    assert trick.msgstr_plural == {0: "", 1: "", 2: ""}
    ko = catalogue("ko", ie.build_template(entries))
    assert next(e for e in ko.entries if e.msgid == "{n} trick").msgstr_plural == {0: ""}


def test_merge_keeps_adds_fuzzies_and_obsoletes(tmp_path):
    entries, _warnings = extract(tmp_path)
    po = catalogue("fr", ie.build_template(entries))
    translate(
        po,
        {
            "Spades": "Pique",
            "Hearts": "Cœur",
            "{name} passes": "{name} passe",
            "{n} trick": ["{n} pli", "{n} plis"],
            "Discard": "Écarter",
        },
    )
    source = (
        SOURCE.replace('"{name} passes"', '"{name} passes."').replace(  # reworded: fuzzy
            'N_("Hearts")', 'N_("Diamonds")'
        )  # replaced: Hearts obsolete, Diamonds new
    )
    new_entries, _warnings = extract(tmp_path, source)
    merged, stats = ie.merge(po, ie.build_template(new_entries))
    by_id = {e.msgid: e for e in merged.entries if not e.obsolete}
    assert by_id["Spades"].msgstr == "Pique"
    assert by_id["{n} trick"].msgstr_plural == {0: "{n} pli", 1: "{n} plis"}
    reworded = by_id["{name} passes."]
    assert reworded.fuzzy and reworded.msgstr == "{name} passe"
    assert reworded.previous == {"msgid": "{name} passes"}
    assert by_id["Diamonds"].msgstr == "" and not by_id["Diamonds"].fuzzy
    dead = [e for e in merged.entries if e.obsolete]
    assert {e.msgid for e in dead} == {"Hearts", "{name} passes"}
    assert stats == {"kept": 5, "new": 1, "fuzzy": 1, "obsolete": 2}

    text = merged.render()
    assert '#, fuzzy, python-brace-format\n#| msgid "{name} passes"\n' in text
    assert '#~ msgid "Hearts"\n#~ msgstr "Cœur"' in text
    assert ie.parse_catalogue(text).render() == text

    # the build compiles neither fuzzy nor obsolete entries, as msgfmt does
    mo = build_site.parse_po(text)
    assert "Hearts" not in mo and "{name} passes." not in mo and mo["Spades"] == "Pique"

    # an obsolete translation comes back when its msgid does
    revived, _stats = ie.merge(merged, ie.build_template(entries))
    by_id = {e.msgid: e for e in revived.entries if not e.obsolete}
    assert by_id["Hearts"].msgstr == "Cœur" and not by_id["Hearts"].fuzzy
    dropped, _stats = ie.merge(merged, ie.build_template(entries), drop_obsolete=True)
    assert not any(e.obsolete for e in dropped.entries)


def test_check_reports_what_is_missing(tmp_path):
    entries, _warnings = extract(tmp_path)
    template = ie.build_template(entries)
    po = catalogue("pl", template)
    translate(
        po,
        {
            "Spades": "Pik",
            "Hearts": "Kier",
            "{name} passes": "{nazwa} pasuje",  # placeholder renamed
            "{n} trick": ["{n} lewa", "{n} lewy", ""],  # a form missing
            "spades": "pik",
            "A long message joined from two literals.": "Długi komunikat.",
        },
    )
    problems = ie.check_catalogue(po, template, "pl.po")
    text = "\n".join(problems)
    assert "'{name} passes': msgstr: placeholders ['{nazwa}'] instead of ['{name}']" in text
    assert "'{n} trick': msgstr[2] empty" in text
    assert "'Discard': msgstr empty" in text
    assert "[bid]" not in text
    assert len(problems) == 3

    translate(po, {"{name} passes": "{name} pasuje", "Discard": "Odrzuć"})
    translate(po, {"{n} trick": ["{n} lewa", "{n} lewy", "{n} lew"]})
    assert ie.check_catalogue(po, template, "pl.po") == []
    po.entries = po.entries[1:]
    assert ie.check_catalogue(po, template, "pl.po") == ["pl.po: 'Spades': missing (run --update)"]


def test_check_reports_a_bad_header(tmp_path):
    entries, _warnings = extract(tmp_path)
    template = ie.build_template(entries)
    po = catalogue("fr", template)
    po.header.msgstr = po.header.msgstr.replace("(n > 1)", "(n != 1)").replace("UTF-8", "latin-1")
    text = "\n".join(ie.check_catalogue(po, template, "fr.po"))
    assert "Plural-Forms should be" in text
    assert "charset=UTF-8" in text


def test_the_whole_cycle_on_disk(tmp_path, monkeypatch, capsys):
    extract(tmp_path)
    monkeypatch.setattr(ie, "ROOT", tmp_path)
    monkeypatch.setattr(ie, "I18N_DIR", tmp_path / "ui" / "i18n")
    monkeypatch.setattr(ie, "TEMPLATE", tmp_path / "ui" / "i18n" / "fivehundred.pot")
    assert ie.main(["--init", "ko", "--quiet"]) == 0
    assert ie.main(["--check"]) == 1
    assert "msgstr empty" in capsys.readouterr().out
    path = tmp_path / "ui" / "i18n" / "ko" / "LC_MESSAGES" / "fivehundred.po"
    po = ie.parse_catalogue(path.read_text(encoding="utf-8"))
    for entry in po.entries:
        if entry.msgid_plural:
            entry.msgstr_plural = {0: "{n}트릭"}
        else:
            entry.msgstr = {"{name} passes": "{name}: 패스"}.get(entry.msgid, "번역")
    path.write_text(po.render(), encoding="utf-8")
    assert ie.main(["--check"]) == 0
    mo = build_site.compile_mo(build_site.parse_po(path.read_text(encoding="utf-8")))
    translations = gettext.GNUTranslations(io.BytesIO(mo))
    assert translations.ngettext("{n} trick", "{n} tricks", 5) == "{n}트릭"
    assert translations.pgettext("bid", "spades") == "번역"

    # the sources gain a message: the template and the check follow
    source = (tmp_path / "ui" / "mod.py").read_text(encoding="utf-8")
    (tmp_path / "ui" / "mod.py").write_text(source + '\nZ = _("New one")\n', encoding="utf-8")
    assert ie.main(["--check"]) == 1
    assert "'New one' is in the sources but not in the template" in capsys.readouterr().out
    assert ie.main(["--update", "--quiet"]) == 0
    assert ie.main(["--check"]) == 1
    assert "'New one': msgstr empty" in capsys.readouterr().out


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a"\nmsgstr "b\\q"\n',  # unknown escape
        'msgid "a"\nmsgstr "b\n',  # unterminated
        'msgid "a"\nmsgfoo "b"\n',  # unknown keyword
        'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n',  # duplicate
    ],
)
def test_bad_po_files_are_refused(text):
    with pytest.raises(ie.CatalogueError):
        ie.parse_catalogue(text)
