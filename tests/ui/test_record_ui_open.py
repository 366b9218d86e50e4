"""Opening records in the app: PGN (GBK, multi-game with the game list), XQF (set-up, variations),
recent files, dropped files, and bad files that must leave the current game alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_record_ui_support import (GBK_PGN, MULTI_PGN, SAMPLE_PGN, SAMPLE_XQF, VARIATIONS_XQF, build_window,
                                    click_index, message_boxes, message_text, moves_of, play)

from xiangqi.ui.record import open_job
from xiangqi.core import Move
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.record import load_games
from xiangqi.ui.record.game_list_dialog import GameListDialog


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def test_a_gbk_chinese_pgn_shows_its_players_and_moves(record_window, shared_data: Path) -> None:
    window, ui = record_window
    path = shared_data / "games" / GBK_PGN
    assert ui.open_file(path)
    expected = load_games(path)[0]
    assert moves_of(window) == [m.iccs() for m in expected.mainline_moves()]
    assert window.controller.view_ply == 0               # replay starts at the beginning
    assert "宝岛一号" in ui.panel.players.text() and "相眼竞技" in ui.panel.players.text()
    first = move_to_text(expected.start_position(), expected.mainline_moves()[0], Notation.CHINESE)
    assert window.move_list.cell_text(0, 0) == first == "炮八平五"
    assert path.name in window.windowTitle() and not message_boxes(window)


def test_the_xqf_and_pgn_samples_give_the_same_setup_game(record_window, shared_data: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / SAMPLE_XQF)
    from_xqf = moves_of(window)
    start = ui.link.record.start_fen
    assert window.controller.board_position().fen() == start    # the set-up position, not the usual one
    assert ui.link.record.is_setup and from_xqf[:2] == ["b2e2", "h7e7"]
    ui.open_file(shared_data / "games" / SAMPLE_PGN)
    assert moves_of(window) == from_xqf and ui.link.record.start_fen == start
    assert ui.link.record.root.comment or any(n.comment for n in ui.link.record.root.walk())


def test_a_multi_game_file_lists_its_games_filters_as_you_type_and_opens_the_chosen_one(
        record_window, shared_data: Path) -> None:
    window, ui = record_window
    path = shared_data / "games" / MULTI_PGN
    ui.open_file(path)
    dialog = ui.game_list
    assert isinstance(dialog, GameListDialog) and dialog in window.dialogs
    assert dialog.visible_row_count() == 15
    assert dialog.model.cells[0][1:3] == ("ZHAO GuoRong", "KE YongQing")
    dialog.filter_edit.setText("liu dahua")
    rows = [dialog.model.cells[i] for i in dialog.model.rows]
    assert 0 < len(rows) < 15 and all("LIU DaHua" in (r[1], r[2]) for r in rows)
    dialog.filter_edit.setText("nobody-has-this-name")
    assert dialog.visible_row_count() == 0 and not dialog.open_button.isEnabled()
    dialog.filter_edit.setText("")
    dialog.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)       # click on the Red header
    reds = [dialog.model.cells[i][1].casefold() for i in dialog.model.rows]
    assert reds == sorted(reds, reverse=True) and len(reds) == 15
    dialog.filter_edit.setText("world")                              # filtering keeps the order
    reds = [dialog.model.cells[i][1].casefold() for i in dialog.model.rows]
    assert reds == sorted(reds, reverse=True) and 0 < len(reds) < 15
    dialog.filter_edit.setText("LIU DianZhong")
    chosen = dialog.model.rows[0]
    dialog.choose_selected()
    games = load_games(path)
    assert ui.link.record.headers["Red"] == games[chosen].headers["Red"]
    assert moves_of(window) == [m.iccs() for m in games[chosen].mainline_moves()]
    assert ui.link.source is not None and ui.link.source.index == chosen


def treat_as_big(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files this small are read at once and indexed without the game list: make them count as big."""
    monkeypatch.setattr(open_job, "SYNC_OPEN_BYTES", 0)
    monkeypatch.setattr(open_job, "INDEX_IN_LIST_BYTES", 0)


def test_a_big_file_is_indexed_on_a_thread_with_progress(record_window, shared_data: Path, qtbot,
                                                        monkeypatch) -> None:
    window, ui = record_window
    treat_as_big(monkeypatch)
    assert ui.open_file(shared_data / "games" / MULTI_PGN)
    qtbot.waitUntil(lambda: ui.game_list is not None, timeout=10000)    # the kind is told on a thread
    dialog = ui.game_list
    assert dialog is not None and dialog.pgn is None and dialog.visible_row_count() == 0
    assert dialog.isVisible() and not dialog.progress.isHidden()     # the list is up while indexing
    qtbot.waitUntil(lambda: dialog.pgn is not None, timeout=10000)
    size = len(dialog.pgn.text)
    assert dialog.progress.maximum() == size and dialog.progress.value() == size    # progress was shown
    assert dialog.progress.isHidden() and dialog.visible_row_count() == 15
    dialog.choose_row(3)
    assert ui.link.source.index == dialog.model.rows[3]


