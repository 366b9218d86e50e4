"""Saving a file without ever truncating it: the one way this program writes user files (no Qt)."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 3600.0   # a temporary file of ours this old belongs to a save that was killed


class ReadOnlyFileError(PermissionError):
    """The file is marked read-only: it is not replaced (save it under another name instead)."""

    def __init__(self, path: Path) -> None:
        super().__init__(13, "the file is read-only", str(path))


def _umask() -> int:
    """The process's umask, read without changing it where the system tells it (Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_target(path: str | os.PathLike[str]) -> Path:
    """The file a save of ``path`` replaces: the target of a symbolic link, else ``path`` itself."""
    target = Path(path)
    return Path(os.path.realpath(target)) if target.is_symlink() else target


def check_writable(path: str | os.PathLike[str]) -> None:
    """ReadOnlyFileError when ``path`` exists with no write permission bit for its owner (also for
    root, who could write it anyway: the mark is the user's wish)."""
    target = write_target(path)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode) and not mode & stat.S_IWUSR:
        raise ReadOnlyFileError(target)


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``.

    The target is never truncated: on any error it keeps its old content and the temporary file is
    removed. A symbolic link is written through (its target is replaced, the link stays); a read-only
    file is refused (ReadOnlyFileError). An existing file keeps its permission bits; a new one gets
    those the umask allows. A missing parent folder is created; stale temporary files of earlier
    saves that were killed are removed. Errors name ``path``, never the hidden temporary file.
    """
    with AtomicFile(path) as out:
        out.write(data)


class AtomicFile:
    """A file written piece by piece (a GIF frame by frame, a PDF page by page) as ``atomic_write`` writes
    it whole: into a temporary file beside the target, renamed over it by ``commit``; ``discard`` (or an
    error inside a ``with`` block) removes it and leaves the target as it was. The writer holds only
    what it writes at a time, not the whole file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.target = write_target(path)
        check_writable(self.target)
        with self._named():
            self.target.parent.mkdir(parents=True, exist_ok=True)
            handle, self._temp = tempfile.mkstemp(prefix=f".{self.target.name}.", suffix=TEMP_SUFFIX,
                                                  dir=self.target.parent)
        self.file: BinaryIO = os.fdopen(handle, "wb")

    def write(self, data: bytes) -> None:
        with self._named():
            self.file.write(data)

    def commit(self) -> None:
        """The file written is now the target's content (OSError naming the target when it cannot be)."""
        try:
            with self._named():
                self.file.flush()
                os.fsync(self.file.fileno())
                self.file.close()
                try:
                    mode = self.target.stat().st_mode & 0o7777
                except FileNotFoundError:
                    mode = 0o666 & ~_umask()
                os.chmod(self._temp, mode)
                os.replace(self._temp, self.target)
        except BaseException:
            self.discard()
            raise
        remove_stale_temps(self.target)

    def discard(self) -> None:
        """Nothing written: the temporary file goes, the target stays as it was. Never raises."""
        try:
            self.file.close()
        except OSError:
            pass
        Path(self._temp).unlink(missing_ok=True)

    def __enter__(self) -> AtomicFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()

    @contextmanager
    def _named(self) -> Iterator[None]:
        """An OSError about the hidden temporary file is raised as one about the target (what the user
        asked to write)."""
        try:
            yield
        except OSError as error:
            if not _is_temp_of(error.filename, self.target):
                raise
            raise type(error)(error.errno, error.strerror, str(self.target)) from error


def _is_temp_of(name: object, target: Path) -> bool:
    if not isinstance(name, (str, os.PathLike)):
        return False
    temp = Path(name)
    return (temp.parent == target.parent and temp.name.startswith(f".{target.name}.")
            and temp.name.endswith(TEMP_SUFFIX))


def remove_stale_temps(target: Path, older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove ``.NAME.xxxxxxxx.tmp`` files beside ``target`` (ours: mkstemp's 8 random characters)
    last written more than ``older_than`` seconds ago; a save in progress is younger. Never raises."""
    pattern = re.compile(rf"\.{re.escape(target.name)}\.[A-Za-z0-9_]{{8}}{re.escape(TEMP_SUFFIX)}")
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = [p for p in target.parent.iterdir() if pattern.fullmatch(p.name)]
    except OSError:
        return removed
    for candidate in candidates:
        try:
            if now - candidate.lstat().st_mtime > older_than and candidate.is_file():
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue
    return removed
