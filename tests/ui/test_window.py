"""The app as a user drives it: clicks and drags on the board, shortcuts, dialogs answered by clicking
their buttons, against the engine helper's scripted fake engine running as a real process (``process_window``
and the crash and resume tests); the tests of the board alone (clicks, drags, flip, undo, the move list, the
clock) play against the in-process scripted client (tests/ui/app_fakes.py), which answers the same first legal
move without a process to start."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox

from xiangqi.core import Color, parse_square
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.core import Termination as EndReason
from xiangqi.game.setup import GameSetup
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.play.result_dialog import ResultDialog

from app_fakes import ScriptedClient, fake_engine_spec

MATE_FEN = "3k5/4a4/3a5/9/9/9/9/9/9/R3K3R w - - 0 1"   # red mates in 3 against these replies
MATE_REPLIES = ["e8f9", "d9d8"]


def sq(name: str) -> int:
    return parse_square(name)


def build(qtbot, tmp_path: Path, engines=None, engine_factory=None) -> MainWindow:
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"), engine_factory=engine_factory)
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), engines or [fake_engine_spec()])
    qtbot.addWidget(window)
    window.resize(1000, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def start(window: MainWindow, qtbot, spec=None, **kw) -> None:
    window.start_game(GameSetup(engine=spec if spec is not None else fake_engine_spec(), **kw))
    if window.controller.setup.engine is not None:
        qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)


def script(tmp_path: Path, moves: list[str]) -> Path:
    path = tmp_path / "script.txt"
    path.write_text("\n".join(moves) + "\n")
    return path


def click(qtbot, window: MainWindow, name: str) -> None:
    qtbot.mouseClick(window.board, Qt.MouseButton.LeftButton, pos=window.board.point_of(sq(name)))


def play(qtbot, window: MainWindow, iccs: str) -> None:
    click(qtbot, window, iccs[:2])
    click(qtbot, window, iccs[2:])


def moves(window: MainWindow) -> list[str]:
    return [m.iccs() for m in window.controller.game.moves]


def dialogs_of(window: MainWindow, kind: type) -> list:
    return [d for d in window.dialogs if isinstance(d, kind)]


@pytest.fixture
def window(qtbot, tmp_path) -> MainWindow:
    """The window whose engine runs in this process (for tests about the board, not the engine)."""
    w = build(qtbot, tmp_path, engine_factory=lambda spec, owner: ScriptedClient(spec, owner))
    yield w
    close(qtbot, w)


@pytest.fixture
def process_window(qtbot, tmp_path) -> MainWindow:
    """The window whose engines are the fake engine as a real process."""
    w = build(qtbot, tmp_path)
    yield w
    close(qtbot, w)


def close(qtbot, window: MainWindow) -> None:
    """Close like the user and let the engine process exit before the test ends."""
    window.close()
    qtbot.waitUntil(lambda: not window.controller.engines_running, timeout=10_000)


def test_click_click_plays_a_move_and_the_engine_answers(process_window, qtbot) -> None:
    window = process_window
    start(window, qtbot)
    play(qtbot, window, "h2e2")
    qtbot.waitUntil(lambda: len(moves(window)) == 2, timeout=10_000)
    assert moves(window)[0] == "h2e2"
    assert window.move_list.cell_text(0, 0) == "炮二平五"


def test_drag_and_drop_plays_a_move(window, qtbot) -> None:
    start(window, qtbot)
    board = window.board
    a, b = board.point_of(sq("b0")), board.point_of(sq("c2"))
    qtbot.mousePress(board, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(board, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    qtbot.mouseMove(board, b)
    qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=b)
    assert moves(window)[:1] == ["b0c2"]


def test_illegal_click_does_nothing(window, qtbot) -> None:
    start(window, qtbot)
    before = window.controller.game.position.fen()
    play(qtbot, window, "a0a5")            # the rook is blocked by its own pawn
    click(qtbot, window, "e7")             # an empty point with nothing selected
    click(qtbot, window, "h9")             # a black piece on red's turn
    assert window.controller.game.position.fen() == before and moves(window) == []


def pixel(window: MainWindow, name: str) -> QColor:
    image = window.board.grab().toImage()
    point = window.board.point_of(sq(name)) * window.board.devicePixelRatioF()
    return QColor(image.pixel(point))


def test_hints_appear_for_the_selected_piece(window, qtbot) -> None:
    start(window, qtbot)
    hint = window.board.theme.hint
    empty_before = pixel(window, "h5")
    click(qtbot, window, "h2")             # the cannon: it can go up the h-file
    assert window.board.selected == sq("h2")
    assert sq("h5") in window.controller.targets(sq("h2"))
    assert pixel(window, "h5") == hint and empty_before != hint
    assert pixel(window, "a5") != hint     # not a target of this piece


def test_flip_turns_the_board_and_clicks_still_work(window, qtbot) -> None:
    start(window, qtbot)
    red_king_y = window.board.point_of(sq("e0")).y()
    qtbot.keyClick(window, Qt.Key.Key_F)
    assert window.board.flipped
    assert window.board.point_of(sq("e0")).y() < red_king_y
    play(qtbot, window, "h2e2")
    assert moves(window)[:1] == ["h2e2"]


def test_undo_and_redo_by_shortcut(window, qtbot) -> None:
    start(window, qtbot)
    play(qtbot, window, "h2e2")
    qtbot.waitUntil(lambda: len(moves(window)) == 2, timeout=10_000)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert moves(window) == []
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert len(moves(window)) == 2 and window.controller.human_to_move()


def test_hint_shows_an_arrow(process_window, qtbot) -> None:
    window = process_window
    start(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: window.controller.hint is not None, timeout=10_000)
    hint = window.controller.hint
    assert window.controller.game.position.is_legal(hint)
    middle = (window.board.point_of(hint.from_sq) + window.board.point_of(hint.to_sq)) / 2
    image = window.board.grab().toImage()
    color = QColor(image.pixel(middle * window.board.devicePixelRatioF()))
    assert color.green() > color.red()     # the green arrow lies over the board between the points


def test_whole_game_to_mate_from_a_pasted_fen_with_result_dialog(process_window, qtbot, tmp_path) -> None:
    window = process_window
    window.engines.insert(0, fake_engine_spec("--script", str(script(tmp_path, MATE_REPLIES))))
    dialog = window.open_new_game_dialog()
    dialog.opponent.setCurrentIndex(0)
    dialog.fen.setText(MATE_FEN)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    for mine, expected in (("i0i9", 2), ("i9f9", 4)):
        play(qtbot, window, mine)
        qtbot.waitUntil(lambda expected=expected: len(moves(window)) == expected, timeout=10_000)
    play(qtbot, window, "a0a8")
    qtbot.waitUntil(lambda: bool(dialogs_of(window, ResultDialog)), timeout=5_000)
    result = dialogs_of(window, ResultDialog)[0]
    assert result.headline.text() == "Red wins" and "checkmate" in result.detail.text()
    assert moves(window) == ["i0i9", "e8f9", "i9f9", "d9d8", "a0a8"]
    assert window.board.banner is None and not window.controller.can_pick(sq("a8"))   # the dialog says it
    result.reject()
    assert window.board.banner   # once the dialog is closed the board says how it ended


def test_clock_running_out_ends_the_game(window, qtbot) -> None:
    start(window, qtbot, time_control=TimeControl(TimeControlKind.CLOCK, total_ms=300))
    qtbot.waitUntil(lambda: bool(dialogs_of(window, ResultDialog)), timeout=5_000)
    result = window.controller.game.result
    assert result.reason is EndReason.TIME_FORFEIT and result.winner is Color.BLACK


def test_engine_crash_mid_game_is_recovered_with_the_position_intact(qtbot, tmp_path) -> None:
    good = fake_engine_spec(name="Good fake")
    window = build(qtbot, tmp_path, [fake_engine_spec("--fault", "crash-in-search", name="Crashy"), good])
    start(window, qtbot, window.engines[0])
    play(qtbot, window, "h2e2")
    qtbot.waitUntil(lambda: any(isinstance(d, QMessageBox) for d in window.dialogs), timeout=10_000)
    box = next(d for d in window.dialogs if isinstance(d, QMessageBox))
    assert "engine" in box.text().lower()
    assert moves(window) == ["h2e2"] and not window.controller.game.is_over
    chooser = next(b for b in box.buttons() if b.text().startswith("Choose another"))
    chooser.click()
    engine_dialog = window.dialogs[-1]
    engine_dialog.setTextValue("Good fake")
    engine_dialog.accept()
    qtbot.waitUntil(lambda: len(moves(window)) == 2, timeout=10_000)
    assert moves(window)[0] == "h2e2" and window.controller.setup.engine == good
    close(qtbot, window)


def test_resume_after_a_simulated_kill(qtbot, tmp_path) -> None:
    first = build(qtbot, tmp_path)
    start(first, qtbot)
    play(qtbot, first, "h2e2")
    qtbot.waitUntil(lambda: len(moves(first)) == 2, timeout=10_000)
    fen = first.controller.game.position.fen()
    first.controller.shutdown()      # "killed": no close, no save beyond the per-move autosave
    second = build(qtbot, tmp_path)
    fallback = []
    assert second.offer_resume(second.controller.autosave, lambda: fallback.append(1))
    box = second.dialogs[-1]
    box.button(QMessageBox.StandardButton.Yes).click()
    assert second.controller.game.position.fen() == fen and fallback == []
    qtbot.waitUntil(lambda: second.controller.engine_ready, timeout=10_000)
    play(qtbot, second, "h0g2")
    qtbot.waitUntil(lambda: len(moves(second)) == 4, timeout=10_000)
    close(qtbot, second)
    close(qtbot, first)


def test_move_list_click_views_an_earlier_position_and_back(window, qtbot) -> None:
    start(window, qtbot)
    play(qtbot, window, "h2e2")
    qtbot.waitUntil(lambda: len(moves(window)) == 2, timeout=10_000)
    table = window.move_list.table
    rect = table.visualRect(table.model().index(0, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.controller.view_ply == 1
    assert window.controller.board_position().fen() == window.controller.game.position_at(1).fen()
    window.move_list.from_here_button.click()
    window.dialogs[-1].button(QMessageBox.StandardButton.Yes).click()
    assert moves(window) == ["h2e2"] or len(moves(window)) == 2   # engine may have replied again
    assert window.controller.view_ply is None


def test_the_first_size_fits_the_screen(qtbot) -> None:
    window = MainWindow(GameController(), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    room = window.screen().availableGeometry()
    assert window.width() <= room.width() and window.height() <= room.height()
    assert window.width() >= window.minimumSizeHint().width()
