"""Extract, merge and check the gettext catalogues of the UI: our rules on top of Babel.

    python tools/i18n_extract.py               # write the template ui/i18n/fivehundred.pot
    python tools/i18n_extract.py --update      # ... and merge it into every language's .po
    python tools/i18n_extract.py --check       # exit 1 listing what is missing or stale
    python tools/i18n_extract.py --init LANG   # start ui/i18n/LANG/LC_MESSAGES/fivehundred.po

Babel does the work: extraction (the files of ``babel.cfg``, the keywords of KEYWORDS in
``pybabel extract -k`` notation, ``Translators:`` comments), ``update`` (msgmerge: kept,
new, fuzzy with the previous msgid as ``#|``, obsolete ``#~``) and the ``.po`` reading and
writing; tools/build_site.py compiles with Babel too. What is ours:

- the variant's twins: each context-free message naming the kitty or misère gets an
  ``American`` twin (ui.i18n.set_vocabulary), and English, the source language, has a
  catalogue of those twins only (``template_for``);
- a stable text: no dates or generator in the headers, so that a run with nothing new
  changes no file, and branches merging catalogues do not conflict on timestamps;
- ``--check``, which writes nothing and fails when the template is not what the sources
  give, or a catalogue lacks a translation of a template msgid (missing entry, empty or
  fuzzy msgstr, a missing plural form, ``{placeholders}`` not preserved exactly: same
  names, conversions and format specs, in any order), has entries the template no
  longer has, or a bad header (Language, UTF-8, our Plural-Forms for the language, one
  that Python's gettext accepts).

Fuzzy entries are not compiled (as msgfmt does) and ``--check`` reports them.
"""

from __future__ import annotations

import argparse
import gettext
import io
import re
import string
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po, unescape, write_po

ROOT = Path(__file__).resolve().parent.parent

DOMAIN = "fivehundred"
PYPROJECT = ROOT / "pyproject.toml"
MAPPING = ROOT / "babel.cfg"  # which files are read, as for `pybabel extract -F babel.cfg`
I18N_DIR = ROOT / "ui" / "i18n"
TEMPLATE = I18N_DIR / f"{DOMAIN}.pot"

# The translation functions and markers, as `pybabel extract --no-default-keywords -k ...`
# takes them: argument positions from 1, "c" for the context.
KEYWORDS = [
    "_",
    "N_",
    "gettext",
    "NN_:1,2",
    "ngettext:1,2",
    "NP_:1c,2",
    "pgettext:1c,2",
    "npgettext:1c,2,3",
]
COMMENT_TAGS = ("Translators:", "translators:", "TRANSLATORS:")

# Plural rules of the languages we ship or may add (gettext's usual expressions).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "ro": "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);",
    "pl": (
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    "ko": "nplurals=1; plural=0;",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
}
LANGUAGE_NAMES = {
    "en": "English (the American game's words only)",
    "fr": "French",
    "ro": "Romanian",
    "pl": "Polish",
    "ko": "Korean",
    "de": "German",
    "es": "Spanish",
    "it": "Italian",
}

WRAP = 76  # Babel's default, so that pybabel writes the same lines

# The variant's own words: every message naming one of them gets a twin in this context, which
# the UI prefers while the rules are American (ui.i18n.set_vocabulary). English is the source
# language, so its own catalogue holds only these twins.
VARIANT_CONTEXT = "American"
VARIANT_WORDS = re.compile(r"(?i)\b(kitty|misère|mis)\b")
VARIANT_COMMENT = (
    "American game: say widow for the kitty and nullo for misère (keep the language's usual "
    "word if it has no other one)."
)
SOURCE_LANGUAGE = "en"

TEMPLATE_HEADER = (
    "# Five Hundred: messages of the user interface (template).\n"
    "# Written by tools/i18n_extract.py from babel.cfg's files: do not edit.\n"
    "#"
)
# Header fields Babel writes that change on every run (or with Babel's version): left out.
NOISE_FIELDS = ("POT-Creation-Date", "PO-Revision-Date", "Last-Translator", "Generated-By")

