"""开局练习 used like a user: choose a record file of opening lines, play red's moves by clicking the board;
a wrong move is taken back, the expected moves are named and the position goes into the opening deck;
the bundled CCPD lines are read off the GUI thread with a progress bar."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel
from pytestqt.qtbot import QtBot

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.play.controller import GameController
from xiangqi.training.cards import CardDeck, DeckKind
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.opening_drill import bundled_repertoire
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.training.opening_drill import OpeningDrillWindow, SourceKind, open_opening_drill

LINES = """\
[Event "中炮对屏风马"]
[Format "ICCS"]

1. h2e2 h9g7 2. h0g2 (2. b0c2 b9c7) (2. c3c4? b7e7) i9h9 *
"""


@pytest.fixture
def db(tmp_path: Path) -> TrainingDatabase:
    database = TrainingDatabase(tmp_path / "training.sqlite")
    yield database
    database.close()


def build(qtbot: QtBot, db: TrainingDatabase) -> tuple[MainWindow, OpeningDrillWindow]:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    window.resize(1100, 800)
    window.show()
    qtbot.waitExposed(window)
    open_opening_drill(window, db)
    drill_window = window.findChild(OpeningDrillWindow)
    assert drill_window is not None
    qtbot.waitExposed(drill_window)
    drill_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is drill_window)
    return window, drill_window


def press(qtbot: QtBot, key: Qt.Key) -> None:
    """A key pressed where the keyboard focus is, as a user would."""
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    qtbot.keyClick(widget, key)


def click_move(qtbot: QtBot, window: OpeningDrillWindow, iccs: str) -> None:
    move = Move.from_iccs(iccs)
    view = window.board.view
    for square in (move.from_sq, move.to_sq):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.point_of(square))


def chinese(position: Position, *moves: str) -> list[str]:
    return [move_to_text(position, Move.from_iccs(m), Notation.CHINESE) for m in moves]


def test_a_wrong_move_is_taken_back_the_expected_moves_are_shown_and_a_card_is_added(
        qtbot: QtBot, tmp_path: Path, db: TrainingDatabase) -> None:
    lines = tmp_path / "my_lines.pgn"
    lines.write_text(LINES, encoding="utf-8")
    _window, drill = build(qtbot, db)
    drill.source_box.setCurrentIndex(drill.source_box.findData(SourceKind.RECORDS))
    qtbot.mouseClick(drill.start_button, Qt.MouseButton.LeftButton)     # no file yet: the file dialog opens
    chooser = drill.findChild(QFileDialog)
    assert chooser is not None and chooser.isVisible()
    chooser.selectFile(str(lines))
    chooser.accept()
    qtbot.waitUntil(lambda: drill.drill is not None and drill.job is None, timeout=20_000)
    drill.activateWindow()                       # the file dialog gone, the drill has the keyboard again
    qtbot.waitUntil(lambda: QApplication.activeWindow() is drill)
    assert "my_lines.pgn: 1 lines" in drill.status.text()
    assert drill.board.model.trainee is Color.RED

    click_move(qtbot, drill, "h2e2")                                     # right: black answers 马8进7
    assert drill.board.position().move_stack == [Move.from_iccs("h2e2"), Move.from_iccs("h9g7")]
    assert drill.feedback.text() == "Right."

    before_wrong = drill.board.position()
    click_move(qtbot, drill, "c3c4")                                     # marked "?" in the lines: wrong
    assert drill.board.position().fen() == before_wrong.fen()           # taken back
    expected = chinese(before_wrong, "b0c2", "h0g2")
    assert all(text in drill.feedback.text() for text in expected)
    assert drill.feedback.text().startswith("The repertoire marks this move as a mistake. It plays:")
    assert "added to the opening deck" in drill.feedback.text()
    assert CardDeck(db).counts()[DeckKind.OPENING].total == 1
    assert drill.counts_label.text() == "Right 1 · wrong 1 · due positions 0"
    shown = {arrow.move for arrow in drill.board.view.shapes.analysis}
    assert shown == {Move.from_iccs("b0c2"), Move.from_iccs("h0g2")}

    click_move(qtbot, drill, "h0g2")                                     # the expected move: the line goes on
    assert drill.board.position().move_stack[-1] == Move.from_iccs("i9h9")
    assert "The line ends here" in drill.feedback.text()
    line = drill.line_label.text()
    assert line.startswith("1. " + chinese(Position(), "h2e2")[0]) and "3." not in line

    press(qtbot, Qt.Key.Key_N)                                           # the next line, from the keyboard
    assert drill.board.position().move_stack == []
    assert drill.feedback.text() == "Your move."


def test_the_bundled_lines_are_read_off_the_gui_thread_and_drilled_as_black(
        qtbot: QtBot, db: TrainingDatabase) -> None:
    _window, drill = build(qtbot, db)
    drill.source_box.setCurrentIndex(drill.source_box.findData(SourceKind.BUNDLED))
    drill.side_box.setCurrentIndex(drill.side_box.findData(Color.BLACK))
    assert "CCPD" in drill.file_label.text() and "CC BY 4.0" in drill.file_label.text()
    labels = [label for label in drill.findChildren(QLabel) if label.text() == "&Source:"]
    assert len(labels) == 1 and labels[0].buddy() is drill.source_box     # Alt+S, and no "&" shown
    qtbot.mouseClick(drill.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: drill.drill is not None, timeout=60_000)
    assert "953 lines" in drill.status.text()
    stack = drill.board.position().move_stack
    assert len(stack) == 1 and drill.board.model.trainee is Color.BLACK    # red's first move is played
    assert drill.board.view.flipped
    assert drill.drill is not None
    expected = drill.drill.expected()
    assert expected
    press(qtbot, Qt.Key.Key_H)                                           # show the move: counts as a miss
    assert {arrow.move for arrow in drill.board.view.shapes.analysis} == set(expected)
    assert CardDeck(db).counts()[DeckKind.OPENING].total == 1
    click_move(qtbot, drill, expected[0].iccs())
    assert drill.feedback.text().startswith("That's it.")
    assert (drill.drill.right, drill.drill.wrong) == (0, 1)


def test_the_drill_is_played_with_the_keyboard_alone(qtbot: QtBot, db: TrainingDatabase) -> None:
    _window, drill = build(qtbot, db)
    drill.source_box.setCurrentIndex(drill.source_box.findData(SourceKind.BUNDLED))
    drill.side_box.setCurrentIndex(drill.side_box.findData(Color.RED))
    drill.source_box.setFocus()
    press(qtbot, Qt.Key.Key_Return)                      # the default button: Start
    qtbot.waitUntil(lambda: drill.drill is not None, timeout=60_000)
    assert drill.board.view.hasFocus()                  # the board takes the keys once the line starts
    # the cursor wakes on e3; 炮二平五 is h2 -> e2
    for key in (Qt.Key.Key_Return, *[Qt.Key.Key_Right] * 3, Qt.Key.Key_Down, Qt.Key.Key_Return,
                *[Qt.Key.Key_Left] * 3, Qt.Key.Key_Return):
        press(qtbot, key)
    stack = drill.board.position().move_stack
    assert stack[0] == Move.from_iccs("h2e2") and len(stack) == 2        # and black's reply
    assert drill.feedback.text() == "Right."
    press(qtbot, Qt.Key.Key_H)
    assert drill.board.view.shapes.analysis                              # the repertoire's moves drawn
    press(qtbot, Qt.Key.Key_N)
    assert drill.board.position().move_stack == [] and drill.feedback.text() == "Your move."
    press(qtbot, Qt.Key.Key_Escape)                      # the cursor sleeps, then the window closes
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not drill.isVisible())


def test_reading_shows_progress_and_cancel_stops_it(qtbot: QtBot, tmp_path: Path, db: TrainingDatabase) -> None:
    big = tmp_path / "many_lines.pgn"
    big.write_text("\n".join([bundled_repertoire().read_text(encoding="utf-8")] * 4), encoding="utf-8")
    _window, drill = build(qtbot, db)
    drill.source_box.setCurrentIndex(drill.source_box.findData(SourceKind.RECORDS))
    drill.chosen_path = str(big)                          # as the file dialog leaves it (the first test uses it)
    qtbot.mouseClick(drill.start_button, Qt.MouseButton.LeftButton)
    assert drill.progress.isVisible() and drill.cancel_button.isVisible()
    assert drill.status.text() == "Reading many_lines.pgn…"
    assert not drill.start_button.isEnabled()
    job = drill.job
    assert job is not None
    qtbot.mouseClick(drill.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: drill.status.text() == "Reading cancelled.", timeout=30_000)
    assert drill.drill is None and not drill.progress.isVisible() and drill.start_button.isEnabled()
    job.wait(10)
