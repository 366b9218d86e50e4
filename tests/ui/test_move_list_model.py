"""Issue 22: the move list and the variations panel are models that write only what is on screen. A game of
thousands of moves (or of thousands of variations) is opened without writing every move: the window was
blocked 1-1.8 s at the app's 20,000-move cap while both were built an item a move. What the user sees and
does stays: the shown move selected and scrolled to, clicks and keys going to a move, branch marks,
moves appended as they are played. (Times: tests/bench/ui_open_stall.py, input 4-xqf-plies.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QSignalSpy, QTest
from test_record_ui_support import build_window, click_index, play

from xiangqi.core import Move
from xiangqi.game import notation_text
from xiangqi.record import Game, GameNode

CYCLE = ("b0c2", "h9g7", "c2b0", "g7h9")    # the horses out and back: legal for ever
PLIES = 6000


def long_game(plies: int = PLIES, variations_every: int = 0) -> Game:
    game = Game()
    node = game.root
    for ply in range(plies):
        if variations_every and ply % variations_every == 1:
            node.add_child(Move.from_iccs("a0a1" if ply % 2 == 0 else "a9a8"))   # a rook move beside it
        node = node.child_for(Move.from_iccs(CYCLE[ply % 4])) or node.add_child(Move.from_iccs(CYCLE[ply % 4]))
        node.children.sort(key=lambda child: child.move is not None and child.move.iccs() not in CYCLE)
    return game


class Notated:
    """Counts the moves written as text (every view of the moves writes them through NodeTexts)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = notation_text.move_to_text

        def counting(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the wrapped function's own
            self.count += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(notation_text, "move_to_text", counting)


class PlySteps:
    """Counts the steps ``GameNode.ply`` takes up to the root: asked for each row shown of a line 6,000
    deep, it made every row cost the whole line."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0

        def counting_ply(node: GameNode) -> int:
            steps = 0
            while node.parent is not None:
                steps, node = steps + 1, node.parent
            self.count += steps
            return steps

        monkeypatch.setattr(GameNode, "ply", property(counting_ply))


@pytest.fixture
def shown_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    window, ui = build_window(qtbot, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    return window, ui


def cell_on_screen(window, ply: int) -> bool:  # noqa: ANN001
    table = window.move_list.table
    return table.viewport().rect().contains(table.visualRect(window.move_list.index_for_ply(ply)))


def test_a_long_game_opens_writing_only_the_moves_on_screen(shown_window, qtbot, monkeypatch) -> None:
    window, ui = shown_window
    notated, steps = Notated(monkeypatch), PlySteps(monkeypatch)
    ui.link.load(long_game(), None)
    qtbot.waitUntil(lambda: window.move_list.cell_text(0, 0) == "马八进七")
    window.move_list.table.viewport().grab()                # painted: the rows on screen are asked for
    assert window.move_list.model.rowCount() == PLIES // 2
    assert 20 < notated.count < 200, notated.count         # the rows on screen, not 6,000 moves
    ui.replay.to_end()                                      # the last move: selected, scrolled to, written
    qtbot.waitUntil(lambda: cell_on_screen(window, PLIES))
    window.move_list.table.viewport().grab()
    assert window.move_list.selected_plies() == [PLIES]
    assert window.move_list.index_for_ply(PLIES).data() == "马7退8"
    assert notated.count < 400, notated.count
    assert steps.count < 30 * PLIES, steps.count         # a few walks of the line, not one a row


def test_clicks_and_keys_in_the_move_list_go_to_a_move(shown_window, qtbot) -> None:
    window, ui = shown_window
    ui.link.load(long_game(40), None)
    table = window.move_list.table
    click_index(qtbot, table, window.move_list.index_for_ply(7))
    assert window.controller.view_ply == 7 and window.move_list.selected_plies() == [7]
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Down)                  # the next round, same side
    assert window.controller.view_ply == 9 and window.move_list.selected_plies() == [9]
    assert window.move_list.view_label.text() == "Viewing move 9 of 40"
    QTest.keyClick(table, Qt.Key.Key_Up)
    assert window.controller.view_ply == 7 and window.move_list.selected_plies() == [7]
    QTest.keyClick(table, Qt.Key.Key_Home)                  # the window's key: the start, nothing selected
    assert window.controller.view_ply == 0 and window.move_list.selected_plies() == []
    QTest.keyClick(table, Qt.Key.Key_End)                   # the last move: back at the game's position
    assert window.controller.view_ply is None and window.move_list.selected_plies() == [40]


def test_moves_played_are_appended_and_taken_back_without_rebuilding(shown_window, qtbot, monkeypatch) -> None:
    window, ui = shown_window
    model = window.move_list.model
    resets = QSignalSpy(model.modelReset)
    play(window, "h2e2", "h9g7")
    notated = Notated(monkeypatch)
    inserted = QSignalSpy(model.rowsInserted)
    play(window, "h0g2")                                     # a new round: one row appended
    assert inserted.count() == 1 and model.rowCount() == 2 and resets.count() == 0
    assert window.move_list.cell_text(1, 0) == "马二进三" and window.move_list.selected_plies() == [3]
    assert notated.count <= 2, notated.count                 # the new move (and maybe its repaint), no other
    removed = QSignalSpy(model.rowsRemoved)
    window.controller.undo()
    assert removed.count() == 1 and model.rowCount() == 1 and resets.count() == 0
    assert window.move_list.selected_plies() == [2]


def test_thousands_of_variations_open_writing_only_the_lines_on_screen(shown_window, qtbot, monkeypatch) -> None:
    window, ui = shown_window
    notated = Notated(monkeypatch)
    game = long_game(4000, variations_every=2)
    variations = sum(len(node.children) - 1 for node in game.root.walk() if node.children)
    ui.link.load(game, None)
    panel, model = ui.panel, ui.panel.variations
    assert model.rowCount() == 1 + variations >= 1500
    qtbot.waitUntil(lambda: panel.tree.viewport().isVisible())
    panel.tree.viewport().grab()
    window.move_list.table.viewport().grab()
    assert notated.count < 400, notated.count
    last = model.rowCount() - 1                              # the last variation, far down the list
    click_index(qtbot, panel.tree, model.index(last))
    target = model.first_move(last)
    assert ui.link.current_node() is target and panel.tree.currentIndex().row() == last
    assert model.index(last).data(Qt.ItemDataRole.FontRole).bold()
    assert model.index(last).data().startswith(f"{(target.ply + 1) // 2}")
    assert window.move_list.branch_plies()[-1] == target.ply  # the move list marks the branch it left
    assert notated.count < 800, notated.count


def test_at_the_start_of_a_game_with_variations_the_main_line_is_the_one_marked(shown_window, qtbot) -> None:
    window, ui = shown_window
    play(window, "h2e2")
    window.controller.undo()
    play(window, "b2e2")                      # another first move: the game's main line, h2e2 its variation
    window.controller.undo()                  # back at the start: the line ahead is the main line
    model = ui.panel.variations
    assert model.rowCount() == 2 and model.is_bold(0) and not model.is_bold(1)
    assert ui.panel.tree.currentIndex().row() == 0
    play(window, "h2e2")                      # into the variation
    assert model.is_bold(1) and not model.is_bold(0) and ui.panel.tree.currentIndex().row() == 1
