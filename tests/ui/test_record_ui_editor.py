"""The position editor: pieces are placed and removed by clicking the app's board widget, the side to
move is chosen, an illegal setup is refused with the rules core's own explanation, and a legal one
starts a new game there."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QPushButton
from test_record_ui_support import build_window, message_boxes, moves_of, play

from xiangqi.core import FenError, PieceType, Position, parse_square
from xiangqi.core.errors import PositionFault, PositionProblem
from xiangqi.game.setup import GameSetup
from xiangqi.ui.play.position_editor import ERASER, PositionEditor
from xiangqi.ui.play.position_problem_text import problem_text


@pytest.fixture
def editor(qtbot, tmp_path):  # noqa: ANN001, ANN201
    window, ui = build_window(qtbot, tmp_path)
    play(window, "h2e2")
    editor = ui.open_position_editor()
    editor.resize(700, 640)
    editor.show()
    qtbot.waitExposed(editor)
    return window, ui, editor


def click(editor: PositionEditor, square: str) -> None:
    QTest.mouseClick(editor.board, Qt.MouseButton.LeftButton, pos=editor.board.point_of(parse_square(square)))


def core_message(fen: str) -> str:
    """The core's objection to ``fen``, worded for the UI (the core's own message is English, for logs)."""
    with pytest.raises(FenError) as caught:
        Position.from_fen(fen)
    problem = caught.value.problem     # a fault of the position; a FEN that is no FEN keeps its message
    return problem_text(problem) if problem is not None else str(caught.value)


def ok_button(editor: PositionEditor):  # noqa: ANN201
    return editor.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_the_editor_starts_from_the_shown_position(editor) -> None:
    window, ui, dialog = editor
    assert dialog in window.dialogs
    assert dialog.fen().split()[:2] == window.controller.board_position().fen().split()[:2]
    assert dialog.problem() is None and ok_button(dialog).isEnabled()
    assert dialog.black_button.isChecked()


def test_an_illegal_setup_is_refused_with_the_cores_message(editor) -> None:
    window, ui, dialog = editor
    dialog.choose(int(PieceType.ADVISOR))
    click(dialog, "e2")                 # red advisor off its diagonal points
    assert dialog.model.cells[parse_square("e2")] == PieceType.ADVISOR
    expected = core_message(dialog.fen())
    assert "advisor" in expected and expected in dialog.problem().split("\n")   # the first of all it names
    assert expected in dialog.problem_label.text() and not ok_button(dialog).isEnabled()
    ok_button(dialog).click()
    assert dialog.isVisible() and moves_of(window) == ["h2e2"]      # nothing happened to the game
    click(dialog, "e2")                 # the same piece again takes it off
    assert dialog.model.cells[parse_square("e2")] == 0 and dialog.problem() is None


def test_side_to_move_matters_for_legality(editor) -> None:
    window, ui, dialog = editor
    dialog.model.set_fen("4k4/9/9/9/9/9/9/9/9/3K5 w")
    dialog.choose(int(PieceType.ROOK))
    click(dialog, "e5")                 # red rook checks the black king
    dialog.red_button.setChecked(True)
    expected = core_message(dialog.fen())
    assert "Black is in check" in expected and dialog.problem() == expected
    dialog.black_button.setChecked(True)
    assert dialog.problem() is None and ok_button(dialog).isEnabled()


def test_a_legal_setup_starts_a_new_game_there(editor) -> None:
    window, ui, dialog = editor
    dialog.model.clear()
    for value, square in ((PieceType.KING, "e0"), (-PieceType.KING, "e9"), (PieceType.ROOK, "a1"),
                          (-PieceType.PAWN, "e4"), (PieceType.HORSE, "c2")):
        dialog.choose(int(value))
        click(dialog, square)
    dialog.choose(ERASER)
    click(dialog, "c2")
    dialog.red_button.setChecked(True)
    fen = dialog.fen()
    assert fen == "4k4/9/9/9/9/4p4/9/9/R8/4K4 w - - 0 1"
    window.last_setup = GameSetup(engine=None)     # the last game had two players: so has this one
    ok_button(dialog).click()
    assert not dialog.isVisible()
    question = message_boxes(window)[0]             # the game on the board has unsaved moves
    assert "not saved" in question.text() and moves_of(window) == ["h2e2"]
    question.button(QMessageBox.StandardButton.Discard).click()
    assert window.controller.board_position().fen() == fen and moves_of(window) == []
    assert ui.link.record.start_fen == fen and ui.link.record.is_setup
    play(window, "a1a9")
    assert ui.link.record.mainline_moves()[0].iccs() == "a1a9"


def test_a_typed_fen_is_checked_by_the_core(editor) -> None:
    window, ui, dialog = editor
    dialog.fen_edit.setText("not a fen")
    dialog.fen_edit.editingFinished.emit()
    assert core_message("not a fen") in dialog.problem_label.text()
    dialog.fen_edit.setText(Position.STARTING_FEN)
    dialog.fen_edit.editingFinished.emit()
    assert dialog.fen() == Position.STARTING_FEN and ok_button(dialog).isEnabled()


def test_clear_board_takes_the_kings_too(editor) -> None:
    window, ui, dialog = editor
    clear = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Clear board")
    clear.click()
    assert not any(dialog.model.cells)
    assert dialog.problem() == "\n".join(problem_text(PositionProblem(PositionFault.NO_KING, red, "king"))
                                         for red in (True, False))


def test_a_second_king_is_never_placed_the_king_moves(editor) -> None:
    window, ui, dialog = editor
    dialog.model.set_fen("3k5/9/9/9/9/9/9/9/9/4K4 w")
    dialog.choose(int(PieceType.KING))
    click(dialog, "d0")
    assert dialog.model.cells.count(int(PieceType.KING)) == 1
    assert dialog.model.cells[parse_square("d0")] == PieceType.KING and dialog.model.cells[parse_square("e0")] == 0


def test_every_problem_is_named(editor) -> None:
    window, ui, dialog = editor
    dialog.model.clear()
    for square, value in (("e2", PieceType.ADVISOR), ("a0", PieceType.PAWN), ("e5", -PieceType.ROOK)):
        dialog.choose(int(value))
        click(dialog, square)
    lines = dialog.problem().split("\n")
    assert len(lines) == 4                          # both kings missing, the advisor and the pawn
    assert any("advisor" in line and "e2" in line for line in lines)
    assert any("pawn" in line and "a0" in line for line in lines)
    assert all(line in dialog.problem_label.text() for line in lines)
