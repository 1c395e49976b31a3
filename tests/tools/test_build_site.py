"""tools/build_site.py and tools/serve.py under CPython (no browser)."""

from __future__ import annotations

import ast
import gettext
import io
import json
import re
import sys
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
from serve import start_server  # noqa: E402

needs_node_modules = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="run `npm ci` first"
)


def precache_list(sw: str) -> tuple[str, list[str]]:
    cache = re.search(r'const CACHE = "([^"]+)"', sw).group(1)
    urls = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    return cache, urls


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("run `npm ci` first")
    return build_site.build(out=tmp_path_factory.mktemp("site") / "dist")


@needs_node_modules
def test_service_worker_precaches_every_file(built):
    cache, urls = precache_list((built / "sw.js").read_text())
    assert re.fullmatch(r"fivehundred-[0-9a-f]{16}", cache)
    files = sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file())
    assert sorted(u.removeprefix("./") for u in urls) == [f for f in files if f != "sw.js"]
    assert all(u.startswith("./") for u in urls)
    sw = (built / "sw.js").read_text()
    assert "__CACHE_NAME__" not in sw and "__PRECACHE_LIST__" not in sw


@needs_node_modules
def test_build_is_reproducible(built, tmp_path):
    again = build_site.build(out=tmp_path / "dist")
    assert precache_list((again / "sw.js").read_text()) == precache_list(
        (built / "sw.js").read_text()
    )
    assert (again / build_site.APP_ARCHIVE).read_bytes() == (
        built / build_site.APP_ARCHIVE
    ).read_bytes()


@needs_node_modules
def test_runtime_is_only_what_the_page_loads(built):
    vendor = sorted(p.relative_to(built).as_posix() for p in (built / "vendor").rglob("*"))
    assert not [v for v in vendor if v.endswith(".map") or "console" in v]
    for name in build_site.PYODIDE_FILES:
        assert f"vendor/pyodide/{name}" in vendor
    assert "vendor/pyscript/core.js" in vendor
    assert "vendor/pyscript/core.css" in vendor
    assert not [v for v in vendor if re.search(r"codemirror|xterm|mpy-|zip-", v)]
    config = tomllib.loads((built / "pyscript.toml").read_text())
    assert (built / config["interpreter"]).is_file()
    assert any(v.startswith("vendor/pyscript/toml-") for v in vendor)  # parses pyscript.toml


@needs_node_modules
def test_app_archive_holds_the_packages_only(built):
    with zipfile.ZipFile(built / build_site.APP_ARCHIVE) as outer:
        # the unpacker, and the rest, deflated as one stream
        assert outer.namelist() == [*build_site.UNPACKER, build_site.APP_FILES]
        assert {i.compress_type for i in outer.infolist()} == {zipfile.ZIP_DEFLATED}
        assert outer.testzip() is None  # every CRC right
        inner = outer.read(build_site.APP_FILES)
    with zipfile.ZipFile(io.BytesIO(inner)) as zf:
        names = zf.namelist()
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
    assert "ui/main.py" in names and not set(build_site.UNPACKER) & set(names)
    assert any(n.startswith("game/") for n in names)
    bytecode = build_site.BYTECODE_MODULES
    for name in names:
        assert name.split("/")[0] in ("game", "ui")
        assert "__pycache__" not in name and "/tests/" not in name
        assert name.endswith((".py", ".json", ".css")) or name[:-1] in bytecode, name
    assert not build_site.APP_EXCLUDED_FILES & set(names)  # command-line and build-time only


@needs_node_modules
def test_the_bytecode_modules_ship_as_bytecode_only(built):
    with zipfile.ZipFile(built / build_site.APP_ARCHIVE) as outer:
        inner = zipfile.ZipFile(io.BytesIO(outer.read(build_site.APP_FILES)))
    names = set(inner.namelist())
    for module in build_site.BYTECODE_MODULES:
        assert module not in names and module + "c" in names
        pyc = inner.read(module + "c")
        # PEP 552: a magic number ending in \r\n, then flags 0b01: a hash the import never checks
        assert pyc[2:4] == b"\r\n" and pyc[4:8] == (1).to_bytes(4, "little"), module
        assert module.encode() in pyc  # co_filename, for tracebacks
    assert len([n for n in names if n.endswith(".pyc")]) == len(build_site.BYTECODE_MODULES)


class _NoFunctionAnnotations(ast.NodeTransformer):
    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self.generic_visit(node)
        args = node.args
        for arg in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
            if arg is not None:
                arg.annotation = None
        node.returns = None
        return node

    visit_AsyncFunctionDef = visit_FunctionDef


def _lines_of(tree: ast.AST) -> list[int | None]:
    return [getattr(node, "lineno", None) for node in ast.walk(tree)]


