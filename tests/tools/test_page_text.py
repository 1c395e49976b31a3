"""The texts shown before Python runs (ui/page_text.py) in every language: index.html's marked
texts match page_text's msgids, the build inlines their translations and writes one manifest per
language, and the page's first script picks the language as ui/main.py does (run under Node)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
from serve import start_server  # noqa: E402

import ui.i18n  # noqa: E402
from ui import page_text  # noqa: E402
from ui.settings import Settings, parse_query  # noqa: E402

I18N = ROOT / "ui" / "i18n"
LANGUAGES = sorted(
    p.parent.parent.name
    for p in I18N.glob("*/LC_MESSAGES/fivehundred.po")
    if p.parent.parent.name != "en"
)
MSGIDS = build_site.page_msgids(ROOT)


# --- index.html's marked texts <-> ui/page_text.py -----------------------------------------------


class Marked(HTMLParser):
    """Texts of elements with data-i18n, attributes named by data-i18n-content, script bodies.

    Marked elements and scripts hold text only, so the parser follows one element at a time.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.scripts: list[str] = []
        self._current: str | None = None  # tag of the marked element or script being read
        self._buffer: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-i18n-content" in a:
            self.texts.append(a["data-i18n-content"] or a["content"])
        if a.get("data-i18n"):
            self.texts.append(a["data-i18n"])
        elif "data-i18n" in a or tag == "script":
            self._current, self._buffer = tag, []

    def handle_data(self, data):
        if self._current:
            self._buffer.append(data)

    def handle_endtag(self, tag):
        if tag != self._current:
            return
        text = "".join(self._buffer)
        if tag == "script":
            self.scripts.append(text)
        else:
            self.texts.append(text.strip())
        self._current, self._buffer = None, []


def marked_texts(page: str) -> list[str]:
    parser = Marked()
    parser.feed(page)
    texts = list(parser.texts)
    for script in parser.scripts:
        texts += [json.loads(s) for s in re.findall(r'\bt\(("(?:[^"\\]|\\.)*")\)', script)]
        m = re.search(r"var names = (\{.*?\});", script, re.S)
        if m:
            texts += list(json.loads(m.group(1)).values())
    return texts


def test_index_html_marks_exactly_the_page_texts():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    marked = marked_texts(page)
    assert "Loading…" in marked and "Starting the game…" in marked
    assert "Loading the Python runtime…" in marked  # the py:progress map
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    shown = set(marked) | {manifest["name"], manifest["description"]}
    assert set(MSGIDS) == shown
    assert manifest["name"] == page_text.TITLE
    assert manifest["description"] == page_text.DESCRIPTION
    assert set(page_text.PROGRESS.values()) <= set(MSGIDS)


def test_progress_map_is_the_same_in_the_page_and_page_text():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    m = re.search(r"var names = (\{.*?\});", page, re.S)
    assert json.loads(m.group(1)) == page_text.PROGRESS


def test_the_python_ui_shows_the_same_title_msgid():
    main = (ROOT / "ui" / "main.py").read_text(encoding="utf-8")
    assert 'document.title = i18n._("Five Hundred")' in main
    assert page_text.TITLE == "Five Hundred"


def test_every_page_text_is_translated_in_every_catalogue():
    assert LANGUAGES, "no catalogue"
    translations = build_site.page_translations(ROOT)
    assert sorted(translations) == LANGUAGES
    for lang in LANGUAGES:
        missing = [m for m in MSGIDS if m not in translations[lang]]
        assert missing == [], f"{lang}: untranslated page texts"


# --- the build ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("run `npm ci` first")
    return build_site.build(out=tmp_path_factory.mktemp("site") / "dist")


def inlined(page: str) -> dict[str, dict[str, str]]:
    m = re.search(r'<script type="application/json" id="page-i18n">(.*?)</script>', page, re.S)
    assert m, "no translations block"
    return json.loads(m.group(1))


