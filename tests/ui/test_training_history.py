"""The training history's troubles as a user meets them in the 练习 menu: a damaged file offered for repair
(and repaired only on Yes, the old file kept), a read-only one opened read-only with a warning, an import
cancelled or undone, a big puzzle set read with a progress dialog."""

from __future__ import annotations

import json
import os
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from xiangqi.core import Move
from xiangqi.play.controller import GameController
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.history_import import import_history_file
from xiangqi.training.puzzle_store import PuzzleHistory
from xiangqi.training.puzzles import Puzzle, puzzle_to_json, write_puzzle_set
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.training import progress_view
from xiangqi.ui.training.menu import TrainingMenu, install_training_ui
from xiangqi.ui.training.progress_view import ProgressView
from xiangqi.ui.training.puzzle_trainer import SYNC_READ_BYTES, PuzzleTrainer

FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
NOW = datetime.now(UTC)


def build(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, TrainingMenu]:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    training = install_training_ui(window, tmp_path / "training.sqlite")
    window.show()
    qtbot.waitExposed(window)
    return window, training


def filled(path: Path, attempts: int, title_length: int = 300) -> None:
    db = TrainingDatabase(path)
    history = PuzzleHistory(db)
    for n in range(attempts):
        puzzle = Puzzle(f"p{n}", FEN, (Move.from_iccs("h2e2"),))
        history.record(puzzle, n % 2 == 0, 0, "title " + "x" * title_length, NOW - timedelta(days=attempts - n))
    db.close()


def messages(window: MainWindow) -> list[QMessageBox]:
    return [d for d in window.dialogs if isinstance(d, QMessageBox)]


def next_message(qtbot: QtBot, window: MainWindow, before: int) -> QMessageBox:
    qtbot.waitUntil(lambda: len(messages(window)) > before, timeout=20_000)
    return messages(window)[-1]


