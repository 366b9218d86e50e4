"""Issue 16 item 9: HTML in a file name or in a file's text is shown as text in dialogs and labels."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from reliability_window import build_window, message_boxes

LINK = '<a href="https://example.com">click</a>'


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def test_html_in_a_file_name_and_its_moves_is_shown_as_text(record_window, tmp_path: Path) -> None:
    window, ui = record_window
    path = tmp_path / "<img src=x.png>game.pgn"
    path.write_text(f'[Event "x"]\n1. {LINK.replace(" ", "")} *\n', encoding="utf-8")
    assert not ui.open_file(path)                          # no move could be read: an error message
    box = message_boxes(window)[-1]
    labels = [label for label in box.findChildren(QLabel) if label.text()]
    shown = "\n".join(label.text() for label in labels)
    assert "<img src=x.png>game.pgn" in shown and "href" in shown
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)


def test_html_in_a_players_name_is_shown_as_text(record_window, tmp_path: Path) -> None:
    window, ui = record_window
    path = tmp_path / "players.pgn"
    path.write_text(f'[Red "<img src=\'{tmp_path}/x.png\'>"]\n[Black "{LINK}"]\n1. h2e2 *\n', encoding="utf-8")
    assert ui.open_file(path)
    players = ui.panel.players
    assert "<img" in players.text() and players.textFormat() == Qt.TextFormat.PlainText
