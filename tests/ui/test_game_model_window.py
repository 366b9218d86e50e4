"""Issue 11's bugs as a player meets them, each through the real main window (record UI installed) and an
in-process scripted engine: take-backs keep the game played as the main line, the side-to-move label
follows the position shown, the engine panel forgets old lines, the trouble dialog's restart, 新对局 asks
over an unsaved game, the new-game dialog starts from the opening, "starting" while an engine starts,
and no clock running behind the new-game dialog."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import pytest
from app_fakes import Reply, ScriptedClient, builtin_like_spec, play
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox, QPushButton

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.game.setup import GameSetup
from xiangqi.record import load_games
from xiangqi.ui.play.clock_view import RUNNING_STYLE
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.play.new_game_dialog import NewGameDialog
from xiangqi.ui.record.record_actions import RecordUi, install_record_ui

SAMPLE_XQF = "eleeye/SAMPLE.XQF"
T = TypeVar("T")
PUZZLE = "3k5/4a4/3a5/9/9/9/9/9/9/R3K3R w - - 0 1"


class FakeTime:
    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms


class Table:
    """The window, its record UI and the scripted engines the controller made (newest last)."""

    def __init__(self, qtbot: QtBot, tmp_path: Path, replies: Sequence[Reply] = (), now: FakeTime | None = None,
                 engines: list[EngineSpec] | None = None) -> None:
        self.clients: list[ScriptedClient] = []
        self.replies = list(replies)

        def factory(spec: EngineSpec, owner: object) -> ScriptedClient:
            client = ScriptedClient(spec, None, replies=self.replies)
            self.clients.append(client)
            return client

        self.controller = GameController(AutosaveStore(tmp_path / "autosave.json"), factory, now=now)
        self.window = MainWindow(self.controller, FallbackBoardTheme(), FallbackPieceSet(),
                                 engines or [builtin_like_spec()])
        qtbot.addWidget(self.window)
        self.ui: RecordUi = install_record_ui(self.window, QSettings(str(tmp_path / "s.ini"),
                                                                    QSettings.Format.IniFormat))
        self.qtbot = qtbot

    def start(self, **setup: object) -> None:
        self.window.start_game(GameSetup(engine=builtin_like_spec(), **setup))  # type: ignore[arg-type]
        self.qtbot.waitUntil(lambda: self.controller.engine_ready, timeout=5000)

    def move_and_wait_reply(self, iccs: str) -> None:
        ply = self.controller.game.ply
        assert self.controller.try_move(Move.from_iccs(iccs))
        self.qtbot.waitUntil(lambda: self.controller.game.ply == ply + 2, timeout=5000)

    def dialogs(self, kind: type[T]) -> list[T]:
        return [d for d in self.window.dialogs if isinstance(d, kind)]


def replies(*moves: str) -> list[Reply]:
    return [play(m) for m in moves]


def test_take_back_then_another_move_keeps_the_game_played_as_the_main_line(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7", "h7h3"))
    table.start()
    table.move_and_wait_reply("h2e2")
    table.move_and_wait_reply("h0g2")
    table.window.undo_action.trigger()                 # 悔棋: my h0g2 and the reply b9c7
    assert [m.iccs() for m in table.controller.game.moves] == ["h2e2", "h9g7"]
    table.move_and_wait_reply("b0c2")                  # a different move
    record = table.ui.link.record
    assert [m.iccs() for m in record.mainline_moves()] == ["h2e2", "h9g7", "b0c2", "h7h3"]
    kept = record.mainline()[1].children
    assert [c.move for c in kept] == [Move.from_iccs("b0c2"), Move.from_iccs("h0g2")]   # the moves taken back stay
    assert [m.iccs() for m in table.controller.game.moves] == ["h2e2", "h9g7", "b0c2", "h7h3"]


def test_the_side_to_move_label_follows_the_position_shown(qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = Table(qtbot, tmp_path)
    assert table.ui.open_file(shared_data / "games" / SAMPLE_XQF)
    shown = table.controller.board_position()
    assert table.controller.view_ply == 0 and shown.turn is Color.RED
    assert table.window.turn_label.text() == "Red to move"       # the record's start, not its end
    table.ui.replay.forward()
    assert table.window.turn_label.text() == "Black to move"


def test_the_highlighted_side_above_the_move_list_follows_the_position_shown(
        qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    """The big 红方/黑方 labels: browsing a record without clocks, they mark the side to move in the
    position shown (they marked the side to move at the record's end)."""
    table = Table(qtbot, tmp_path)
    assert table.ui.open_file(shared_data / "games" / SAMPLE_XQF)   # 75 plies: black to move at its end
    labels = table.window.clock_view.labels

    def highlighted() -> list[Color]:
        return [color for color, label in labels.items() if label.styleSheet() == RUNNING_STYLE]

    assert table.controller.view_ply == 0 and highlighted() == [Color.RED]
    table.ui.replay.forward()
    assert highlighted() == [Color.BLACK]
    table.ui.replay.forward()
    assert highlighted() == [Color.RED]


def test_the_side_to_move_label_during_auto_play_in_a_variation(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path)
    game = table.ui.link.record
    node = game.root
    for text in ("h2e2", "h9g7", "h0g2", "i9h9"):
        node = node.add_child(Move.from_iccs(text))
    side = game.root.children[0].add_child(Move.from_iccs("b9c7"))
    for text in ("b0c2", "a9a8", "a0a1"):
        side = side.add_child(Move.from_iccs(text))
    table.ui.link.load(game, None)
    table.ui.link.go_to(game.root.children[0].children[1])      # into the variation, at its first move
    seen: list[tuple[Color, str]] = []
    table.controller.changed.connect(lambda: seen.append((table.controller.board_position().turn,
                                                          table.window.turn_label.text())))
    table.ui.replay.timer.setInterval(10)   # faster than the quickest speed offered (0.1 s): the labels are checked
    table.ui.replay.play()
    qtbot.waitUntil(lambda: not table.ui.replay.playing, timeout=5000)
    assert len(seen) >= 3
    assert all(text == ("Red to move" if turn is Color.RED else "Black to move") for turn, text in seen)


def test_the_engine_panel_forgets_old_lines(qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7", "h7h3"), engines=[builtin_like_spec(),
                                                                               builtin_like_spec("Other")])
    table.start()
    panel = table.window.engine_panel.tree
    table.move_and_wait_reply("h2e2")
    assert panel.topLevelItemCount() == 1
    table.window.undo_action.trigger()
    assert panel.topLevelItemCount() == 0                          # after undo
    table.move_and_wait_reply("h2e2")
    table.window.set_notation(Notation.WXF)
    assert panel.topLevelItemCount() == 0                          # after switching notation
    table.move_and_wait_reply("h0g2")
    table.window._choose_engine(1)
    assert panel.topLevelItemCount() == 0                          # after changing opponent
    qtbot.waitUntil(lambda: table.controller.engine_ready, timeout=5000)
    table.move_and_wait_reply("b0c2")
    table.ui.link.set_modified(False)
    assert table.ui.open_file(shared_data / "games" / SAMPLE_XQF)
    assert panel.topLevelItemCount() == 0                          # after opening a file


