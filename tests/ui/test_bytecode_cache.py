"""ui/bytecode_cache.py: bytecode kept between visits, checked against its source, never trusted
blindly (a damaged, hostile or stale entry only means compiling again)."""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import py_compile
import sys
from pathlib import Path
from types import ModuleType

import pytest
from fakes import run

from ui import bytecode_cache
from ui.bytecode_cache import checked_pyc, collect, install, keep, pack, restore, unpack

PAGE = "http://127.0.0.1:8000/a/index.html?seed=3"


class FakeResponse:
    def __init__(self, body: bytes) -> None:
        self.body = body

    @staticmethod
    def new(body: bytes) -> FakeResponse:
        return FakeResponse(bytes(body))

    async def arrayBuffer(self) -> FakeBuffer:  # noqa: N802 (the JavaScript name)
        return FakeBuffer(self.body)


class FakeBuffer:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


class FakeCache:
    def __init__(self) -> None:
        self.entries: dict[str, FakeResponse] = {}

    async def match(self, url: str) -> FakeResponse | None:
        return self.entries.get(url)

    async def put(self, url: str, response: FakeResponse) -> None:
        self.entries[url] = response


class FakeCaches:
    """The browser's Cache Storage, as much of it as the module uses."""

    def __init__(self) -> None:
        self.caches: dict[str, FakeCache] = {}

    async def open(self, name: str) -> FakeCache:
        return self.caches.setdefault(name, FakeCache())


class FakeHost:
    Response = FakeResponse

    def __init__(self) -> None:
        self.caches = FakeCaches()


def write_package(root: Path, body: str = "VALUE = 1\n") -> Path:
    (root / "ui").mkdir(exist_ok=True)
    (root / "ui" / "__init__.py").write_text("")
    source = root / "ui" / "kept.py"
    source.write_text(body)
    return source


def timestamp_pyc(source: Path) -> Path:
    cached = Path(importlib.util.cache_from_source(str(source)))
    py_compile.compile(str(source), cfile=str(cached), doraise=True)
    return cached


def compiled_module(root: Path, body: str = "VALUE = 1\n") -> ModuleType:
    """``ui.kept`` written under ``root`` with its bytecode, as an imported module (not yet
    in ``sys.modules``)."""
    source = write_package(root, body)
    timestamp_pyc(source)
    module = ModuleType("ui.kept")
    module.__spec__ = importlib.util.spec_from_file_location("ui.kept", source)
    return module


@pytest.fixture(autouse=True)
def _fresh_state(monkeypatch):
    monkeypatch.setattr(bytecode_cache, "_restored", {})
    monkeypatch.setattr(sys, "dont_write_bytecode", sys.dont_write_bytecode)


def test_bundle_round_trip_and_damage_is_refused():
    files = {
        "ui/__pycache__/app.cpython-314.pyc": b"\x00" * 20,
        "game/bots/__pycache__/search.cpython-314.pyc": b"x" * 30,
    }
    assert unpack(pack(files)) == files
    bundle = pack(files)
    for damaged in (b"", b"garbage", bundle[:-5], bundle[:12], b"FHPYC0\n" + bundle[7:]):
        with pytest.raises(ValueError):
            unpack(damaged)


@pytest.mark.parametrize(
    "path",
    [
        "../escape.cpython-314.pyc",
        "/etc/passwd",
        "ui/app.py",
        "ui/__pycache__/../../x.cpython-314.pyc",
        "other/__pycache__/m.cpython-314.pyc",
        "ui/__pycache__/m.cpython-314.pyc/",
    ],
)
def test_a_bundle_naming_a_path_outside_our_packages_is_refused(path):
    with pytest.raises(ValueError):
        unpack(pack({path: b"\x00" * 20}))


