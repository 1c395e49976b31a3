"""Extract, merge and check the gettext catalogues of the UI (stdlib only).

    python tools/i18n_extract.py               # write the template ui/i18n/fivehundred.pot
    python tools/i18n_extract.py --update      # ... and merge it into every language's .po
    python tools/i18n_extract.py --check       # exit 1 listing what is missing or stale
    python tools/i18n_extract.py --init LANG   # start ui/i18n/LANG/LC_MESSAGES/fivehundred.po

Extraction reads the Python sources listed in SOURCES with ``ast`` (not regular
expressions) and collects the literal arguments of::

    _("msg")   N_("msg")   ngettext("one", "many", n)   pgettext("context", "msg")
    npgettext("context", "one", "many", n)
    NN_("one", "many")   NP_("context", "msg")     # markers, translated later


(called by name or as an attribute, e.g. ``i18n._("msg")``). Adjacent literals are joined
as Python joins them. A call whose message is not a literal (``_(label)``) is skipped: it
translates a string marked elsewhere with ``N_()``; an f-string inside one of these calls
is reported, since it can never match a catalogue entry. A comment starting with
``Translators:`` on the lines just above a call (or at the end of its first line) becomes
an extracted comment (``#.``) for the translators.

``--update`` works like ``msgmerge --previous``: translations of msgids still in the
template are kept; new msgids get an empty msgstr (or, when an old translation of a
similar msgid exists, that translation marked ``#, fuzzy`` with the old msgid as ``#|``);
msgids gone from the template become obsolete ``#~`` entries (``--drop-obsolete`` drops
them instead). Fuzzy entries are not compiled (tools/build_site.py skips them, as msgfmt
does) and ``--check`` reports them.

``--check`` writes nothing. It fails when the template is not what the sources give,
or when a catalogue lacks a translation of a template msgid: missing entry, empty or
fuzzy msgstr, a missing plural form (the catalogue's ``Plural-Forms`` says how many),
or ``{placeholders}`` not preserved exactly (same names, conversions and format specs,
in any order). It also checks the header (Language, UTF-8, a Plural-Forms expression
that Python's gettext accepts) and entries that the template no longer has.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import gettext
import io
import re
import string
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DOMAIN = "fivehundred"
# Glob patterns (relative to the repository root) of the modules whose strings are
# extracted. Add a module or package here when it starts calling _() / N_() / ngettext().
SOURCES = ["ui/**/*.py", "game/bots/reasons.py"]
EXCLUDED_PARTS = {"__pycache__", "tests", "test"}
I18N_DIR = ROOT / "ui" / "i18n"
TEMPLATE = I18N_DIR / f"{DOMAIN}.pot"

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

# name -> (positions of context, singular, plural) among the call's arguments
KEYWORDS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "N_": (None, 0, None),
    "NN_": (None, 0, 1),
    "NP_": (0, 1, None),
    "gettext": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "npgettext": (0, 1, 2),
}

WRAP = 79  # like msgmerge's default

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
TRANSLATORS = re.compile(r"(?i)translators?\s*:")


class CatalogueError(RuntimeError):
    pass


# --- messages and catalogue entries -----------------------------------------------------------


@dataclass
class Entry:
    msgid: str
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: str = ""
    msgstr_plural: dict[int, str] = field(default_factory=dict)
    references: list[str] = field(default_factory=list)
    extracted: list[str] = field(default_factory=list)  # "#." comments
    comments: list[str] = field(default_factory=list)  # "# " translator comments
    flags: list[str] = field(default_factory=list)
    previous: dict[str, str] = field(default_factory=dict)  # "#|" msgctxt/msgid/msgid_plural
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    def translations(self) -> list[str]:
        if self.msgid_plural is None:
            return [self.msgstr]
        return [self.msgstr_plural[k] for k in sorted(self.msgstr_plural)]


# --- extraction -------------------------------------------------------------------------------


def source_files(root: Path | None = None) -> list[Path]:
    root = root or ROOT
    files: set[Path] = set()
    for pattern in SOURCES:
        for path in root.glob(pattern):
            rel = path.relative_to(root)
            if path.is_file() and not EXCLUDED_PARTS.intersection(rel.parts[:-1]):
                if not path.name.startswith("test_"):
                    files.add(path)
    return sorted(files, key=lambda p: p.relative_to(root).as_posix())


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _translator_comments(source: str) -> tuple[dict[int, str], dict[int, str]]:
    """``Translators:`` comments: (last line of each comment block -> its text, line of each
    such comment written at the end of a code line -> its text)."""
    blocks: dict[int, str] = {}
    trailing: dict[int, str] = {}
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return blocks, trailing
    own_line: dict[int, str] = {}
    for tok in tokens:
        if tok.type != tokenize.COMMENT:
            continue
        text = tok.string.lstrip("#").strip()
        if tok.line.strip().startswith("#"):
            own_line[tok.start[0]] = text
        elif TRANSLATORS.match(text):
            trailing[tok.start[0]] = text
    block_start: int | None = None
    for line in sorted(own_line):
        text = own_line[line]
        if TRANSLATORS.match(text):
            block_start = line
            blocks[line] = text
        elif block_start is not None and line - 1 in blocks:
            blocks[line] = blocks.pop(line - 1) + " " + text
        else:
            block_start = None
    return blocks, trailing


def _comment_for(call_line: int, comments: tuple[dict[int, str], dict[int, str]]) -> str | None:
    blocks, trailing = comments
    return trailing.get(call_line) or blocks.get(call_line - 1)


def extract_source(source: str, filename: str) -> tuple[list[Entry], list[str]]:
    """Entries (with one reference each) of one module, in source order, and warnings."""
    tree = ast.parse(source, filename=filename)
    comments = _translator_comments(source)
    entries: list[Entry] = []
    warnings: list[str] = []
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    calls.sort(key=lambda n: (n.lineno, n.col_offset))
    for node in calls:
        name = _call_name(node)
        if name not in KEYWORDS:
            continue
        ctx_pos, sing_pos, plural_pos = KEYWORDS[name]
        needed = max(p for p in (ctx_pos, sing_pos, plural_pos) if p is not None)
        where = f"{filename}:{node.lineno}"  # for warnings; references use the literal's line
        if len(node.args) <= needed:
            continue  # not a translation call (e.g. another function named gettext)
        args = node.args
        positions = [p for p in (ctx_pos, sing_pos, plural_pos) if p is not None]
        if any(isinstance(args[p], ast.JoinedStr) for p in positions):
            warnings.append(f"{where}: f-string inside {name}() can never be translated")
            continue
        msgid = _literal(args[sing_pos])
        if msgid is None:
            continue  # translates a variable: the string is marked elsewhere with N_()
        msgctxt = _literal(args[ctx_pos]) if ctx_pos is not None else None
        plural = _literal(args[plural_pos]) if plural_pos is not None else None
        if ctx_pos is not None and msgctxt is None:
            warnings.append(f"{where}: {name}() with a non-literal context is skipped")
            continue
        if plural_pos is not None and plural is None:
            warnings.append(f"{where}: {name}() with a non-literal plural is skipped")
            continue
        if msgid == "":
            warnings.append(f"{where}: empty msgid is reserved for the header")
            continue
        reference = f"{filename}:{args[sing_pos].lineno}"  # as xgettext gives it
        entry = Entry(msgid=msgid, msgctxt=msgctxt, msgid_plural=plural, references=[reference])
        comment = _comment_for(node.lineno, comments) or _comment_for(
            args[sing_pos].lineno, comments
        )
        if comment:
            entry.extracted.append(comment)
        entries.append(entry)
    return entries, warnings


def extract(root: Path | None = None) -> tuple[list[Entry], list[str]]:
    """The template's entries (first occurrence order, references merged) and warnings."""
    root = root or ROOT
    merged: dict[tuple[str | None, str], Entry] = {}
    warnings: list[str] = []
    for path in source_files(root):
        rel = path.relative_to(root).as_posix()
        found, warned = extract_source(path.read_text(encoding="utf-8"), rel)
        warnings += warned
        for entry in found:
            known = merged.get(entry.key)
            if known is None:
                merged[entry.key] = entry
                continue
            if known.msgid_plural != entry.msgid_plural:
                warnings.append(
                    f"{entry.references[0]}: {entry.msgid!r} is used with plural "
                    f"{entry.msgid_plural!r} here and {known.msgid_plural!r} at "
                    f"{known.references[0]}; give one of them a pgettext() context"
                )
                if known.msgid_plural is None:
                    known.msgid_plural = entry.msgid_plural
            for ref in entry.references:
                if ref not in known.references:
                    known.references.append(ref)
            for comment in entry.extracted:
                if comment not in known.extracted:
                    known.extracted.append(comment)
    for entry in merged.values():
        if placeholder_problem(entry.msgid) or (
            entry.msgid_plural and placeholder_problem(entry.msgid_plural)
        ):
            warnings.append(f"{entry.references[0]}: unbalanced braces in {entry.msgid!r}")
        elif "{" in entry.msgid + (entry.msgid_plural or "") and (
            "python-brace-format" not in entry.flags
        ):
            entry.flags.append("python-brace-format")
    return with_variant_twins(list(merged.values())), warnings