def test_restart_engine_in_the_trouble_dialog_restarts_it(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7"))
    table.start()
    table.clients[0].hold = True
    table.controller.try_move(Move.from_iccs("h2e2"))
    table.clients[0].crash()
    box = table.dialogs(QMessageBox)[-1]
    restart = next(b for b in box.findChildren(QPushButton) if b.text() == "Restart engine")
    restart.click()
    qtbot.waitUntil(lambda: table.controller.game.ply == 2, timeout=5000)   # the new engine replied
    assert len(table.clients) == 2 and table.controller.setup.engine == builtin_like_spec()
    saved = AutosaveStore(tmp_path / "autosave.json").load()
    assert saved is not None and saved.setup.engine == builtin_like_spec()


def test_restart_is_not_offered_when_the_engine_file_is_missing(qtbot: QtBot, tmp_path: Path) -> None:
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"))     # real engine processes
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    missing = EngineSpec(name="Gone", command=str(tmp_path / "no-such-engine"), args=(), protocol=Protocol.UCCI)
    window.start_game(GameSetup(engine=missing))
    qtbot.waitUntil(lambda: any(isinstance(d, QMessageBox) for d in window.dialogs), timeout=5000)
    box = [d for d in window.dialogs if isinstance(d, QMessageBox)][-1]
    texts = [b.text() for b in box.findChildren(QPushButton)]
    assert "Restart engine" not in texts and "Choose another engine…" in texts
    controller.shutdown()


def test_new_game_over_an_unsaved_game_asks_first(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7"))
    table.start()
    table.move_and_wait_reply("h2e2")
    table.window.new_action.trigger()
    assert table.dialogs(NewGameDialog) == []
    box = table.dialogs(QMessageBox)[-1]
    assert "not saved" in box.text()
    box.button(QMessageBox.StandardButton.Discard).click()
    assert len(table.dialogs(NewGameDialog)) == 1


def test_the_unsaved_prompt_offers_to_save_with_a_name_from_the_players_and_date(
        qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7"))
    table.start(player="张三")
    table.move_and_wait_reply("h2e2")
    table.window.new_action.trigger()
    box = table.dialogs(QMessageBox)[-1]
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Save)
    box.button(QMessageBox.StandardButton.Save).click()      # 保存, as quitting offers
    dialog = table.dialogs(QFileDialog)[-1]
    today = datetime.date.today().strftime("%Y-%m-%d")
    assert Path(dialog.selectedFiles()[0]).name == f"张三-Scripted-{today}.pgn"
    assert table.dialogs(NewGameDialog) == []                # not before the game is saved
    out = tmp_path / "kept.pgn"
    dialog.fileSelected.emit(str(out))
    assert [m.iccs() for m in load_games(out)[0].mainline_moves()] == ["h2e2", "h9g7"]
    assert len(table.dialogs(NewGameDialog)) == 1            # then the new game


def test_the_new_game_dialog_starts_from_the_opening_after_a_puzzle(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path)
    table.start(start_fen=PUZZLE)
    assert table.controller.game.position.fen() == Position.from_fen(PUZZLE).fen()
    dialog = table.window.open_new_game_dialog()
    assert dialog.fen.text() == ""
    dialog.accept()
    qtbot.waitUntil(lambda: table.controller.engine_ready, timeout=5000)
    assert table.controller.game.position.fen() == Position().fen()


def test_the_status_bar_says_starting_while_the_engine_starts(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path)
    table.window.start_game(GameSetup(engine=builtin_like_spec()))
    assert not table.controller.engine_ready
    assert table.window.engine_label.text() == "Engine: starting…"
    qtbot.waitUntil(lambda: table.controller.engine_ready, timeout=5000)


@pytest.mark.parametrize("answer", ["cancel", "ok"])
def test_the_clock_does_not_run_while_the_new_game_dialog_is_open(qtbot: QtBot, tmp_path: Path, answer: str) -> None:
    now = FakeTime()
    table = Table(qtbot, tmp_path, now=now)
    table.start(time_control=TimeControl(TimeControlKind.CLOCK, total_ms=60_000))
    clock = table.controller.clock
    assert clock.running is Color.RED
    dialog = table.window.open_new_game_dialog()
    now.ms += 30_000                                       # the player reads the dialog for 30 s
    assert clock.remaining_ms(Color.RED) == 60_000
    if answer == "cancel":
        dialog.reject()
        assert clock.running is Color.RED and clock.remaining_ms(Color.RED) == 60_000
    else:
        dialog.accept()
        assert table.controller.clock.remaining_ms(Color.RED) == 60_000


def test_the_new_game_dialog_starts_an_engine_against_engine_game(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path)
    dialog = table.window.open_new_game_dialog()
    dialog.side.setCurrentIndex(2)                     # "Neither: the engine plays both sides"
    dialog.accept()
    assert sorted(table.controller.seats) == [Color.RED, Color.BLACK]
    qtbot.waitUntil(lambda: table.controller.game.ply >= 4, timeout=5000)
    assert table.controller.setup.engine_both and not table.controller.can_pick(Move.from_iccs("h2e2").from_sq)
    table.controller.shutdown()
