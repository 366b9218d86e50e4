"""Game › Engine match… for an SPRT and a tournament, used like a user: the dialog's test kind, the LLR with
its bounds shown after each pair until a bound stops the match, and the crosstable filled as games finish.
The engines are the scripted fake engine as real processes; one of them plays an illegal move in every game,
so every result is known in advance."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from xiangqi.record.pgn_file import PgnFile
from xiangqi.ui.match.match_dialog import MODE_SPRT, MODE_TOURNAMENT, MatchDialog

from app_fakes import fake_engine_spec
from test_match_ui import build, choose, finish, open_match_dialog, start, table_rows


def click_check(dialog: MatchDialog, name: str) -> None:
    """Ticks or unticks an engine in the tournament's list by clicking its box, as a user does."""
    engines = dialog.engine_list
    item = engines.findItems(name, Qt.MatchFlag.MatchExactly)[0]
    engines.scrollToItem(item)
    rect = engines.visualItemRect(item)
    QTest.mouseClick(engines.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(rect.left() + rect.height() // 2, rect.center().y()))


def test_an_sprt_stops_at_the_upper_bound_and_shows_the_llr(qtbot: QtBot, tmp_path: Path) -> None:
    engines = [fake_engine_spec(name="Healthy"), fake_engine_spec("--fault", "illegal-bestmove", name="Illegal")]
    window, ui = build(qtbot, engines)
    dialog = open_match_dialog(qtbot, window, ui)
    assert not dialog.sprt_row.isVisible()
    choose(dialog.mode, "SPRT")
    assert dialog.mode.currentIndex() == MODE_SPRT and dialog.sprt_row.isVisible()
    assert dialog.games.value() == 1000 and dialog.games.prefix() == "at most "
    choose(dialog.engine_a, "Healthy")
    choose(dialog.engine_b, "Illegal")
    dialog.movetime.setValue(50)
    dialog.elo0.setValue(0)
    dialog.elo1.setValue(400)
    dialog.alpha.setValue(0.1)
    dialog.beta.setValue(0.1)
    choose(dialog.elo_model, "logistic Elo")
    pgn = tmp_path / "sprt.pgn"
    dialog.pgn.setText(str(pgn))
    start(dialog)
    assert ui.panel.sprt.isVisible() and "LLR 0.00 (bounds -2.20 .. 2.20); 0 pairs" in ui.panel.sprt.text()
    qtbot.waitUntil(lambda: "1 pairs" in ui.panel.sprt.text(), timeout=30_000)
    assert "LL LD DD+WL WD WW = 0 0 0 0 1" in ui.panel.sprt.text() and "continuing" in ui.panel.sprt.text()
    finish(qtbot, ui)
    text = ui.panel.sprt.text()
    assert "SPRT [0, 400]: LLR 2.39 (bounds -2.20 .. 2.20); 4 pairs" in text, text
    assert "H1 accepted" in text and "0 0 0 0 4" in text
    assert ui.panel.status.text() == "SPRT finished: a bound was reached"
    assert len(table_rows(ui)) == 8 and len(list(PgnFile.open(pgn).games())) == 8


def test_a_round_robin_fills_the_crosstable(qtbot: QtBot, tmp_path: Path) -> None:
    engines = [fake_engine_spec(name="One"), fake_engine_spec(name="Two"),
               fake_engine_spec("--fault", "illegal-bestmove", name="Bad")]
    window, ui = build(qtbot, engines)
    dialog = open_match_dialog(qtbot, window, ui)
    choose(dialog.mode, "Tournament")
    assert dialog.mode.currentIndex() == MODE_TOURNAMENT
    assert dialog.engine_list.isVisible() and not dialog.engine_a.isVisible() and not dialog.games.isVisible()
    for row in range(dialog.engine_list.count()):   # untick the built-in levels ticked by default
        if dialog.engine_list.item(row).checkState() == Qt.CheckState.Checked:
            click_check(dialog, dialog.engine_list.item(row).text())
    dialog.pgn.setText(str(tmp_path / "rr.pgn"))
    start(dialog)
    assert dialog.isVisible() and "two or more" in dialog.error.text()   # nothing ticked yet
    for name in ("One", "Two", "Bad"):
        click_check(dialog, name)
    dialog.movetime.setValue(50)
    dialog.length_check.setChecked(True)
    dialog.length_moves.setValue(1)   # 2 plies, then a draw (the crosstable is checked, not the games)
    start(dialog)
    assert not dialog.isVisible()
    assert ui.panel.crosstable.isVisible()
    qtbot.waitUntil(lambda: ui.panel.crosstable.item(0, 4) is not None
                    and ui.panel.crosstable.item(0, 4).text() == "2", timeout=30_000)   # One-Two: 2 games
    finish(qtbot, ui)
    table = ui.panel.crosstable
    rows = [[table.item(row, column).text() if table.item(row, column) else "" for column in range(table.columnCount())]
            for row in range(table.rowCount())]
    assert [row[1] for row in rows][-1] == "C  Bad" and rows[-1][5] == "0.0%"
    assert sorted(row[1] for row in rows[:2]) == ["A  One", "B  Two"]
    assert all(row[4] == "4" for row in rows)
    assert rows[-1][6:] == ["0/2", "0/2", "—"]
    assert "over all 6 games, the average is 0" in table.toolTip() and "virtual draw" in table.toolTip()
    assert ui.panel.status.text() == "Tournament finished"
    assert len(list(PgnFile.open(tmp_path / "rr.pgn").games())) == 6