Key = tuple[str, str | None]  # (msgid, msgctxt)


class CatalogueError(RuntimeError):
    pass


class StableCatalog(Catalog):
    """Babel's catalogue without the header fields that change on every run (dates, Babel's
    version): the same messages give the same .po and .mo bytes."""

    def _get_mime_headers(self) -> list[tuple[str, str]]:
        return [(k, v) for k, v in super()._get_mime_headers() if k not in NOISE_FIELDS]


# --- extraction -------------------------------------------------------------------------------


def key_of(message: Message) -> Key:
    msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return (msgid, message.context)


def plural_of(message: Message) -> str | None:
    return message.id[1] if isinstance(message.id, (list, tuple)) else None


def label(key: Key) -> str:
    return (f"[{key[1]}] " if key[1] is not None else "") + repr(key[0])


def mapping(root: Path) -> list[tuple[str, str]]:
    """The (pattern, method) pairs of ``babel.cfg``."""
    path = root / MAPPING.name if (root / MAPPING.name).is_file() else MAPPING
    with path.open(encoding="utf-8") as f:
        method_map, _options = parse_mapping_cfg(f, str(path))
    return method_map


def extract(root: Path | None = None) -> tuple[Catalog, list[str]]:
    """The template (messages in first occurrence order, with their variant twins) and
    warnings about calls that cannot be translated as written (Babel itself reports an
    f-string in a translation call, on stderr)."""
    root = root or ROOT
    template = new_template()
    warnings: list[str] = []
    found = extract_from_dir(
        root,
        mapping(root),
        keywords=parse_keywords(KEYWORDS),
        comment_tags=COMMENT_TAGS,
        directory_filter=lambda path: "__pycache__" not in Path(path).parts,
    )
    for filename, lineno, msgid, comments, context in found:
        where = f"{filename}:{lineno}"
        singular = msgid[0] if isinstance(msgid, tuple) else msgid
        if not singular:
            continue  # translates a variable: the string is marked elsewhere with N_()
        if isinstance(msgid, tuple) and None in msgid:
            warnings.append(f"{where}: a non-literal plural is skipped")
            continue
        known = template.get(singular, context)
        if known is not None and isinstance(known.id, tuple) != isinstance(msgid, tuple):
            warnings.append(
                f"{where}: {singular!r} is used both with and without a plural; "
                "give one of them a pgettext() context"
            )
        comment = " ".join(comments)
        template.add(
            msgid,
            locations=[(filename, lineno)],
            auto_comments=[comment] if comment else [],
            context=context,
        )
    for message in template:
        texts = [message.id] if isinstance(message.id, str) else list(message.id)
        if message.id and any(placeholder_problem(t) for t in texts):
            where = "{}:{}".format(*message.locations[0])
            warnings.append(f"{where}: unbalanced braces in {texts[0]!r}")
    return with_variant_twins(template), warnings


def project_version() -> str:
    """pyproject.toml's version, for the catalogues' Project-Id-Version."""
    with PYPROJECT.open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def new_template() -> Catalog:
    template = StableCatalog(domain=DOMAIN, project=DOMAIN, version=project_version(), fuzzy=True)
    template.msgid_bugs_address = ""
    template.language_team = ""
    template.header_comment = TEMPLATE_HEADER
    return template


def with_variant_twins(template: Catalog) -> Catalog:
    """Each context-free message naming the kitty or misère, followed by its American twin."""
    out = new_template()
    for message in template:
        if not message.id:
            continue
        out[message.id] = message
        text = " ".join([message.id] if isinstance(message.id, str) else message.id)
        if message.context is None and VARIANT_WORDS.search(text):
            out.add(
                message.id,
                locations=list(message.locations),
                auto_comments=[*message.auto_comments, VARIANT_COMMENT],
                flags=set(message.flags),
                context=VARIANT_CONTEXT,
            )
    return out


