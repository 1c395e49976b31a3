"""Bytecode kept between visits, so that a later start does not compile our modules again.

Pyodide writes no ``.pyc`` files (``sys.dont_write_bytecode``), so every start compiles game/
and ui/ again: about 0.25 s of a warm start, most of our share of it. :func:`restore` puts back
those kept by the last visit; once the page is ready, :func:`keep` compiles the modules imported
since that have none (one at a time, so the page stays responsive) and stores our modules'
bytecode in the browser's Cache Storage, in one entry. Python itself still writes none: that
would cost the first start 15 ms (``node benchmarks/start_pyodide.mjs``'s imports).

Every file is kept as a *checked-hash* ``.pyc`` (PEP 552): Python compares the hash of the
source with the one in the file before using it. So a new version of the site, a stale entry
or another Python version only means compiling again, never running old code. A damaged
entry is ignored, and the next :func:`keep` replaces it. The cache is named after the
deployment's scope, as the service worker's are, so a new version's service worker deletes it.

index.html's script::

    from pyscript import document, window
    import ui.bytecode_cache
    restored = await ui.bytecode_cache.restore(
        window, window.location.href, preread=window.fivehundredPage.bytecode
    )
    document.body.dataset.bytecodeRestored = restored
    import ui.main

where ``window.fivehundredPage.bytecode`` is the page's entry as read by index.html's first
script while the runtime loads (a promise of its ``ArrayBuffer``, or of null): Python then
does not wait for Cache Storage itself.

The bot worker does the same with its own entry (``part="worker"``), told the page's address.
``host`` is the JavaScript global that has ``caches`` and ``Response``: the page's ``window``
or the worker's ``js``.

In a test, with the files of a bundle (see :func:`pack`)::

    >>> unpack(pack({"ui/__pycache__/a.cpython-314.pyc": b"x"}))
    {'ui/__pycache__/a.cpython-314.pyc': b'x'}
"""

from __future__ import annotations

import asyncio
import importlib.util
import marshal
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

CACHE_PREFIX = "fivehundred-bytecode"  # + " " + the deployment's scope (see sw.js)
PART = re.compile(r"^[a-z]+$")  # a bundle per Python: "page", "worker" (bytecode/<part>.bin)
BUNDLE_MAGIC = b"FHPYC1\n"
MAX_BUNDLE = 8_000_000  # bytes: more than 10x what our modules need
TIMEOUT = 2.0  # seconds: a stuck Cache Storage must not hold the start
PACKAGES = ("game", "ui")
PYC_PATH = re.compile(r"^(?:game|ui)(?:/[a-z0-9_]+)*/__pycache__/[a-z0-9_]+\.[a-z0-9_.-]+\.pyc$")
HEADER = 16  # magic, flags, then 8 bytes of hash or mtime and size (PEP 552)
CHECKED_HASH = (0b11).to_bytes(4, "little")

# What restore() put back, so keep() only stores when something was compiled since.
_restored: dict[str, bytes] = {}


def pack(files: dict[str, bytes]) -> bytes:
    """One bundle of ``.pyc`` files: path -> content (see :func:`unpack`)."""
    out = [BUNDLE_MAGIC]
    for path, content in sorted(files.items()):
        name = path.encode("utf-8")
        out += [len(name).to_bytes(2, "big"), name, len(content).to_bytes(4, "big"), content]
    return b"".join(out)


def unpack(data: bytes) -> dict[str, bytes]:
    """The files of a bundle; ``ValueError`` if it is damaged or names a path not ours."""
    if len(data) > MAX_BUNDLE or not data.startswith(BUNDLE_MAGIC):
        raise ValueError("not a bytecode bundle")
    files: dict[str, bytes] = {}
    at = len(BUNDLE_MAGIC)
    while at < len(data):
        size = int.from_bytes(data[at : at + 2], "big")
        path = data[at + 2 : at + 2 + size].decode("utf-8")
        at += 2 + size
        length = int.from_bytes(data[at : at + 4], "big")
        content = data[at + 4 : at + 4 + length]
        at += 4 + length
        if at > len(data) or not PYC_PATH.match(path) or len(content) < HEADER:
            raise ValueError("damaged bytecode bundle")
        files[path] = content
    return files


def checked_pyc(source: bytes, pyc: bytes) -> bytes | None:
    """``pyc`` (any kind, of this Python) as a checked-hash ``.pyc`` of ``source``."""
    if len(pyc) < HEADER or pyc[:4] != importlib.util.MAGIC_NUMBER:
        return None
    return _checked_header(source) + pyc[HEADER:]


def _checked_header(source: bytes) -> bytes:
    """The PEP 552 header of a checked-hash ``.pyc`` of ``source``, for this Python."""
    return importlib.util.MAGIC_NUMBER + CHECKED_HASH + importlib.util.source_hash(source)


