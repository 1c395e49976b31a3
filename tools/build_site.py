"""Build the static site into dist/ (stdlib, Babel to compile the catalogues, zopfli to deflate).

    python tools/build_site.py [--out DIR]

dist/ gets:
  index.html, pyscript.toml, manifest.webmanifest   the page, copied; index.html gets the
                                                    translations of ui/page_text.py's texts
                                                    (a JSON block) and a noscript message in
                                                    every language
  manifest.<lang>.webmanifest                       the web manifest in each language with a
                                                    catalogue (index.html links the right one)
  assets/                                           copied (icons, CSS, SVG); the CSS
                                                    without comments and indentation
  app.zip                                           deflated by zopfli: ui/unpack.py and
                                                    app-files.zip (stored, so that it
                                                    deflates as one stream), which ui/unpack.py
                                                    unpacks: game/ and ui/, .py files without
                                                    their docstrings, comments and functions'
                                                    annotations (line numbers kept), the
                                                    BYTECODE_MODULES as .pyc instead, ui's
                                                    data files, and every .po
                                                    compiled into ui/i18n/<lang>.json (with
                                                    ui/i18n/msgids.json);
                                                    not the command-line modules
                                                    (APP_EXCLUDED_FILES)
  vendor/pyodide/                                   the Pyodide runtime files it loads
  vendor/pyscript/                                  core.js, core.css and the chunks it fetches
  sw.js                                             the service worker, from the sw.js template,
                                                    precaching every other file of dist/

The runtime comes from node_modules/ (``npm ci`` first). The build is
deterministic: the same sources give byte-identical files, so the service
worker's cache name (a hash of all files) only changes when something did.
"""

from __future__ import annotations

import argparse
import ast
import base64
import gettext
import hashlib
import html
import io
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import tokenize
import zipfile
import zlib
from pathlib import Path

import zopfli.zopfli

sys.path.insert(0, str(Path(__file__).resolve().parent))
import i18n_extract  # noqa: E402  (tools/, beside this file)

ROOT = Path(__file__).resolve().parent.parent

PAGE_FILES = ["index.html", "pyscript.toml", "manifest.webmanifest"]
SW_TEMPLATE = "sw.js"
PAGE_TEXT = "ui/page_text.py"  # the msgids of the texts shown before Python runs
I18N_DIR = "ui/i18n"
I18N_DOMAIN = "fivehundred"
PAGE_I18N_BLOCK = '<script type="application/json" id="page-i18n">{}</script>'
NOSCRIPT = re.compile(r"<noscript><p data-i18n>(?P<msgid>[^<]*)</p></noscript>")
SOURCE_LANGUAGE = "en"
MANIFEST_TEXTS = ("name", "description")  # short_name stays "500"

# What pyodide.mjs loads at start-up (it imports pyodide.asm.mjs, then fetches the rest).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]

# @pyscript/core: core.js and everything it imports statically are always copied. Of the
# chunks that the core chunk imports dynamically, PyScript fetches these on every start
# (its built-in plugins' registration and the TOML config parser), as traced in Chromium;
# the rest (CodeMirror, xterm.js, MicroPython and its zip reader, the packages graph) load
# only for features this app does not use, and dynamic imports of the plugin chunks (e.g.
# py-editor's own TOML parser) are not followed. Names are matched without their content
# hash: "toml" matches "toml-V4Savzlc.js".
PYSCRIPT_DYNAMIC_CHUNKS = [
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
    "toml",
]
PYSCRIPT_FILES = ["core.js", "core.css"]

APP_PACKAGES = ["game", "ui"]
APP_DATA_SUFFIXES = {".json", ".css"}
APP_EXCLUDED_DIRS = {"__pycache__", "tests", "test"}
# Command-line, build-time and test-only modules the page never imports.
APP_EXCLUDED_FILES = {
    "game/arena.py",
    "game/bots/calibrate.py",
    "game/analysis/minimax.py",  # the solver's test oracle
    "game/analysis/positions.py",  # positions for tests and benchmarks
    "ui/page_text.py",
}

