"""``python -m xiangqi ecco FILE...``: one line a game, GAME_NO<TAB>ECCO<TAB>NAME, problems named on stderr."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from xiangqi.commands import ecco
from xiangqi.record import load_games
from xiangqi.record.ecco import classify_game

REPO = Path(__file__).resolve().parents[2]


def test_one_line_a_game_numbered_through_the_files(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted((shared_data / "games/eleeye/CCGC").glob("*.PGN"))[:3]
    setup = shared_data / "games/eleeye/SAMPLE.PGN"
    assert ecco.main([str(path) for path in files]) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert [row[0] for row in rows] == ["1", "2", "3"]
    for row, path in zip(rows, files, strict=True):
        opening = classify_game(load_games(path)[0])
        assert opening is not None and row == [row[0], opening.code, opening.name]
    assert ecco.main(["--names", "traditional", str(files[0])]) == 0
    row = capsys.readouterr().out.rstrip("\n").split("\t")
    assert row[0] == "1" and row[2] == classify_game(load_games(files[0])[0]).name_traditional  # type: ignore[union-attr]
    assert setup.exists()


def test_a_setup_game_and_an_unknown_opening_show_a_dash(tmp_path: Path, capsys) -> None:
    path = tmp_path / "two.pgn"
    path.write_text('[FEN "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"]\n1. e1d2 d9d8 *\n\n[Event "x"]\n1. h2e2 *\n',
                    encoding="utf-8")
    assert ecco.main([str(path)]) == 0
    assert capsys.readouterr().out.startswith("1\t-\t\n2\tB")


def test_bad_files_are_named_and_set_the_exit_status(tmp_path: Path) -> None:
    good = tmp_path / "good.pgn"
    good.write_text("1. h2e2 h9g7 2. h0g2 i9h9 *\n", encoding="utf-8")
    missing = tmp_path / "missing.pgn"
    junk = tmp_path / "junk.pgn"
    junk.write_bytes(b"PK\x03\x04" + bytes(200))
    done = subprocess.run([sys.executable, "-m", "xiangqi", "ecco", str(missing), str(good), str(junk)],
                          cwd=REPO, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stdout.startswith("1\tB05\t中炮对进左马") and done.stdout.count("\n") == 1
    assert "missing.pgn: cannot read" in done.stderr and "junk.pgn" in done.stderr
