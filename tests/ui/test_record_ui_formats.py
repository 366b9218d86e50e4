"""The record formats Chinese players have, in the app: a CCBridge library opens on its game list, a
DhtmlXQ page or pasted block opens with its variations, a file that is no record gets one clear line,
Save As writes WinBoard PGN and XQF, and Edit › Copy as DhtmlXQ copies what a forum takes."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog
from test_record_ui_support import build_window, message_boxes, message_text, moves_of

from xiangqi.record import load_games, read_pgn, read_xqf
from xiangqi.record.dhtmlxq import read_dhtmlxq
from xiangqi.ui.record.game_list_dialog import GameListDialog

CBL = "ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL"
VARIATIONS = """<html><body><p>中炮对屏风马</p><div style="display:none">[DhtmlXQ]
[DhtmlXQ_title]中炮对屏风马[/DhtmlXQ_title][DhtmlXQ_red]红方[/DhtmlXQ_red][DhtmlXQ_black]黑方[/DhtmlXQ_black]
[DhtmlXQ_movelist]774772427967706289798081[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]12427967102289790010[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_comment2]还架中炮[/DhtmlXQ_comment2][DhtmlXQ_comment1_2]左炮封中[/DhtmlXQ_comment1_2]
[/DhtmlXQ]</div></body></html>
"""


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def test_a_cbl_library_opens_on_its_game_list_and_is_never_overwritten(record_window, shared_data: Path,
                                                                     qtbot) -> None:  # noqa: ANN001
    window, ui = record_window
    path = shared_data / "games" / CBL
    assert ui.open_file(path)            # 257 KB: read on a worker thread, the status bar shows it
    qtbot.waitUntil(lambda: ui.game_list is not None, timeout=20000)
    dialog = ui.game_list
    assert isinstance(dialog, GameListDialog) and dialog in window.dialogs
    assert dialog.visible_row_count() == 35
    assert dialog.model.cells[0][1:3] == ("徐天红", "徐天利") and dialog.model.cells[0][6] == "1/2-1/2"
    dialog.filter_edit.setText("吕钦 刘殿中")
    assert dialog.visible_row_count() == 1
    dialog.choose_row(0)
    expected = load_games(path)[3]
    assert moves_of(window) == [m.iccs() for m in expected.mainline_moves()]
    assert "吕钦" in ui.panel.players.text() and not message_boxes(window)
    before = path.stat().st_mtime
    assert not ui.save()  # read-only in place: Save As opens instead
    assert any(isinstance(d, QFileDialog) for d in window.dialogs) and path.stat().st_mtime == before


def test_a_dhtmlxq_page_opens_with_its_variations_and_comments(record_window, tmp_path: Path) -> None:
    window, ui = record_window
    page = tmp_path / "forum.htm"
    page.write_text(VARIATIONS, encoding="gbk")
    assert ui.open_file(page)
    record = ui.link.record
    assert moves_of(window)[:2] == ["h2e2", "h7e7"] and record.headers["Red"] == "红方"
    assert [c.move.iccs() for c in record.root.children[0].children] == ["h7e7", "b7e7"]
    assert record.mainline()[1].comment == "还架中炮" and record.root.children[0].children[1].comment == "左炮封中"
    assert not message_boxes(window)


def test_pasting_a_dhtmlxq_block_reads_it(record_window) -> None:
    window, ui = record_window
    QGuiApplication.clipboard().setText(VARIATIONS)
    game = ui.clipboard.paste()
    assert game is not None and len(game.root.children[0].children) == 2 and moves_of(window)[0] == "h2e2"


@pytest.mark.parametrize("kind, looks_like", [("zip", "a ZIP archive"), ("empty", "an empty file")])
def test_a_file_that_is_no_record_gets_one_clear_line(record_window, tmp_path: Path, kind: str,
                                                      looks_like: str) -> None:
    window, ui = record_window
    path = tmp_path / "games.pgn"
    if kind == "zip":
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("a.pgn", "1. h2e2 *")
    else:
        path.write_bytes(b"")
    assert not ui.open_file(path)
    (box,) = message_boxes(window)
    assert f"not a game record this program reads: it looks like {looks_like}" in message_text(box)
    assert "\\x" not in message_text(box)


def test_save_as_winboard_pgn_and_xqf(record_window, shared_data: Path, tmp_path: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games/ccbridge/test.cbr")
    record = ui.link.record
    for kind, name in (("winboard", "game.pgn"), ("xqf", "game.xqf")):
        dialog = ui.save_as_dialog()
        picked = next(text for text, k in ui.formats.save_filters().items() if k == kind)
        dialog.selectNameFilter(picked)
        dialog.filterSelected.emit(picked)
        assert dialog.defaultSuffix() == ("xqf" if kind == "xqf" else "pgn")
        dialog.fileSelected.emit(str(tmp_path / name))
    (winboard,) = read_pgn((tmp_path / "game.pgn").read_bytes())
    assert '[Variant "xiangqi"]' in (tmp_path / "game.pgn").read_text(encoding="utf-8")
    assert winboard.tree_signature() == record.tree_signature()
    xqf = read_xqf((tmp_path / "game.xqf").read_bytes())
    assert xqf.tree_signature() == record.tree_signature()
    assert not message_boxes(window)


def test_copy_as_dhtmlxq_reads_back_with_the_variations(record_window, shared_data: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games/cchess/game_varations.xqf")
    text = ui.clipboard.copy_dhtmlxq()
    assert text is not None and QGuiApplication.clipboard().text() == text and "[DhtmlXQ_move_" in text
    (back,) = read_dhtmlxq(text)
    assert back.tree_signature() == ui.link.record.tree_signature()
    labels = [a.text().replace("&", "") for a in ui.edit_menu.actions()]
    assert "Copy game as DhtmlXQ" in labels