# The app's archive, which PyScript unpacks ("./*" in pyscript.toml), holds the unpacker and
# the zip of the app's other files, which the page and the worker unpack first with it (see
# write_app_archive).
APP_ARCHIVE = "app.zip"
APP_FILES = "app-files.zip"
UNPACKER = ("ui/__init__.py", "ui/unpack.py")  # in app.zip beside APP_FILES, which it unpacks
# A fixed timestamp keeps app.zip byte-identical between builds of the same sources.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
ZOPFLI_ITERATIONS = 5  # 1.4 s here; 15 saves another 0.1 kB in 2.3 s
# Shipped as bytecode (no source): the start's costliest compiles. Python compiles every module
# the first screen imports on a first visit (~90 ms in Pyodide under Node); these three take
# ~34 ms of it, and their .pyc add ~21 kB to the site's gzip weight (each costs about twice
# its source; `node benchmarks/start_pyodide.mjs --modules yes` gives each module's compile).
# A module more or less here trades start time for the 250 kB budget. The page imports them
# as modules without source; tracebacks keep their line numbers.
BYTECODE_MODULES = ("game/engine.py", "ui/app.py", "ui/dom.py")
COMPILE_BYTECODE = "tools/compile_bytecode.mjs"

STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+\.js)["']""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+\.js)["']\s*\)""")
CHUNK_NAME = re.compile(r"^(?P<name>.+)-[A-Za-z0-9_-]{8}\.js$")


class BuildError(RuntimeError):
    pass


# --- runtime -----------------------------------------------------------------------------------


def pyscript_files(core_dist: Path) -> list[str]:
    """File names of @pyscript/core's dist/ that the page needs (see PYSCRIPT_DYNAMIC_CHUNKS)."""

    def chunk_name(file: str) -> str:
        m = CHUNK_NAME.match(file)
        return m.group("name") if m else file.removesuffix(".js")

    needed: set[str] = set()
    todo = list(PYSCRIPT_FILES)
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        path = core_dist / name
        if not path.is_file():
            raise BuildError(f"missing {path} (run `npm ci`)")
        needed.add(name)
        if not name.endswith(".js"):
            continue
        source = path.read_text(encoding="utf-8")
        todo.extend(ref[2:] for ref in STATIC_IMPORT.findall(source))
        if chunk_name(name) == "core":
            todo.extend(
                ref[2:]
                for ref in DYNAMIC_IMPORT.findall(source)
                if chunk_name(ref[2:]) in PYSCRIPT_DYNAMIC_CHUNKS
            )
    found = {chunk_name(n) for n in needed}
    missing = [c for c in PYSCRIPT_DYNAMIC_CHUNKS if c not in found]
    if missing:
        raise BuildError(f"@pyscript/core has no chunk named {missing}: update build_site.py")
    return sorted(needed)


def copy_runtime(node_modules: Path, out: Path) -> None:
    pyodide = node_modules / "pyodide"
    target = out / "vendor" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if not (pyodide / name).is_file():
            raise BuildError(f"missing {pyodide / name} (run `npm ci`)")
        shutil.copyfile(pyodide / name, target / name)

    core_dist = node_modules / "@pyscript" / "core" / "dist"
    target = out / "vendor" / "pyscript"
    target.mkdir(parents=True)
    for name in pyscript_files(core_dist):
        shutil.copyfile(core_dist / name, target / name)


# --- the app's archive --------------------------------------------------------------------------


def compile_catalogue(po: Path) -> bytes:
    """The .mo of a .po file, compiled by Babel (see i18n_extract.compile_catalogue)."""
    try:
        return i18n_extract.compile_catalogue(po.read_text(encoding="utf-8"), po.name)
    except i18n_extract.CatalogueError as exc:
        raise BuildError(f"{po}: {exc}") from None


def mo_messages(mo: bytes) -> dict[str, str]:
    """The messages of a .mo (keys as gettext stores them: context and plurals included)."""
    translations = gettext.GNUTranslations(io.BytesIO(mo))
    return dict(translations._catalog)  # type: ignore[attr-defined]


# A class's docstring is kept as this, not "": a dataclass without a docstring gets one made
# from inspect.signature() when its module runs (a sixth of a dataclass's cost at the start).
CLASS_DOC = '"-"'


def strip_docstrings(source: str) -> str:
    r"""The module without its docstrings (a quarter of the app): each becomes ``""`` (a
    class's, ``CLASS_DOC``) followed by as many blank lines, so that tracebacks in the browser
    keep their line numbers. A later string statement of a module or class (an attribute's
    docstring, which Python keeps nowhere) becomes blank lines.

    >>> strip_docstrings("def f():\n    '''Say hi.\n\n    More.'''\n    return 1\n")
    'def f():\n    ""\n\n\n    return 1\n'
    >>> strip_docstrings("class A:\n    '''A.'''\n")
    'class A:\n    "-"\n'
    >>> strip_docstrings("X = 1\n'''The x.\n\nMore.'''\nY = X\n")
    'X = 1\n\n\n\nY = X\n'
    """
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    spans = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        documented = node.body if isinstance(node, (ast.Module, ast.ClassDef)) else node.body[:1]
        for i, stmt in enumerate(documented):
            if not (
                isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)
            ):
                continue
            assert stmt.end_lineno is not None and stmt.end_col_offset is not None
            start = lines[stmt.lineno - 1].encode("utf-8")  # ast offsets count UTF-8 bytes
            end = lines[stmt.end_lineno - 1].encode("utf-8")
            if start[: stmt.col_offset].strip() or end[stmt.end_col_offset :].strip():
                continue  # shares a line with code: kept
            indent = start[: stmt.col_offset].decode("utf-8")
            kept = CLASS_DOC if isinstance(node, ast.ClassDef) else '""'
            spans.append((stmt.lineno, stmt.end_lineno, indent + kept if i == 0 else ""))
    for first_line, last_line, text in sorted(spans, reverse=True):
        lines[first_line - 1 : last_line] = [text + "\n" * (last_line - first_line + 1)]
    return "".join(lines)