def _our_modules(root: Path, modules: dict[str, ModuleType] | None) -> Iterator[tuple[Path, Path]]:
    """``(source, its .pyc path)`` of each imported module of ours (under ``root``)."""
    for name, module in list((sys.modules if modules is None else modules).items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if str(name).split(".")[0] not in PACKAGES or not isinstance(origin, str):
            continue
        path = Path(origin)
        if path.suffix == ".py" and path.is_relative_to(root):
            yield path, Path(importlib.util.cache_from_source(str(path)))


def without_bytecode(root: Path, modules: dict[str, ModuleType] | None = None) -> list[Path]:
    """The sources of our imported modules that have no ``.pyc`` in their ``__pycache__``."""
    return [source for source, cached in _our_modules(root, modules) if not cached.is_file()]


def write_bytecode(source_path: Path) -> None:
    """Compile ``source_path`` as an import does, into its checked-hash ``.pyc``."""
    source = source_path.read_bytes()
    code = compile(source, str(source_path), "exec", dont_inherit=True)
    cached = Path(importlib.util.cache_from_source(str(source_path)))
    cached.parent.mkdir(exist_ok=True)
    cached.write_bytes(_checked_header(source) + marshal.dumps(code))


def collect(root: Path, modules: dict[str, ModuleType] | None = None) -> dict[str, bytes]:
    """The bytecode of our imported modules in ``__pycache__``, as checked-hash ``.pyc`` files."""
    files: dict[str, bytes] = {}
    for source_path, cached in _our_modules(root, modules):
        try:
            pyc = checked_pyc(source_path.read_bytes(), cached.read_bytes())
        except OSError:
            continue
        if pyc is not None:
            files[cached.relative_to(root).as_posix()] = pyc
    return files


def install(root: Path, files: dict[str, bytes]) -> int:
    """Write the bundle's files whose source exists; returns how many."""
    written = 0
    for path, content in files.items():
        target = root / path
        source = Path(importlib.util.source_from_cache(str(target)))
        if not source.is_file():
            continue
        target.parent.mkdir(exist_ok=True)
        target.write_bytes(content)
        written += 1
    return written


def scope(page_url: str) -> str:
    """The directory of the page's address: the deployment's scope, as the service worker's
    (urllib.parse's ``urljoin`` would do, but importing it costs a tenth of a second).

    >>> scope("https://user.github.io/a/index.html?seed=3#top")
    'https://user.github.io/a/'
    """
    address = page_url.split("#")[0].split("?")[0]
    return address[: address.rfind("/") + 1]


def cache_name(page_url: str) -> str:
    """The Cache Storage name for the deployment serving ``page_url``."""
    return f"{CACHE_PREFIX} {scope(page_url)}"


async def restore(
    host: Any, page_url: str, part: str = "page", root: Path | None = None, preread: Any = None
) -> int:
    """Put back the bytecode the last visit kept; never raises.

    ``preread``: the entry's content already asked for (an awaitable of its ``ArrayBuffer``,
    or of None when there is none); without it (None, JavaScript's null), the entry is
    read from Cache Storage now.
    Returns the number of ``.pyc`` files written (0 on a first visit, without Cache
    Storage, or when the entry is damaged).
    """
    root = Path.cwd() if root is None else root
    page_url = str(page_url)
    try:
        read = _bytes(preread) if preread else _read(host, page_url, part)
        data = await asyncio.wait_for(read, TIMEOUT)
        if data is None:
            return 0
        files = unpack(data)
        _restored.clear()
        _restored.update(files)
        return install(root, files)
    except Exception:  # noqa: BLE001 (no cache, damage, timeout: the modules compile)
        return 0


async def keep(
    host: Any, page_url: str, part: str = "page", root: Path | None = None, to_js: Any = None
) -> str:
    """Compile our imported modules that have no bytecode, and store our modules' bytecode
    unless it is what was restored; never raises.

    Returns ``"stored"``, ``"unchanged"`` or ``"failed: <why>"`` (no Cache Storage, quota).
    ``to_js`` turns bytes into a JavaScript ``Uint8Array`` (Pyodide's, by default).
    """
    root = Path.cwd() if root is None else root
    try:
        for source_path in without_bytecode(root):
            write_bytecode(source_path)
            await asyncio.sleep(0)  # a module at a time: a first visit compiles ~40 (~0.1 s)
        files = collect(root)
        if not files or all(_restored.get(path) == pyc for path, pyc in files.items()):
            return "unchanged"
        convert = to_js if to_js is not None else _pyodide_to_js()
        await asyncio.wait_for(_write(host, page_url, part, pack(files), convert), TIMEOUT)
        _restored.clear()
        _restored.update(files)
        return "stored"
    except Exception as exc:  # noqa: BLE001 (the next start compiles, as without a cache)
        return f"failed: {type(exc).__name__}: {exc}"


def _pyodide_to_js() -> Any:
    from pyodide.ffi import to_js

    return to_js


def _entry(page_url: str, part: str) -> str:
    if not PART.match(part):
        raise ValueError(f"bad part name {part!r}")
    return f"{scope(page_url)}bytecode/{part}.bin"


async def _read(host: Any, page_url: str, part: str) -> bytes | None:
    if not getattr(host, "caches", None):  # Cache Storage needs a secure context
        return None
    cache = await host.caches.open(cache_name(page_url))
    response = await cache.match(_entry(page_url, part))
    if not response:  # undefined when absent
        return None
    return await _bytes(response.arrayBuffer())


async def _bytes(buffer: Any) -> bytes | None:
    """The bytes of an awaited ``ArrayBuffer`` (None when it gives null or undefined)."""
    buffer = await buffer
    return bytes(buffer.to_bytes()) if buffer else None


async def _write(host: Any, page_url: str, part: str, bundle: bytes, to_js: Any) -> None:
    cache = await host.caches.open(cache_name(page_url))
    await cache.put(_entry(page_url, part), host.Response.new(to_js(bundle)))
