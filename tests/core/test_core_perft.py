"""Perft counts against ../shared/data/perft.tsv (produced by Fairy-Stockfish), and the perft command."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from xiangqi.commands import perft as perft_command
from xiangqi.core import Position


def perft_rows(shared: Path) -> list[tuple[str, list[int | None]]]:
    rows = []
    for line in (shared / "perft.tsv").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("fen\t"):
            continue
        fen, *counts = line.split("\t")
        rows.append((fen, [int(c) if c.strip() else None for c in counts]))
    return rows


def test_perft_table_depths_1_to_3(shared_data: Path) -> None:
    rows = perft_rows(shared_data)
    assert len(rows) >= 20
    mismatches = []
    for fen, counts in rows:
        position = Position.from_fen(fen)
        for depth, expected in enumerate(counts[:3], start=1):
            got = position.perft(depth)
            if got != expected:
                mismatches.append((fen, depth, got, expected))
        assert position.fen().split()[:2] == fen.split()[:2]  # perft leaves the position as it was
    assert mismatches == []


def test_perft_depth_zero_and_one() -> None:
    position = Position()
    assert position.perft(0) == 1
    assert position.perft(1) == len(position.legal_moves()) == 44


def run_perft(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "xiangqi", "perft", *args],
        input=stdin, capture_output=True, text=True, timeout=120,
    )


def test_perft_command_with_fen_argument() -> None:
    result = run_perft(["--depth", "2", Position.STARTING_FEN])
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{Position.STARTING_FEN}\t1920\n"


def perft_here(args: list[str], stdin: str, capsys: pytest.CaptureFixture[str],
               monkeypatch: pytest.MonkeyPatch) -> subprocess.CompletedProcess[str]:
    """The perft command's ``main`` in this process (the process itself: the test above): status and output."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        status = perft_command.main(args)
    except SystemExit as leaving:   # argparse's errors
        status = leaving.code if isinstance(leaving.code, int) else 1
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["perft", *args], status, out, err)


def test_perft_command_reads_stdin_and_reports_bad_lines(shared_data: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    good = [fen for fen, _ in perft_rows(shared_data)[:3]]
    stdin = "\n".join([good[0], "rnbakabnr/9 w", good[1], "4k4/9/9/9/9/9/9/9/9/4K4 w", good[2]]) + "\n"
    result = perft_here(["--depth", "1"], stdin, capsys, monkeypatch)
    assert result.returncode == 1
    expected = {fen: counts[0] for fen, counts in perft_rows(shared_data)[:3]}
    lines = result.stdout.splitlines()
    assert [line.split("\t")[0] for line in lines] == good
    assert all(int(line.split("\t")[1]) == expected[line.split("\t")[0]] for line in lines)
    errors = result.stderr.splitlines()
    assert len(errors) == 2 and all(line.startswith("error: ") for line in errors)
    assert "'rnbakabnr/9 w'" in errors[0] and "2 ranks" in errors[0]
    assert "kings face each other" in errors[1]


@pytest.mark.parametrize("args", [["--depth", "x"], []])
def test_perft_command_rejects_bad_arguments(args: list[str], capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    result = perft_here(args, "", capsys, monkeypatch)
    assert result.returncode != 0 and "depth" in result.stderr