def test_a_history_with_garbage_inside_is_repaired_on_yes_and_the_old_file_kept(qtbot: QtBot,
                                                                                  tmp_path: Path) -> None:
    path = tmp_path / "training.sqlite"
    filled(path, 75, title_length=3000)          # ~190 KB, a commit (and fsync) an attempt: few, long ones
    with open(path, "r+b") as stream:           # 4 KB of garbage in the middle
        stream.seek(path.stat().st_size // 8192 * 4096)
        stream.write(os.urandom(4096))
    damaged = path.read_bytes()
    window, training = build(qtbot, tmp_path)
    training.progress_action.trigger()           # 练习 › 练习进度
    ask = messages(window)[-1]
    assert "is damaged. Repair it?" in ask.text() and str(path.name) in ask.text()
    assert not any(isinstance(d, ProgressView) for d in window.dialogs)
    ask.button(QMessageBox.StandardButton.Yes).click()
    done = messages(window)[-1]
    assert done.text().startswith("The training history was repaired:") and ".damaged-" in done.text()
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    done.button(QMessageBox.StandardButton.Ok).click()   # then the entry chosen opens, on the repaired history
    view = next(d for d in window.dialogs if isinstance(d, ProgressView))
    assert "Mistakes: 0 due of 0" in view.counts_label.text()
    db = training.database()
    assert db is not None and 0 < PuzzleHistory(db).standing().attempts <= 75


def test_a_read_only_history_opens_read_only_with_a_warning_and_is_not_written(qtbot: QtBot,
                                                                             tmp_path: Path) -> None:
    path = tmp_path / "training.sqlite"
    filled(path, 4)
    path.chmod(0o444)
    before = path.read_bytes()
    window, training = build(qtbot, tmp_path)
    training.menu.aboutToShow.emit()
    assert training.due_action.text() == "&Due today (2)…"   # counted from the read-only file
    training.progress_action.trigger()
    warning = messages(window)[-1]
    assert "is read-only (the file is marked read-only): you can train, but nothing is saved" in warning.text()
    warning.button(QMessageBox.StandardButton.Ok).click()
    view = next(d for d in window.dialogs if isinstance(d, ProgressView))
    assert "Puzzles: 2 due of 2" in view.counts_label.text()
    view.reject()
    training.progress_action.trigger()                   # told once: the view opens at once
    assert messages(window) == [] and any(isinstance(d, ProgressView) for d in window.dialogs)
    db = training.database()
    assert db is not None
    puzzles = tmp_path / "one.puzzles"
    write_puzzle_set(puzzles, [Puzzle("one", FEN, (Move.from_iccs("h2e2"),))])
    trainer = PuzzleTrainer(window, PuzzleHistory(db))
    qtbot.addWidget(trainer)
    trainer.load(puzzles)
    trainer.solver.solution_button.click()               # a failed attempt: said on the trainer, no message box
    assert trainer.solver.detail.text() == "Not saved: the training history is read-only."
    assert messages(window) == []
    training.close()
    assert path.read_bytes() == before


def test_an_import_cancelled_imports_nothing_and_an_import_can_be_undone(qtbot: QtBot, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "other.sqlite"
    filled(source, 6)
    db = TrainingDatabase(source)
    db.export_history(tmp_path / "h.json")
    db.close()
    window, training = build(qtbot, tmp_path)
    view_db = training.database()
    assert view_db is not None
    training.progress_action.trigger()
    view = next(d for d in window.dialogs if isinstance(d, ProgressView))
    assert not view.undo_button.isEnabled()

    go_on = threading.Event()                    # the worker waits until the user pressed Cancel
    real = import_history_file
    def held(*args: object, **kwargs: object) -> object:
        go_on.wait(10)
        return real(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(f"{progress_view.__name__}.import_history_file", held)
    task = view.import_from(tmp_path / "h.json")
    assert isinstance(view.progress, QProgressDialog) and not view.import_button.isEnabled()
    cancel = view.progress.findChild(QPushButton)
    assert cancel is not None and cancel.text() == "Cancel"
    cancel.click()                               # the dialog's Cancel
    go_on.set()
    qtbot.waitUntil(lambda: view.importing is None, timeout=20_000)
    task.wait()
    assert view.counts_label.text() == "Import cancelled: nothing was imported."
    assert PuzzleHistory(view_db).standing().attempts == 0 and not view.undo_button.isEnabled()

    monkeypatch.setattr(f"{progress_view.__name__}.import_history_file", real)
    view.import_from(tmp_path / "h.json")
    box = next_message(qtbot, window, len(messages(window)))
    assert "6 entries added" in box.text() or "entries added" in box.text()
    assert PuzzleHistory(view_db).standing().attempts == 6 and view.undo_button.isEnabled()
    view.undo_button.click()
    ask = messages(window)[-1]
    assert "Put the training history back as it was before the last import?" in ask.text()
    ask.button(QMessageBox.StandardButton.Yes).click()
    assert messages(window)[-1].text() == "The training history is back as it was before the import."
    assert PuzzleHistory(view_db).standing().attempts == 0 and not view.undo_button.isEnabled()


def test_a_big_puzzle_set_is_read_with_progress_and_its_bad_lines_named(qtbot: QtBot, tmp_path: Path) -> None:
    window, training = build(qtbot, tmp_path)
    db = training.database()
    assert db is not None
    trainer = PuzzleTrainer(window, PuzzleHistory(db))
    qtbot.addWidget(trainer)
    path = tmp_path / "big.puzzles"
    good = puzzle_to_json(Puzzle("x", FEN, (Move.from_iccs("h2e2"),)))
    lines = [good.replace('"x"', f'"x{n}"') for n in range(SYNC_READ_BYTES // len(good) + 50)]
    lines.insert(3, json.dumps({"id": "bad", "fen": FEN, "line": ["h2e2"], "extra": [1, 2]}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    task = trainer.load(path)
    assert task is not None and isinstance(trainer.progress, QProgressDialog)
    box = next_message(qtbot, window, len(messages(window)))
    assert box.text() == "Some puzzles were skipped."
    assert f"{path}:4: field 'extra'" in box.informativeText()
    assert len(trainer.puzzles) == len(lines) - 1


def test_a_fifo_puzzle_set_is_refused_without_freezing(qtbot: QtBot, tmp_path: Path) -> None:
    window, training = build(qtbot, tmp_path)
    db = training.database()
    assert db is not None
    trainer = PuzzleTrainer(window, PuzzleHistory(db))
    qtbot.addWidget(trainer)
    fifo = tmp_path / "pipe.puzzles"
    os.mkfifo(fifo)
    trainer.load(fifo)
    box = next_message(qtbot, window, 0)
    assert box.text() == "The puzzle set cannot be read."
    assert "pipe.puzzles: not read: it is a named pipe (FIFO), not a file" in box.informativeText()
