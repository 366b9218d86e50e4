"""The autosave: record + head and cursor paths round trip; a broken file is moved aside, the user is told
once, and the app starts normally (issue 16's robustness item)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

import json
from pathlib import Path

import pytest
from app_fakes import builtin_like_spec
from PySide6.QtWidgets import QMessageBox

from xiangqi.core import Color, Move
from xiangqi.game.autosave import AutosaveStore, parse_snapshot, snapshot_of
from xiangqi.game.model import GameModel
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow

BROKEN = [
    '{"version":1,"setup":"red","start_fen":5,"moves":7}',
    '{"version":2,"setup":{},"start_fen":"x","nodes":[],"head":[],"cursor":[]}',
    '{"version":2,"setup":{},"start_fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",'
    '"nodes":[[-1,"","",[]],[0,"a0a5","",[]]],"head":[0],"cursor":[0]}',
    '{"version":2,"setup":{"human":"RED"},"start_fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",'
    '"nodes":[[-1,"","",[]]],"head":[3],"cursor":[]}',
    '{"version":1,"setup":{"time_control":{"kind":"clock","total_ms":"ten"}},"start_fen":"","moves":[]}',
    '{"version":1,"setup":{},"start_fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",'
    '"moves":["h2e2"],"clock":{"RED":{"remaining_ms":"x"}}}',
    '{"version":1,"setup":{"strength":{"elo":"abc"}},"start_fen":"","moves":[]}',
    '{"version":1,"setup":{"engine":{"name":"x","command":5}},"start_fen":"","moves":[]}',
    '{"version":1,"setup":{"engine_both":"yes"},"start_fen":"","moves":[]}',
    '{"version":1,"setup":{"human":"GREEN"},"start_fen":"","moves":[]}',
    "[" * 100_000 + "]" * 100_000,
    '{"version": 99}',
    "not json at all \xff",
]


def played_model() -> GameModel:
    model = GameModel()
    for text in ("h2e2", "h9g7", "h0g2"):
        model.play(Move.from_iccs(text))
    model.undo()
    model.play(Move.from_iccs("b0c2"))            # h0g2 stays as a variation
    model.head.comment = "a comment"
    model.head.nags = [1]
    model.view(model.node_at_ply(1))
    return model


def test_a_snapshot_keeps_the_tree_the_head_and_the_cursor(tmp_path: Path) -> None:
    model = played_model()
    store = AutosaveStore(tmp_path / "a.json")
    assert store.save(snapshot_of(model, GameSetup(engine=None), {}))
    snapshot = store.load()
    assert snapshot is not None and snapshot.moves_played == 3
    again = snapshot.model()
    assert again.record.tree_signature() == model.record.tree_signature()
    assert again.moves == model.moves and again.cursor.ply == 1 and again.viewing


def test_version_1_moves_and_redo_are_still_read() -> None:
    data = {"version": 1, "setup": GameSetup(engine=None).to_dict(), "start_fen": GameModel().start_fen,
            "moves": ["h2e2", "h9g7"], "redo": ["b9c7", "h0g2"], "clock": {}}
    model = parse_snapshot(data).model()
    assert [m.iccs() for m in model.moves] == ["h2e2", "h9g7"]
    assert [m.iccs() for m in model.redo_moves] == ["h0g2", "b9c7"]


@pytest.mark.parametrize("text", BROKEN, ids=range(len(BROKEN)))
def test_a_broken_autosave_is_moved_aside_and_named(tmp_path: Path, text: str) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    store = AutosaveStore(path)
    assert store.load() is None
    assert store.last_error and str(path) in store.last_error
    assert not path.exists() and (tmp_path / "autosave.json.bad").exists()


def test_the_app_starts_normally_and_says_once_that_the_autosave_was_ignored(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(BROKEN[0], encoding="utf-8")
    store = AutosaveStore(path)
    window = MainWindow(GameController(store), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    setup = GameSetup(engine=None)
    assert not window.offer_resume(store, lambda: window.start_game(setup))
    assert [d for d in window.dialogs if isinstance(d, QMessageBox)] == []
    shown = window.statusBar().currentMessage()
    assert shown.startswith("Autosave ignored:") and "setup" in shown     # not hidden by "New game"
    assert window.controller.game.position.turn is Color.RED and window.controller.human_to_move()
    assert (tmp_path / "autosave.json.bad").exists()


def test_a_game_in_progress_is_offered_and_resumed_at_its_place(qtbot: QtBot, tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path / "autosave.json")
    model = played_model()
    store.save(snapshot_of(model, GameSetup(engine=None), {}))
    window = MainWindow(GameController(store), FallbackBoardTheme(), FallbackPieceSet(), [builtin_like_spec()])
    qtbot.addWidget(window)
    assert window.offer_resume(store, lambda: None)
    box = [d for d in window.dialogs if isinstance(d, QMessageBox)][-1]
    assert "3 moves" in box.text()
    box.button(QMessageBox.StandardButton.Yes).click()
    game = window.controller.game
    assert game.moves == model.moves and window.controller.view_ply == 1
    assert json.loads((tmp_path / "autosave.json").read_text())["version"] == 2
