"""Engine trouble and settings problems reach the player in the UI language (Chinese by default), with
the engine layer's English words kept as the detail."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from xiangqi.core import Move
from xiangqi.engine.failures import EngineFailure, FailureKind, exit_message
from xiangqi.ui.shell.app import show_problems
from xiangqi.game.autosave import AutosaveStore
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.game.setup import GameSetup
from xiangqi.ui.common.i18n import install_translator
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.play.problem_text import failure_detail, failure_text

from app_fakes import fake_engine_spec

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def simplified(qapp):
    install_translator(qapp, "zh_CN")
    yield
    install_translator(qapp, "en")


def window_with(qtbot, tmp_path: Path, engines) -> MainWindow:
    window = MainWindow(GameController(AutosaveStore(tmp_path / "autosave.json")), FallbackBoardTheme(),
                        FallbackPieceSet(), engines)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_crashed_engine_is_reported_in_chinese(simplified, qtbot, tmp_path) -> None:
    crashy = fake_engine_spec("--fault", "crash-in-search", name="Crashy")
    window = window_with(qtbot, tmp_path, [crashy])
    window.start_game(GameSetup(engine=crashy))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    window.controller.try_move(Move.from_iccs("h2e2"))   # the engine crashes thinking about its answer
    qtbot.waitUntil(lambda: any(isinstance(d, QMessageBox) for d in window.dialogs), timeout=10_000)
    box = next(d for d in window.dialogs if isinstance(d, QMessageBox))
    assert "引擎崩溃了（信号 SIGSEGV, 11）" in box.text()
    assert "可以重新启动引擎或换一个引擎，棋局会保留。" in box.text()
    assert "engine" not in box.text().lower()            # no English in the main text …
    assert "SIGSEGV" in window.controller.engine_failure_detail   # … but the engine layer's words are kept
    assert "signal 11" in window.controller.engine_failure_detail
    assert [m.iccs() for m in window.controller.game.moves] == ["h2e2"]
    window.controller.shutdown()


@pytest.mark.parametrize("kind", list(FailureKind))
def test_every_failure_kind_has_a_chinese_sentence(simplified, kind) -> None:
    failure = EngineFailure(kind, "English words", exit_code=3, signal=None)
    text = failure_text(failure, "pikafish")
    assert HAN.search(text) and "{" not in text and "English" not in text


@pytest.mark.parametrize("kind, code, sig, expected", [
    (FailureKind.EXITED, 3, None, "引擎意外退出了（退出码 3）。"),
    (FailureKind.HANDSHAKE_EXIT, 2, None, "引擎在启动时退出了（退出码 2）。"),
    (FailureKind.CRASHED, None, signal.SIGILL, "引擎崩溃了（信号 SIGILL, 4）。这台电脑的处理器不支持引擎所用的指令"),
    (FailureKind.HANDSHAKE_EXIT, None, signal.SIGKILL, "引擎崩溃了（信号 SIGKILL, 9）。引擎被外部强制结束"),
    (FailureKind.MISSING_BINARY, None, None, "找不到引擎程序 pikafish。"),
])
def test_codes_signals_and_programs_are_filled_in(simplified, kind, code, sig, expected) -> None:
    message = exit_message("during a search", code, sig)
    text = failure_text(EngineFailure(kind, message, exit_code=code, signal=sig), "pikafish")
    assert text.startswith(expected)


def test_without_a_program_name_the_sentence_still_reads_well(qapp) -> None:
    failure = EngineFailure(FailureKind.MISSING_BINARY, "The engine program 'x' was not found")
    assert failure_text(failure) == "The engine program was not found. Check its path in the engine settings."


def test_in_english_the_sentence_is_plain_and_the_detail_keeps_stderr(qapp) -> None:
    failure = EngineFailure(FailureKind.CRASHED, exit_message("during a search", None, 11), signal=11,
                            stderr_tail="Segmentation fault\n")
    assert failure_text(failure).startswith("The engine crashed (signal SIGSEGV, 11).")
    assert failure_detail(failure) == f"{failure.message}\n\nSegmentation fault"


def test_settings_problems_get_a_chinese_heading_and_keep_file_key_value(simplified, qtbot, tmp_path) -> None:
    window = window_with(qtbot, tmp_path, [])
    problem = "config.toml: [board] theme = 'nope': no such board theme"
    box = show_problems(window, [problem])
    assert box is not None and box.text() == "部分设置无法使用，已改用默认值。"
    assert problem in box.informativeText()
    assert window.statusBar().currentMessage() == f"设置有问题：{problem}"
