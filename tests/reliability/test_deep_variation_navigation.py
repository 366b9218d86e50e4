"""Issue 16 item 7: a record of 3,000 nested variations opened in the main window is navigated (the deepest
variation, back, forward, a click on a move) with the move list, the board and the variations tree showing
the right thing. The times are in ``tests/bench/deep_variations.py``; here the work is bounded instead:
moves replayed and positions built are counted, so that replaying the line from the start for each ply
(quadratic: millions of moves for 3,000 plies) fails."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from reliability_window import build_window
from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.record import GameNode
from xiangqi.ui.record.record_actions import RecordUi

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from deep_variations import deepest_index  # noqa: E402  (the bench's walk to the deepest variation)
from hostile_pgn import nested_line  # noqa: E402  (the bench's record of legal nested variations)

DEPTH = 3000


class Work:
    """Counts the moves pushed on (or popped from) any Position, the Positions built from a FEN and the
    steps ``GameNode.ply`` takes up to the root (asking it for each node of a line 3,000 deep is quadratic)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pushes = self.positions = self.ply_steps = 0
        push, pop, init = Position.push_unchecked, Position.pop, Position.__init__

        def counting_ply(node: GameNode) -> int:
            count = 0
            while node.parent is not None:
                count, node = count + 1, node.parent
            self.ply_steps += count
            return count

        monkeypatch.setattr(GameNode, "ply", property(counting_ply))

        def counting_push(position: Position, move: Move) -> None:
            self.pushes += 1
            push(position, move)

        def counting_pop(position: Position) -> Move:
            self.pushes += 1
            return pop(position)

        def counting_init(position: Position, fen: str | None = None) -> None:
            self.positions += 1
            init(position, fen)

        monkeypatch.setattr(Position, "push_unchecked", counting_push)
        monkeypatch.setattr(Position, "pop", counting_pop)
        monkeypatch.setattr(Position, "__init__", counting_init)

    def reset(self) -> None:
        self.pushes = self.positions = self.ply_steps = 0


def expected_at(line: list[Move], ply: int) -> tuple[str, str]:
    """The FEN after ``ply`` moves of ``line`` and the Chinese text of the ``ply``-th move."""
    position = Position()
    for move in line[:ply - 1]:
        position.push(move)
    text = move_to_text(position, line[ply - 1], Notation.CHINESE)
    position.push(line[ply - 1])
    return position.fen(), text


def check_shown(ui: RecordUi, ply: int, fen: str, text: str) -> None:
    """The board shows the position after ``ply`` moves (``fen``), the move list selects that move."""
    window = ui.window
    assert window.controller.game.cursor.ply == ply
    assert window.controller.board_position().fen() == fen
    assert window.move_list.selected_plies() == [ply]
    assert window.move_list.index_for_ply(ply).data() == text
    assert window.move_list.table.currentIndex() == window.move_list.index_for_ply(ply)


def test_a_record_of_3000_nested_variations_is_navigated_in_linear_work(qtbot, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    text, line = nested_line(DEPTH)
    path = tmp_path / "nested.pgn"
    path.write_text(text, encoding="utf-8")
    shown = {ply: expected_at(line, ply) for ply in (DEPTH, DEPTH - 1, DEPTH // 2)}
    window, ui = build_window(qtbot, tmp_path)
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: not ui.opening, timeout=60000)     # a big file is read on a worker thread
    work = Work(monkeypatch)
    deepest = deepest_index(ui)
    assert ui.panel.variations.depth(deepest.row()) == ui.panel.variations.rowCount() - 1 == DEPTH   # nested in all
    ui.panel.tree.clicked.emit(deepest)                     # the innermost variation: 3,000 plies deep
    check_shown(ui, DEPTH, *shown[DEPTH])
    assert ui.panel.tree.currentIndex() == deepest and deepest.data(Qt.ItemDataRole.FontRole).bold()
    assert window.move_list.model.rowCount() == DEPTH // 2
    assert window.move_list.branch_plies() == list(range(1, DEPTH + 1))   # every move has its alternative
    entering = work.pushes
    assert entering <= 4 * DEPTH and work.positions <= 20, (entering, work.positions)
    assert work.ply_steps <= 40 * DEPTH, work.ply_steps
    work.reset()
    assert ui.replay.back()
    check_shown(ui, DEPTH - 1, *shown[DEPTH - 1])
    assert ui.replay.forward()
    check_shown(ui, DEPTH, *shown[DEPTH])
    middle = window.move_list.index_for_ply(DEPTH // 2)
    assert middle.isValid()
    window.move_list.table.clicked.emit(middle)
    check_shown(ui, DEPTH // 2, *shown[DEPTH // 2])
    assert ui.panel.tree.currentIndex() == deepest          # still on the deepest variation's line
    # Stepping along the line walks the moves between the positions shown; nothing replays from the start.
    assert work.pushes <= DEPTH and work.positions <= 10, (work.pushes, work.positions)
    assert work.ply_steps <= 40 * DEPTH, work.ply_steps