def test_checked_pyc_is_used_for_its_source_only(tmp_path, monkeypatch):
    source = write_package(tmp_path)
    pyc = timestamp_pyc(source)
    checked = checked_pyc(source.read_bytes(), pyc.read_bytes())
    assert checked is not None
    assert checked[4:8] == (3).to_bytes(4, "little")  # hash-based, checked (PEP 552)
    assert checked[8:16] == importlib.util.source_hash(source.read_bytes())
    assert checked_pyc(b"VALUE = 1\n", b"not a pyc at all") is None
    assert checked_pyc(b"VALUE = 1\n", b"\x00\x00\x00\x00" + pyc.read_bytes()[4:]) is None


def test_collect_then_install_gives_an_import_that_skips_compiling(tmp_path, monkeypatch):
    module = compiled_module(tmp_path, "VALUE = 'kept'\n")
    files = collect(tmp_path, {"ui.kept": module, "json": sys.modules["json"]})
    assert list(files) == ["ui/__pycache__/" + Path(module.__spec__.cached).name]

    later = tmp_path / "later"
    later.mkdir()
    write_package(later, "VALUE = 'kept'\n")
    assert install(later, files) == 1
    compiled: list[str] = []
    monkeypatch.setattr(
        importlib.machinery.SourceFileLoader,
        "source_to_code",
        lambda self, data, path, **kw: compiled.append(path) or compile(data, path, "exec"),
    )
    loaded = load(later)
    assert loaded.VALUE == "kept"
    assert [Path(p).name for p in compiled] == ["__init__.py"]  # ui/kept.py was not compiled


def test_a_changed_source_is_compiled_again_not_run_from_the_old_bytecode(tmp_path):
    source = write_package(tmp_path, "VALUE = 'old'\n")
    timestamp_pyc(source)
    module = type(sys)("ui.kept")
    module.__spec__ = importlib.util.spec_from_file_location("ui.kept", source)
    files = collect(tmp_path, {"ui.kept": module})

    later = tmp_path / "later"
    later.mkdir()
    write_package(later, "VALUE = 'new'\n")  # same size, same mtime would not be enough
    install(later, files)
    assert load(later).VALUE == "new"


def test_install_writes_nothing_without_the_source(tmp_path):
    assert install(tmp_path, {"ui/__pycache__/gone.cpython-314.pyc": b"\x00" * 20}) == 0
    assert not (tmp_path / "ui").exists()


def test_keep_then_restore_through_cache_storage(tmp_path, monkeypatch):
    host = FakeHost()
    monkeypatch.setitem(sys.modules, "ui.kept", compiled_module(tmp_path))

    assert run(keep(host, PAGE, root=tmp_path, to_js=bytes)) == "stored"
    assert run(keep(host, PAGE, root=tmp_path, to_js=bytes)) == "unchanged"
    [name] = host.caches.caches
    assert name == "fivehundred-bytecode http://127.0.0.1:8000/a/"  # the deployment's scope
    assert list(host.caches.caches[name].entries) == ["http://127.0.0.1:8000/a/bytecode/page.bin"]

    later = tmp_path / "later"
    later.mkdir()
    write_package(later)
    sys.dont_write_bytecode = True
    assert run(restore(host, PAGE, root=later)) == 1
    assert sys.dont_write_bytecode is True  # Python writes none (keep() compiles what lacks it)
    assert run(keep(host, PAGE, root=tmp_path, to_js=bytes)) == "unchanged"
    # the worker has an entry of its own
    assert run(restore(host, PAGE, part="worker", root=later)) == 0