def test_variations_of_an_xqf_are_listed_and_navigable(record_window, shared_data: Path, qtbot) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / VARIATIONS_XQF)
    record = ui.link.record
    variations = [n for n in record.root.walk() if n.parent is not None and n.parent.children[0] is not n]
    model = ui.panel.variations
    assert model.rowCount() == 1 + len(variations) >= 3
    assert {model.first_move(row) for row in range(1, model.rowCount())} == set(variations)
    target = variations[-1]
    row = model.row_of(target)
    click_index(qtbot, ui.panel.tree, model.index(row))
    assert moves_of(window)[:target.ply] == [m.iccs() for m in target.moves()]
    assert window.controller.view_ply == target.ply or window.controller.game.ply == target.ply
    assert ui.link.current_node() is target and model.index(row).data(Qt.ItemDataRole.FontRole).bold()
    assert ui.panel.tree.currentIndex().row() == row
    click_index(qtbot, ui.panel.tree, model.index(0))              # the main line
    assert moves_of(window) == [m.iccs() for m in record.mainline_moves()]


def test_recent_files_remember_and_reopen(record_window, shared_data: Path) -> None:
    window, ui = record_window
    first, second = shared_data / "games" / SAMPLE_XQF, shared_data / "games" / GBK_PGN
    ui.open_file(first)
    ui.open_file(second)
    assert ui.recent.paths()[:2] == [str(second.resolve()), str(first.resolve())]
    ui.recent_menu.aboutToShow.emit()
    actions = ui.recent_menu.actions()
    assert [a.text() for a in actions[:2]] == [second.name, first.name]
    actions[1].trigger()
    assert ui.link.source.path.resolve() == first.resolve()


def test_a_dropped_file_is_opened(record_window, shared_data: Path) -> None:
    window, ui = record_window
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(shared_data / "games" / SAMPLE_XQF))])
    window.show()
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(QPoint(50, 50), Qt.DropAction.CopyAction, mime, buttons, keys)
    QApplication.sendEvent(window, enter)          # Qt delivers a drop only after the drag entered
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, buttons, keys)
    QApplication.sendEvent(window, drop)
    assert drop.isAccepted() and ui.link.source.path.name == "SAMPLE.XQF"


@pytest.mark.parametrize("name, content", [
    ("broken.xqf", b"XQ\x0a" + b"\x00" * 20),          # an XQF header cut short
    ("garbage.pgn", "这不是棋谱 just words".encode("gbk")),
    ("empty.pgn", b""),
])
def test_a_bad_file_shows_an_error_naming_it_and_the_game_stays(record_window, tmp_path: Path,
                                                              name: str, content: bytes) -> None:
    window, ui = record_window
    play(window, "h2e2", "h9g7")
    game_before = window.controller.game
    path = tmp_path / name
    path.write_bytes(content)
    assert not ui.open_file(path)
    boxes = message_boxes(window)
    assert len(boxes) == 1 and name in message_text(boxes[0])
    assert window.controller.game is game_before and moves_of(window) == ["h2e2", "h9g7"]


def test_a_missing_file_is_an_error(record_window, tmp_path: Path) -> None:
    window, ui = record_window
    assert not ui.open_file(tmp_path / "nowhere.pgn")
    assert "nowhere.pgn" in message_text(message_boxes(window)[0])


def test_a_half_readable_game_keeps_its_moves_and_names_the_line(record_window, tmp_path: Path) -> None:
    window, ui = record_window
    path = tmp_path / "half.pgn"
    path.write_text('[Red "A"]\n[Black "B"]\n\n1. h2e2 h9g7\n2. h0g2 zz99\n3. i0h0 *\n', encoding="utf-8")
    assert ui.open_file(path)
    assert moves_of(window) == ["h2e2", "h9g7", "h0g2"]
    text = message_text(message_boxes(window)[0])
    assert "half.pgn:5" in text and "zz99" in text


