"""``python -m xiangqi image``: PNG, SVG and GIF from a real XQF record, and the errors a user meets (a ply past
the end, a missing file). One run is a process of its own with no display (``run_image``); the others call the
command's ``main`` in this process (``image_here``: the same output and exit status, without a Python and Qt
start of ~0.5-1 s CPU each)."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtSvg import QSvgRenderer

SAMPLE_PLIES = 75    # eleeye/SAMPLE.XQF's main line


def run_image(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run([sys.executable, "-m", "xiangqi", "image", *args], capture_output=True, text=True,
                          env=env, timeout=300, cwd=Path(__file__).resolve().parents[2])


def image_here(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m xiangqi image ARGS`` run by its ``main`` in this process (the test's QApplication draws,
    so a test calling this asks for ``qapp``): its exit status, stdout and stderr as a process would give."""
    from xiangqi.commands import image

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = image.main(list(args))
        except SystemExit as leaving:   # argparse's errors (status 2)
            status = leaving.code if isinstance(leaving.code, int) else 1
    return subprocess.CompletedProcess(["xiangqi", "image", *args], status, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def sample(shared_data: Path) -> str:
    return str(shared_data / "games" / "eleeye" / "SAMPLE.XQF")


def test_png_svg_and_gif_of_a_record_with_no_display(sample: str, tmp_path: Path, qapp: object) -> None:
    png, svg, gif = tmp_path / "end.png", tmp_path / "ply30.svg", tmp_path / "end.gif"
    done = run_image(sample, "--size", "300", "--flip", "-o", str(png))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{png}: ply {SAMPLE_PLIES} of {sample}: game 1"
    with Image.open(png) as image:
        assert image.format == "PNG" and image.size == (300, 330)
    done = image_here(sample, "--ply", "30", "--size", "200", "--theme", "paper", "-o", str(svg))
    assert done.returncode == 0, done.stderr
    assert QSvgRenderer(str(svg)).isValid()
    done = image_here(sample, "--gif", "--from", "70", "--size", "120", "--delay", "200", "-o", str(gif))
    assert done.returncode == 0, done.stderr
    assert "6 frames, plies 70-75" in done.stdout
    with Image.open(gif) as image:
        assert image.n_frames == SAMPLE_PLIES - 70 + 1 and image.info["duration"] == 200


def test_a_ply_past_the_end_names_the_file_game_and_ply(sample: str, tmp_path: Path, qapp: object) -> None:
    out = tmp_path / "x.png"
    done = image_here(sample, "--ply", "99", "-o", str(out))
    assert done.returncode == 1
    assert f"{sample}: game 1: ply 99 is not in the game (0 … {SAMPLE_PLIES})" in done.stderr
    assert not out.exists() and done.stdout == ""


def test_a_missing_file_and_a_missing_game_are_named(sample: str, tmp_path: Path, qapp: object) -> None:
    done = image_here(str(tmp_path / "nope.xqf"), "-o", str(tmp_path / "x.png"))   # an uncaught error raises here
    assert done.returncode == 1 and "nope.xqf" in done.stderr and "Traceback" not in done.stderr
    done = image_here(sample, "--game", "3", "-o", str(tmp_path / "x.png"))
    assert done.returncode == 1 and f"{sample}: --game 3: the file has 1 game(s)" in done.stderr
    done = image_here(sample, "--ply", "3", "-o", str(tmp_path / "x.gif"))
    assert done.returncode == 1 and "needs --gif" in done.stderr


def test_the_command_module_loads_no_qt_and_its_defaults_are_the_pictures() -> None:
    probe = ("import sys, xiangqi.commands.image as c; "
             "print(c.DEFAULT_DELAY_MS, c.DEFAULT_WIDTH, any(m.startswith('PySide6') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    from xiangqi.ui.share import pictures as pics

    assert done.stdout.split() == [str(pics.DEFAULT_DELAY_MS), str(pics.DEFAULT_WIDTH), "False"], done.stderr


def test_an_unwritable_output_is_named_not_the_hidden_temporary_file(sample: str, qapp: object) -> None:
    done = image_here(sample, "-o", "/proc/xiangqi-test.png")     # no file can be made in /proc, even by root
    assert done.returncode == 1, done.stdout
    assert done.stderr.strip() == "xiangqi image: /proc/xiangqi-test.png: No such file or directory"


def test_a_move_with_every_shape_is_drawn_with_the_first_ones_and_a_warning(tmp_path: Path, qapp: object) -> None:
    from xiangqi.record.comment_commands import MAX_SHAPES_PER_MOVE, Brush, Shape, shape_commands
    every = [Shape(brush, start, end) for brush in Brush for start in range(90) for end in range(90)]
    record = tmp_path / "crowded.pgn"
    record.write_text(f'[Event "x"]\n\n1. h2e2 {{{shape_commands(every)}}} h9g7 *\n', encoding="utf-8")
    out = tmp_path / "x.png"
    done = image_here(str(record), "--ply", "1", "--size", "200", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == (f"xiangqi image: {record}: game 1: ply 1: more than {MAX_SHAPES_PER_MOVE} "
                                   f"drawn shapes on a move; the first {MAX_SHAPES_PER_MOVE} are drawn")
    assert out.stat().st_size > 0