def test_built_page_has_every_language_translated(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    data = inlined(page)
    assert sorted(data) == LANGUAGES
    for lang in LANGUAGES:
        catalogue = build_site.mo_messages(
            build_site.compile_catalogue(I18N / lang / "LC_MESSAGES" / "fivehundred.po")
        )
        assert set(data[lang]) == set(MSGIDS), lang
        for msgid, text in data[lang].items():
            assert text == catalogue[msgid], (lang, msgid)
    assert data["pl"]["Five Hundred"] == "Pięćset"


def test_built_page_keeps_its_markers_and_escapes_the_json(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    block = re.search(r'id="page-i18n">(.*?)</script>', page, re.S).group(1)
    assert "<" not in block
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    assert sorted(set(marked_texts(page))) == sorted(set(marked_texts(source)))


def test_noscript_message_in_every_language(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    noscript = re.search(r"<noscript>(.*?)</noscript>", page, re.S).group(1)
    data = inlined(page)
    assert page_text.NOSCRIPT in noscript
    for lang in LANGUAGES:
        text = data[lang][page_text.NOSCRIPT]
        escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        assert f'<p lang="{lang}">{escaped}</p>' in noscript


def test_a_manifest_per_language(built):
    base = json.loads((built / "manifest.webmanifest").read_text(encoding="utf-8"))
    data = inlined((built / "index.html").read_text(encoding="utf-8"))
    _, precache = _precache(built)
    assert "./manifest.webmanifest" in precache
    for lang in LANGUAGES:
        name = f"manifest.{lang}.webmanifest"
        manifest = json.loads((built / name).read_text(encoding="utf-8"))
        assert manifest["lang"] == lang
        assert manifest["name"] == data[lang][base["name"]] != base["name"]
        assert manifest["description"] == data[lang][base["description"]]
        assert manifest["short_name"] == "500"
        rest = {k: v for k, v in manifest.items() if k not in ("lang", "name", "description")}
        assert rest == {k: v for k, v in base.items() if k not in ("lang", "name", "description")}
        for icon in manifest["icons"]:
            assert icon["src"].startswith("./") and (built / icon["src"][2:]).is_file()
        assert {i["purpose"] for i in manifest["icons"]} >= {"any", "maskable"}
        assert f"./{name}" in precache
    assert not (built / "manifest.en.webmanifest").exists()


def _precache(built: Path) -> tuple[str, list[str]]:
    sw = (built / "sw.js").read_text(encoding="utf-8")
    cache = re.search(r'const CACHE = "([^"]+)"', sw).group(1)
    return cache, json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))


def test_language_manifests_are_served_as_manifests(built):
    server, url = start_server(built, port=0)
    try:
        for lang in LANGUAGES:
            with urllib.request.urlopen(f"{url}manifest.{lang}.webmanifest") as r:
                assert r.headers["Content-Type"].split(";")[0] == "application/manifest+json"
                assert json.loads(r.read())["lang"] == lang
    finally:
        server.shutdown()
        server.server_close()


def test_a_broken_page_block_is_a_build_error(tmp_path):
    (tmp_path / "index.html").write_text("<html><noscript><p>x</p></noscript></html>")
    with pytest.raises(build_site.BuildError, match="page-i18n"):
        build_site.localise_page(tmp_path, {"fr": {}})


# --- the page's language choice = ui/main.py's (the first script, run under Node) ----------------

HARNESS = r"""
const vm = require("vm");
const { script, json, cases } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = [];
for (const c of cases) {
  const attrs = (o) => ({
    attrs: o, textContent: o.text || "",
    hasAttribute(n) { return n in this.attrs; },
    getAttribute(n) { return n in this.attrs ? this.attrs[n] : null; },
    setAttribute(n, v) { this.attrs[n] = String(v); },
  });
  const title = attrs({ "data-i18n": "" }); title.textContent = "Five Hundred";
  const link = attrs({ rel: "manifest", href: "./manifest.webmanifest" });
  const html = { lang: "en" };
  const head = { querySelectorAll: () => [title] };
  const storage = c.storage === "THROW" ? null : {
    getItem(k) { return k === "fivehundred.settings" ? c.storage : null; },
  };
  const navigator = c.languages === null ? { language: c.language }
    : { languages: c.languages, language: c.language };
  const win = {
    document: {
      documentElement: html, head,
      getElementById: (id) => (id === "page-i18n" && json !== null ? { textContent: json } : null),
      querySelector: (sel) => (sel === 'link[rel="manifest"]' ? link : null),
      querySelectorAll: () => [],
    },
    location: { search: c.search },
    navigator, URLSearchParams, addEventListener() {},
  };
  Object.defineProperty(win, "localStorage", {
    get() { if (storage === null) throw new Error("SecurityError"); return storage; },
  });
  win.window = win;
  vm.runInNewContext(script, win);
  out.push({ lang: html.lang, title: title.textContent, manifest: link.attrs.href,
             catalogue: win.fivehundredPage.catalogue });
}
process.stdout.write(JSON.stringify(out));
"""

CASES = [
    # (?query, saved settings (None: nothing, "THROW": storage blocked), navigator.languages)
    ("?lang=pl", None, ["fr"]),
    ("", '{"language": "fr"}', ["pl"]),
    ("", '{"language": ""}', ["ko-KR", "en"]),
    ("", None, ["fr-CA", "en"]),
    ("", "THROW", ["ro"]),
    ("", "{corrupt", ["pl-PL"]),
    ("", "[1, 2]", ["de", "fr"]),
    ("", '{"language": 5}', ["ro-MD"]),
    ("", '{"language": "xxxxxxxxxxxxxxxxxxxxx"}', ["fr"]),
    ("?lang=xx", '{"language": "fr"}', ["pl"]),
    ("?lang=", '{"language": "pl"}', []),
    ("?lang=fr%3Cb%3E", None, ["ko"]),
    ("?lang=en", '{"language": "fr"}', ["pl"]),
    ("?lang=pl_PL", None, []),
    ("?lang=de&lang=fr", None, ["ko"]),
    ("?seed=3&lang=ko&speed=instant", None, ["fr"]),
    ("?lang=zh-Hant-TW", None, ["fr"]),
    ("", None, ["en-US", "fr"]),
    ("", None, ["EN", "fr"]),
    ("", None, ["de", "FR"]),
    ("", None, []),
    ("", '{"language": "ko"}', None),
    ("", None, None),
]


def python_choice(search: str, stored: str | None, languages: list[str] | None) -> list[str]:
    """ui/main.py's _languages(), with navigator.languages = languages (None: undefined)."""
    overrides = parse_query(search)
    settings = Settings.from_json(None if stored == "THROW" else stored)
    if overrides.get("lang"):
        return [overrides["lang"]]
    if settings.language:
        return [settings.language]
    return languages if languages is not None else ["ro-RO"]


@pytest.fixture
def compiled_catalogues(tmp_path, monkeypatch):
    build_site.write_catalogues(ROOT, tmp_path)
    monkeypatch.setattr(ui.i18n, "LOCALE_DIR", tmp_path)
    yield
    ui.i18n.set_language(["en"])


def first_script(page: str) -> str:
    return next(s for s in Marked_scripts(page) if "fivehundredPage" in s)


def Marked_scripts(page: str) -> list[str]:  # noqa: N802
    parser = Marked()
    parser.feed(page)
    return parser.scripts


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_page_picks_the_language_as_the_app_does(compiled_catalogues):
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    payload = {
        "script": first_script(page),
        "json": build_site.script_json(build_site.page_translations(ROOT)),
        "cases": [
            {"search": q, "storage": s, "languages": langs, "language": "ro-RO"}
            for q, s, langs in CASES
        ],
    }
    result = subprocess.run(
        ["node", "-e", HARNESS], input=json.dumps(payload), capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    for (search, stored, languages), js in zip(CASES, got, strict=True):
        ui.i18n.set_language(python_choice(search, stored, languages))
        case = (search, stored, languages)
        assert js["lang"] == ui.i18n.html_lang(), case
        assert js["title"] == ui.i18n._("Five Hundred"), case
        english = ui.i18n.html_lang().split("-")[0].lower() == "en"
        want = "./manifest.webmanifest" if english else f"./manifest.{js['catalogue']}.webmanifest"
        assert js["manifest"] == want, case
    picked = {c[0] + str(c[1]): g["lang"] for c, g in zip(CASES, got, strict=True)}
    assert picked["?lang=plNone"] == "pl"
    assert picked['{"language": "fr"}'] == "fr"
    assert picked["THROW"] == "ro"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_page_script_survives_missing_or_corrupt_data():
    script = first_script((ROOT / "index.html").read_text(encoding="utf-8"))
    cases = [{"search": "?lang=fr", "storage": "THROW", "languages": ["fr"], "language": "fr"}]
    for data in [None, "{not json", "[1]", "null", '{"fr": 3}', '{"fr": {"Five Hundred": 7}}']:
        payload = {"script": script, "json": data, "cases": cases}
        result = subprocess.run(
            ["node", "-e", HARNESS], input=json.dumps(payload), capture_output=True, text=True
        )
        assert result.returncode == 0, (data, result.stderr)
        (got,) = json.loads(result.stdout)
        assert got["title"] == "Five Hundred", data