def test_app_modules_lose_docstrings_comments_and_annotations_but_keep_their_line_numbers():
    for name, content in build_site.app_files(ROOT):
        if not name.endswith(".py"):
            continue
        original = (ROOT / name).read_text(encoding="utf-8")
        shipped = content.decode("utf-8")
        tree = ast.parse(shipped)  # still valid Python
        assert len(shipped.splitlines()) == len(original.splitlines()), name
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.FunctionDef)):
                assert ast.get_docstring(node) in (None, ""), (name, getattr(node, "name", ""))
            elif isinstance(node, ast.ClassDef):
                assert ast.get_docstring(node) in (None, "-"), (name, node.name)
        # the same code: only docstrings and the functions' annotations went (comments are not
        # in the syntax tree), and every node of it stays on its line
        expected = _NoFunctionAnnotations().visit(ast.parse(build_site.strip_docstrings(original)))
        assert ast.dump(tree) == ast.dump(expected), name
        assert _lines_of(tree) == _lines_of(expected), name
        assert "#" not in "".join(t.string for t in _comments(shipped)), name
        # every line of code stays where it was (docstring lines and comments change; lines
        # without their annotations are compared with the original without them)
        original = build_site.strip_annotations(original)
        kept = [
            (i, line)
            for i, line in enumerate(shipped.splitlines())
            if line.strip() not in ('""', '"-"')
        ]
        original_lines = original.splitlines()
        for i, line in kept:
            before = original_lines[i]
            assert (
                not line.strip()
                or line == before
                or (before.startswith(line) and before[len(line) :].lstrip().startswith("#"))
            ), (name, i + 1)


def test_shipped_dataclasses_keep_a_docstring_so_none_is_made_from_their_signature():
    shipped = build_site.strip_docstrings(
        'from dataclasses import dataclass\n\n@dataclass\nclass A:\n    """Doc."""\n    x: int\n'
    )
    namespace: dict = {}
    exec(shipped, namespace)
    # with "" as its docstring, dataclass() would have called inspect.signature: "A(x: int)"
    assert namespace["A"].__doc__ == "-"


def _comments(source: str) -> list:
    import io
    import tokenize

    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [t for t in tokens if t.type == tokenize.COMMENT]


def test_po_compiles_to_a_catalogue_gettext_reads(tmp_path):
    po = r"""
# A comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "New game"
msgstr "Nouvelle partie"

msgctxt "card"
msgid "Jack"
msgstr "Valet"

#, fuzzy
msgid "Bid"
msgstr "Enchère floue"

msgid "Untranslated"
msgstr ""

msgid "one trick"
msgid_plural "%d tricks"
msgstr[0] "un pli"
msgstr[1] "%d plis"

msgid "long "
"line"
msgstr "ligne "
"longue"
"""
    path = tmp_path / "fr.po"
    path.write_text(po, encoding="utf-8")
    mo = build_site.compile_catalogue(path)
    t = gettext.GNUTranslations(io.BytesIO(mo))
    assert t.gettext("New game") == "Nouvelle partie"
    assert t.pgettext("card", "Jack") == "Valet"
    assert t.gettext("Bid") == "Bid"  # fuzzy entries are left out
    assert t.gettext("Untranslated") == "Untranslated"
    assert t.ngettext("one trick", "%d tricks", 1) == "un pli"
    assert t.ngettext("one trick", "%d tricks", 3) == "%d plis"
    assert t.gettext("long line") == "ligne longue"


def test_bad_po_is_a_build_error(tmp_path):
    path = tmp_path / "fr.po"
    path.write_text('msgid "unterminated\n', encoding="utf-8")
    with pytest.raises(build_site.BuildError, match="fr.po"):
        build_site.compile_catalogue(path)


def test_server_mime_types_and_prefix(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    (tmp_path / "m.webmanifest").write_text("{}")
    (tmp_path / "x.mjs").write_text("export {}")
    server, url = start_server(tmp_path, port=0, prefix="/repo/")
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/repo/")
        for name, mime in [
            ("a.wasm", "application/wasm"),
            ("m.webmanifest", "application/manifest+json"),
            ("x.mjs", "text/javascript"),
            ("", "text/html"),
        ]:
            with urllib.request.urlopen(url + name) as r:
                assert r.headers["Content-Type"].split(";")[0] == mime
        with urllib.request.urlopen(url.rstrip("/")) as r:  # redirected to /repo/
            assert r.url == url
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(url.replace("/repo/", "/index.html"))
        assert err.value.code == 404
    finally:
        server.shutdown()
        server.server_close()


@needs_node_modules
def test_page_ships_without_comments_but_with_its_code(built):
    shipped = (built / "index.html").read_text(encoding="utf-8")
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    assert "<!--" in source and "<!--" not in shipped
    scripts = build_site.INLINE_SCRIPT.findall(shipped)
    js = [body for attrs, body in scripts if "src=" not in attrs and "type=" not in attrs]
    assert js and not any(line.lstrip().startswith("//") for b in js for line in b.splitlines())
    # the Python keeps its comments (line numbers in tracebacks), the code lines all stay
    python = [body for attrs, body in scripts if 'type="py"' in attrs]
    assert python == [b for a, b in build_site.INLINE_SCRIPT.findall(source) if 'type="py"' in a]
    code = [
        line
        for line in source.splitlines()
        if line.strip() and line.lstrip()[:2] not in ("//", "<!")
    ]
    localised = ("page-i18n", "<noscript>", "-->")  # filled in by the build; a comment's end
    missing = [c for c in code if c not in shipped and not any(x in c for x in localised)]
    assert missing == [], missing[:3]


def test_stylesheet_ships_without_comments_but_with_every_rule(built):
    shipped = (built / "assets" / "style.css").read_text(encoding="utf-8")
    source = (ROOT / "assets" / "style.css").read_text(encoding="utf-8")
    assert "/*" in source and "/*" not in shipped and len(shipped) < len(source)
    # only comments and whitespace went: the rest, character for character, is the same
    rules = re.sub(r"\s+", "", build_site.CSS_COMMENT.sub("", source))
    assert re.sub(r"\s+", "", shipped) == rules


def test_a_css_string_holding_a_comment_opener_is_a_build_error():
    with pytest.raises(build_site.BuildError):
        build_site.stylesheet_without_comments('.a::before { content: "/*"; }\n')
