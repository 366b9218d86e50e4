"""Issue 16 items 3 and 4: saves write through symbolic links, refuse read-only files, give new files
the umask's permissions, keep an existing file's, and clean up temporary files of killed saves."""

from __future__ import annotations

import os
import time

import pytest

from xiangqi.atomic import ReadOnlyFileError, atomic_write
from xiangqi.record import Game, save_pgn


def test_a_symbolic_link_is_written_through_to_its_target(tmp_path):
    real = tmp_path / "games" / "real.pgn"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "link.pgn"
    link.symlink_to(real)
    atomic_write(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


def test_a_read_only_file_is_refused_and_kept(tmp_path):
    path = tmp_path / "game.pgn"
    path.write_bytes(b"mine")
    path.chmod(0o444)
    with pytest.raises(ReadOnlyFileError, match="read-only"):
        save_pgn(path, [Game()])
    assert path.read_bytes() == b"mine" and oct(path.stat().st_mode & 0o777) == "0o444"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.pgn"]


@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_a_new_file_follows_the_umask(tmp_path, umask):
    old = os.umask(umask)
    try:
        atomic_write(tmp_path / "new.pgn", b"x")
    finally:
        os.umask(old)
    assert (tmp_path / "new.pgn").stat().st_mode & 0o777 == 0o666 & ~umask


def test_an_existing_file_keeps_its_mode(tmp_path):
    path = tmp_path / "shared.pgn"
    path.write_bytes(b"x")
    path.chmod(0o640)
    atomic_write(path, b"y")
    assert path.stat().st_mode & 0o777 == 0o640


def test_stale_temporary_files_of_killed_saves_are_removed(tmp_path):
    path = tmp_path / "game.pgn"
    stale = tmp_path / ".game.pgn.ab12cd_9.tmp"          # left by a save that was killed an hour ago
    fresh = tmp_path / ".game.pgn.zz12cd_9.tmp"          # a save in progress elsewhere
    other = tmp_path / ".notes.txt.ab12cd_9.tmp"         # not ours to judge
    for temp in (stale, fresh, other):
        temp.write_bytes(b"x" * 1000)
    old = time.time() - 2 * 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    atomic_write(path, b"saved")
    assert not stale.exists() and fresh.exists() and other.exists()


def test_an_error_names_the_users_file_not_the_hidden_temporary_one(tmp_path, monkeypatch):
    import tempfile
    from pathlib import Path

    target = tmp_path / "game.pgn"

    def refuse(prefix: str, suffix: str, dir: Path) -> tuple[int, str]:  # noqa: A002 - mkstemp's name
        raise PermissionError(13, "Permission denied", str(Path(dir) / f"{prefix}abcdefgh{suffix}"))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(PermissionError) as caught:
        atomic_write(target, b"x")
    assert caught.value.filename == str(target) and caught.value.strerror == "Permission denied"
