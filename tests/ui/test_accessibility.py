"""Screen readers: the accessibility tree Qt exposes for the window (names and roles of the board, move
input, move list, clocks and engine area, found by walking the tree from the window as Orca does), the
announcements' wording in each UI language, View › Describe the position, the larger-text setting and the
high-contrast board theme."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface, QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.setup import GameSetup
from xiangqi.play.announce import Wording
from xiangqi.play.controller import GameController
from xiangqi.resources import assets_dir
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.board.themes import ThemeLibrary
from xiangqi.ui.common.i18n import install_translator
from xiangqi.ui.common.contrast import set_high_contrast
from xiangqi.ui.common.text_size import set_text_size
from xiangqi.ui.shell.main_window import MainWindow

from app_fakes import ScriptedClient, fake_engine_spec

CHECK_FEN = "4k4/9/9/9/9/9/4P4/7C1/9/4K4 w - - 0 1"   # 炮二平五 checks through the pawn on e3
Role = QAccessible.Role
NAME = QAccessible.Text.Name


@pytest.fixture
def window(qtbot, tmp_path: Path):
    install_translator(QApplication.instance(), "en")   # whatever language an earlier test left
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"),   # the engine: in this process
                                engine_factory=lambda spec, owner: ScriptedClient(spec, owner))
    w = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [fake_engine_spec()])
    qtbot.addWidget(w)
    w.resize(1000, 800)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()
    qtbot.waitUntil(lambda: not w.controller.engines_running, timeout=10_000)


def tree(interface: QAccessibleInterface, depth: int = 0) -> Iterator[QAccessibleInterface]:
    yield interface
    if depth < 30:
        for index in range(interface.childCount()):
            child = interface.child(index)
            if child is not None and child.isValid():
                yield from tree(child, depth + 1)


def node_of(root: QAccessibleInterface, widget: QWidget) -> QAccessibleInterface:
    found = [node for node in tree(root) if node.object() is widget]
    assert found, f"{widget.objectName() or type(widget).__name__} is not in the accessibility tree"
    return found[0]


def test_the_window_parts_have_names_and_roles_in_the_accessibility_tree(window: MainWindow, qtbot) -> None:
    window.set_opponent_thinking(True)   # the opponent's panel, named in the tree
    window.start_game(GameSetup(engine=fake_engine_spec()))
    qtbot.waitUntil(lambda: window.controller.engine_ready and window.engine_area.isVisible(), timeout=10_000)
    root = QAccessible.queryAccessibleInterface(window)
    assert root is not None and root.role() == Role.Window
    seen = {}
    for label, widget in (("Board", window.board), ("Move input", window.move_box.edit),
                          ("Moves", window.move_list), ("Clocks", window.clock_view),
                          ("Engine", window.engine_area)):
        node = node_of(root, widget)
        assert node.text(NAME) == label
        seen[label] = node.role()
    assert seen["Move input"] == Role.EditableText
    assert seen["Board"] == Role.Client and seen["Clocks"] == Role.Client
    moves_view = [node for node in tree(node_of(root, window.move_list)) if node.role() in (Role.Table, Role.Tree,
                                                                                            Role.List)]
    assert moves_view and moves_view[0].text(NAME) == "Moves"   # the view inside, whatever kind it is
    red_clock = node_of(root, window.clock_view.labels[next(iter(window.clock_view.labels))])
    assert red_clock.role() == Role.StaticText and red_clock.text(NAME) == "Red"
    assert red_clock.text(QAccessible.Text.Description) == "Red's clock"
    board = node_of(root, window.board)
    assert board.text(QAccessible.Text.Description).startswith("Red: 帅 e0, 车 a0, 车 i0")   # the position
    assert board.state().focusable


def test_describe_the_position_reads_every_piece_by_side(window: MainWindow, qtbot) -> None:
    said: list[str] = []
    window.announcer.announced.connect(said.append)
    window.start_game(GameSetup(engine=None, start_fen=CHECK_FEN))
    window.board.setFocus()
    qtbot.keyClick(window.board, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert said == ["Red: 帅 e0, 炮 h2, 兵 e3; Black: 将 e9; Red to move"]
    window.set_notation(Notation.WXF)
    window.announcer.describe_action.trigger()
    assert said[-1] == "Red: king e0, cannon h2, pawn e3; Black: king e9; Red to move"


@pytest.mark.parametrize(("language", "expected"), [
    ("zh_CN", ["红方 炮二平五，将军", "红方：帅 e0，炮 e2，兵 e3；黑方：将 e9；黑方走棋"]),
    ("zh_TW", ["紅方 炮二平五，將軍", "紅方：帥 e0，炮 e2，兵 e3；黑方：將 e9；黑方走棋"]),
    ("en", ["Red 炮二平五, check", "Red: 帅 e0, 炮 e2, 兵 e3; Black: 将 e9; Black to move"]),
])
def test_announcements_speak_the_ui_language(window: MainWindow, qtbot, language: str, expected: list[str]) -> None:
    app = QApplication.instance()
    install_translator(app, language)
    try:
        said: list[str] = []
        window.announcer.announced.connect(said.append)
        window.start_game(GameSetup(engine=None, start_fen=CHECK_FEN))
        window.board.setFocus()
        window.move_box.focus()
        qtbot.keyClicks(window.move_box.edit, "h2e2")
        qtbot.keyClick(window.move_box.edit, Qt.Key.Key_Return)
        window.announcer.describe_position()
        assert said == expected
    finally:
        install_translator(app, "en")


def test_a_capture_and_the_engines_reply_are_worded_in_the_notation_chosen() -> None:
    position = Position("4k4/9/9/9/9/9/4P4/1C5r1/9/4K4 b - - 0 1")
    capture = Move.from_iccs("h2b2")
    assert Wording(Notation.WXF).move(position, capture, by_engine=True) == "Engine: Black R8.2, takes cannon"
    assert Wording(Notation.ICCS).move(position, capture) == "Black h2b2, takes cannon"
    assert Wording(Notation.CHINESE, traditional=True).move(position, capture) == "Black 車8平2, takes 炮"
    assert Wording().square(position, capture.from_sq) == "h2, Black 车"
    assert Wording().cannot_move(capture.from_sq, capture.to_sq) == "h2–b2 cannot move there"


def test_larger_text_scales_the_application_font(window: MainWindow, qtbot) -> None:
    before = QApplication.font().pointSizeF()
    try:
        set_text_size(150)
        assert QApplication.font().pointSizeF() == pytest.approx(before * 1.5)
        qtbot.waitUntil(lambda: window.move_box.edit.font().pointSizeF() == pytest.approx(before * 1.5))
        window.resize(800, 600)
        qtbot.waitUntil(lambda: window.width() <= 800 and window.height() <= 600)
        assert window.minimumSizeHint().width() <= 800 and window.board.width() >= 270
        clocks = list(window.clock_view.labels.values())
        for part in (window.move_box.edit, window.move_box.label, *clocks, window.move_list, window.board):
            assert part.visibleRegion().boundingRect() == part.rect(), part   # nothing cut off
    finally:
        set_text_size(100)
    assert QApplication.font().pointSizeF() == pytest.approx(before)


def test_the_high_contrast_board_theme_loads_with_opaque_marks() -> None:
    library = ThemeLibrary.load(assets_dir())
    assert "high_contrast" in library.boards and not [e for e in library.errors if "high_contrast" in e]
    theme = library.board("high_contrast")
    assert theme.background == QColor("#000000") and theme.line == QColor("#ffffff")
    assert all(color.alpha() == 255 for color in (theme.highlight, theme.hint, theme.check))
    assert theme.name("zh_CN") == "高对比度"


def test_high_contrast_colours_turn_the_window_white_on_black_and_back(window: MainWindow, qtbot) -> None:
    system = QApplication.palette().color(QPalette.ColorRole.Window)
    try:
        set_high_contrast(True)
        qtbot.waitUntil(lambda: window.move_list.palette().color(QPalette.ColorRole.Window) == QColor("#000000"))
        palette = window.move_box.edit.palette()
        assert palette.color(QPalette.ColorRole.Text) == QColor("#ffffff")
        assert palette.color(QPalette.ColorRole.Highlight) == QColor("#ffff00")
        qtbot.waitUntil(lambda: "#ff8a80" in window.move_box.error.styleSheet())   # a red that reads on black
    finally:
        set_high_contrast(False)
    qtbot.waitUntil(lambda: window.move_list.palette().color(QPalette.ColorRole.Window) == system)
    assert "#b00020" in window.move_box.error.styleSheet()


def test_stepping_through_the_moves_says_each_move_shown(window: MainWindow, qtbot) -> None:
    window.start_game(GameSetup(engine=None))
    for text in ("h2e2", "h7e7"):
        window.move_box.focus()
        qtbot.keyClicks(window.move_box.edit, text)
        qtbot.keyClick(window.move_box.edit, Qt.Key.Key_Return)
    said: list[str] = []
    window.announcer.announced.connect(said.append)
    for ply in (1, 0, 2):   # what the replay's ←, Home and End do
        window.controller.study.view(ply)
    assert said == ["Move 1: Red 炮二平五", "Start position", "Move 1: Black 炮8平5"]