def strip_annotations(source: str) -> str:
    r"""The module without its functions' annotations (a tenth of the compiling at the start;
    nothing reads them at run time), cut from their lines: line numbers are kept. Classes keep
    theirs (a dataclass's or NamedTuple's fields), and so does an annotation written over
    several lines.

    >>> strip_annotations("def f(a: int, *b: str, c: 'X' = 1) -> dict[str, int]:\n    x: int = a\n")
    'def f(a, *b, c = 1):\n    x: int = a\n'
    >>> strip_annotations("class Point:\n    x: int\n    def at(self) -> int: ...\n")
    'class Point:\n    x: int\n    def at(self): ...\n'
    """
    tree = ast.parse(source)
    lines = [line.encode("utf-8") for line in source.splitlines(keepends=True)]
    cuts: list[tuple[int, int, int]] = []  # (line index, start, end): UTF-8 byte offsets
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = node.args
        every = args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
        for arg in every:
            note = arg.annotation if arg is not None else None
            if arg is None or note is None or not arg.lineno == note.end_lineno:
                continue
            name_end = arg.col_offset + len(arg.arg.encode("utf-8"))
            cuts.append((arg.lineno - 1, name_end, int(note.end_col_offset or 0)))
        returns = node.returns
        if returns is not None and returns.lineno == returns.end_lineno:
            line = lines[returns.lineno - 1]
            arrow = line.rfind(b"->", 0, returns.col_offset)
            if arrow >= 0:
                start = len(line[:arrow].rstrip())
                cuts.append((returns.lineno - 1, start, int(returns.end_col_offset or 0)))
    for index, start, end in sorted(cuts, reverse=True):
        lines[index] = lines[index][:start] + lines[index][end:]
    return b"".join(lines).decode("utf-8")


