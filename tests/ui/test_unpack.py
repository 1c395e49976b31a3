"""ui/unpack.py: the app's files out of app-files.zip, as zipfile would, or a clear refusal."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ui.unpack import unpack

FILES = {"game/__init__.py": b"", "game/a.py": b"A = 1\n", "ui/i18n/fr.json": '{"é": 1}'.encode()}


def archive(folder: Path, files: dict[str, bytes], compression: int = zipfile.ZIP_STORED) -> Path:
    path = folder / "app-files.zip"
    with zipfile.ZipFile(path, "w", compression) as z:
        for name, content in files.items():
            z.writestr(name, content)
    return path


def test_it_writes_what_extractall_writes(tmp_path):
    path = archive(tmp_path, FILES)
    (tmp_path / "mine").mkdir()
    with zipfile.ZipFile(path) as z:
        z.extractall(tmp_path / "theirs")
    assert unpack(str(path), str(tmp_path / "mine")) == len(FILES)
    assert not path.exists()
    for name, content in FILES.items():
        assert (tmp_path / "mine" / name).read_bytes() == content
        assert (tmp_path / "theirs" / name).read_bytes() == content


def test_a_damaged_file_is_refused(tmp_path):
    path = archive(tmp_path, FILES)
    data = path.read_bytes()
    path.write_bytes(data.replace(b"A = 1", b"A = 2"))
    with pytest.raises(zipfile.BadZipFile, match="damaged"):
        unpack(str(path), str(tmp_path))


@pytest.mark.parametrize(
    "files, compression",
    [({"../outside.py": b""}, zipfile.ZIP_STORED), (FILES, zipfile.ZIP_DEFLATED)],
)
def test_entries_it_was_not_built_for_are_refused(tmp_path, files, compression):
    path = archive(tmp_path, files, compression)
    with pytest.raises(zipfile.BadZipFile, match="unexpected entry"):
        unpack(str(path), str(tmp_path / "out"))
    assert not (tmp_path / "outside.py").exists()


def test_a_truncated_archive_is_refused(tmp_path):
    path = archive(tmp_path, FILES)
    path.write_bytes(path.read_bytes()[:-30])
    with pytest.raises(zipfile.BadZipFile):
        unpack(str(path), str(tmp_path))


class _Finder:
    def __init__(self) -> None:
        self.forgot = False

    def invalidate_caches(self) -> None:
        self.forgot = True


def test_the_import_system_lists_the_unpacked_folders_again(tmp_path, monkeypatch):
    inside, below, outside = _Finder(), _Finder(), _Finder()
    folder = str(tmp_path / "app")
    cache = {folder: inside, folder + "/ui": below, folder + "2": outside, "/lib": None}
    monkeypatch.setattr("sys.path_importer_cache", cache)
    (tmp_path / "app").mkdir()
    unpack(str(archive(tmp_path, FILES)), folder)
    assert inside.forgot and below.forgot and not outside.forgot
