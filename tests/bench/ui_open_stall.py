"""Issue 22: the longest event-loop stall of the app's window while it opens each hostile input of
``hostile_inputs.py`` (and a FIFO and /dev/zero), from File › Open until the game, the game list or the
error is shown. Target: no stall over 100 ms. The reference is the same heartbeat over the idle window,
measured in the same run.

    .venv/bin/python tests/bench/ui_open_stall.py OUT_DIR [--scales 1 16] [--only NAME ...] [--limit S]

Each input is opened in a fresh child process (``--child``), so a stall of the old code cannot hold up
the others and memory does not carry over; a child that exceeds ``--limit`` (60 s) is killed and shown as
``>60 s``. ``--tree DIR`` opens them in another checkout's app (the inputs are written by this checkout's
generators). Not collected by pytest: it measures wall-clock time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

TREE_VARIABLE = "XIANGQI_BENCH_TREE"   # --tree: the checkout whose app the children open the files in


def child(path: Path) -> None:
    """Open ``path`` in a fresh window; print: idle reference stall, stall while opening, seconds to shown,
    what was shown."""
    tree = os.environ.get(TREE_VARIABLE)
    sys.path.insert(0, tree or str(BENCH.parents[1]))     # before anything imports xiangqi
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ui_game_list import heartbeat_stall
    if tree:
        sys.path.remove(tree)
        sys.path.insert(0, tree)          # ui_game_list put this checkout first: the tree goes first again
    try:
        from xiangqi.play.controller import GameController
        from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
        from xiangqi.ui.record.record_actions import install_record_ui
        from xiangqi.ui.shell.main_window import MainWindow
    except ImportError:   # a checkout from before ui/ was split by feature (--before runs)
        from xiangqi.ui.controller import GameController  # type: ignore[no-redef]
        from xiangqi.ui.fallback_theme import FallbackBoardTheme, FallbackPieceSet  # type: ignore[no-redef]
        from xiangqi.ui.main_window import MainWindow  # type: ignore[no-redef]
        from xiangqi.ui.record_actions import install_record_ui  # type: ignore[no-redef]

    app = QApplication([])
    window = MainWindow(GameController(), FallbackBoardTheme(), FallbackPieceSet(), [])
    ui = install_record_ui(window, QSettings(str(path.parent / "stall.ini"), QSettings.Format.IniFormat))
    window.show()
    import gc
    gc.freeze()     # as the app does once its window is shown (xiangqi/ui/shell/app.py)
    heartbeat_stall(app, lambda: True, 1.0, after=0.5)           # the first paints, not measured
    reference = heartbeat_stall(app, lambda: True, 1.5, after=1.0)
    start = time.monotonic()
    shown: list[str] = []

    def done() -> bool:
        if shown:
            return True
        if getattr(ui, "opening", False):
            return False
        boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
        if boxes:
            shown.append("message: " + boxes[0].text()[:70].replace("\n", " "))
        elif ui.game_list is not None and ui.game_list.pgn is not None:
            shown.append(f"game list: {ui.game_list.visible_row_count()} games")
        elif ui.link.source is not None:
            shown.append(f"game: {window.controller.game.head.ply} plies")
        return bool(shown)

    # open_file runs inside the heartbeat's loop, so its own time on the GUI thread counts as a stall
    from PySide6.QtCore import QTimer
    QTimer.singleShot(0, lambda: ui.open_file(path))
    stall = heartbeat_stall(app, done, 120, after=0.3)
    print(f"{reference:.0f}\t{stall:.0f}\t{time.monotonic() - start:.2f}\t{shown[0] if shown else '-'}", flush=True)


def run_child(path: Path, limit: float, tree: Path | None) -> str:
    env = {**os.environ, **({TREE_VARIABLE: str(tree)} if tree else {})}
    try:
        result = subprocess.run([sys.executable, __file__, "--child", str(path)], capture_output=True, text=True,
                                timeout=limit, cwd=BENCH, env=env)
    except subprocess.TimeoutExpired:
        return f"-\t>{limit:.0f} s\t>{limit:.0f}\tkilled (window frozen)"
    lines = [line for line in result.stdout.splitlines() if line.count("\t") == 3]
    return lines[-1] if lines else f"-\t-\t-\tfailed: {(result.stderr.strip().splitlines() or ['?'])[-1][:80]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("--child", type=Path)
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 16])
    parser.add_argument("--only", nargs="+")
    parser.add_argument("--limit", type=float, default=60.0)
    parser.add_argument("--tree", type=Path, help="open the files in this checkout's app (e.g. a worktree of an "
                                                 "older commit)")
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    if args.out is None:
        parser.error("OUT_DIR is needed")
    from hostile_inputs import GENERATORS, SPECIAL, special_input, write_in_child
    args.out.mkdir(parents=True, exist_ok=True)
    print("input\tbytes\tidle ms\tstall ms\tseconds\tshown", flush=True)
    for name in [*GENERATORS, *SPECIAL]:
        if args.only and name not in args.only:
            continue
        for scale in ([1] if name in SPECIAL else args.scales):
            path = special_input(args.out, name) if name in SPECIAL else write_in_child(args.out, name, scale)
            size = path.stat().st_size if path.is_file() else 0
            label = name if name in SPECIAL else f"{name} {scale}x"
            print(f"{label}\t{size:,}\t{run_child(path, args.limit, args.tree)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
