"""The study tools in the main window, used like a user: Engine › Analyse on a record being browsed
(following the shown position, a clicked line played as a variation, closing the lines stops the engine),
the evaluation graph under the move list (click to jump) and Game › Review writing into the record."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QPoint, Qt
from pytestqt.qtbot import QtBot

from xiangqi.core import Move
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, SeatEngine
from xiangqi.engine.retire import engines_retiring
from xiangqi.record import Game
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.study.review_dialog import ReviewDialog
from xiangqi.ui.study.study_tools import StudyTools, install_study_ui

from app_fakes import ScriptedClient
from study_support import logged_commands, material_spec, quick_analysis_redraws  # noqa: F401 (a fixture, used below)

pytestmark = pytest.mark.usefixtures("quick_analysis_redraws")

RECORD = ("h2e2", "h7h2", "b2h2", "h9g7")   # black's second move hangs a cannon (see test_study_review)


def record(evals: tuple[str, ...] = ()) -> Game:
    game = Game()
    node = game.root
    for index, iccs in enumerate(RECORD):
        node = node.add_child(Move.from_iccs(iccs), f"[%eval {evals[index]}]" if evals else "")
    return game


def build(qtbot: QtBot, tmp_path: Path, game_engine: EngineFactory | None = None
          ) -> tuple[MainWindow, StudyTools, Path]:
    """The window with the study tools, analysing with the material engine (a process, logging to ``engine.log``);
    ``game_engine`` makes the engine a game is played against (default: the same process)."""
    log = tmp_path / "engine.log"
    window = MainWindow(GameController(None, engine_factory=game_engine), FallbackBoardTheme(), FallbackPieceSet(),
                        [material_spec("--log", str(log))])
    qtbot.addWidget(window)
    study = install_study_ui(window)
    window.resize(1100, 800)
    window.show()
    qtbot.waitExposed(window)
    return window, study, log


def scripted_opponent(spec: EngineSpec, owner: QObject) -> SeatEngine:
    """The game's opponent in this process (app_fakes.ScriptedClient: the first legal move, a score each)."""
    return ScriptedClient(spec, owner)


def stop_engines(qtbot: QtBot, study: StudyTools) -> None:
    study.set_analysing(False)
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=5000)


def test_analysis_follows_the_record_and_stops_when_closed(qtbot: QtBot, tmp_path: Path) -> None:
    window, study, log = build(qtbot, tmp_path)
    game = record()
    window.controller.study.open_record(game)
    study.analyse_action.trigger()                     # Engine › Analyse
    assert study.panel.isVisible() and window.engine_area.isVisible()
    qtbot.waitUntil(lambda: study.panel.line_texts() != [], timeout=10_000)
    window.controller.study.show_node(game.mainline()[0])     # the user steps to the first move
    qtbot.waitUntil(lambda: logged_commands(log).count("go infinite") == 2, timeout=10_000)
    assert study.analyser is not None and study.analyser.position is not None
    assert study.analyser.position.fen() == window.controller.board_position().fen()
    study.panel.close_button.click()                   # the analysis's close button (×)
    qtbot.waitUntil(lambda: "quit" in logged_commands(log), timeout=10_000)
    assert not study.analyse_action.isChecked() and study.analyser is None
    stop_engines(qtbot, study)


def test_clicking_a_line_plays_it_as_a_variation(qtbot: QtBot, tmp_path: Path) -> None:
    window, study, _log = build(qtbot, tmp_path)
    game = record()
    window.controller.study.open_record(game)
    first = game.mainline()[0]
    window.controller.study.show_node(first)            # after 1. 炮二平五: black to move
    study.analyse_action.trigger()
    qtbot.waitUntil(lambda: study.panel.line_texts() != [], timeout=10_000)
    item = study.panel.tree.topLevelItem(0)
    assert item is not None
    line = study.panel._lines[0]
    qtbot.mouseClick(study.panel.tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=study.panel.tree.visualItemRect(item).center())
    moves = [child.move for child in first.children]
    assert moves[0] == Move.from_iccs("h7h2") and line[0] in moves[1:]   # a variation, the main line kept
    shown = window.controller.game.cursor
    assert shown.moves() == [first.move, line[0]]         # the analysed position stays in view, one move on
    assert [node.move for node in shown.line()] == list(line[1:])   # the rest waits in the record
    assert "variation" in window.statusBar().currentMessage()
    assert [node.move for node in game.mainline()] == [Move.from_iccs(m) for m in RECORD]
    stop_engines(qtbot, study)


def test_the_graph_shows_evaluations_and_jumps(qtbot: QtBot, tmp_path: Path) -> None:
    window, study, _log = build(qtbot, tmp_path)
    assert not study.graph.isVisible()
    game = record(("0.50", "4.50", "5.50", "#3"))
    window.controller.study.open_record(game)
    assert study.graph.isVisible()
    assert study.graph.values == [None, 0.5, 4.5, 5.5, 10.0]
    spot = study.graph.point_of_ply(2)
    qtbot.mouseClick(study.graph.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(round(spot.x()), 50))
    assert window.controller.game.cursor is game.mainline()[1]
    assert {p.x() for p in study.graph.marker.points()} == {2.0}


