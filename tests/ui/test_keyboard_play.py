"""Keyboard play as a user without a mouse does it: a new game from Ctrl+N, moves typed into the move box
(Chinese through an input method, WXF and ICCS from the keys) and played with the board's keyboard cursor,
the result dialog closed with Escape — and what the screen-reader announcer said on the way. No mouse event
is sent anywhere in this file. The engine is the in-process scripted client (tests/ui/app_fakes.py): these
tests are about the keys, and test_window.py plays against the fake engine as a real process."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication, QWidget

from xiangqi.core import parse_square
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import SeatEngine
from xiangqi.game.autosave import AutosaveStore
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.play.new_game_dialog import NewGameDialog
from xiangqi.ui.play.result_dialog import ResultDialog
from xiangqi.ui.shell.main_window import MainWindow

from app_fakes import ScriptedClient, fake_engine_spec, first_legal, play

MATE_FEN = "3k5/4a4/3a5/9/9/9/9/9/9/R3K3R w - - 0 1"   # red mates in 3 against these replies
MATE_REPLIES = ["e8f9", "d9d8"]
CTRL = Qt.KeyboardModifier.ControlModifier
OPPONENT = "Scripted opponent"   # answers MATE_REPLIES, then the first legal move; any other engine: the first legal


def scripted_engine(spec: EngineSpec, owner: QObject) -> SeatEngine:
    """The engine of every seat, in this process: the opponent plays its script (restarted each game)."""
    replies = [play(iccs) for iccs in MATE_REPLIES] if spec.name == OPPONENT else [first_legal]
    return ScriptedClient(spec, owner, replies=replies)


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def type_text(qtbot, text: str) -> None:
    """Type into the focused widget: ASCII from the keys, Chinese as an input method commits it."""
    if text.isascii():
        qtbot.keyClicks(focused(), text)
    else:
        event = QInputMethodEvent("", [])
        event.setCommitString(text)
        QApplication.sendEvent(focused(), event)
    QApplication.processEvents()   # the completer's popup opens (and takes and gives back activation)


def press(qtbot, key: Qt.Key, times: int = 1, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    for _ in range(times):
        qtbot.keyClick(focused(), key, modifier)


def tab_to(qtbot, widget: QWidget) -> None:
    for _ in range(40):
        if widget.hasFocus():
            return
        press(qtbot, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {widget.objectName() or widget}")


def moves(window: MainWindow) -> list[str]:
    return [m.iccs() for m in window.controller.game.moves]


@pytest.fixture
def window(qtbot, tmp_path: Path):
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"), engine_factory=scripted_engine)
    w = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [fake_engine_spec(name=OPPONENT)])
    qtbot.addWidget(w)
    w.resize(1000, 800)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    w.board.setFocus(Qt.FocusReason.OtherFocusReason)   # where the app leaves it after a dialog
    yield w
    w.close()
    qtbot.waitUntil(lambda: not w.controller.engines_running, timeout=10_000)


def new_game_from_keyboard(qtbot, window: MainWindow, fen: str) -> None:
    """Ctrl+N, Tab to the FEN box, type it, Enter (the dialog's default button)."""
    with qtbot.waitSignal(window.dialog_opened, timeout=5_000) as opened:
        press(qtbot, Qt.Key.Key_N, modifier=CTRL)
    dialog = opened.args[0]
    assert isinstance(dialog, NewGameDialog)
    qtbot.waitUntil(lambda: dialog.isActiveWindow() and QApplication.focusWidget() is not None)
    tab_to(qtbot, dialog.fen)
    type_text(qtbot, fen)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog not in window.dialogs and window.controller.engine_ready, timeout=10_000)


def type_move(qtbot, window: MainWindow, text: str, plies_after: int) -> None:
    press(qtbot, Qt.Key.Key_L, modifier=CTRL)
    assert window.move_box.edit.hasFocus()
    type_text(qtbot, text)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(moves(window)) == plies_after, timeout=10_000)


