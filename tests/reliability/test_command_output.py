"""Issue 22 items 8, 9, 11a: file names printed one way (escaped when they hold control characters), a
closed output ends a command quietly (status 141, nothing on stderr), ``--help`` is for users."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from xiangqi.book import build_book
from xiangqi.commands.output import CLOSED_OUTPUT_STATUS, shown_name
from xiangqi.commands.pgn import summarise

REPO = Path(__file__).resolve().parents[2]
GAME = '[Event "e"]\n\n1. h2e2 h9g7 *\n\n'


def command(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xiangqi", *args], capture_output=True, text=True, timeout=120,
                          cwd=REPO, **options)  # type: ignore[call-overload]


def test_plain_names_are_unchanged_and_others_escaped() -> None:
    assert shown_name("棋谱 2024/第一局.pgn") == "棋谱 2024/第一局.pgn"
    assert shown_name("a\nb.pgn") == "'a\\nb.pgn'"
    assert shown_name("\x1b[31mred.pgn") == "'\\x1b[31mred.pgn'"
    assert shown_name("tab\there.pgn") == "'tab\\there.pgn'"
    assert shown_name(Path("bad\udcff.pgn")) == "'bad\\udcff.pgn'"


@pytest.mark.parametrize("name", ["two\nlines.pgn", "\x1b[31mred.pgn", "tab\t.pgn"])
def test_pgn_rows_and_messages_escape_the_file_name(tmp_path: Path, name: str) -> None:
    good, bad = tmp_path / name, tmp_path / ("bad " + name)
    good.write_text(GAME)
    bad.write_text('[Event "e"]\n\n1. a0a5 *\n')
    out, err = io.StringIO(), io.StringIO()   # what `pgn GOOD BAD` prints, in this process (the command's
    summarise([str(good), str(bad)], out, err)  # own process is tested below and in tests/record)
    rows = out.getvalue().splitlines()
    assert len(rows) == 2 and all(len(row.split("\t")) == 6 for row in rows)
    assert rows[0].split("\t")[0] == repr(str(good))
    assert "\x1b" not in out.getvalue() + err.getvalue()
    assert len(err.getvalue().splitlines()) == 1 and err.getvalue().startswith(repr(str(bad)) + ":3:")


def test_pgn_into_a_closed_pipe_exits_quietly(tmp_path: Path) -> None:
    """``pgn FILE | head -1``: it said "cannot read: Broken pipe", blaming the file."""
    path = tmp_path / "many.pgn"
    path.write_text(GAME * 20_000)
    child = subprocess.Popen([sys.executable, "-m", "xiangqi", "pgn", str(path)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=REPO)
    assert child.stdout is not None and child.stderr is not None
    first = child.stdout.readline()
    child.stdout.close()   # what head does after its line
    error = child.stderr.read()
    assert child.wait(timeout=120) == CLOSED_OUTPUT_STATUS
    assert first.startswith(str(path).encode()) and error == b""


def test_book_probe_into_a_closed_pipe_exits_quietly(tmp_path: Path) -> None:
    """``book probe BOOK | head -1`` printed a BrokenPipeError traceback. The pipe is closed before the
    command writes anything, so the write surely meets it."""
    games = tmp_path / "g.pgn"
    games.write_text(GAME + '[Event "f"]\n\n1. b2e2 h9g7 *\n')
    book = tmp_path / "o.book"
    build_book(book, [games])
    reader, writer = os.pipe()
    os.close(reader)
    done = subprocess.run([sys.executable, "-m", "xiangqi", "book", "probe", str(book)], stdout=writer,
                          stderr=subprocess.PIPE, text=True, timeout=120, cwd=REPO)
    os.close(writer)
    assert (done.returncode, done.stderr) == (CLOSED_OUTPUT_STATUS, "")


def test_help_is_user_facing() -> None:
    done = command("--help")
    assert done.returncode == 0 and "python -m xiangqi pgn FILE..." in done.stdout
    assert "main(argv" not in done.stdout and "sub-command lives" not in done.stdout
    assert "``" not in done.stdout
