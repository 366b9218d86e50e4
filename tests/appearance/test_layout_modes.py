"""A layout designed around what the user does (issue 20): the board never changes size when the browse bar
or an engine panel appears; one engine area shows only the seats that are filled; analysis lines show
whole lines (≥ 8 moves at 1400×1000); a match's results table shows ≥ 5 rows; 800×600 and 1024×768 screens
hold the window with analysis on, the board keeping ≥ 60 % of the height; the arrangement is remembered
per screen size. Measured as the user sees it: where widgets are drawn and how much of their text shows.
The window is the one ``python -m xiangqi`` builds; the engines play inside the test's process
(``in_process_engine``, with the fake engines' handshakes), but Fairy-Stockfish's lines are its own."""

from __future__ import annotations

import shutil
import sys

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QApplication, QTreeWidget, QWidget

from xiangqi.core import Move
from xiangqi.engine.registry import EngineSpec, Protocol, discover_engines
from xiangqi.engine.retire import engines_retiring
from xiangqi.game.setup import GameSetup
from xiangqi.match.referee import Adjudication
from xiangqi.match.runner import MatchSettings, TimeControl
from xiangqi.record import Game
from xiangqi.ui.match.match_ui import MatchUi
from xiangqi.ui.engines.wrapped_lines import unbreakable_moves
from xiangqi.ui.study.study_tools import StudyTools

import in_process_engine
import real_window
from appearance_paths import REPO
from real_window import board_on_screen, fake_engine

app_window = real_window.app_window   # the fixtures
in_process_engines = in_process_engine.in_process_engines