def test_keep_compiles_the_modules_python_wrote_no_bytecode_for(tmp_path, monkeypatch):
    host = FakeHost()
    source = write_package(tmp_path, "VALUE = 'compiled by keep'\n")
    module = ModuleType("ui.kept")
    module.__spec__ = importlib.util.spec_from_file_location("ui.kept", source)
    monkeypatch.setitem(sys.modules, "ui.kept", module)
    assert bytecode_cache.without_bytecode(tmp_path) == [source]

    assert run(keep(host, PAGE, root=tmp_path, to_js=bytes)) == "stored"
    assert bytecode_cache.without_bytecode(tmp_path) == []  # a later keep reads it
    later = tmp_path / "later"
    later.mkdir()
    write_package(later, "VALUE = 'compiled by keep'\n")
    assert run(restore(host, PAGE, root=later)) == 1
    compiled: list[str] = []
    monkeypatch.setattr(
        importlib.machinery.SourceFileLoader,
        "source_to_code",
        lambda self, data, path, **kw: compiled.append(path) or compile(data, path, "exec"),
    )
    assert load(later).VALUE == "compiled by keep"
    assert [Path(p).name for p in compiled] == ["__init__.py"]  # ui/kept.py ran from keep's


def test_restore_survives_a_damaged_entry_a_missing_cache_storage_and_a_hang(tmp_path):
    host = FakeHost()
    cache = run(host.caches.open(bytecode_cache.cache_name(PAGE)))
    cache.entries["http://127.0.0.1:8000/a/bytecode/page.bin"] = FakeResponse(b"FHPYC1\n\xff")
    assert run(restore(host, PAGE, root=tmp_path)) == 0

    class NoCaches:
        caches = None

    assert run(restore(NoCaches(), PAGE, root=tmp_path)) == 0

    class Stuck:
        async def open(self, name):
            await asyncio.sleep(3600)

    class StuckHost:
        caches = Stuck()

    bytecode_cache_timeout = bytecode_cache.TIMEOUT
    try:
        bytecode_cache.TIMEOUT = 0.05
        assert run(restore(StuckHost(), PAGE, root=tmp_path)) == 0
    finally:
        bytecode_cache.TIMEOUT = bytecode_cache_timeout


def test_keep_reports_a_failure_instead_of_raising(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ui.kept", compiled_module(tmp_path))

    class Full(FakeCache):
        async def put(self, url, response):
            raise RuntimeError("QuotaExceededError")

    host = FakeHost()
    monkeypatch.setattr(host.caches, "open", lambda name: _value(Full()))
    outcome = run(keep(host, PAGE, root=tmp_path, to_js=bytes))
    assert outcome.startswith("failed") and "QuotaExceededError" in outcome


async def _value(value):
    return value


def load(root: Path):
    """Import ``ui.kept`` from ``root`` afresh (its own ``ui`` package)."""
    saved = {n: m for n, m in sys.modules.items() if n == "ui" or n.startswith("ui.")}
    for name in saved:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    try:
        return importlib.import_module("ui.kept")
    finally:
        sys.path.remove(str(root))
        for name in [n for n in sys.modules if n == "ui" or n.startswith("ui.")]:
            del sys.modules[name]
        sys.modules.update(saved)


def test_restore_takes_the_entry_the_page_read_before_python_ran(tmp_path, monkeypatch):
    host = FakeHost()
    monkeypatch.setitem(sys.modules, "ui.kept", compiled_module(tmp_path))
    assert run(keep(host, PAGE, root=tmp_path, to_js=bytes)) == "stored"
    [entry] = host.caches.caches[bytecode_cache.cache_name(PAGE)].entries.values()

    class NoCaches:  # the read was done by the page: Cache Storage is not asked again
        caches = None

    later = tmp_path / "later"
    later.mkdir()
    write_package(later)
    assert run(restore(NoCaches(), PAGE, root=later, preread=entry.arrayBuffer())) == 1

    async def nothing_kept() -> None:
        return None

    assert run(restore(host, PAGE, root=later, preread=nothing_kept())) == 0


def test_the_page_reads_the_entry_restore_would():
    page = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")
    assert f'"{bytecode_cache.CACHE_PREFIX} "' in page
    assert '"bytecode/page.bin"' in page and "preread=window.fivehundredPage.bytecode" in page
    assert bytecode_cache._entry(PAGE, "page") == bytecode_cache.scope(PAGE) + "bytecode/page.bin"
