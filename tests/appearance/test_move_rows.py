"""The move list keeps room beside an engine (issue 29 §2): at least 6 rows of moves at 800×600 and 14 at
1400×1000 in every mode — a game against an engine, analysis with 3 lines, a reviewed record (the
evaluation graph shown), an engine match — and a match shows no dock nobody asked for. Counted in the
running window as the user sees them: the rows drawn whole inside the list's viewport, with a record
longer than the list. The engines play inside the test's process (``in_process_engine``): these tests are
about the rows, not about engine processes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QTableView, QTreeWidget

from xiangqi.core import Color, Move, Position
from xiangqi.engine.retire import engines_retiring
from xiangqi.game.setup import GameSetup
from xiangqi.match.referee import Adjudication
from xiangqi.match.runner import MatchSettings, TimeControl
from xiangqi.record import Game
from xiangqi.review.evaluation import Evaluation, with_eval
from xiangqi.ui.match.match_ui import MatchUi
from xiangqi.ui.study.study_tools import StudyTools

import in_process_engine
import real_window
from real_window import fake_engine
from test_layout_modes import material_engine, settle, start_analysis, stop_analysis

shared_app_window = real_window.shared_app_window   # the fixtures
in_process_engines = in_process_engine.in_process_engines
pytestmark = pytest.mark.usefixtures("in_process_engines")


@pytest.fixture
def app_window(shared_app_window):
    """One window of each size for the module's tests: each leaves its mode (``leave_mode``) and puts the
    opponent's thinking back off."""
    return shared_app_window

ROWS_WANTED = {(800, 600): 6, (1024, 768): 9, (1400, 1000): 14}
RECORD_PLIES = 60   # 30 rows: more than any list shows
MODES = ("play", "analysis", "review", "match")
MEASURED: dict[tuple[str, int, int], int] = {}   # printed by -s: the report's numbers


def long_record(evaluations: bool = False) -> Game:
    """A legal game of ``RECORD_PLIES`` plies (each side's first quiet legal move that does not repeat)."""
    game = Game()
    node, position, seen = game.root, Position(), set()
    for ply in range(RECORD_PLIES):
        fresh = [m for m in position.legal_moves() if after(position, m) not in seen]
        move = next((m for m in fresh if not position.is_capture(m)), fresh[0])
        position.push(move)
        seen.add(position.zobrist)
        node = node.add_child(move)
        if evaluations:
            node.comment = with_eval("", Evaluation(cp=(ply % 7 - 3) * 40))
    return game


def after(position: Position, move: Move) -> int:
    position.push(move)
    key = position.zobrist
    position.pop()
    return key


def rows_seen(table: QTableView) -> int:
    """Rows of the table drawn whole inside its viewport; a list shorter than its room (a match's first
    moves) counts the rows its room holds (its rows have one fixed height)."""
    viewport = table.viewport().height()
    drawn = sum(1 for row in range(table.model().rowCount())
                if table.rowViewportPosition(row) >= 0
                and table.rowViewportPosition(row) + table.rowHeight(row) <= viewport)
    if drawn < table.model().rowCount():
        return drawn
    return viewport // table.verticalHeader().defaultSectionSize()


def enter_mode(qtbot, window, mode: str, tmp_path) -> object:
    """The window in ``mode`` with a long record in its move list; returns what must be stopped."""
    if mode == "review":
        window.controller.study.open_record(long_record(evaluations=True))
        study = window.findChild(StudyTools)
        study.refresh_graph()
        qtbot.waitUntil(lambda: study.graph.isVisible())
        return None
    window.controller.study.open_record(long_record())
    if mode == "play":   # the opponent's thinking shown (off by default): the most the column holds
        window.appearance_ui.store.set("appearance", "opponent_thinking", True)
        end = window.controller.game.record.mainline()[-1]
        window.controller.study.show_node(end)
        window.controller.study.play_from_here(GameSetup(engine=fake_engine(), human=Color.RED
                                                   if window.controller.board_position().turn is Color.RED
                                                   else Color.BLACK))
        qtbot.waitUntil(lambda: window.engine_panel.isVisible(), timeout=10_000)
        return None
    if mode == "analysis":
        return start_analysis(qtbot, window, material_engine(), 3)
    match = window.findChild(MatchUi)
    match.start(MatchSettings(specs=(fake_engine(), fake_engine()), time=TimeControl(movetime_ms=20), games=1,
                              adjudication=Adjudication(max_plies=RECORD_PLIES), pgn=tmp_path / "match.pgn"))
    qtbot.waitUntil(lambda: window.move_list.model.rowCount() >= 2, timeout=60_000)
    return match