MATERIAL_ENGINE = REPO / "tests" / "engine" / "fakes" / "material_engine.py"
FAIRY = "/usr/games/fairy-stockfish"
LINE_COLUMN = 3        # of the analysis tree
TEXT_MARGIN = 3        # px an item view keeps on each side of a text
RECORD = ("h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "c6c5", "g3g4", "b7b5")


def material_engine() -> EngineSpec:
    """tests/engine/fakes/material_engine.py: multi-PV and ``go infinite``, a real process."""
    return EngineSpec(name="Material", command=sys.executable, args=(str(MATERIAL_ENGINE),),
                      protocol=Protocol.UCCI, family="fake")


def record() -> Game:
    game = Game()
    node = game.root
    for iccs in RECORD:
        node = node.add_child(Move.from_iccs(iccs))
    return game


SETTLE_TURNS = 10   # event-loop turns; window_shape's chain (share_side, then fit) takes two


def settle(qtbot) -> None:
    """The side panels give way on the next event-loop turns (zero-delay timers, each turn may start the
    next one; layout requests are posted events): those turns run, without waiting for time to pass (it was
    a 100 ms wait: ~5 s of each run of the layout and move-row tests spent idle; measured, the row counts
    are the same, and these tests pass even with no turn here: board_on_screen and the waits run events)."""
    for _ in range(SETTLE_TURNS):
        QApplication.processEvents()


def start_analysis(qtbot, window, engine: EngineSpec, lines: int) -> StudyTools:
    study = window.findChild(StudyTools)
    assert study is not None
    window.set_engines([engine])
    study.panel.lines_box.setValue(lines)
    study.analyse_action.trigger()                              # Engine › Analyse
    qtbot.waitUntil(lambda: len(study.panel.line_texts()) == lines, timeout=20_000)
    return study


def stop_analysis(qtbot, study: StudyTools) -> None:
    study.set_analysing(False)
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


def on_window(window, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def moves_shown(tree: QTreeWidget, row: int) -> int:
    """How many moves of the row's line the user sees: the line's text laid out (wrapped at spaces, as
    drawn) in the line column's width, counted while it fits in the part of the row inside the view."""
    item = tree.topLevelItem(row)
    assert item is not None
    header = tree.header()
    row_rect = tree.visualItemRect(item)
    cell = QRect(header.sectionViewportPosition(LINE_COLUMN), row_rect.y(), header.sectionSize(LINE_COLUMN),
                 row_rect.height()).intersected(tree.viewport().rect())
    if cell.isEmpty():
        return 0
    words = [unbreakable_moves(move) for move in item.text(LINE_COLUMN).split()]   # whole moves, as drawn
    metrics = tree.fontMetrics()
    room = QRect(0, 0, cell.width() - 2 * TEXT_MARGIN, 100_000)
    shown = 0
    for count in range(1, len(words) + 1):
        laid_out = metrics.boundingRect(room, int(Qt.TextFlag.TextWordWrap), " ".join(words[:count]))
        if laid_out.height() > cell.height() or laid_out.width() > room.width():
            break
        shown = count
    return shown


@pytest.mark.parametrize("size", [(1280, 880), (1024, 768), (800, 600)])
def test_the_browse_bar_costs_the_board_nothing(app_window, qtbot, size) -> None:
    window = app_window(*size)
    window.controller.study.open_record(record())
    settle(qtbot)
    before = board_on_screen(window)
    table = window.move_list.table
    cell = window.move_list.index_for_ply(3)
    assert cell.isValid()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(cell).center())
    assert window.controller.view_ply == 3
    assert window.move_list.view_label.isVisible() and window.move_list.back_button.isEnabled()
    settle(qtbot)
    assert board_on_screen(window) == before, "showing an earlier move moved or resized the board"
    window.move_list.back_button.click()                        # 回到对局
    settle(qtbot)
    assert window.controller.view_ply is None
    assert board_on_screen(window) == before


@pytest.mark.usefixtures("in_process_engines")
def test_the_engine_area_is_there_only_while_an_engine_seat_is_filled(app_window, qtbot) -> None:
    window = app_window(1280, 880)
    window.appearance_ui.store.set("appearance", "opponent_thinking", True)   # 视图 › 显示对手的思考
    window.start_game(GameSetup(engine=None))                   # two players: no engine
    settle(qtbot)
    assert not window.engine_area.isVisible() and not window.engine_panel.isVisible()
    before = board_on_screen(window)
    window.start_game(GameSetup(engine=fake_engine()))          # against an engine: its panel, compact
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    settle(qtbot)
    assert window.engine_area.isVisible()
    assert window.engine_area.sections_shown() == [window.engine_panel]
    assert window.engine_area.height() < window.move_list.height(), "the opponent's panel stays compact"
    assert board_on_screen(window) == before, "the engine area appearing resized the board"
    window.start_game(GameSetup(engine=None))
    settle(qtbot)
    assert not window.engine_area.isVisible()
    assert board_on_screen(window) == before


@pytest.mark.usefixtures("in_process_engines")
@pytest.mark.parametrize("size", [(800, 600), (1024, 768)])
def test_a_small_screen_holds_the_window_with_analysis_on(app_window, qtbot, size) -> None:
    window = app_window(*size)
    settle(qtbot)
    before = board_on_screen(window)
    study = start_analysis(qtbot, window, material_engine(), 3)
    settle(qtbot)
    try:
        hint = window.minimumSizeHint()
        assert hint.width() <= 800 and hint.height() <= 600, hint
        assert (window.width(), window.height()) == size, "the window grew"
        assert board_on_screen(window) == before, "analysis resized the board"
        assert board_on_screen(window).height() >= 0.6 * window.height()
        panel = study.panel
        assert panel.isVisible() and window.engine_area.isVisible()
        for widget in (panel.engine_box, panel.lines_box, panel.pause_button, panel.close_button, panel.tree,
                       window.move_list.back_button, window.move_list.from_here_button):
            assert window.rect().contains(on_window(window, widget)), (widget, on_window(window, widget))
        assert all(moves_shown(panel.tree, row) == len(panel.line_texts()[row][LINE_COLUMN].split())
                   for row in range(3)), "every line shows all its moves"
    finally:
        stop_analysis(qtbot, study)
    settle(qtbot)
    assert not window.engine_area.isVisible()


@pytest.mark.fairy
@pytest.mark.slow
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_analysis_lines_show_at_least_eight_moves_at_1400x1000(app_window, qtbot) -> None:
    window = app_window(1400, 1000)
    fairy = next(spec for spec in discover_engines([]) if spec.family == "fairy-stockfish")
    study = start_analysis(qtbot, window, fairy, 3)
    try:
        qtbot.waitUntil(lambda: len(study.panel.line_texts()) == 3 and all(
            len(row[LINE_COLUMN].split()) >= 8 for row in study.panel.line_texts()), timeout=30_000)
        study.panel.pause_button.click()                         # 暂停: the lines stay as they are
        settle(qtbot)
        shown = [moves_shown(study.panel.tree, row) for row in range(3)]
        assert all(count >= 8 for count in shown), (shown, study.panel.line_texts())
    finally:
        stop_analysis(qtbot, study)


@pytest.mark.usefixtures("in_process_engines")
def test_a_match_table_shows_five_rows_at_1400x1000(app_window, qtbot, tmp_path) -> None:
    window = app_window(1400, 1000)
    settle(qtbot)
    match = window.findChild(MatchUi)
    assert match is not None
    window.start_game(GameSetup(engine=None))
    settle(qtbot)
    before = board_on_screen(window)
    match.start(MatchSettings(specs=(fake_engine(), fake_engine()), time=TimeControl(movetime_ms=20), games=6,
                              adjudication=Adjudication(max_plies=2), pgn=tmp_path / "match.pgn"))
    table = match.panel.table
    qtbot.waitUntil(lambda: table.rowCount() >= 5, timeout=60_000)
    match.stop()
    qtbot.waitUntil(lambda: not match.running, timeout=10_000)
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)
    settle(qtbot)
    assert window.engine_area.sections_shown() == [match.panel]
    viewport = table.viewport().height()
    rows_seen = [row for row in range(table.rowCount())
                 if table.rowViewportPosition(row) >= 0
                 and table.rowViewportPosition(row) + table.rowHeight(row) <= viewport]
    assert len(rows_seen) >= 5, (len(rows_seen), viewport)
    assert board_on_screen(window) == before, "the match panel resized the board"