def test_the_analysing_engine_is_chosen_apart_from_the_opponent(qtbot: QtBot, tmp_path: Path) -> None:
    window, study, _log = build(qtbot, tmp_path)
    window.controller.study.open_record(record())
    study.analyse_action.trigger()
    qtbot.waitUntil(lambda: study.panel.line_texts() != [], timeout=10_000)
    names = [study.panel.engine_box.itemText(i) for i in range(study.panel.engine_box.count())]
    assert names[0] == "Material" and len(names) == 2          # the registry's engines + the built-in one
    study.panel.engine_box.setCurrentIndex(1)
    study.panel.engine_box.activated.emit(1)                   # as a user picks it from the list
    assert study.analyser is not None and study.analyser.spec.family == "builtin"
    qtbot.waitUntil(lambda: study.panel.line_texts() != [] and study.analyser is not None
                    and study.analyser.running, timeout=20_000)
    assert window.controller.seats == {}                       # no opponent: analysis has its own seat
    stop_engines(qtbot, study)


def test_the_graph_follows_the_engines_scores_in_a_game(qtbot: QtBot, tmp_path: Path) -> None:
    from xiangqi.game.setup import GameSetup

    window, study, _log = build(qtbot, tmp_path, scripted_opponent)   # its scores, in this process
    window.start_game(GameSetup(engine=material_spec()))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    window.controller.try_move(Move.from_iccs("h2e2"))
    qtbot.waitUntil(lambda: window.controller.game.ply == 2, timeout=10_000)
    assert study.graph.isVisible()
    assert study.graph.values[2] is not None and study.graph.values[1] is None   # the engine's own move
    window.controller.shutdown()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=5000)


def test_a_line_clicked_during_a_game_asks_first(qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QMessageBox

    from xiangqi.game.setup import GameSetup

    window, study, _log = build(qtbot, tmp_path, scripted_opponent)   # the analysis: the material engine
    window.start_game(GameSetup(engine=material_spec()))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    study.analyse_action.trigger()
    qtbot.waitUntil(lambda: study.panel.line_texts() != [], timeout=10_000)
    item = study.panel.tree.topLevelItem(0)
    assert item is not None
    line = study.panel._lines[0]
    with qtbot.waitSignal(window.dialog_opened) as opened:
        qtbot.mouseClick(study.panel.tree.viewport(), Qt.MouseButton.LeftButton,
                         pos=study.panel.tree.visualItemRect(item).center())
    box = opened.args[0]
    assert isinstance(box, QMessageBox) and window.controller.game.record.root.children == []
    box.button(QMessageBox.StandardButton.Yes).click()
    assert window.controller.game.cursor.moves() == list(line[:1])
    window.controller.shutdown()
    stop_engines(qtbot, study)


def test_analysis_follows_a_position_from_the_editor(qtbot: QtBot, tmp_path: Path) -> None:
    from xiangqi.game.setup import GameSetup
    from xiangqi.ui.record.record_actions import install_record_ui

    window, study, log = build(qtbot, tmp_path)
    record_ui = install_record_ui(window)
    window.last_setup = GameSetup(engine=None)              # two players: the edited position is studied
    study.analyse_action.trigger()
    qtbot.waitUntil(lambda: study.panel.line_texts() != [], timeout=10_000)
    edited = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"          # the editor's OK: a new record from this position
    record_ui.start_from(edited)
    qtbot.waitUntil(lambda: logged_commands(log).count("go infinite") == 2, timeout=10_000)
    assert study.analyser is not None and study.analyser.position is not None
    assert study.analyser.position.fen() == edited
    qtbot.waitUntil(lambda: study.panel.line_texts() != [], timeout=10_000)
    stop_engines(qtbot, study)


def test_a_review_writes_the_record_its_summary_closes_on_another_game_and_its_pgn_comes_back(
        qtbot: QtBot, tmp_path: Path) -> None:
    """One review (an engine process and its searches) for three checks: Game › Review… writes the record
    and the graph; the review's summary closes when the user opens another game; the reviewed record saved
    as PGN and opened again has the same marks and graph."""
    from xiangqi.core.notation import Notation
    from xiangqi.ui.record.record_actions import install_record_ui

    window, study, _log = build(qtbot, tmp_path)
    record_ui = install_record_ui(window)
    game = record()
    window.controller.study.open_record(game)
    with qtbot.waitSignal(window.dialog_opened) as opened:
        study.review_action.trigger()                  # Game › Review…
    dialog = opened.args[0]
    assert isinstance(dialog, ReviewDialog)
    dialog.time_box.setValue(50)
    with qtbot.waitSignal(dialog.reviewed, timeout=20_000):
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert game.mainline()[1].nags == [4]              # ??
    assert study.graph.isVisible() and len(study.graph.values) == len(RECORD) + 1
    qtbot.waitUntil(dialog.isVisible, timeout=5000)   # the summary
    assert record_ui.link.modified                     # the review is an edit: Save keeps it
    values, dots = list(study.graph.values), study.graph.dots["??"].count()
    saved = tmp_path / "reviewed.pgn"
    assert record_ui.save_as_file(saved, Notation.CHINESE)
    window.controller.study.open_record(Game())        # the user opens another game, then the file again
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)   # the summary closed with the reviewed game
    assert not study.graph.isVisible()
    assert record_ui.open_file(saved)
    reopened = window.controller.game.record
    assert reopened.mainline()[1].nags == [4]
    assert study.graph.isVisible() and study.graph.values == values and dots == 1
    assert study.graph.dots["??"].count() == 1
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=5000)