def with_variant_twins(entries: list[Entry]) -> list[Entry]:
    """Each context-free entry naming the kitty or misère, followed by its American twin."""
    out: list[Entry] = []
    for entry in entries:
        out.append(entry)
        text = entry.msgid + " " + (entry.msgid_plural or "")
        if entry.msgctxt is None and VARIANT_WORDS.search(text):
            out.append(
                Entry(
                    msgid=entry.msgid,
                    msgctxt=VARIANT_CONTEXT,
                    msgid_plural=entry.msgid_plural,
                    references=list(entry.references),
                    extracted=[*entry.extracted, VARIANT_COMMENT],
                    flags=list(entry.flags),
                )
            )
    return out


def template_for(lang: str, template: Catalogue) -> Catalogue:
    """What the ``lang`` catalogue translates: everything, or only the variant twins for the
    source language (English needs no translation of its own messages)."""
    if lang.split("_")[0] != SOURCE_LANGUAGE:
        return template
    twins = [e for e in template.entries if e.msgctxt == VARIANT_CONTEXT]
    return Catalogue(template.header_comments, template.header, twins)


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


# --- .po reading and writing ------------------------------------------------------------------


def _unquote(token: str, where: str) -> str:
    token = token.strip()
    if len(token) < 2 or not token.startswith('"') or not token.endswith('"'):
        raise CatalogueError(f"{where}: expected a quoted string, got {token!r}")
    out = []
    i, body = 0, token[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r", "a": "\a", "b": "\b"}
    escapes.update({"f": "\f", "v": "\v"})
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 == len(body):
                raise CatalogueError(f"{where}: unterminated string {token!r}")
            nxt = body[i + 1]
            if nxt in escapes:
                out.append(escapes[nxt])
                i += 2
                continue
            raise CatalogueError(f"{where}: unknown escape \\{nxt}")
        if ch == '"':
            raise CatalogueError(f"{where}: unescaped quote in {token!r}")
        out.append(ch)
        i += 1
    return "".join(out)


def _quote(text: str) -> str:
    text = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    return '"' + text.replace("\r", "\\r").replace("\n", "\\n") + '"'


def _wrap_chunks(text: str, width: int) -> list[str]:
    """Split ``text`` into pieces whose quoted forms fit ``width``: after newlines, then
    after spaces (as msgmerge does)."""
    pieces: list[str] = []
    for para in re.split(r"(?<=\n)", text):
        if not para:
            continue
        words = re.split(r"(?<= )", para)
        current = ""
        for word in words:
            if current and len(_quote(current + word)) > width:
                pieces.append(current)
                current = word
            else:
                current += word
        if current:
            pieces.append(current)
    return pieces or [""]


def _field_lines(keyword: str, text: str, prefix: str = "") -> list[str]:
    one = f"{prefix}{keyword} {_quote(text)}"
    if len(one) <= WRAP and "\n" not in text[:-1]:
        return [one]
    chunks = _wrap_chunks(text, WRAP - len(prefix))
    return [f'{prefix}{keyword} ""'] + [prefix + _quote(c) for c in chunks]


def _wrap_words(prefix: str, words: list[str]) -> list[str]:
    lines, current = [], prefix
    for word in words:
        if current != prefix and len(current) + 1 + len(word) > WRAP:
            lines.append(current)
            current = prefix
        current += (" " if current != prefix or prefix.endswith(":") else "") + word
    if current != prefix:
        lines.append(current)
    return lines


def format_entry(entry: Entry, with_locations: bool = True) -> list[str]:
    lines: list[str] = []
    for comment in entry.comments:
        lines.append(f"# {comment}".rstrip())
    for comment in entry.extracted:
        lines.append(f"#. {comment}".rstrip())
    if with_locations and entry.references and not entry.obsolete:
        lines += _wrap_words("#:", entry.references)
    if entry.flags:
        lines.append("#, " + ", ".join(entry.flags))
    for key in ("msgctxt", "msgid", "msgid_plural"):
        if key in entry.previous:
            lines += _field_lines(key, entry.previous[key], prefix="#| ")
    prefix = "#~ " if entry.obsolete else ""
    if entry.msgctxt is not None:
        lines += _field_lines("msgctxt", entry.msgctxt, prefix)
    lines += _field_lines("msgid", entry.msgid, prefix)
    if entry.msgid_plural is not None:
        lines += _field_lines("msgid_plural", entry.msgid_plural, prefix)
        for index in sorted(entry.msgstr_plural):
            lines += _field_lines(f"msgstr[{index}]", entry.msgstr_plural[index], prefix)
    else:
        lines += _field_lines("msgstr", entry.msgstr, prefix)
    return lines


@dataclass
class Catalogue:
    header_comments: list[str]
    header: Entry
    entries: list[Entry]

    def header_fields(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for line in self.header.msgstr.split("\n"):
            name, sep, value = line.partition(":")
            if sep:
                out[name.strip()] = value.strip()
        return out

    def nplurals(self) -> int:
        m = re.search(r"nplurals\s*=\s*(\d+)", self.header_fields().get("Plural-Forms", ""))
        return int(m.group(1)) if m else 2

    def render(self, with_locations: bool = True) -> str:
        blocks = ["\n".join(self.header_comments + format_entry(self.header))]
        live = [e for e in self.entries if not e.obsolete]
        dead = [e for e in self.entries if e.obsolete]
        for entry in live + dead:
            blocks.append("\n".join(format_entry(entry, with_locations)))
        return "\n\n".join(blocks) + "\n"


def parse_catalogue(text: str, name: str = "<po>") -> Catalogue:
    """A .po or .pot file, comments, flags and obsolete entries included."""
    entries: list[Entry] = []
    current = Entry(msgid="")
    keywords: list[str] = []  # the keywords seen in the current entry
    last: tuple[str, int | None] | None = None  # where a continuation string goes

    def finish() -> None:
        nonlocal current, keywords, last
        if keywords:
            if "msgid" not in keywords:
                raise CatalogueError(f"{name}: an entry without msgid before line {number}")
            entries.append(current)
        current, keywords, last = Entry(msgid=""), [], None

    number = 0
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            finish()
            continue
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            if not line:
                continue
        if line.startswith("#") and not obsolete:
            if keywords:
                finish()
            last = last if line.startswith("#|") else None
            if line.startswith("#:"):
                current.references += line[2:].split()
            elif line.startswith("#."):
                current.extracted.append(line[2:].strip())
            elif line.startswith("#,"):
                current.flags += [f.strip() for f in line[2:].split(",") if f.strip()]
            elif line.startswith("#|"):
                rest = line[2:].strip()
                if rest.startswith('"'):
                    if last is None or not last[0].startswith("#|"):
                        raise CatalogueError(f"{where}: a string without a keyword")
                    current.previous[last[0][2:]] += _unquote(rest, where)
                else:
                    keyword, _sep, value = rest.partition(" ")
                    current.previous[keyword] = _unquote(value, where)
                    last = ("#|" + keyword, None)
            else:
                current.comments.append(line[1:].strip())
            continue
        if line.startswith('"'):
            if last is None or last[0].startswith("#|"):
                raise CatalogueError(f"{where}: a string without a keyword")
            key, index = last
            value = _unquote(line, where)
            if index is not None:
                current.msgstr_plural[index] += value
            else:
                setattr(current, key, getattr(current, key) + value)
            continue
        keyword, _sep, rest = line.partition(" ")
        if (
            keyword == "msgctxt"
            and keywords
            or keyword == "msgid"
            and (keywords and keywords != ["msgctxt"])
        ):
            finish()
        if obsolete:
            current.obsolete = True
        m = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
        if m:
            current.msgstr_plural[int(m.group(1))] = _unquote(rest, where)
            last = ("msgstr_plural", int(m.group(1)))
        elif keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            if keyword in keywords:
                raise CatalogueError(f"{where}: {keyword} twice in one entry")
            setattr(current, keyword, _unquote(rest, where))
            last = (keyword, None)
        else:
            raise CatalogueError(f"{where}: unknown keyword {keyword!r}")
        keywords.append(keyword)
    finish()

    header = Entry(msgid="")
    body: list[Entry] = []
    seen: set[tuple[bool, str | None, str]] = set()
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None and not entry.obsolete:
            header = entry
            continue
        if (entry.obsolete, *entry.key) in seen:
            raise CatalogueError(f"{name}: duplicate msgid {entry.msgid!r}")
        seen.add((entry.obsolete, *entry.key))
        body.append(entry)
    header_comments = [f"# {c}".rstrip() if c else "#" for c in header.comments]
    header.comments = []
    return Catalogue(header_comments, header, body)


# --- template, merge, init --------------------------------------------------------------------


TEMPLATE_HEADER = [
    "# Five Hundred: messages of the user interface (template).",
    "# Generated by tools/i18n_extract.py from the sources it lists; do not edit by hand.",
    "#",
]


def build_template(entries: list[Entry]) -> Catalogue:
    header = Entry(msgid="", flags=["fuzzy"])
    header.msgstr = (
        f"Project-Id-Version: {DOMAIN}\n"
        "Report-Msgid-Bugs-To: \n"
        "Language: \n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        "Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n"
    )
    for entry in entries:
        if entry.msgid_plural is not None:
            entry.msgstr_plural = {0: "", 1: ""}
    return Catalogue(list(TEMPLATE_HEADER), header, entries)


def new_catalogue(lang: str, template: Catalogue) -> Catalogue:
    if lang not in PLURAL_FORMS:
        raise CatalogueError(f"no plural rule known for {lang!r}: add it to PLURAL_FORMS")
    name = LANGUAGE_NAMES.get(lang, lang)
    header = Entry(msgid="")
    header.msgstr = (
        f"Project-Id-Version: {DOMAIN}\n"
        "Report-Msgid-Bugs-To: \n"
        f"Language-Team: {name}\n"
        f"Language: {lang}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {PLURAL_FORMS[lang]}\n"
    )
    comments = [
        f"# {name} messages of Five Hundred's user interface.",
        "# Glossary and conventions: docs/i18n.md.",
        "#",
    ]
    catalogue = Catalogue(comments, header, [])
    return merge(catalogue, template)[0]


def _similar(entry: Entry, pool: list[Entry]) -> Entry | None:
    best, best_ratio = None, 0.0
    for old in pool:
        if (old.msgid_plural is None) != (entry.msgid_plural is None):
            continue
        if not any(old.translations()):
            continue
        ratio = difflib.SequenceMatcher(None, entry.msgid, old.msgid).ratio()
        if ratio > best_ratio:
            best, best_ratio = old, ratio
    return best if best_ratio >= 0.75 else None


def merge(
    po: Catalogue, template: Catalogue, fuzzy_matching: bool = True, drop_obsolete: bool = False
) -> tuple[Catalogue, dict[str, int]]:
    """The catalogue updated to the template (see the module docstring), and counts."""
    nplurals = po.nplurals()
    existing = {e.key: e for e in po.entries if not e.obsolete}
    obsolete = {e.key: e for e in po.entries if e.obsolete}
    used: set[tuple[str | None, str]] = set()
    stats = {"kept": 0, "new": 0, "fuzzy": 0, "obsolete": 0}
    out: list[Entry] = []
    template_keys = {t.key for t in template.entries}
    for tpl in template.entries:
        old = existing.get(tpl.key) or obsolete.get(tpl.key)
        entry = Entry(
            msgid=tpl.msgid,
            msgctxt=tpl.msgctxt,
            msgid_plural=tpl.msgid_plural,
            references=list(tpl.references),
            extracted=list(tpl.extracted),
            flags=[f for f in tpl.flags if f != "fuzzy"],
        )
        if old is not None:
            used.add(old.key)
            entry.comments = list(old.comments)
            if old.fuzzy:
                entry.flags.insert(0, "fuzzy")
                entry.previous = dict(old.previous)
            if (old.msgid_plural is None) == (tpl.msgid_plural is None):
                entry.msgstr = old.msgstr
                entry.msgstr_plural = dict(old.msgstr_plural)
                if old.msgid_plural != tpl.msgid_plural and "fuzzy" not in entry.flags:
                    entry.flags.insert(0, "fuzzy")
                    entry.previous = {"msgid": old.msgid, "msgid_plural": old.msgid_plural or ""}
            else:  # plural-ness changed: start from the old text, marked fuzzy
                first = old.translations()[0] if old.translations() else ""
                entry.msgstr = first
                entry.msgstr_plural = {i: first for i in range(nplurals)}
                if "fuzzy" not in entry.flags:
                    entry.flags.insert(0, "fuzzy")
            stats["kept"] += 1
        else:
            match = None
            if fuzzy_matching:
                pool = [e for k, e in {**obsolete, **existing}.items() if k not in used]
                pool = [e for e in pool if e.key not in template_keys]
                match = _similar(tpl, pool)
            if match is not None:
                entry.flags.insert(0, "fuzzy")
                entry.previous = {"msgid": match.msgid}
                if match.msgctxt is not None:
                    entry.previous["msgctxt"] = match.msgctxt
                if match.msgid_plural is not None:
                    entry.previous["msgid_plural"] = match.msgid_plural
                entry.msgstr = match.msgstr
                entry.msgstr_plural = dict(match.msgstr_plural)
                stats["fuzzy"] += 1
            else:
                stats["new"] += 1
        if entry.msgid_plural is not None:
            for index in range(nplurals):
                entry.msgstr_plural.setdefault(index, "")
            entry.msgstr = ""
        else:
            entry.msgstr_plural = {}
        out.append(entry)
    if not drop_obsolete:
        for entry in po.entries:
            if entry.key in template_keys:
                continue
            dead = Entry(
                msgid=entry.msgid,
                msgctxt=entry.msgctxt,
                msgid_plural=entry.msgid_plural,
                msgstr=entry.msgstr,
                msgstr_plural=dict(entry.msgstr_plural),
                comments=list(entry.comments),
                obsolete=True,
            )
            if any(dead.translations()):
                out.append(dead)
                stats["obsolete"] += 0 if entry.obsolete else 1
    return Catalogue(po.header_comments, po.header, out), stats


# --- checks -----------------------------------------------------------------------------------


def plural_function(catalogue: Catalogue):
    fields = catalogue.header_fields()
    forms = fields.get("Plural-Forms", "")
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


def entry_problems(entry: Entry, nplurals: int) -> list[str]:
    """What is wrong with one translated entry (empty when it is complete)."""
    problems: list[str] = []
    if entry.fuzzy:
        problems.append("fuzzy (needs review)")
    if entry.msgid_plural is None:
        forms = {0: entry.msgstr}
        wanted = {0: placeholders(entry.msgid)}
    else:
        forms = entry.msgstr_plural
        plural_fields = placeholders(entry.msgid_plural)
        wanted = {i: plural_fields for i in range(nplurals)}
        extra = sorted(set(forms) - set(range(nplurals)))
        if extra:
            problems.append(f"msgstr{extra} beyond nplurals={nplurals}")
    for index, fields in wanted.items():
        label = "msgstr" if entry.msgid_plural is None else f"msgstr[{index}]"
        text = forms.get(index)
        if text is None:
            problems.append(f"{label} missing")
            continue
        if not text:
            problems.append(f"{label} empty")
            continue
        try:
            got = placeholders(text)
        except ValueError as exc:
            problems.append(f"{label}: bad braces ({exc})")
            continue
        if got != fields:
            problems.append(f"{label}: placeholders {got} instead of {fields}")
    return problems


def check_catalogue(po: Catalogue, template: Catalogue, name: str) -> list[str]:
    problems: list[str] = []
    fields = po.header_fields()
    lang = fields.get("Language", "")
    if not lang:
        problems.append(f"{name}: header has no Language")
    if "charset=utf-8" not in fields.get("Content-Type", "").lower().replace(" ", ""):
        problems.append(f"{name}: header Content-Type is not text/plain; charset=UTF-8")
    if po.header.fuzzy:
        problems.append(f"{name}: the header is marked fuzzy (it would not be compiled)")
    try:
        nplurals, _func = plural_function(po)
    except CatalogueError as exc:
        problems.append(f"{name}: {exc}")
        nplurals = po.nplurals()
    expected = PLURAL_FORMS.get(lang.split("_")[0])
    if expected and fields.get("Plural-Forms", "").replace(" ", "") != expected.replace(" ", ""):
        problems.append(f"{name}: Plural-Forms should be {expected!r}")
    live = {e.key: e for e in po.entries if not e.obsolete}
    for tpl in template.entries:
        label = (f"[{tpl.msgctxt}] " if tpl.msgctxt is not None else "") + repr(tpl.msgid)
        entry = live.get(tpl.key)
        if entry is None:
            problems.append(f"{name}: {label}: missing (run --update)")
            continue
        if entry.msgid_plural != tpl.msgid_plural:
            problems.append(f"{name}: {label}: plural differs from the template (run --update)")
            continue
        for problem in entry_problems(entry, nplurals):
            problems.append(f"{name}: {label}: {problem}")
    template_keys = {t.key for t in template.entries}
    for key, entry in live.items():
        if key not in template_keys:
            problems.append(f"{name}: {entry.msgid!r} is not in the template (run --update)")
    return problems


def catalogue_paths(i18n_dir: Path | None = None) -> list[Path]:
    i18n_dir = i18n_dir or I18N_DIR
    return sorted(i18n_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def signature(entries: list[Entry]) -> dict[tuple[str | None, str], str | None]:
    """What a catalogue must translate: (msgctxt, msgid) -> msgid_plural."""
    return {e.key: e.msgid_plural for e in entries if not e.obsolete}


def template_differences(template: Catalogue, entries: list[Entry]) -> list[str]:
    """How the template's messages differ from the extracted ones (references aside)."""
    have, want = signature(template.entries), signature(entries)
    out = []
    for key in want:
        label = (f"[{key[0]}] " if key[0] is not None else "") + repr(key[1])
        if key not in have:
            out.append(f"{label} is in the sources but not in the template")
        elif have[key] != want[key]:
            out.append(
                f"{label}: plural {have[key]!r} in the template, {want[key]!r} in the sources"
            )
    for key in have:
        if key not in want:
            label = (f"[{key[0]}] " if key[0] is not None else "") + repr(key[1])
            out.append(f"{label} is in the template but no longer in the sources")
    return out


def check(root: Path | None = None) -> tuple[list[str], list[str]]:
    """(problems, notes) of the template and the catalogues: no problems means every
    catalogue translates every message of the sources. A note says the template's
    references (line numbers) are stale, which needs no translation work."""
    root = root or ROOT
    entries, _warnings = extract(root)
    fresh = build_template(entries)
    template_path = root / TEMPLATE.relative_to(ROOT)
    problems: list[str] = []
    notes: list[str] = []
    rel = template_path.relative_to(root).as_posix()
    if not template_path.is_file():
        problems.append(f"{rel}: missing (run tools/i18n_extract.py --update)")
    else:
        text = template_path.read_text(encoding="utf-8")
        try:
            differences = template_differences(parse_catalogue(text, rel), fresh.entries)
        except CatalogueError as exc:
            differences = [str(exc)]
        problems += [f"{rel}: {d} (run tools/i18n_extract.py --update)" for d in differences]
        if not differences and text != fresh.render():
            notes.append(f"{rel}: references are out of date (run tools/i18n_extract.py --update)")
    for path in catalogue_paths(root / I18N_DIR.relative_to(ROOT)):
        name = path.relative_to(root).as_posix()
        try:
            po = parse_catalogue(path.read_text(encoding="utf-8"), name)
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

    entries, warnings = extract()
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    template = build_template(entries)
    changed = _write(TEMPLATE, template.render())
    rel = TEMPLATE.relative_to(ROOT).as_posix()
    say(f"{rel}: {len(entries)} messages{' (updated)' if changed else ''}")

    if args.init:
        path = I18N_DIR / args.init / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists():
            print(f"{path.relative_to(ROOT)} exists: use --update", file=sys.stderr)
            return 1
        _write(path, new_catalogue(args.init, template_for(args.init, template)).render())
        say(f"{path.relative_to(ROOT)}: created")

    if args.update:
        for path in catalogue_paths():
            name = path.relative_to(ROOT).as_posix()
            po = parse_catalogue(path.read_text(encoding="utf-8"), name)
            merged, stats = merge(
                po,
                template_for(path.parts[-3], template),
                fuzzy_matching=not args.no_fuzzy,
                drop_obsolete=args.drop_obsolete,
            )
            _write(path, merged.render())
            nplurals = merged.nplurals()
            todo = sum(1 for e in merged.entries if not e.obsolete and entry_problems(e, nplurals))
            say(
                f"{name}: {stats['kept']} kept, {stats['new']} new, {stats['fuzzy']} fuzzy, "
                f"{stats['obsolete']} made obsolete; {todo} to translate or review"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
