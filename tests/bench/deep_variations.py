"""Issue 16 item 7: navigating a record of thousands of nested variations in the main window (offscreen).

    .venv/bin/python tests/bench/deep_variations.py [--depths 3000 6000]

For each depth it writes the record of ``hostile_pgn.nested_variations`` (each variation opened inside the
previous one, one ply deeper: the deepest move is at ply ``depth``), opens it the way File › Open does, and
prints the seconds of each step: open, to the deepest variation (a click in the variations tree), back,
forward, a click on a move in the middle of the move list, and a refresh of the move list and of the
comments panel. Target: every step well under 10 s (aim < 0.5 s), growing linearly with the depth.
Not collected by pytest: it measures wall-clock time.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_pgn import nested_variations  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtCore import QModelIndex  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from xiangqi.play.controller import GameController  # noqa: E402
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet  # noqa: E402
from xiangqi.ui.shell.main_window import MainWindow  # noqa: E402
from xiangqi.ui.record.record_actions import RecordUi, install_record_ui  # noqa: E402


def timed(name: str, step: Callable[[], object]) -> None:
    start = time.perf_counter()
    step()
    QApplication.processEvents()   # what the user waits for includes the repaint the step asks for
    print(f"  {name:<22} {time.perf_counter() - start:8.3f} s", flush=True)


def deepest_index(ui: RecordUi) -> QModelIndex:
    """The row of the most deeply nested variation in the variations panel (the last one so nested)."""
    model = ui.panel.variations
    depths = [model.depth(row) for row in range(model.rowCount())]
    return model.index(max(range(len(depths)), key=lambda row: (depths[row], row)))


def run(depth: int, folder: Path, settings: QSettings) -> None:
    path = folder / f"nested{depth}.pgn"
    path.write_bytes(nested_variations(depth))
    window = MainWindow(GameController(), FallbackBoardTheme(), FallbackPieceSet(), [])
    ui = install_record_ui(window, settings)
    window.resize(1200, 800)
    window.show()
    print(f"depth {depth}:")
    def open_and_wait() -> None:    # a big file is read on a worker thread: the step ends when it is shown
        ui.open_file(path)
        while ui.opening:
            QApplication.processEvents()
            time.sleep(0.001)

    timed("open", open_and_wait)
    timed("to deepest variation", lambda: ui.panel.tree.clicked.emit(deepest_index(ui)))
    game = window.controller.game
    assert game.cursor.ply == depth, (game.cursor.ply, depth)
    timed("back", ui.replay.back)
    timed("forward", ui.replay.forward)
    middle = window.move_list.index_for_ply(depth // 2)
    assert middle.isValid()
    timed("click a move", lambda: window.move_list.table.clicked.emit(middle))
    assert game.cursor.ply == depth // 2
    timed("refresh move list", window.move_list.refresh)
    timed("refresh comments", ui.panel.show_node)
    window.close()
    window.deleteLater()
    QApplication.processEvents()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="*", default=[3000, 6000])
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        for depth in args.depths:
            run(depth, Path(folder), settings)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
