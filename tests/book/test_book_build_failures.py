"""Issue 22 item 7: ``book build`` sweeps the temporary files of builds that were killed, and a full disk
ends it with one line naming the book and the cause (no traceback), the old book intact."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from in_process import run_xiangqi
from made_once import made_once

from xiangqi.atomic import STALE_SECONDS
from xiangqi.book import OpeningBook, build_book

REPO = Path(__file__).resolve().parents[2]
# The big PGN is made once for the run (tests/made_once.py), whichever xdist workers run the tests reading it.
pytestmark = pytest.mark.slow
READS_BIG_PGN = pytest.mark.reads_made_once("many-games")
GAMES = "".join(f'[Event "{i}"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. b2{c}2 *\n\n'
                for i, c in enumerate("acd"))


def many_games(folder: Path, count: int = 300) -> None:
    """Games whose positions all differ (a long random-ish line each): a book of about 420 KB (over twice the
    192 KB disk and six times the 64 KB write limit below; 500 games cost ~3 s of CPU to make, 300 ~1.5 s)."""
    from xiangqi.core import Position

    lines = []
    for game in range(count):
        position, moves = Position(), []
        for ply in range(60):
            legal = sorted(position.legal_moves(), key=lambda move: move.iccs())
            if not legal:
                break
            move = legal[(game * 7 + ply * 13) % len(legal)]
            moves.append(move.iccs())
            position.push(move)
        lines.append(f'[Event "{game}"]\n[Result "1-0"]\n\n' + " ".join(moves) + " *\n\n")
    (folder / "many.pgn").write_text("".join(lines))


@pytest.fixture(scope="session")
def big_pgn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "many-games", many_games) / "many.pgn"


def test_a_build_sweeps_the_temporary_files_of_killed_builds(tmp_path: Path) -> None:
    games = tmp_path / "g.pgn"
    games.write_text(GAMES)
    stale = tmp_path / ".OUT.book.abcd1234.tmp"
    fresh = tmp_path / ".OUT.book.efgh5678.tmp"    # a build running now: not touched
    for leftover in (stale, fresh):
        leftover.write_bytes(b"half a book")
    old = time.time() - STALE_SECONDS - 60
    os.utime(stale, (old, old))
    build_book(tmp_path / "OUT.book", [games])
    assert not stale.exists() and fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".OUT.book.efgh5678.tmp", "OUT.book", "g.pgn"]


@READS_BIG_PGN
def test_a_build_killed_with_sigkill_leaves_a_temporary_file_the_next_build_removes(
        tmp_path: Path, big_pgn: Path) -> None:
    games = big_pgn
    child = subprocess.Popen([sys.executable, "-m", "xiangqi", "book", "build", str(tmp_path / "OUT.book"),
                              str(games), str(games), str(games), "--jobs", "1"], cwd=REPO)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".OUT.book.*.tmp")) and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.01)
    child.send_signal(signal.SIGKILL)
    child.wait()
    leftovers = list(tmp_path.glob(".OUT.book.*.tmp"))
    if not leftovers:
        pytest.skip("the build finished before it could be killed")
    old = time.time() - STALE_SECONDS - 60
    for leftover in leftovers:
        os.utime(leftover, (old, old))
    small = tmp_path / "small.pgn"
    small.write_text(GAMES)
    build_book(tmp_path / "OUT.book", [small])   # any build sweeps them first
    assert not list(tmp_path.glob(".OUT.book.*.tmp"))


def mount_tiny_filesystem(folder: Path, size: str) -> bool:
    if os.geteuid() != 0:
        return False
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True)
    return done.returncode == 0


@READS_BIG_PGN
def test_a_full_disk_is_one_line_naming_the_book_and_the_old_book_stays(tmp_path: Path, big_pgn: Path) -> None:
    """A real full disk: a 192 KB tmpfs holding an old book (needs root to mount; else skipped)."""
    disk = tmp_path / "disk"
    if not mount_tiny_filesystem(disk, "192k"):
        pytest.skip("cannot mount a tmpfs here (not root)")
    try:
        small = tmp_path / "small.pgn"
        small.write_text(GAMES)
        build_book(disk / "OUT.book", [small])
        before = (disk / "OUT.book").read_bytes()
        done = run_xiangqi("book", "build", str(disk / "OUT.book"), str(big_pgn))   # in this process
        assert done.returncode == 1
        assert done.stderr == f"{disk / 'OUT.book'}: cannot write the book: database or disk is full (SQLite)\n"
        assert (disk / "OUT.book").read_bytes() == before
        assert sorted(p.name for p in disk.iterdir()) == ["OUT.book"]
        with OpeningBook(disk / "OUT.book") as book:
            assert book.game_count == 3
    finally:
        subprocess.run(["umount", str(disk)], check=False)


@READS_BIG_PGN
def test_a_write_limit_is_one_line_too(tmp_path: Path, big_pgn: Path) -> None:
    """Anywhere (no root needed): the build process may write files of at most 64 KB (RLIMIT_FSIZE;
    Python ignores SIGXFSZ, so SQLite's write fails with EFBIG)."""
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536));"
            "from xiangqi.__main__ import main; sys.exit(main(sys.argv[1:]))")
    target = tmp_path / "OUT.book"
    done = subprocess.run([sys.executable, "-c", code, "book", "build", str(target), str(big_pgn)],
                          capture_output=True, text=True, timeout=300, cwd=REPO)
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{target}: cannot write the book: ") and "(SQLite)" in lines[0]
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []
