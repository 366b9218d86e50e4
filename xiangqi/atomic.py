"""Saving a file without ever truncating it: the one way this program writes user files (no Qt)."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

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
    saves that were killed are removed.
    """
    target = write_target(path)
    check_writable(target)
    try:
        _write_beside(target, data)
    except OSError as error:
        if not _is_temp_of(error.filename, target):
            raise
        # the hidden temporary file is ours, not the user's: the error names the file the user asked for
        raise type(error)(error.errno, error.strerror, str(target)) from error
    remove_stale_temps(target)


def _is_temp_of(name: object, target: Path) -> bool:
    if not isinstance(name, (str, os.PathLike)):
        return False
    temp = Path(name)
    return (temp.parent == target.parent and temp.name.startswith(f".{target.name}.")
            and temp.name.endswith(TEMP_SUFFIX))


def _write_beside(target: Path, data: bytes) -> None:
    """``data`` into a temporary file beside ``target``, then renamed over it (removed on any error)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        try:
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(temp_name, mode)
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


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