def test_a_variation_can_be_made_the_main_line_or_deleted(record_window, shared_data: Path, qtbot) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / VARIATIONS_XQF)
    record, panel, model = ui.link.record, ui.panel, ui.panel.variations
    assert not panel.promote_button.isEnabled()           # nothing chosen yet
    assert panel.tree.currentIndex().row() == 0            # the main line is current
    node = model.first_move(1)                             # the main line's first variation
    panel.tree.setFocus()
    QTest.keyClick(panel.tree, Qt.Key.Key_Down)            # chosen with the keys: not shown yet
    assert panel.tree.currentIndex().row() == 1 and ui.link.current_node() is record.root
    assert panel.promote_button.isEnabled() and panel.delete_button.isEnabled()
    panel.promote_button.click()
    assert node in record.mainline() and ui.link.modified
    count = model.rowCount()
    last = max(row for row in range(count) if model.depth(row) == 1)    # the main line's last variation
    doomed = model.first_move(last)
    click_index(qtbot, panel.tree, model.index(last))     # show it, then delete it while shown
    assert ui.link.current_node() is doomed
    panel.delete_button.click()
    assert doomed not in list(record.root.walk()) and model.rowCount() == count - 1
    assert ui.link.current_node() is not doomed
    assert Move.from_iccs(doomed.move.iccs()) not in window.controller.game.moves[doomed.ply - 1:doomed.ply]


def test_a_finished_game_opens_without_a_result_dialog_and_shows_the_end(record_window,
                                                                         shared_data: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / "eleeye/CCGC/07.相眼竞技(先胜)棋乐无穷(A2-A4).PGN")
    assert window.dialogs == []                      # no "Red wins" pop-up for a record
    ui.replay.to_end()
    assert window.controller.game.is_over and window.board.banner     # the board says how it ended
    assert ui.link.record_for_saving().result == "1-0"


def test_a_game_that_goes_on_after_a_repetition_loads_every_move(record_window, shared_data: Path) -> None:
    window, ui = record_window
    path = shared_data / "games" / MULTI_PGN
    ui.open_file(path)
    ui.game_list.choose_row(11)       # the core would call this game drawn by repetition at ply 115
    expected = load_games(path)[11]
    assert moves_of(window) == [m.iccs() for m in expected.mainline_moves()] and len(moves_of(window)) == 124


def test_the_move_list_marks_where_variations_branch_and_the_panel_opens_them(record_window, shared_data: Path,
                                                                             qtbot) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / VARIATIONS_XQF)
    record = ui.link.record
    main = record.mainline()
    branching = [n.ply for n in main if len(n.parent.children) > 1]
    assert branching and window.move_list.branch_plies() == branching
    first = window.move_list.index_for_ply(branching[0])
    others = [c for c in main[branching[0] - 1].parent.children if c is not main[branching[0] - 1]]
    tip = first.data(Qt.ItemDataRole.ToolTipRole)
    assert all(ui.panel.label(c).split(" ", 1)[1] in tip for c in others)
    target = others[0]                                       # into a variation from the side panel
    click_index(qtbot, ui.panel.tree, ui.panel.variations.index(ui.panel.variations.row_of(target)))
    assert moves_of(window)[:target.ply] == [m.iccs() for m in target.moves()]
    assert target.ply in window.move_list.branch_plies()    # the main line is the alternative now
    click_index(qtbot, window.move_list.table, window.move_list.model.index(0, 0))   # the move list navigates
    assert window.controller.view_ply == 1 and ui.link.current_node() is ui.link.line[0]
    window.move_list.set_alternatives(None)
    assert window.move_list.branch_plies() == []


def test_a_different_move_after_undo_is_marked_as_a_branch(record_window) -> None:
    window, ui = record_window
    play(window, "h2e2", "h9g7")
    assert window.move_list.branch_plies() == []
    window.controller.undo()
    play(window, "b9c7")                   # a new variation at ply 2
    assert window.move_list.branch_plies() == [2]
    tip = window.move_list.index_for_ply(2).data(Qt.ItemDataRole.ToolTipRole)
    assert "马8进7" in tip      # the move undone is the alternative


def test_the_game_list_shows_every_column_without_scrolling_sideways(record_window, shared_data: Path,
                                                                    qtbot) -> None:
    """Issue 29 §4: the 结果 column needed the list scrolled sideways; names and events are cut instead."""
    window, ui = record_window
    ui.open_file(shared_data / "games" / MULTI_PGN)
    dialog = ui.game_list
    header, table = dialog.table.horizontalHeader(), dialog.table

    def result_whole() -> bool:   # the columns are fitted once the table has its new width
        last = header.count() - 1
        return (header.sectionViewportPosition(last) + header.sectionSize(last) <= table.viewport().width()
                and header.sectionSize(last) >= header.fontMetrics().horizontalAdvance("1/2-1/2")
                and not table.horizontalScrollBar().isVisible())

    for width in (760, 560):
        dialog.resize(width, 420)
        qtbot.waitUntil(lambda w=width: dialog.width() == w and result_whole(), timeout=3000)
