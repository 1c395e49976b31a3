"""tools/i18n_extract.py (our layer over Babel) on small made-up sources and catalogues."""

from __future__ import annotations

import gettext
import io
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

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
    # translators: the button
    eighth = _("Discard")
    return first, second, third, fourth, fifth, sixth, seventh, eighth
"""


def extract(tmp_path: Path, source: str = SOURCE) -> tuple[Catalog, list[str]]:
    (tmp_path / "ui").mkdir(exist_ok=True)
    (tmp_path / "ui" / "mod.py").write_text(source, encoding="utf-8")
    return ie.extract(tmp_path)


def by_key(catalog: Catalog) -> dict[ie.Key, object]:
    return {ie.key_of(m): m for m in catalog if m.id}


def test_extracts_every_keyword(tmp_path, capsys):
    template, warnings = extract(tmp_path)
    found = by_key(template)
    assert list(found) == [
        ("Spades", None),
        ("Hearts", None),
        ("{name} passes", None),
        ("{n} trick", None),
        ("spades", "bid"),
        ("A long message joined from two literals.", None),
        ("Discard", None),
    ]
    assert template.get("{n} trick").id == ("{n} trick", "{n} tricks")
    assert template.get("Spades").locations == [("ui/mod.py", 5), ("ui/mod.py", 19)]
    assert template.get("{name} passes").auto_comments == [
        "Translators: shown when a player passes."
    ]
    assert template.get("Discard").auto_comments == ["translators: the button"]
    assert "python-brace-format" in template.get("{n} trick").flags
    assert "python-brace-format" not in template.get("Spades").flags
    assert warnings == []
    assert "mod.py:18" in capsys.readouterr().err  # Babel: an f-string cannot be translated


def test_same_msgid_singular_and_plural_is_reported(tmp_path):
    _template, warnings = extract(
        tmp_path, 'x = _("{n} trick")\ny = ngettext("{n} trick", "{n} tricks", 2)\n'
    )
    assert any("pgettext() context" in w for w in warnings)


def test_kitty_and_misere_messages_get_an_american_twin(tmp_path):
    template, _warnings = extract(tmp_path, 'a = _("The kitty")\nb = _("Misère")\nc = _("Pass")\n')
    assert list(by_key(template)) == [
        ("The kitty", None),
        ("The kitty", ie.VARIANT_CONTEXT),
        ("Misère", None),
        ("Misère", ie.VARIANT_CONTEXT),
        ("Pass", None),
    ]
    assert ie.VARIANT_COMMENT in template.get("Misère", ie.VARIANT_CONTEXT).auto_comments
    english = ie.template_for("en", template)
    assert [ie.key_of(m)[1] for m in english if m.id] == [ie.VARIANT_CONTEXT] * 2


def test_template_round_trips_and_is_stable(tmp_path):
    template, _warnings = extract(tmp_path)
    text = ie.render(template)
    assert ie.render(ie.read_catalogue(text)) == text
    assert "Creation-Date" not in text and "Generated-By" not in text
    assert '#: ui/mod.py:5 ui/mod.py:19\nmsgid "Spades"\nmsgstr ""' in text
    assert 'msgctxt "bid"\nmsgid "spades"' in text
    assert 'msgid_plural "{n} tricks"\nmsgstr[0] ""\nmsgstr[1] ""' in text


def translate(po: Catalog, values: dict[str, object]) -> None:
    for message in po:
        value = values.get(ie.key_of(message)[0])
        if isinstance(value, list):
            message.string = tuple(value)
        elif value is not None:
            message.string = value


def test_new_catalogue_has_the_header_and_plural_slots(tmp_path):
    template, _warnings = extract(tmp_path)
    po = ie.read_catalogue(ie.render(ie.new_catalogue("pl", template)))
    assert ie.header_fields(po)["Language"] == "pl"
    assert ie.header_fields(po)["Plural-Forms"] == ie.PLURAL_FORMS["pl"]
    assert ie.translations(po.get("{n} trick")) == ["", "", ""]
    ko = ie.read_catalogue(ie.render(ie.new_catalogue("ko", template)))
    assert ie.translations(ko.get("{n} trick")) == [""]


def test_merge_keeps_adds_fuzzies_and_obsoletes(tmp_path):
    template, _warnings = extract(tmp_path)
    po = ie.new_catalogue("fr", template)
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
    new_template, _warnings = extract(tmp_path, source)
    merged = ie.merge(ie.read_catalogue(ie.render(po)), new_template)
    assert merged.get("Spades").string == "Pique"
    assert merged.get("{n} trick").string == ("{n} pli", "{n} plis")
    reworded = merged.get("{name} passes.")
    assert reworded.fuzzy and reworded.string == "{name} passe"
    assert reworded.previous_id == ["{name} passes"]
    assert not merged.get("Diamonds").string and not merged.get("Diamonds").fuzzy
    assert set(merged.obsolete) == {"Hearts"}

    text = ie.render(merged)
    assert '#, fuzzy, python-brace-format\n#| msgid "{name} passes"\n' in text
    assert '#~ msgid "Hearts"\n#~ msgstr "Cœur"' in text
    assert ie.render(ie.read_catalogue(text)) == text
    assert "#~" not in ie.render(merged, drop_obsolete=True)

    # the build compiles neither fuzzy nor obsolete entries, as msgfmt does
    compiled = gettext.GNUTranslations(io.BytesIO(ie.compile_catalogue(text)))
    assert compiled.gettext("Spades") == "Pique"
    assert compiled.gettext("Hearts") == "Hearts"
    assert compiled.gettext("{name} passes.") == "{name} passes."

    # an obsolete translation comes back when its msgid does
    revived = ie.merge(ie.read_catalogue(text), template)
    assert revived.get("Hearts").string == "Cœur"


def test_check_reports_what_is_missing(tmp_path):
    template, _warnings = extract(tmp_path)
    po = ie.new_catalogue("pl", template)
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
    po.delete("Spades")
    assert ie.check_catalogue(po, template, "pl.po") == ["pl.po: 'Spades': missing (run --update)"]


def test_check_reports_a_bad_header(tmp_path):
    template, _warnings = extract(tmp_path)
    text = ie.render(ie.new_catalogue("fr", template))
    text = text.replace("(n > 1)", "(n != 1)").replace("charset=utf-8", "charset=latin-1")
    problems = "\n".join(ie.check_catalogue(ie.read_catalogue(text), template, "fr.po"))
    assert "Plural-Forms should be" in problems
    assert "charset=UTF-8" in problems


def test_the_whole_cycle_on_disk(tmp_path, monkeypatch, capsys):
    extract(tmp_path)
    monkeypatch.setattr(ie, "ROOT", tmp_path)
    monkeypatch.setattr(ie, "I18N_DIR", tmp_path / "ui" / "i18n")
    monkeypatch.setattr(ie, "TEMPLATE", tmp_path / "ui" / "i18n" / "fivehundred.pot")
    assert ie.main(["--init", "ko", "--quiet"]) == 0
    assert ie.main(["--check"]) == 1
    assert "msgstr empty" in capsys.readouterr().out
    path = tmp_path / "ui" / "i18n" / "ko" / "LC_MESSAGES" / "fivehundred.po"
    po = ie.read_catalogue(path.read_text(encoding="utf-8"))
    for message in po:
        if isinstance(message.id, tuple):
            message.string = ("{n}트릭",)
        elif message.id:
            message.string = {"{name} passes": "{name}: 패스"}.get(message.id, "번역")
    path.write_text(ie.render(po), encoding="utf-8")
    assert ie.main(["--check"]) == 0
    translations = gettext.GNUTranslations(
        io.BytesIO(ie.compile_catalogue(path.read_text(encoding="utf-8")))
    )
    assert translations.ngettext("{n} trick", "{n} tricks", 5) == "{n}트릭"
    assert translations.pgettext("bid", "spades") == "번역"

    # a run with nothing new changes no file
    before = {p: p.read_bytes() for p in (tmp_path / "ui" / "i18n").rglob("*.po*")}
    assert ie.main(["--update", "--quiet"]) == 0
    assert {p: p.read_bytes() for p in before} == before

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
        'msgid "a"\n',  # no msgstr
        'msgid "a"\nmsgfoo "b"\n',  # unknown keyword
    ],
)
def test_bad_po_files_are_refused(text):
    with pytest.raises(ie.CatalogueError):
        ie.read_catalogue(text)
