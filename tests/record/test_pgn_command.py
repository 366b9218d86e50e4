"""``python -m xiangqi pgn FILE...``: one summary line per game, details on stderr, exit status."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from xiangqi.commands import pgn


def test_summary_lines_for_pgn_and_xqf(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [shared_data / "games/eleeye/SAMPLE.PGN", shared_data / "games/eleeye/SAMPLE.XQF",
             shared_data / "games/wukong/bulk_games_uci.pgn"]  # fmt: skip
    assert pgn.main([str(f) for f in files]) == 0
    out, err = capsys.readouterr()
    lines = [line.split("\t") for line in out.splitlines()]
    assert len(lines) == 2 + 15 and err == ""
    final = "2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b - - 0 38"
    assert lines[0] == [str(files[0]), "1", "75", "1-0", final, "0"]
    assert lines[1] == [str(files[1]), "1", "75", "1-0", final, "0"]
    assert [row[1] for row in lines[2:]] == [str(i) for i in range(1, 16)]
    assert all(len(row) == 6 and row[3] == "*" for row in lines[2:])


def test_errors_go_to_stderr_and_set_the_exit_status(shared_data: Path, tmp_path: Path, capsys) -> None:
    broken = tmp_path / "broken.pgn"
    broken.write_text('[Event "a"]\n1. h2e2 h9g7 *\n\n[Event "b"]\n1. h2e2 马9进5 *\n', encoding="utf-8")
    bad_xqf = shared_data / "games/cchess/BadMoveTest3.xqf"
    status = pgn.main([str(broken), str(bad_xqf), str(tmp_path / "missing.pgn")])
    out, err = capsys.readouterr()
    assert status == 1
    rows = [line.split("\t") for line in out.splitlines()]
    assert [(row[1], row[2], row[5]) for row in rows] == [("1", "2", "0"), ("2", "1", "1"), ("1", "9", "1")]
    assert f"{broken}:5: game 2:" in err and "'马9进5'" in err
    assert "BadMoveTest3.xqf:byte 0x452" in err and "'e1f0'" in err
    assert "missing.pgn: cannot read" in err


def test_runs_as_a_module_without_qt(shared_data: Path) -> None:
    code = (
        "import sys, runpy; sys.argv = ['xiangqi', 'pgn', sys.argv[1]];"
        "from xiangqi.__main__ import main; rc = main(sys.argv[1:]);"
        "assert 'PySide6' not in sys.modules, 'Qt was imported'; sys.exit(rc)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(shared_data / "games/cchess/test.xqf")],
        capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\t")[1:4] == ["1", "110", "0-1"]