def strip_comments(source: str) -> str:
    r"""The module without its comments (line numbers kept: a comment line becomes blank).

    >>> strip_comments("x = 1  # one\n# alone\ny = '# not a comment'\n")
    "x = 1\n\ny = '# not a comment'\n"
    """
    lines = source.splitlines(keepends=True)
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for token in tokens:
        if token.type == tokenize.COMMENT:
            row, col = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:col].rstrip() + ("\n" if line.endswith("\n") else "")
    return "".join(lines)


def catalogue_files(root: Path) -> dict[str, bytes]:
    """The compiled catalogues, file name -> content, for ``ui/i18n/`` in app.zip: every
    msgid once in ``msgids.json``, and a ``<lang>.json`` per language, so that a start reads
    only its own language's file (``ui.i18n`` reads them, see its docstring).

    A language with texts for most msgids lists them in msgids.json's order (``texts``); one
    with few (English: only the American words) lists its own ``messages`` and does without
    msgids.json.

    >>> files = catalogue_files(ROOT)
    >>> sorted(files)[:3], json.loads(files["msgids.json"])["msgids"][0]
    (['en.json', 'fr.json', 'ko.json'], '')
    >>> sorted(json.loads(files["en.json"])), sorted(json.loads(files["fr.json"]))
    (['format', 'messages'], ['format', 'texts'])
    """
    compiled = catalogues(root)
    keys = sorted({key for messages in compiled.values() for key in messages}, key=_key_order)
    msgids = [key if isinstance(key, str) else key[0] for key in keys]
    forms = [None if isinstance(key, str) else key[1] for key in keys]
    files: dict[str, dict[str, object]] = {
        "msgids.json": {"format": "fivehundred-msgids", "msgids": msgids, "forms": forms}
    }
    for lang, messages in compiled.items():
        data: dict[str, object] = {"format": "fivehundred-catalogue"}
        if 2 * len(messages) < len(keys):
            data["messages"] = [
                [msgid, form, messages[key]]
                for key, msgid, form in zip(keys, msgids, forms)
                if key in messages
            ]
        else:
            data["texts"] = [messages.get(key) for key in keys]
        files[f"{lang}.json"] = data
    return {
        name: json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        for name, data in files.items()
    }


def write_catalogues(root: Path, folder: Path) -> None:
    """Write :func:`catalogue_files` into ``folder`` (tests point ``ui.i18n.LOCALE_DIR`` at
    it, as the app's ``ui/i18n/``)."""
    for name, content in catalogue_files(root).items():
        (folder / name).write_bytes(content)


def _key_order(key: object) -> tuple[str, int]:
    """gettext's keys (a msgid, or (msgid, plural form)) sorted by msgid, then form."""
    return (key, -1) if isinstance(key, str) else key  # type: ignore[return-value]


def app_files(root: Path) -> list[tuple[str, bytes]]:
    """(archive name, content) of the app: .py of game/ and ui/, ui's data, the catalogues."""
    files: list[tuple[str, bytes]] = []
    for package in APP_PACKAGES:
        base = root / package
        if not (base / "__init__.py").is_file():
            print(f"warning: {package}/ is not a package yet (no __init__.py)", file=sys.stderr)
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(root)
            if not path.is_file() or APP_EXCLUDED_DIRS.intersection(rel.parts[:-1]):
                continue
            if path.name.startswith("test_") or path.name == "conftest.py":
                continue
            name = rel.as_posix()
            if name in APP_EXCLUDED_FILES:
                continue
            if path.suffix == ".py":
                source = path.read_text(encoding="utf-8")
                source = strip_comments(strip_annotations(strip_docstrings(source)))
                files.append((name, source.encode("utf-8")))
            elif package == "ui" and path.suffix in APP_DATA_SUFFIXES:
                files.append((name, path.read_bytes()))
    files += [(f"{I18N_DIR}/{name}", data) for name, data in catalogue_files(root).items()]
    return sorted(files)