def test_a_whole_game_against_the_engine_with_the_keyboard_alone(window: MainWindow, qtbot) -> None:
    said: list[str] = []
    window.announcer.announced.connect(said.append)
    new_game_from_keyboard(qtbot, window, MATE_FEN)
    assert window.controller.game.start_fen.startswith("3k5/4a4/3a5")
    type_move(qtbot, window, "车一进九", 2)          # Chinese, as an input method commits it
    type_move(qtbot, window, "R1.4", 4)              # WXF: the rook takes the advisor, check
    # the last move with the board's cursor: Ctrl+B wakes it on e3; to a0, pick up, up 8, drop
    press(qtbot, Qt.Key.Key_B, modifier=CTRL)
    board = window.board
    assert board.hasFocus() and board.keyboard_cursor.awake
    press(qtbot, Qt.Key.Key_Left, 4)
    press(qtbot, Qt.Key.Key_Down, 3)
    assert board.keyboard_cursor.square == parse_square("a0")
    press(qtbot, Qt.Key.Key_Return)
    assert board.selected == parse_square("a0")
    press(qtbot, Qt.Key.Key_Up, 8)
    assert moves(window) == ["i0i9", "e8f9", "i9f9", "d9d8"]   # ←/→ moved the cursor, not the replay
    press(qtbot, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: any(isinstance(d, ResultDialog) for d in window.dialogs), timeout=5_000)
    assert moves(window) == ["i0i9", "e8f9", "i9f9", "d9d8", "a0a8"]
    result = next(d for d in window.dialogs if isinstance(d, ResultDialog))
    assert result.headline.text() == "Red wins"
    qtbot.waitUntil(result.isActiveWindow)
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: result not in window.dialogs)
    moving = " (moving a0, Red 车)"
    assert said == [
        "Red 车一进九, check", "Engine: Black 士5退6", "Red 车一平四, takes 士, check", "Engine: Black 将4进1",
        "Board cursor: the arrow keys move it, Enter or Space picks up a piece and puts it down, Esc puts it back",
        "e3, empty", "d3, empty", "c3, empty", "b3, empty", "a3, empty", "a2, empty", "a1, empty", "a0, Red 车",
        "Picked up a0, Red 车", *(f"a{rank}, empty{moving}" for rank in range(1, 9)),
        "Red 车九进八, check", "Red wins, by checkmate"]


def test_a_wrong_entry_is_quoted_and_nothing_is_played(window: MainWindow, qtbot) -> None:
    said: list[str] = []
    window.announcer.announced.connect(said.append)
    new_game_from_keyboard(qtbot, window, "3k5/4a4/9/9/9/2R6/9/2R6/9/5K3 w - - 0 1")   # two rooks on file 七
    box = window.move_box
    for text, message, detail in (
            ("车七进一", "“车七进一” fits more than one move: 前车进一 / 后车进一. Say which piece (e.g. 前/后).",
             "ambiguous"),
            ("R7+1", "“R7+1” fits more than one move: 前车进一 / 后车进一. Say which piece (e.g. 前/后).", "c4c5"),
            ("车一进一", "“车一进一” is not a legal move in this position.", "no such rook"),
            ("xyz", "“xyz” is not a move: write it like 炮二平五, C2.5 or h2e2.", "cannot read 'xyz'")):
        press(qtbot, Qt.Key.Key_L, modifier=CTRL)
        type_text(qtbot, text)
        press(qtbot, Qt.Key.Key_Return)
        assert box.error.isVisible() and box.error.text() == message and said[-1] == message
        assert detail in box.error.toolTip()
        assert moves(window) == [] and box.edit.text() == text   # kept, to be corrected
        press(qtbot, Qt.Key.Key_Backspace)   # the text is selected: one key clears it
        assert box.edit.text() == ""
    type_move(qtbot, window, "后车进一", 2)
    assert moves(window)[0] == "c2c3" and not box.error.isVisible()


def test_the_completer_offers_the_legal_moves_in_every_notation(window: MainWindow, qtbot) -> None:
    new_game_from_keyboard(qtbot, window, "")
    press(qtbot, Qt.Key.Key_Slash)   # into the box: the list is written when it is about to be typed in
    offered = window.move_box.model.stringList()
    assert offered[0].startswith(("车", "马", "炮", "兵", "相", "仕", "帅"))   # the player's notation first
    assert {"炮二平五", "C2.5", "h2e2"} <= set(offered) and len(offered) == 44 * 3
    type_text(qtbot, "炮二")
    popup = window.move_box.completer.popup()
    qtbot.waitUntil(lambda: popup is not None and popup.isVisible())
    cannon = parse_square("h2")
    assert window.move_box.completer.completionCount() == sum(
        1 for m in window.controller.game.position.legal_moves() if m.from_sq == cannon)


