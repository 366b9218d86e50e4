"""The game list of a huge PGN file: the longest event-loop stall from File › Open until the list shows
every game (issue 16 item 8: target no stall > 50 ms for a million games). Used by ``tests/bench/ui.py``;
also runnable alone:

    .venv/bin/python tests/bench/ui_game_list.py [GAMES]      (default 1,000,000)

The file is generated in a temporary folder (``hostile_pgn.many_games``) and removed afterwards. The
reference is the longest stall of the same heartbeat over an idle event loop, measured in the same run.
"""

from __future__ import annotations

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

from PySide6.QtCore import QElapsedTimer, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from hostile_pgn import many_games  # noqa: E402


def heartbeat_stall(app: QApplication, done: Callable[[], bool], limit: float, after: float = 0.5) -> float:
    """The longest gap (ms, beyond the 5 ms period) of a 5 ms timer until ``done()`` (+ ``after`` s)."""
    clock, gaps, last = QElapsedTimer(), [], [0]
    clock.start()

    def beat() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(beat)
    timer.start()
    end, finished_at = time.monotonic() + limit, None
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.001)
        if finished_at is None and done():
            finished_at = time.monotonic()
        if finished_at is not None and time.monotonic() > finished_at + after:
            break
    timer.stop()
    return max(gaps) - 5 if gaps else float("nan")


def game_list_stall(app: QApplication, games: int) -> tuple[float, float, float, int]:
    """(idle reference stall ms, stall ms while opening, seconds to the full list, rows shown)."""
    from xiangqi.play.controller import GameController
    from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
    from xiangqi.ui.shell.main_window import MainWindow
    from xiangqi.ui.record.record_actions import install_record_ui

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"games{games}.pgn"
        many_games(games)(path)
        window = MainWindow(GameController(), FallbackBoardTheme(), FallbackPieceSet(), [])
        ui = install_record_ui(window, QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat))
        window.show()
        heartbeat_stall(app, lambda: True, 1.0, after=0.5)      # the first paints, not measured
        reference = heartbeat_stall(app, lambda: True, 2.0, after=1.0)
        start = time.monotonic()
        ui.open_file(path)
        shown: list[float] = []

        def listed() -> bool:
            dialog = ui.game_list
            if dialog is not None and dialog.pgn is not None and dialog.visible_row_count() == games:
                shown.append(shown[0] if shown else time.monotonic() - start)
                return True
            return False

        stall = heartbeat_stall(app, listed, 600)
        rows = ui.game_list.visible_row_count() if ui.game_list is not None else 0
        if ui.game_list is not None:
            ui.game_list.reject()
        window.close()
        return reference, stall, (shown[0] if shown else float("nan")), rows


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    app = QApplication.instance() or QApplication(sys.argv[:1])
    reference, stall, seconds, rows = game_list_stall(app, games)
    print(f"game list of {games} games: {rows} rows shown after {seconds:.1f} s; longest event-loop stall "
          f"{stall:.1f} ms (idle reference {reference:.1f} ms) (target <= 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