def _zip(entries: list[tuple[str, bytes]], compression: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression, compresslevel=9) as zf:
        for name, content in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = compression
            info.external_attr = 0o644 << 16
            zf.writestr(info, content)
    return buffer.getvalue()


def with_bytecode(
    files: list[tuple[str, bytes]], root: Path, node_modules: Path
) -> list[tuple[str, bytes]]:
    """``files`` with each of BYTECODE_MODULES as its ``.pyc`` in place of its source, compiled
    by the Pyodide of ``node_modules`` (under Node: see tools/compile_bytecode.mjs)."""
    sources = dict(files)
    missing = [name for name in BYTECODE_MODULES if name not in sources]
    if missing:
        raise BuildError(f"BYTECODE_MODULES not in the app: {', '.join(missing)}")
    with tempfile.TemporaryDirectory(prefix="fivehundred-bytecode-") as tmp:
        for name in BYTECODE_MODULES:
            (Path(tmp) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / name).write_bytes(sources[name])
        command = [
            "node",
            str(root / COMPILE_BYTECODE),
            str(node_modules / "pyodide" / "pyodide.mjs"),
        ]
        try:
            subprocess.run([*command, tmp, *BYTECODE_MODULES], check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            detail = getattr(exc, "stderr", b"") or b""
            raise BuildError(f"{COMPILE_BYTECODE} failed: {exc} {detail.decode()[-2000:]}") from exc
        compiled = {
            name + "c": (Path(tmp) / (name + "c")).read_bytes() for name in BYTECODE_MODULES
        }
    kept = [(name, content) for name, content in files if name not in BYTECODE_MODULES]
    return sorted(kept + list(compiled.items()))


def zip_deflated_by_zopfli(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip of ``entries`` (name, content), each deflated by zopfli: any inflater reads it,
    and it is 5% smaller than zlib's best (-9.9 kB on app.zip).

    >>> data = b"five hundred " * 100
    >>> archive = zipfile.ZipFile(io.BytesIO(zip_deflated_by_zopfli([("a", data), ("b", b"")])))
    >>> archive.read("a") == data and archive.read("b") == b""
    True
    """
    dos_date = (ZIP_DATE[0] - 1980) << 9 | ZIP_DATE[1] << 5 | ZIP_DATE[2]  # time: 00:00
    local, central = b"", b""
    for name, content in entries:
        # zopfli writes a zlib stream: without its 2-byte header and 4-byte checksum, raw deflate
        deflated = zopfli.zopfli.compress(content, numiterations=ZOPFLI_ITERATIONS)[2:-4]
        raw_name = name.encode("ascii")
        common = struct.pack(
            "<HHHHHIIIH",
            20,  # version needed: 2.0
            0,  # flags
            zipfile.ZIP_DEFLATED,
            0,
            dos_date,
            zlib.crc32(content),
            len(deflated),
            len(content),
            len(raw_name),
        )
        central += (
            b"PK\x01\x02"
            + struct.pack("<H", 3 << 8 | 20)  # made by Unix (the attributes are a mode), 2.0
            + common
            + struct.pack("<HHHHII", 0, 0, 0, 0, 0o644 << 16, len(local))
            + raw_name
        )
        local += b"PK\x03\x04" + common + struct.pack("<H", 0) + raw_name + deflated
    count = len(entries)
    end = b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, count, count, len(central), len(local), 0)
    return local + central + end


def write_app_archive(root: Path, target: Path, node_modules: Path) -> int:
    """Write :func:`app_files` (with :func:`with_bytecode`) as ``app.zip``: UNPACKER (and
    ``ui/__init__.py``), which the page imports first, and ``APP_FILES``, a stored zip of the
    rest, which it unpacks (see ui/unpack.py); returns the number of files (same sources,
    same bytes).

    Deflating the inner zip as a whole compresses across files, as a .tar.gz does (a tenth
    smaller than deflating each file), while unpacking needs only zipfile's directory, which
    Pyodide has already imported (tarfile and gzip would take 0.2 s to import).
    """
    files = with_bytecode(app_files(root), root, node_modules)
    first = [(name, content) for name, content in files if name in UNPACKER]
    rest = [(name, content) for name, content in files if name not in UNPACKER]
    target.write_bytes(
        zip_deflated_by_zopfli(first + [(APP_FILES, _zip(rest, zipfile.ZIP_STORED))])
    )
    return len(files)


# --- the page's texts in every language -------------------------------------------------------


def page_msgids(root: Path) -> list[str]:
    """The msgids of ``ui/page_text.py``: literal arguments of its ``N_()`` calls, in order."""
    tree = ast.parse((root / PAGE_TEXT).read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "N_"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and node.args[0].value not in found
        ):
            found.append(node.args[0].value)
    if not found:
        raise BuildError(f"{PAGE_TEXT}: no N_() message")
    return found


def catalogues(root: Path) -> dict[str, dict[str, str]]:
    """Each language with a catalogue -> its messages (.mo keys -> values), as in the app archive:
    a committed .mo wins over the .po, which is compiled as the build does (no fuzzy entries)."""
    out: dict[str, dict[str, str]] = {}
    base = root / I18N_DIR
    for folder in sorted(base.iterdir()) if base.is_dir() else []:
        mo = folder / "LC_MESSAGES" / f"{I18N_DOMAIN}.mo"
        po = folder / "LC_MESSAGES" / f"{I18N_DOMAIN}.po"
        if mo.is_file():
            out[folder.name] = mo_messages(mo.read_bytes())
        elif po.is_file():
            out[folder.name] = mo_messages(compile_catalogue(po))
    return out


def page_translations(root: Path) -> dict[str, dict[str, str]]:
    """Language -> {msgid: translation} of the page's texts; untranslated ones are left out
    (the page shows the English msgid). Every language with a catalogue but English is a key."""
    msgids = page_msgids(root)
    out: dict[str, dict[str, str]] = {}
    for lang, messages in catalogues(root).items():
        if lang == SOURCE_LANGUAGE:
            continue  # English is the msgids themselves (its catalogue only has variant words)
        out[lang] = {
            m: messages[m] for m in msgids if isinstance(messages.get(m), str) and messages[m]
        }
    return out


def script_json(data: object) -> str:
    """JSON safe inside a <script> element (no "</script" or "<!--" can appear)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def localise_page(out: Path, translations: dict[str, dict[str, str]]) -> None:
    """dist/index.html: the translations as JSON, the noscript message in every language."""
    page = (out / "index.html").read_text(encoding="utf-8")
    if page.count(PAGE_I18N_BLOCK) != 1:
        raise BuildError(f"index.html: expected one {PAGE_I18N_BLOCK}")
    block = PAGE_I18N_BLOCK.replace(">{}<", ">" + script_json(translations) + "<")
    page = page.replace(PAGE_I18N_BLOCK, block)
    m = NOSCRIPT.search(page)
    if not m:
        raise BuildError("index.html: no <noscript><p data-i18n>…</p></noscript>")
    msgid = html.unescape(m.group("msgid"))
    lines = [f"<p data-i18n>{m.group('msgid')}</p>"]
    for lang, texts in translations.items():
        if msgid in texts:
            lines.append(f'<p lang="{html.escape(lang)}">{html.escape(texts[msgid])}</p>')
    page = page[: m.start()] + "<noscript>" + "".join(lines) + "</noscript>" + page[m.end() :]
    (out / "index.html").write_text(page, encoding="utf-8")


HTML_COMMENT = re.compile(r"\n?[ \t]*<!--.*?-->", re.DOTALL)
JS_LINE_COMMENT = re.compile(r"^[ \t]*//.*\n", re.MULTILINE)


def page_without_comments(page: str) -> str:
    """The page without its HTML comments and its inline JavaScript's whole-line ``//``
    comments (bytes every visitor downloads and no one reads); Python and JSON untouched.

    >>> page_without_comments('<p>\\n  <!-- a note -->\\n</p><script>\\n  // why\\n  go()</script>')
    '<p>\\n</p><script>\\n  go()</script>'
    """

    def script(m: re.Match[str]) -> str:
        if "src=" in m.group("attrs") or "type=" in m.group("attrs"):
            return m.group(0)
        return m.group(0).replace(m.group("body"), JS_LINE_COMMENT.sub("", m.group("body")))

    parts = re.split(r"(<script[^>]*>.*?</script>)", page, flags=re.DOTALL)
    return "".join(
        INLINE_SCRIPT.sub(script, part)
        if part.startswith("<script")
        else HTML_COMMENT.sub("", part)
        for part in parts
    )


def stylesheet_without_comments(css: str) -> str:
    r"""The stylesheet without its comments, indentation and blank lines (1.5 kB of the
    compressed site); every rule, and the line breaks between declarations, kept.

    >>> stylesheet_without_comments("/* the felt */\n.table {\n  color: red; /* why */\n}\n\n")
    '.table {\ncolor: red;\n}\n'
    """
    if '"/*' in css or "'/*" in css:
        raise BuildError("a CSS string holds /*: the comment stripper would cut it")
    text = CSS_COMMENT.sub("", css)
    return "".join(line.strip() + "\n" for line in text.splitlines() if line.strip())


def strip_stylesheet_comments(out: Path) -> None:
    """dist/assets/*.css without comments (see stylesheet_without_comments)."""
    for path in sorted((out / "assets").glob("*.css")):
        path.write_text(stylesheet_without_comments(path.read_text(encoding="utf-8")), "utf-8")


def strip_page_comments(out: Path) -> None:
    """dist/index.html without comments (see page_without_comments)."""
    page = (out / "index.html").read_text(encoding="utf-8")
    (out / "index.html").write_text(page_without_comments(page), encoding="utf-8")


# The page's Content-Security-Policy (a <meta> tag: GitHub Pages sends no custom headers).
# Nothing from another origin; no inline script but the page's own, allowed by their hashes;
# 'unsafe-eval' because PyScript's core evaluates code ('wasm-unsafe-eval' alone is not
# enough), 'wasm-unsafe-eval' for Pyodide's WebAssembly; blob: workers for the bot's
# PyScript worker (whose source PyScript fetches from a blob: URL, hence connect-src blob:,
# which is this page's own data, no other origin); inline styles for PyScript's error box
# and the UI's animation rules.
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' {hashes}; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; "
    "media-src 'self' data: blob:; connect-src 'self' blob:; worker-src 'self' blob:; "
    "object-src 'none'; base-uri 'self'; form-action 'none'"
)
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
INLINE_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.DOTALL)
CHARSET = '<meta charset="utf-8">'


