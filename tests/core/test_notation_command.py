"""``python -m xiangqi notate`` end to end, as a script would run it (GBK input: a process of its own), and its
reading and writing of lines by ``run`` in this process."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from xiangqi.commands.notate import run

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
START_BLACK = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b"
SEED_FOUR_PAWNS = "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w"


def notate(stdin: bytes, *args: str, repo: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "xiangqi", "notate", *args],
        input=stdin,
        capture_output=True,
        cwd=repo,
        timeout=60,
        check=False,
    )


def notate_here(stdin: bytes) -> tuple[int, str]:
    """What the command's ``run`` writes for ``stdin``, and its status."""
    out = io.StringIO()
    return run(io.BytesIO(stdin), out), out.getvalue()


def test_notate_detects_each_notation_and_writes_all_three() -> None:
    lines = [
        f"{START}\th2e2",
        f"{START}\tH2-E2",
        f"{START}\tC2=5",
        f"{START}\t炮二平五",
        f"{START_BLACK}\t馬８進７",
        f"{SEED_FOUR_PAWNS}\tPa.5",
        f"{SEED_FOUR_PAWNS}\td6e6",
    ]
    status, written = notate_here(("\n".join(lines) + "\n").encode("utf-8"))
    assert status == 0
    assert written.splitlines() == [
        "h2e2\tC2.5\t炮二平五",
        "h2e2\tC2.5\t炮二平五",
        "h2e2\tC2.5\t炮二平五",
        "h2e2\tC2.5\t炮二平五",
        "h9g7\tH8+7\t马8进7",
        "f8e8\t4+.5\t一兵平五",
        "d6e6\t6-.5\t四兵平五",
    ]


def test_bad_lines_print_errors_in_place_and_the_rest_go_on() -> None:
    lines = [
        f"{START}\tC2.5",
        "no tab here",
        "not a fen\th2e2",
        f"{START}\tR5+1",
        f"{SEED_FOUR_PAWNS}\t兵四平五",
        f"{START}\tZ9*9",
        "",
        f"{START_BLACK}\th9g7",
    ]
    status, written = notate_here(("\r\n".join(lines) + "\r\n").encode("utf-8"))
    assert status != 0
    out = written.splitlines()
    assert len(out) == len(lines)
    assert out[0] == "h2e2\tC2.5\t炮二平五"
    assert out[1].startswith("error: line 2:") and "FEN<TAB>MOVE" in out[1]
    assert out[2].startswith("error: line 3:") and "not a fen" in out[2]
    assert out[3].startswith("error: line 4:") and "'R5+1'" in out[3] and "no such rook" in out[3]
    assert out[4].startswith("error: line 5:") and "'兵四平五'" in out[4] and "ambiguous" in out[4]
    assert out[5].startswith("error: line 6:") and "'Z9*9'" in out[5]
    assert out[6] == ""
    assert out[7] == "h9g7\tH8+7\t马8进7"


def test_gbk_input_and_full_width_output(repo_root: Path) -> None:
    result = notate(f"{START_BLACK}\t马８进７\n".encode("gbk"), "--fullwidth-digits", repo=repo_root)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode("utf-8") == "h9g7\tH8+7\t马８进７\n"