def test_tab_reaches_the_board_whose_focus_frame_and_cursor_are_drawn(window: MainWindow, qtbot) -> None:
    new_game_from_keyboard(qtbot, window, "")
    board = window.board
    corner = board.board_geometry().board_rect().topLeft().toPoint() + QPoint(3, 3)
    press(qtbot, Qt.Key.Key_L, modifier=CTRL)   # away from the board: no frame
    unfocused = board.grab().toImage().pixelColor(corner * board.devicePixelRatioF())
    tab_to(qtbot, board)
    assert board.keyboard_cursor.awake   # Tab is the keyboard's way in: the cursor shows itself
    image = board.grab().toImage()
    assert image.pixelColor(corner * board.devicePixelRatioF()) != unfocused
    geo = board.board_geometry()
    edge = (geo.point(board.keyboard_cursor.square) + QPointF(geo.cell * 0.52, 0)).toPoint()
    press(qtbot, Qt.Key.Key_Escape)       # the cursor sleeps: ← and → step through the moves again
    assert not board.keyboard_cursor.awake and board.hasFocus()
    asleep = board.grab().toImage()
    ratio = board.devicePixelRatioF()
    assert image.pixelColor(edge * ratio) != asleep.pixelColor(edge * ratio)   # the cursor's outline was there
    assert asleep.pixelColor(corner * ratio) == image.pixelColor(corner * ratio)   # the frame stays with the focus


def test_the_window_announces_what_a_feature_asks(window: MainWindow, qtbot) -> None:
    with qtbot.waitSignal(window.announcer.announced) as said:
        window.announce("Wrong move: 车一进一", assertive=True)   # e.g. a puzzle's wrong answer
    assert said.args == ["Wrong move: 车一进一"]


def test_a_click_shows_no_focus_frame_until_a_key_is_pressed_on_the_board(window: MainWindow, qtbot) -> None:
    board = window.board
    corner = (board.board_geometry().board_rect().topLeft().toPoint() + QPoint(3, 3)) * board.devicePixelRatioF()
    board.clearFocus()
    plain = board.grab().toImage().pixelColor(corner)
    board.setFocus(Qt.FocusReason.MouseFocusReason)   # what a click on the board does
    assert board.hasFocus() and board.grab().toImage().pixelColor(corner) == plain
    press(qtbot, Qt.Key.Key_Escape)
    assert board.grab().toImage().pixelColor(corner) != plain


def test_down_lists_every_legal_move(window: MainWindow, qtbot) -> None:
    new_game_from_keyboard(qtbot, window, "")
    press(qtbot, Qt.Key.Key_L, modifier=CTRL)
    completer = window.move_box.completer
    press(qtbot, Qt.Key.Key_Down)                # nothing typed: every legal move
    popup = completer.popup()
    qtbot.waitUntil(lambda: popup is not None and popup.isVisible())
    assert completer.completionCount() == 44 * 3


def test_a_move_chosen_in_the_completer_is_played_with_enter(window: MainWindow, qtbot) -> None:
    new_game_from_keyboard(qtbot, window, "")
    press(qtbot, Qt.Key.Key_L, modifier=CTRL)
    completer = window.move_box.completer
    type_text(qtbot, "炮二")
    popup = completer.popup()
    qtbot.waitUntil(lambda: popup is not None and popup.isVisible())
    first = completer.currentCompletion()
    assert first.startswith("炮二")
    qtbot.keyClick(popup, Qt.Key.Key_Down)       # an open popup has the keyboard: its first entry
    assert window.move_box.edit.text() == first
    qtbot.keyClick(popup, Qt.Key.Key_Return)     # Enter plays it
    assert moves(window)[:1] == ["h2h3"] and first == "炮二进一"
    qtbot.waitUntil(lambda: window.move_box.edit.text() == "")   # the box is empty for the next move


def test_the_hint_key_says_the_engines_suggestion(window: MainWindow, qtbot) -> None:
    said: list[str] = []
    window.announcer.announced.connect(said.append)
    window.engines.insert(0, fake_engine_spec(name="Hint engine"))   # a legal move (the hint), not the script
    new_game_from_keyboard(qtbot, window, MATE_FEN)
    with qtbot.waitSignal(window.announcer.announced, timeout=10_000,
                          check_params_cb=lambda text: text.startswith("Hint: ")):
        press(qtbot, Qt.Key.Key_H)
    hint = window.controller.hint
    written = window.announcer.wording().move_text(window.controller.game.position, hint) if hint else ""
    assert hint is not None and said[-1] == f"Hint: {written}" and written.startswith("车")
