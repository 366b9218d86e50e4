"""UI timings (offscreen): board repaint, event-loop stalls while an engine searches, start-up.

    .venv/bin/python tests/bench/ui.py [--quick]

1. median and 95th percentile of a full board repaint at 900x1000 with a selection, hints and the last
   move shown (target <= 4 ms);
2. the longest event-loop stall while an engine searches for 5 s, measured by a 5 ms heartbeat timer
   (target <= 30 ms): the built-in engine (the default opponent) and Fairy-Stockfish (many info lines);
   the same while each analyses with 3 lines into the analysis panel, the position changing every second;
3. process start (``python -m xiangqi``) to main window shown, median of 5 (target <= 1.5 s);
4. the longest event-loop stall while the game list of a generated file of 1,000,000 games (100,000 with
   --quick) opens, against an idle reference (target <= 50 ms): ``ui_game_list.py``, also runnable alone.
Not collected by pytest: it measures wall-clock time.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from PySide6.QtCore import QElapsedTimer, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from xiangqi.core import Move  # noqa: E402
from xiangqi.engine.registry import builtin_engine_spec, discover_engines  # noqa: E402
from xiangqi.game.clock import TimeControl, TimeControlKind  # noqa: E402
from xiangqi.play.controller import GameController  # noqa: E402
from xiangqi.game.setup import GameSetup  # noqa: E402
from xiangqi.ui.shell.main_window import MainWindow  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ui_game_list import game_list_stall  # noqa: E402


def look() -> tuple[object, object]:
    """The shipped default look (wood board, engraved pieces), as the app paints it."""
    from xiangqi.ui.board.themes import ThemeLibrary

    library = ThemeLibrary.load(REPO / "assets" / "themes")
    if library.errors:
        print("theme problems:", *library.errors, sep="\n  ")
    return library.board("wood"), library.piece_set("engraved")


def repaint_times(app: QApplication, runs: int) -> list[float]:
    controller = GameController(None)
    controller.new_game(GameSetup(engine=None))
    controller.try_move(Move.from_iccs("h2e2"))
    theme, pieces = look()
    window = MainWindow(controller, theme, pieces, [])
    board = window.board
    board.setParent(None)
    board.resize(900, 1000)
    board.show()
    board.selected = Move.from_iccs("h9g7").from_sq
    app.processEvents()
    board.repaint()   # first paint builds the cached static layer and piece pixmaps
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        board.repaint()
        times.append((time.perf_counter() - start) * 1000)
    board.close()
    window.close()
    return times


def longest_stall(app: QApplication, spec, seconds: float) -> tuple[float, int, int]:
    """Play the human's first move and let the engine think ``seconds`` while a heartbeat runs."""
    controller = GameController(None)
    infos = []
    controller.analysis.connect(infos.append)
    setup = GameSetup(engine=spec, time_control=TimeControl(TimeControlKind.MOVE, move_time_ms=int(seconds * 1000)))
    controller.new_game(setup)
    deadline = time.monotonic() + 20
    while not controller.engine_ready and time.monotonic() < deadline:
        app.processEvents()
    controller.try_move(Move.from_iccs("h2e2"))
    clock, gaps = QElapsedTimer(), []
    clock.start()
    last = [0]

    def beat() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(beat)
    heartbeat.start()
    end = time.monotonic() + seconds + 10
    while controller.game.ply < 2 and time.monotonic() < end:
        app.processEvents()
        time.sleep(0.001)
    heartbeat.stop()
    controller.shutdown()
    while controller.engines_running:
        app.processEvents()
    return (max(gaps) - 5 if gaps else float("nan")), len(infos), controller.game.ply


