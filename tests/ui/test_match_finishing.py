"""Small finishing items beside the engine match: the move list shows review marks, the settings dialog
has the ponder setting, and the new-game dialog shows each built-in level's approximate Elo (the numbers
kept in ``xiangqi.engine.builtin.calibration`` agree with the table in ``engines/builtin.md``)."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QCheckBox, QDialogButtonBox
from pytestqt.qtbot import QtBot

from xiangqi.config import Keys, SettingsStore
from xiangqi.core import Move
from xiangqi.engine.builtin.calibration import APPROXIMATE_ELO
from xiangqi.game.setup import GameSetup
from xiangqi.record import Game
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.play.new_game_dialog import NewGameDialog
from xiangqi.ui.settings.settings_dialog import SettingsDialog, install_appearance_ui
from xiangqi.ui.board.themes import ThemeLibrary

from app_fakes import REPO, builtin_like_spec

BUILTIN_MD = REPO / "engines" / "builtin.md"


def window_with(qtbot: QtBot) -> MainWindow:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_move_list_shows_review_marks_after_the_moves(qtbot: QtBot) -> None:
    window = window_with(qtbot)
    game = Game()
    node = game.root
    for iccs, nags in (("h2e2", []), ("h7h2", [6]), ("b2h2", []), ("h9g7", [4]), ("h2h6", [2])):
        node = node.add_child(Move.from_iccs(iccs))
        node.nags.extend(nags)
    window.controller.study.open_record(game)
    cells = [window.move_list.cell_text(row, col) for row in range(3) for col in range(2)]
    marks = [re.sub(r"^[^?!]*", "", cell) for cell in cells if cell]
    assert marks == ["", "?!", "", "??", "?"]
    assert cells[1].endswith("?!") and len(cells[1]) > 2   # the move text, then the mark


def test_the_settings_dialog_turns_pondering_on(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_with(qtbot)
    library = ThemeLibrary.load(REPO / "assets")
    store = SettingsStore(REPO / "config.toml", tmp_path / "user.toml", library.choices())
    window.appearance_ui = install_appearance_ui(window, store, library)
    dialog = SettingsDialog(store, library, window, engine_manager=False)
    qtbot.addWidget(dialog)
    ponder = next(w for key, w in dialog.bindings if key == Keys.GAME_PONDER)
    assert isinstance(ponder, QCheckBox) and not ponder.isChecked()   # off by default
    assert "ponder" in ponder.text()
    ponder.setChecked(True)
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert window.controller.ponder is True                 # at once, for the engine's next move
    assert SettingsStore(REPO / "config.toml", tmp_path / "user.toml").settings.game.ponder is True


def test_the_new_game_dialog_shows_each_levels_approximate_elo(qtbot: QtBot) -> None:
    from xiangqi.engine.registry import builtin_engine_spec

    dialog = NewGameDialog([builtin_engine_spec(), builtin_like_spec("Other")], GameSetup())
    qtbot.addWidget(dialog)
    dialog.opponent.setCurrentIndex(0)
    for level in range(1, 6):
        dialog.level.setValue(level)
        assert f"about {APPROXIMATE_ELO[level]} Elo" in dialog.level_elo.text()
    assert dialog.level_elo.isEnabled()
    dialog.opponent.setCurrentIndex(1)   # another engine: levels do not apply
    assert not dialog.level_elo.isEnabled()


def test_the_elo_constant_is_the_calibration_tables() -> None:
    text = BUILTIN_MD.read_text(encoding="utf-8")
    section = text.split("## Measured strength (level ladder)", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d)\s+\|.*\|\s*([^|]+?)\s*\|$", section, flags=re.MULTILINE)
    assert {int(level): about for level, about in rows} == dict(APPROXIMATE_ELO)