def add_csp(out: Path) -> str:
    """dist/index.html gets its CSP <meta> right after the charset: the policy lists the
    sha256 of every inline script the browser runs (not the JSON block or Python)."""
    page = (out / "index.html").read_text(encoding="utf-8")
    hashes = []
    for m in INLINE_SCRIPT.finditer(page):
        attrs = m.group("attrs")
        if "src=" in attrs or "type=" in attrs:  # external, or not JavaScript
            continue
        digest = hashlib.sha256(m.group("body").encode("utf-8")).digest()
        hashes.append("'sha256-" + base64.b64encode(digest).decode("ascii") + "'")
    policy = CSP.format(hashes=" ".join(hashes))
    if page.count(CHARSET) != 1:
        raise BuildError(f"index.html: expected one {CHARSET}")
    tag = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    page = page.replace(CHARSET, CHARSET + "\n  " + tag)
    (out / "index.html").write_text(page, encoding="utf-8")
    return policy


def write_manifests(root: Path, out: Path, translations: dict[str, dict[str, str]]) -> list[str]:
    """manifest.<lang>.webmanifest for each language: its "lang", name and description."""
    manifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
    written = []
    for lang, texts in translations.items():
        localised = dict(manifest)
        localised["lang"] = lang.replace("_", "-")
        for key in MANIFEST_TEXTS:
            if key in localised:
                localised[key] = texts.get(localised[key], localised[key])
        name = f"manifest.{lang}.webmanifest"
        text = json.dumps(localised, ensure_ascii=False, indent=2) + "\n"
        (out / name).write_text(text, encoding="utf-8")
        written.append(name)
    return written