def analysis_stall(app: QApplication, spec, seconds: float, lines: int = 3) -> tuple[float, float, int, int]:
    """Analysis mode (分析): ``spec`` analyses with ``lines`` lines into the analysis panel for ``seconds``,
    the position changing every second (each change restarts ``go infinite``), while a 5 ms heartbeat
    runs. Returns the longest stall (ms beyond the heartbeat), the longest GUI-thread CPU time of one
    event-loop turn (ms: the program's own work, whatever else the machine runs), the info lines received
    and the positions analysed."""
    from xiangqi.core import Position
    from xiangqi.engine.retire import engines_retiring
    from xiangqi.ui.study.analysis_panel import AnalysisPanel
    from xiangqi.ui.study.study_analysis import Analyser, connect_panel

    panel = AnalysisPanel()
    panel.resize(420, 240)
    panel.show()
    analyser = Analyser(spec)
    connect_panel(analyser, panel)
    infos = [0]
    analyser.info.connect(lambda _info: infos.__setitem__(0, infos[0] + 1))
    analyser.start()
    analyser.set_lines(lines)
    panel.lines_box.setValue(lines)
    position = Position()
    analyser.analyse(position)
    deadline = time.monotonic() + 20
    while infos[0] == 0 and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.001)
    clock, gaps, last = QElapsedTimer(), [], [0]
    clock.start()
    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(lambda: (gaps.append(clock.elapsed() - last[0]), last.__setitem__(0, clock.elapsed())))
    heartbeat.start()
    moves, shown = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "c6c5", "c3c4", "b7b6"], 1
    end = time.monotonic() + seconds
    next_change = time.monotonic() + 1.0
    cpu_ms = 0.0
    while time.monotonic() < end:
        started = time.thread_time()
        app.processEvents()
        if time.monotonic() >= next_change and moves:
            position.push(Move.from_iccs(moves.pop(0)))
            analyser.analyse(position)
            shown, next_change = shown + 1, time.monotonic() + 1.0
        cpu_ms = max(cpu_ms, (time.thread_time() - started) * 1000)
        time.sleep(0.001)
    heartbeat.stop()
    analyser.close()
    panel.close()
    while engines_retiring():
        app.processEvents()
    return (max(gaps) - 5 if gaps else float("nan")), cpu_ms, infos[0], shown


def startup_times(runs: int) -> list[float]:
    """Wall time from launching ``python -m xiangqi`` to the app printing that its window is shown."""
    env = dict(os.environ, XIANGQI_REPORT_SHOWN="1", QT_QPA_PLATFORM="offscreen")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "xiangqi"], cwd=REPO, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = process.stdout.readline()
        elapsed = time.perf_counter() - start
        _out, err = process.communicate(timeout=60)
        if not line.startswith("shown "):
            raise SystemExit(f"the app did not report being shown: {line!r} {err[-2000:]}")
        times.append(elapsed)
    return times


def main() -> int:
    quick = "--quick" in sys.argv
    app = QApplication.instance() or QApplication(sys.argv[:1])
    times = repaint_times(app, 50 if quick else 300)
    print(f"repaint 900x1000: median {statistics.median(times):.2f} ms, "
          f"p95 {sorted(times)[int(len(times) * 0.95) - 1]:.2f} ms (target <= 4 ms)")
    seconds = 2.0 if quick else 5.0
    engines = [builtin_engine_spec(3)] + [s for s in discover_engines([]) if s.family == "fairy-stockfish"]
    for spec in engines:
        stall, infos, ply = longest_stall(app, spec, seconds)
        print(f"longest event-loop stall, {spec.name} searching {seconds:.0f} s: {stall:.1f} ms "
              f"({infos} info lines, engine moved: {ply == 2}) (target <= 30 ms)")
    for spec in engines:
        stall, cpu_ms, infos, shown = analysis_stall(app, spec, seconds)
        print(f"longest event-loop stall, {spec.name} analysing 3 lines for {seconds:.0f} s over {shown} "
              f"positions: {stall:.1f} ms, of which GUI-thread work at most {cpu_ms:.1f} ms per turn "
              f"({infos} info lines) (target <= 30 ms)")
    starts = startup_times(3 if quick else 5)
    print(f"process start to main window shown: median {statistics.median(starts):.3f} s, "
          f"max {max(starts):.3f} s (target <= 1.5 s)")
    games = 100_000 if quick else 1_000_000
    reference, stall, seconds, rows = game_list_stall(app, games)
    print(f"game list of {games} games: {rows} rows after {seconds:.1f} s, longest event-loop stall "
          f"{stall:.1f} ms (idle reference {reference:.1f} ms) (target <= 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