def leave_mode(qtbot, window, mode: str, running: object) -> None:
    if isinstance(running, StudyTools):
        stop_analysis(qtbot, running)
    elif isinstance(running, MatchUi):
        running.stop()
        qtbot.waitUntil(lambda: not running.running, timeout=10_000)
        # its panel closed as a user closes it after a match (×): the next test on this window starts without it
        qtbot.mouseClick(running.panel.close_button, Qt.MouseButton.LeftButton)
    window.controller.shutdown()
    qtbot.waitUntil(lambda: not engines_retiring() and not window.controller.engines_running, timeout=10_000)
    window.appearance_ui.store.set("appearance", "opponent_thinking", False)   # as a new window has it


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size", list(ROWS_WANTED))
def test_the_move_list_keeps_its_rows_beside_the_engine(app_window, qtbot, tmp_path, mode, size) -> None:
    window = app_window(*size)
    settle(qtbot)
    docks_before = docks_shown(window)
    running = enter_mode(qtbot, window, mode, tmp_path)
    try:
        settle(qtbot)
        seen = MEASURED[(mode, *size)] = rows_seen(window.move_list.table)
        print(f"move rows seen: {mode} {size[0]}x{size[1]}: {seen}")
        assert seen >= ROWS_WANTED[size], (mode, size, seen)
        if mode == "match":
            assert docks_shown(window) == [], f"docks nobody asked for in a match: {docks_shown(window)}"
        if isinstance(running, StudyTools) and size >= (1024, 768):
            assert lines_seen(running.panel.tree) == 3, "every analysis line shows without scrolling"
    finally:
        leave_mode(qtbot, window, mode, running)
    settle(qtbot)
    assert docks_shown(window) == docks_before, "the docks put away for a match come back after it"


def docks_shown(window) -> list[str]:
    return [dock.windowTitle() for dock in window.findChildren(QDockWidget) if dock.isVisible()]


def lines_seen(tree: QTreeWidget) -> int:
    """Analysis lines drawn whole inside the tree's viewport."""
    viewport = tree.viewport().rect()
    return sum(1 for row in range(tree.topLevelItemCount())
               if viewport.contains(tree.visualItemRect(tree.topLevelItem(row))))


def test_the_opponents_thinking_shows_only_when_asked(app_window, qtbot) -> None:
    """Against the computer its score and lines are hidden by default (as lichess and 天天象棋 do); the
    View menu's toggle shows them, at once and remembered."""
    window = app_window(1024, 768, own="thinking")   # a new window: no engine area shown yet
    window.start_game(GameSetup(engine=fake_engine()))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    settle(qtbot)
    assert not window.engine_panel.isVisible() and not window.engine_area.isVisible()
    toggle = window.appearance_ui.menus.actions[("appearance", "opponent_thinking")][True]
    toggle.trigger()
    settle(qtbot)
    assert window.engine_panel.isVisible() and window.appearance_ui.store.settings.appearance.opponent_thinking
    toggle.trigger()
    settle(qtbot)
    assert not window.engine_panel.isVisible()
    window.controller.shutdown()
    qtbot.waitUntil(lambda: not window.controller.engines_running, timeout=10_000)


@pytest.mark.parametrize("size", [(800, 600), (1400, 1000)])
def test_the_match_table_shows_the_engines_names_whole(app_window, qtbot, tmp_path, size) -> None:
    """Issue 29 §4: the results table cut the engines' names ("Eleph…"); the reason gives way instead."""
    window = app_window(*size)
    match = window.findChild(MatchUi)
    names = ("ElephantEye 3.31", "Fairy-Stockfish 14")
    specs = tuple(replace(fake_engine(), name=name) for name in names)
    match.start(MatchSettings(specs=specs, time=TimeControl(movetime_ms=20), games=2,
                              adjudication=Adjudication(max_plies=4), pgn=tmp_path / "match.pgn"))
    table = match.panel.table
    try:
        qtbot.waitUntil(lambda: table.rowCount() >= 1, timeout=60_000)
        settle(qtbot)
        metrics = table.fontMetrics()
        for column in (1, 2):
            text = table.item(0, column).text()
            assert text in names
            assert table.columnWidth(column) >= metrics.horizontalAdvance(text), (text, table.columnWidth(column))
            assert table.columnViewportPosition(column) + table.columnWidth(column) <= table.viewport().width()
    finally:
        leave_mode(qtbot, window, "match", match)
