"""Unpacks the app's files: the first thing index.html's script and the bot worker do.

PyScript unpacks ``app.zip`` (pyscript.toml), which holds this module, ``ui/__init__.py``
and ``app-files.zip``, the stored zip of the rest of game/ and ui/ (tools/build_site.py).
:func:`unpack` writes that zip's files into the working directory: it slices their stored
bytes out of the archive in memory, where zipfile's ``extractall`` opens each member as a
file (Pyodide under Node, 92 files: 8-12 ms against 18-22).

>>> import tempfile, zipfile
>>> folder = tempfile.mkdtemp()
>>> with zipfile.ZipFile(f"{folder}/files.zip", "w") as z:
...     z.writestr("game/a.py", "A = 1\\n")
>>> unpack(f"{folder}/files.zip", folder)
1
>>> open(f"{folder}/game/a.py").read(), os.path.exists(f"{folder}/files.zip")
('A = 1\\n', False)
"""

from __future__ import annotations

import io
import os
import sys
import zipfile
import zlib

APP_FILES = "app-files.zip"
LOCAL_HEADER = b"PK\x03\x04"  # then 26 bytes; a name's and an extra field's lengths at 26, 28


def unpack(archive: str = APP_FILES, into: str = ".") -> int:
    """Write the files of ``archive``, a zip of stored (not deflated) files, under ``into``;
    delete it; return how many. A damaged archive raises ``zipfile.BadZipFile``."""
    with open(archive, "rb") as f:
        data = f.read()
    with zipfile.ZipFile(io.BytesIO(data)) as files:  # reads the central directory only
        entries = files.infolist()
    folders = set()
    for entry in entries:
        name = entry.filename
        if name.endswith("/"):  # a folder's own entry: folders are made for their files
            continue
        if (
            entry.compress_type != zipfile.ZIP_STORED
            or name.startswith("/")
            or ".." in name.split("/")
        ):
            raise zipfile.BadZipFile(f"{archive}: unexpected entry {name!r}")
        at = entry.header_offset
        if data[at : at + 4] != LOCAL_HEADER:
            raise zipfile.BadZipFile(f"{archive}: no header for {name!r}")
        start = at + 30 + int.from_bytes(data[at + 26 : at + 28], "little")
        start += int.from_bytes(data[at + 28 : at + 30], "little")
        content = data[start : start + entry.file_size]
        if zlib.crc32(content) != entry.CRC:
            raise zipfile.BadZipFile(f"{archive}: {name!r} is damaged")
        target = os.path.join(into, name)
        folder = os.path.dirname(target)
        if folder not in folders:
            os.makedirs(folder, exist_ok=True)
            folders.add(folder)
        out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)  # open(): twice as slow
        try:
            rest = memoryview(content)
            while rest:
                rest = rest[os.write(out, rest) :]
        finally:
            os.close(out)
    os.remove(archive)
    _forget_listings(into)
    return len(entries)


def _forget_listings(into: str) -> None:
    """Make the import system list again the folders under ``into``: it listed the working
    directory and ui/ to import this module, before game/ and the rest of ui/ were there.
    Only those finders: ``importlib.invalidate_caches()`` also re-reads the standard library's
    zip (40 ms in Pyodide)."""
    root = os.path.abspath(into)
    for path, finder in list(sys.path_importer_cache.items()):
        forget = getattr(finder, "invalidate_caches", None)
        folder = os.path.abspath(path or ".")
        if forget is not None and (folder == root or folder.startswith(root + os.sep)):
            forget()