# --- page, assets, service worker --------------------------------------------------------------


def site_files(out: Path) -> list[str]:
    """Every file of the built site as a relative URL path, sorted."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def content_hash(out: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode("utf-8") + b"\0")
        h.update(hashlib.sha256((out / name).read_bytes()).digest())
    return h.hexdigest()[:16]


def write_service_worker(root: Path, out: Path) -> tuple[str, int]:
    files = site_files(out)  # sw.js itself is not there yet: it is not precached
    cache = "fivehundred-" + content_hash(out, files)
    template = (root / SW_TEMPLATE).read_text(encoding="utf-8")
    for placeholder in ('"__CACHE_NAME__"', "__PRECACHE_LIST__"):
        if template.count(placeholder) != 1:
            raise BuildError(f"{SW_TEMPLATE}: expected one {placeholder}")
    urls = json.dumps(["./" + f for f in files], indent=2)
    sw = template.replace('"__CACHE_NAME__"', json.dumps(cache)).replace("__PRECACHE_LIST__", urls)
    (out / "sw.js").write_text(sw, encoding="utf-8")
    return cache, len(files)


def check_relative_urls(out: Path) -> None:
    """The site must work under any sub-path: no root-relative or absolute URL in the page."""
    pattern = re.compile(r"""(?:href|src|config)\s*=\s*["'](/|https?:)""")
    for name in ["index.html"]:
        m = pattern.search((out / name).read_text(encoding="utf-8"))
        if m:
            raise BuildError(f"{name}: absolute URL at {m.group(0)!r}")
    for file in sorted(out.glob("manifest*.webmanifest")):
        manifest = json.loads(file.read_text(encoding="utf-8"))
        urls = [manifest.get("start_url", ""), manifest.get("scope", "")]
        urls += [icon["src"] for icon in manifest.get("icons", [])]
        for url in urls:
            if url.startswith(("/", "http:", "https:")):
                raise BuildError(f"{file.name}: absolute URL {url!r}")
            if not url.startswith("./"):
                continue
            path = url[2:]
            if path and not (out / path).is_file():
                raise BuildError(f"{file.name}: {url} is not in the build")


