"""Game › Engine match… used like a user: the dialog sets up a match between two scripted fake engines
(real processes), the board and the dock follow it, the results table and the PGN file fill up; an engine
that crashes loses its game and the match goes on."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from xiangqi.core.notation import Notation
from xiangqi.engine.registry import EngineSpec
from xiangqi.game.setup import GameSetup
from xiangqi.engine.retire import engines_retiring
from xiangqi.record.pgn_file import PgnFile
from xiangqi.play.controller import GameController
from xiangqi.ui.common.i18n import install_translator
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.match.match_dialog import MatchDialog
from xiangqi.ui.match.match_ui import MatchUi, install_match_ui

from app_fakes import fake_engine_spec
from qt_waits import drain_event_loop

# The fakes play the first legal move; the draw after 4 moves (8 plies) ends each game quickly.


def build(qtbot: QtBot, engines: list[EngineSpec]) -> tuple[MainWindow, MatchUi]:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), engines)
    qtbot.addWidget(window)
    ui = install_match_ui(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    return window, ui


def choose(box: object, text: str) -> None:
    index = box.findText(text)  # type: ignore[attr-defined]
    assert index >= 0, text
    box.setCurrentIndex(index)  # type: ignore[attr-defined]


def open_match_dialog(qtbot: QtBot, window: MainWindow, ui: MatchUi) -> MatchDialog:
    assert ui.action in window.game_menu.actions()
    ui.action.trigger()
    dialog = window.findChild(MatchDialog)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def set_up(dialog: MatchDialog, a: str, b: str, pgn: Path, games: int = 2) -> None:
    choose(dialog.engine_a, a)
    choose(dialog.engine_b, b)
    dialog.movetime.setValue(50)
    dialog.games.setValue(games)
    dialog.length_check.setChecked(True)
    dialog.length_moves.setValue(4)   # 8 plies, then a draw by adjudication
    dialog.pgn.setText(str(pgn))


def start(dialog: MatchDialog) -> None:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def table_rows(ui: MatchUi) -> list[list[str]]:
    table = ui.panel.table
    return [[item.text() if (item := table.item(row, column)) is not None else ""
             for column in range(table.columnCount())] for row in range(table.rowCount())]


def finish(qtbot: QtBot, ui: MatchUi) -> None:
    qtbot.waitUntil(lambda: not ui.running, timeout=60_000)
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


def test_a_two_game_match_fills_the_table_and_the_pgn(qtbot: QtBot, tmp_path: Path) -> None:
    engines = [fake_engine_spec(name="First"), fake_engine_spec(name="Second")]
    window, ui = build(qtbot, engines)
    dialog = open_match_dialog(qtbot, window, ui)
    pgn = tmp_path / "out" / "match.pgn"
    pgn.parent.mkdir()
    set_up(dialog, "First", "Second", pgn)
    start(dialog)
    assert ui.panel.isVisible()
    # The board follows the game: the record shown grows while the match plays.
    qtbot.waitUntil(lambda: window.controller.game.head.ply >= 2, timeout=30_000)
    finish(qtbot, ui)
    rows = table_rows(ui)
    assert [row[:3] for row in rows] == [["1", "First", "Second"], ["2", "Second", "First"]]
    assert [row[3:5] for row in rows] == [["1/2-1/2", "8"]] * 2, rows
    assert "1 / 2 (50.0%), +0 =2 -0" in ui.panel.summary.text()
    assert "Elo +0" in ui.panel.summary.text()
    assert ui.panel.status.text() == "Match finished"
    games = list(PgnFile.open(pgn).games())
    assert [(g.headers["Red"], g.headers["Black"], g.result) for g in games] == [
        ("First", "Second", "1/2-1/2"), ("Second", "First", "1/2-1/2")]
    assert all(len(g.mainline_moves()) == 8 for g in games)
    # The engines' lines were shown in the dock under their names and colours.
    assert ui.panel.panels[0].name_label.text() == "First (black)"   # game 2: A had black
    assert window.controller.game.head.ply == 8   # the board shows the last game's end


def test_a_crashing_engine_loses_its_game_and_the_match_goes_on(qtbot: QtBot, tmp_path: Path) -> None:
    engines = [fake_engine_spec("--fault", "crash-in-search", name="Crasher"), fake_engine_spec(name="Healthy")]
    window, ui = build(qtbot, engines)
    dialog = open_match_dialog(qtbot, window, ui)
    pgn = tmp_path / "crash.pgn"
    set_up(dialog, "Crasher", "Healthy", pgn)
    start(dialog)
    finish(qtbot, ui)
    rows = table_rows(ui)
    assert [row[3] for row in rows] == ["0-1", "1-0"]      # the crasher lost as red, then as black
    assert all("Crasher" in row[5] and "failed" in row[5] for row in rows)
    assert "0 / 2 (0.0%), +0 =0 -2" in ui.panel.summary.text()
    assert "Elo -∞" in ui.panel.summary.text()      # not the command line's "-inf"
    games = list(PgnFile.open(pgn).games())
    assert [g.result for g in games] == ["0-1", "1-0"]
    assert [g.headers["Termination"] for g in games] == ["abandoned", "abandoned"]


def test_pause_holds_the_next_move_and_stop_ends_the_match(qtbot: QtBot, tmp_path: Path) -> None:
    engines = [fake_engine_spec(name="One"), fake_engine_spec(name="Two")]
    window, ui = build(qtbot, engines)
    dialog = open_match_dialog(qtbot, window, ui)
    set_up(dialog, "One", "Two", tmp_path / "paused.pgn", games=4)
    dialog.length_check.setChecked(False)
    start(dialog)
    qtbot.waitUntil(lambda: window.controller.game.head.ply >= 2, timeout=30_000)
    ui.panel.pause_button.click()
    runner = ui.runner
    assert runner is not None
    qtbot.waitUntil(runner.holding, timeout=30_000)   # the move thought about when pausing has arrived
    held = window.controller.game.head.ply
    # No engine is asked while held: the board's next request returned without a search. A round trip
    # through the event loop lets anything already queued arrive; the board stays where it was.
    drain_event_loop(qtbot)
    assert window.controller.game.head.ply == held and runner.holding()
    ui.panel.pause_button.click()
    qtbot.waitUntil(lambda: window.controller.game.head.ply > held, timeout=10_000)
    ui.panel.stop_button.click()
    finish(qtbot, ui)
    assert ui.panel.status.text() == "Match stopped"
    assert not (tmp_path / "paused.pgn").exists()   # no game had finished


def test_the_dialog_refuses_a_missing_opening_file(qtbot: QtBot, tmp_path: Path) -> None:
    window, ui = build(qtbot, [fake_engine_spec(name="One")])
    dialog = open_match_dialog(qtbot, window, ui)
    assert dialog.engine_a.itemText(0) == "Built-in engine level 1"
    dialog.opening_kind.setCurrentIndex(1)
    dialog.opening_file.setText(str(tmp_path / "missing.pgn"))
    start(dialog)
    assert dialog.isVisible() and "missing.pgn" in dialog.error.text()
    assert not ui.running


def test_a_game_started_during_the_match_keeps_the_board(qtbot: QtBot, tmp_path: Path) -> None:
    engines = [fake_engine_spec(name="One"), fake_engine_spec(name="Two")]
    window, ui = build(qtbot, engines)
    dialog = open_match_dialog(qtbot, window, ui)
    set_up(dialog, "One", "Two", tmp_path / "side.pgn", games=1)
    start(dialog)
    qtbot.waitUntil(lambda: window.controller.game.head.ply >= 2, timeout=30_000)
    window.start_game(GameSetup(engine=None))   # the user turns to a game of their own
    finish(qtbot, ui)
    assert table_rows(ui)[0][3:5] == ["1/2-1/2", "8"]   # the match's game went on in the dock to its end
    assert window.controller.game.head.ply == 0      # and left the user's game alone
    assert not ui.watching()


def test_a_clock_match_shows_the_time_left(qtbot: QtBot, tmp_path: Path) -> None:
    window, ui = build(qtbot, [fake_engine_spec(name="One"), fake_engine_spec(name="Two")])
    dialog = open_match_dialog(qtbot, window, ui)
    set_up(dialog, "One", "Two", tmp_path / "clock.pgn", games=1)
    dialog.time_kind.setCurrentIndex(1)
    dialog.base.setValue(60)
    dialog.increment.setValue(1)
    start(dialog)
    qtbot.waitUntil(lambda: "Red 1:0" in ui.panel.status.text(), timeout=30_000)   # 60 s + 1 s a move
    assert "Game 1 of 1" in ui.panel.status.text() and "Black " in ui.panel.status.text()
    finish(qtbot, ui)
    games = list(PgnFile.open(tmp_path / "clock.pgn").games())
    assert games[0].headers["TimeControl"] == "60+1"


def test_built_in_levels_are_named_in_the_ui_language(qapp, qtbot: QtBot, tmp_path: Path) -> None:
    """The name chosen goes into the dock, the results table and the PGN: Chinese in the Chinese UI."""
    install_translator(qapp, "zh_CN")
    try:
        dialog = MatchDialog([fake_engine_spec(name="One")], None, Notation.CHINESE)
        qtbot.addWidget(dialog)
        dialog.pgn.setText(str(tmp_path / "m.pgn"))
        assert dialog.engine_a.itemText(0) == "内置引擎 1 级"
        dialog.accept()
        assert [spec.name for spec in dialog.settings().specs] == ["内置引擎 1 级", "内置引擎 2 级"]
    finally:
        install_translator(qapp, "en")
