"""A desktop that holds its shape (issue 15): the board never changes size or place because of text (the
turn passing in a clock game, the clocks ticking, engine lines and names appearing), and at 800×600 it
keeps at least 60 % of the window's height. The window is the one ``python -m xiangqi`` builds."""

from __future__ import annotations

import pytest

from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.game.setup import GameSetup

import in_process_engine
import real_window
from real_window import LONG_TEXT, board_on_screen, click, fake_engine
from test_layout_modes import settle

app_window = real_window.app_window   # the fixtures
in_process_engines = in_process_engine.in_process_engines


@pytest.mark.usefixtures("in_process_engines")   # the engine plays in this process (not a process test)
def test_the_board_keeps_its_place_on_both_sides_turns_in_a_clock_game(app_window, qtbot) -> None:
    window = app_window(1280, 880)
    window.start_game(GameSetup(engine=fake_engine(), time_control=TimeControl(TimeControlKind.CLOCK,
                                                                               total_ms=600_000)))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    seen = {"red to move": board_on_screen(window)}
    click(qtbot, window, "h2")
    click(qtbot, window, "e2")
    seen["black to move"] = board_on_screen(window)
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 2, timeout=10_000)
    seen["red to move again"] = board_on_screen(window)
    shown = window.clock_label.text()
    qtbot.waitUntil(lambda: window.clock_label.text() != shown, timeout=5_000)   # the clock ticks
    seen["a second later"] = board_on_screen(window)
    assert len(set(seen.values())) == 1, seen
    assert seen["red to move"].left() >= 8, "the board keeps a margin from the window's left edge"


def test_engine_text_never_resizes_the_board(app_window, qtbot) -> None:
    window = app_window(1280, 880)
    before = board_on_screen(window)
    window.engine_panel.set_engine_name(LONG_TEXT)
    window.engine_panel.set_state(LONG_TEXT)
    window.statusBar().showMessage(LONG_TEXT)
    assert board_on_screen(window) == before
    assert window.width() == 1280


@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1920, 1080)])
def test_the_board_keeps_most_of_the_height_at_any_window_size(app_window, qtbot, size) -> None:
    window = app_window(*size)
    settle(qtbot)   # the side panels give way on the next event-loop turns
    assert (window.width(), window.height()) == size, "the window fits the size asked for"
    board = board_on_screen(window)
    assert board.height() >= 0.6 * window.height(), (board, window.size())
    assert window.rect().contains(board)


def test_size_and_dock_layout_are_remembered_for_the_next_start(app_window, qtbot, tmp_path) -> None:
    from PySide6.QtCore import QSettings

    settings = QSettings(str(tmp_path / "window.ini"), QSettings.Format.IniFormat)
    window = app_window(1100, 760)
    window.shape.remember_in(settings)
    window.resize(700, 500)   # (restoring keeps a window on its screen: offscreen's is 800×600)
    window.record_ui.dock.hide()
    window.shape.save()   # what closing the window does
    again = app_window(1280, 880)
    again.shape.remember_in(settings)
    qtbot.waitUntil(lambda: (again.width(), again.height()) == (700, 500), timeout=3_000)
    assert again.record_ui.dock.isHidden()