def build(root: Path = ROOT, out: Path | None = None, node_modules: Path | None = None) -> Path:
    out = out or root / "dist"
    node_modules = node_modules or root / "node_modules"
    if not node_modules.is_dir():
        raise BuildError(f"{node_modules} is missing: run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in PAGE_FILES:
        shutil.copyfile(root / name, out / name)
    translations = page_translations(root)
    localise_page(out, translations)
    write_manifests(root, out, translations)
    shutil.copytree(root / "assets", out / "assets")
    copy_runtime(node_modules, out)
    count = write_app_archive(root, out / APP_ARCHIVE, node_modules)
    check_relative_urls(out)
    strip_page_comments(out)
    strip_stylesheet_comments(out)
    add_csp(out)
    cache, precached = write_service_worker(root, out)
    total = sum((out / f).stat().st_size for f in site_files(out))
    print(
        f"built {out.relative_to(root) if out.is_relative_to(root) else out}: "
        f"{precached + 1} files, {total / 1e6:.1f} MB; {APP_ARCHIVE} has {count} files; "
        f"cache {cache}"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site into dist/.")
    parser.add_argument("--out", type=Path, default=None, help="output folder (default dist/)")
    args = parser.parse_args(argv)
    try:
        build(out=args.out.resolve() if args.out else None)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
