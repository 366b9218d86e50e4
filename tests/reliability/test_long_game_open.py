"""Issue 22: a game of thousands of moves opens without its moves being played on the GUI thread. The game
model opens a record at the end of its main line, and played all of it there (20,000 moves: 70 ms of the
window's time on a busy machine); the thread that read the file now plays them, for a big PGN indexed by
the game list as for any file read in the background. (Times: tests/bench/ui_open_stall.py.)"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from reliability_window import build_window
from xiangqi.core import Position
from xiangqi.ui.record import open_job

CYCLE = ("b0c2", "h9g7", "c2b0", "g7h9")     # the horses out and back: legal for ever
PLIES = 4000


def long_pgn(path: Path) -> None:
    rounds = [f"{n + 1}. {CYCLE[(2 * n) % 4]} {CYCLE[(2 * n + 1) % 4]}" for n in range(PLIES // 2)]
    path.write_text('[Event "long"]\n\n' + " ".join(rounds) + " *\n", encoding="utf-8")


@pytest.mark.parametrize("indexed_by_the_list", [False, True])
def test_a_long_game_is_played_to_its_end_off_the_gui_thread(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              indexed_by_the_list: bool) -> None:
    window, ui = build_window(qtbot, tmp_path)
    path = tmp_path / "long.pgn"
    long_pgn(path)
    monkeypatch.setattr(open_job, "SYNC_OPEN_BYTES", 0)          # read in the background, as a big file is
    if indexed_by_the_list:
        monkeypatch.setattr(open_job, "INDEX_IN_LIST_BYTES", 0)
    on_gui_thread = [0]
    push = Position.push_unchecked

    def counting(position: Position, move) -> None:  # noqa: ANN001 - the core's own Move
        if threading.current_thread() is threading.main_thread():
            on_gui_thread[0] += 1
        push(position, move)

    monkeypatch.setattr(Position, "push_unchecked", counting)
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: ui.link.source is not None, timeout=60_000)
    game = window.controller.game
    assert game.head.ply == PLIES and game.cursor.ply == 0 and game.position.ply == PLIES
    assert game.position.fen() == Position().fen().replace(" 0 1", f" {PLIES} {PLIES // 2 + 1}")
    assert on_gui_thread[0] < 100, on_gui_thread[0]      # the rows on screen, not the 4,000 moves