@pytest.mark.usefixtures("in_process_engines")
def test_a_match_never_grows_the_window_past_an_800x600_screen(app_window, qtbot, tmp_path) -> None:
    window = app_window(800, 600)
    settle(qtbot)
    before = board_on_screen(window)
    match = window.findChild(MatchUi)
    assert match is not None
    match.start(MatchSettings(specs=(fake_engine(), fake_engine()), time=TimeControl(movetime_ms=20), games=2,
                              adjudication=Adjudication(max_plies=4), pgn=tmp_path / "match.pgn"))
    qtbot.waitUntil(lambda: match.panel.table.rowCount() >= 1, timeout=60_000)
    settle(qtbot)
    try:
        hint = window.minimumSizeHint()
        assert hint.width() <= 800 and hint.height() <= 600, hint
        assert (window.width(), window.height()) == (800, 600), "the window grew"
        assert board_on_screen(window).height() >= 0.6 * window.height()
        for widget in (match.panel.pause_button, match.panel.stop_button, window.engine_area):
            assert window.rect().contains(on_window(window, widget)), (widget, on_window(window, widget))
        assert board_on_screen(window) == before, "the match panel resized the board"
    finally:
        match.stop()
        qtbot.waitUntil(lambda: not match.running, timeout=10_000)
        qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


def test_the_arrangement_is_remembered_per_screen_size(app_window, qtbot, tmp_path) -> None:
    settings = QSettings(str(tmp_path / "window.ini"), QSettings.Format.IniFormat)
    window = app_window(1100, 760)
    window.shape.remember_in(settings)
    room = window.screen().availableGeometry()
    window.resize(700, 500)
    window.shape.side.setSizes([300, 100])
    window.shape.save()                                          # what closing the window does
    assert settings.childGroups() == ["window"]
    settings.beginGroup("window")
    assert settings.childGroups() == [f"{room.width()}x{room.height()}"], "kept under this screen's size"
    settings.endGroup()
    again = app_window(1280, 880)
    again.shape.remember_in(settings)
    qtbot.waitUntil(lambda: (again.width(), again.height()) == (700, 500), timeout=3_000)
    # another screen size has an arrangement of its own: this one's is not forced on it
    settings.beginGroup(again.shape.settings_group())
    settings.remove("")
    settings.endGroup()
    third = app_window(1280, 880)
    third.shape.remember_in(settings)
    QApplication.processEvents()
    assert (third.width(), third.height()) == (1280, 880)
    assert not third.shape.restored