def template_for(lang: str, template: Catalog) -> Catalog:
    """What the ``lang`` catalogue translates: everything, or only the variant twins for the
    source language (English needs no translation of its own messages)."""
    if lang.split("_")[0] != SOURCE_LANGUAGE:
        return template
    twins = new_template()
    for message in template:
        if message.context == VARIANT_CONTEXT:
            twins[message.id] = message
    return twins


# --- placeholders -----------------------------------------------------------------------------


def placeholders(text: str) -> list[str]:
    """The ``{fields}`` of a str.format() string, sorted (``{{`` and ``}}`` are not fields)."""
    found = []
    for _literal_text, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            found.append(
                "{"
                + name
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return sorted(found)


def placeholder_problem(text: str) -> str | None:
    try:
        placeholders(text)
    except ValueError as exc:
        return str(exc)
    return None


# --- .po files --------------------------------------------------------------------------------


def read_catalogue(text: str, name: str = "<po>") -> Catalog:
    """A .po or .pot file (obsolete entries in ``catalog.obsolete``), as a StableCatalog."""
    try:
        catalog = read_po(io.StringIO(text), abort_invalid=True)
    except (PoFileError, ValueError) as exc:
        raise CatalogueError(f"{name}: {exc}") from None
    catalog.__class__ = StableCatalog  # read_po makes a Catalog: same data, stable headers
    for message in [*catalog, *catalog.obsolete.values()]:
        _read_previous(message)
    return catalog


def _read_previous(message: Message) -> None:
    """Babel reads the ``#|`` lines (a fuzzy entry's previous msgid, which it writes) as
    translator comments: turn them back into ``previous_id``."""
    previous: dict[str, str] = {}
    field = None
    for comment in [c for c in message.user_comments if c.startswith("|")]:
        message.user_comments.remove(comment)
        keyword, _sep, rest = comment[1:].strip().partition(" ")
        if keyword.startswith('"') and field is not None:
            previous[field] += unescape(keyword + (" " + rest if rest else ""))
        elif keyword in ("msgid", "msgid_plural"):
            field = keyword
            previous[field] = unescape(rest)
    if "msgid" in previous:
        message.previous_id = [previous["msgid"]] + (
            [previous["msgid_plural"]] if "msgid_plural" in previous else []
        )


def compile_catalogue(text: str, name: str = "<po>") -> bytes:
    """The .mo of a .po file: fuzzy, obsolete and untranslated entries left out, as msgfmt
    does (Babel would keep a plural entry with empty forms, and gettext would show "")."""
    catalog = read_catalogue(text, name)
    for message in list(catalog):
        if message.id and not all(translations(message)):
            catalog.delete(message.id, message.context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def render(catalog: Catalog, drop_obsolete: bool = False) -> str:
    """The .po text, as Babel writes it (``#|`` previous msgids of fuzzy entries included)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WRAP, include_previous=True, ignore_obsolete=drop_obsolete)
    return buffer.getvalue().decode("utf-8")


def new_catalogue(lang: str, template: Catalog) -> Catalog:
    if lang not in PLURAL_FORMS:
        raise CatalogueError(f"no plural rule known for {lang!r}: add it to PLURAL_FORMS")
    name = LANGUAGE_NAMES.get(lang, lang)
    header = (
        f'msgid ""\nmsgstr ""\n"Project-Id-Version: {DOMAIN}\\n"\n"Language-Team: {name}\\n"\n'
        f'"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"\n'
    )
    catalog = read_catalogue(header, lang)
    catalog.msgid_bugs_address = ""
    catalog.header_comment = (
        f"# {name} messages of Five Hundred's user interface.\n"
        "# Glossary and conventions: docs/i18n.md.\n#"
    )
    return merge(catalog, template)


def merge(po: Catalog, template: Catalog, fuzzy_matching: bool = True) -> Catalog:
    """``po`` updated to the template, as msgmerge does (Babel's ``Catalog.update``)."""
    po.update(template, no_fuzzy_matching=not fuzzy_matching, update_creation_date=False)
    po.project, po.version = template.project, template.version
    return po


# --- checks -----------------------------------------------------------------------------------


def header_fields(catalog: Catalog) -> dict[str, str]:
    return {name: str(value) for name, value in catalog.mime_headers}


def plural_function(forms: str) -> tuple[int, Any]:
    m = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*", forms)
    if not m:
        raise CatalogueError(f"bad Plural-Forms {forms!r}")
    nplurals, expr = int(m.group(1)), m.group(2)
    try:
        func = gettext.c2py(expr)
    except (ValueError, SyntaxError, RecursionError) as exc:
        raise CatalogueError(f"Plural-Forms {expr!r}: {exc}") from None
    for n in range(0, 1001):
        if not 0 <= func(n) < nplurals:
            raise CatalogueError(f"Plural-Forms gives form {func(n)} for n={n}")
    return nplurals, func


def translations(message: Message) -> list[str]:
    if isinstance(message.string, (list, tuple)):
        return [s or "" for s in message.string]
    return [message.string or ""]


def entry_problems(message: Message, nplurals: int) -> list[str]:
    """What is wrong with one translated message (empty when it is complete)."""
    problems: list[str] = []
    if message.fuzzy:
        problems.append("fuzzy (needs review)")
    plural = plural_of(message)
    forms = translations(message)
    if plural is None:
        wanted = [placeholders(key_of(message)[0])]
    else:
        wanted = [placeholders(plural)] * nplurals
        if len(forms) > nplurals:
            problems.append(f"msgstr{list(range(nplurals, len(forms)))} beyond nplurals={nplurals}")
    for index, fields in enumerate(wanted):
        name = "msgstr" if plural is None else f"msgstr[{index}]"
        if index >= len(forms):
            problems.append(f"{name} missing")
            continue
        text = forms[index]
        if not text:
            problems.append(f"{name} empty")
            continue
        try:
            got = placeholders(text)
        except ValueError as exc:
            problems.append(f"{name}: bad braces ({exc})")
            continue
        if got != fields:
            problems.append(f"{name}: placeholders {got} instead of {fields}")
    return problems


def messages(catalog: Catalog) -> dict[Key, Message]:
    return {key_of(m): m for m in catalog if m.id}


def check_catalogue(po: Catalog, template: Catalog, name: str) -> list[str]:
    problems: list[str] = []
    fields = header_fields(po)
    lang = fields.get("Language", "")
    if not lang:
        problems.append(f"{name}: header has no Language")
    if "charset=utf-8" not in fields.get("Content-Type", "").lower().replace(" ", ""):
        problems.append(f"{name}: header Content-Type is not text/plain; charset=UTF-8")
    if po.fuzzy:
        problems.append(f"{name}: the header is marked fuzzy (it would not be compiled)")
    forms = fields.get("Plural-Forms", "")
    try:
        nplurals, _func = plural_function(forms)
    except CatalogueError as exc:
        problems.append(f"{name}: {exc}")
        nplurals = po.num_plurals
    expected = PLURAL_FORMS.get(lang.split("_")[0])
    if expected and forms.replace(" ", "") != expected.replace(" ", ""):
        problems.append(f"{name}: Plural-Forms should be {expected!r}")
    live = messages(po)
    for key, tpl in messages(template).items():
        message = live.get(key)
        if message is None:
            problems.append(f"{name}: {label(key)}: missing (run --update)")
            continue
        if plural_of(message) != plural_of(tpl):
            problems.append(f"{name}: {label(key)}: plural differs from the template (--update)")
            continue
        for problem in entry_problems(message, nplurals):
            problems.append(f"{name}: {label(key)}: {problem}")
    for key in live.keys() - messages(template).keys():
        problems.append(f"{name}: {label(key)} is not in the template (run --update)")
    return problems


def catalogue_paths(i18n_dir: Path | None = None) -> list[Path]:
    i18n_dir = i18n_dir or I18N_DIR
    return sorted(i18n_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def template_differences(template: Catalog, fresh: Catalog) -> list[str]:
    """How the template's messages differ from the extracted ones (references aside)."""
    have = {k: plural_of(m) for k, m in messages(template).items()}
    want = {k: plural_of(m) for k, m in messages(fresh).items()}
    out = []
    for key in want:
        if key not in have:
            out.append(f"{label(key)} is in the sources but not in the template")
        elif have[key] != want[key]:
            out.append(
                f"{label(key)}: plural {have[key]!r} in the template, {want[key]!r} in the sources"
            )
    out += [
        f"{label(key)} is in the template but no longer in the sources"
        for key in have
        if key not in want
    ]
    return out


def check(root: Path | None = None) -> tuple[list[str], list[str]]:
    """(problems, notes) of the template and the catalogues: no problems means every
    catalogue translates every message of the sources. A note says the template's
    references (line numbers) are stale, which needs no translation work."""
    root = root or ROOT
    fresh, _warnings = extract(root)
    template_path = root / TEMPLATE.relative_to(ROOT)
    problems: list[str] = []
    notes: list[str] = []
    rel = template_path.relative_to(root).as_posix()
    if not template_path.is_file():
        problems.append(f"{rel}: missing (run tools/i18n_extract.py --update)")
    else:
        text = template_path.read_text(encoding="utf-8")
        try:
            differences = template_differences(read_catalogue(text, rel), fresh)
        except CatalogueError as exc:
            differences = [str(exc)]
        problems += [f"{rel}: {d} (run tools/i18n_extract.py --update)" for d in differences]
        if not differences and text != render(fresh):
            notes.append(f"{rel}: references are out of date (run tools/i18n_extract.py --update)")
    for path in catalogue_paths(root / I18N_DIR.relative_to(ROOT)):
        name = path.relative_to(root).as_posix()
        try:
            po = read_catalogue(path.read_text(encoding="utf-8"), name)
        except CatalogueError as exc:
            problems.append(str(exc))
            continue
        problems += check_catalogue(po, template_for(path.parts[-3], fresh), name)
    return problems, notes


# --- command line -----------------------------------------------------------------------------


def _write(path: Path, text: str) -> bool:
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def to_translate(catalog: Catalog) -> Iterable[Message]:
    return (m for m in catalog if m.id and entry_problems(m, catalog.num_plurals))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Extract, merge and check the UI catalogues.")
    parser.add_argument("--update", action="store_true", help="merge into every language's .po")
    parser.add_argument("--check", action="store_true", help="report problems, write nothing")
    parser.add_argument("--init", metavar="LANG", help="create the catalogue of a new language")
    parser.add_argument("--drop-obsolete", action="store_true", help="drop msgids gone (no #~)")
    parser.add_argument("--no-fuzzy", action="store_true", help="no fuzzy matching in --update")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)

    def say(text: str) -> None:
        if not args.quiet:
            print(text)

    if args.check:
        problems, notes = check()
        for problem in problems:
            print(problem)
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
        if problems:
            print(f"{len(problems)} problem(s)", file=sys.stderr)
            return 1
        say(f"catalogues complete: {', '.join(p.parts[-3] for p in catalogue_paths())}")
        return 0

    template, warnings = extract()
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    changed = _write(TEMPLATE, render(template))
    rel = TEMPLATE.relative_to(ROOT).as_posix()
    say(f"{rel}: {len(template)} messages{' (updated)' if changed else ''}")

    if args.init:
        path = I18N_DIR / args.init / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists():
            print(f"{path.relative_to(ROOT)} exists: use --update", file=sys.stderr)
            return 1
        _write(path, render(new_catalogue(args.init, template_for(args.init, template))))
        say(f"{path.relative_to(ROOT)}: created")

    if args.update:
        for path in catalogue_paths():
            name = path.relative_to(ROOT).as_posix()
            po = read_catalogue(path.read_text(encoding="utf-8"), name)
            merged = merge(po, template_for(path.parts[-3], template), not args.no_fuzzy)
            _write(path, render(merged, drop_obsolete=args.drop_obsolete))
            fuzzy = sum(1 for m in merged if m.id and m.fuzzy)
            say(
                f"{name}: {len(merged)} messages, {fuzzy} fuzzy, {len(merged.obsolete)} obsolete; "
                f"{sum(1 for _ in to_translate(merged))} to translate or review"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
