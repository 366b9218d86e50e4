"""Saving from the app: Save As in each notation and encoding reads back the same game, comments and
variations edited in the app reach the file, Save rewrites only its game of a multi-game file, and a
save that cannot be done leaves the file untouched and says why."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from test_record_ui_support import (MULTI_PGN, SAMPLE_XQF, VARIATIONS_XQF, build_window, message_boxes,
                                    message_text, moves_of, play)

from xiangqi.core import Move
from xiangqi.core.notation import Notation
from xiangqi.record import PgnFile, load_games


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


@pytest.mark.parametrize("notation", list(Notation))
@pytest.mark.parametrize("encoding", ["utf-8", "gbk"])
def test_save_as_in_each_format_reads_back_the_same_game(record_window, shared_data: Path, tmp_path: Path,
                                                         notation: Notation, encoding: str) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / VARIATIONS_XQF)
    original = ui.link.record
    out = tmp_path / f"out-{notation.value}-{encoding}.pgn"
    assert ui.save_as_file(out, notation, encoding)
    data = out.read_bytes()
    if encoding == "gbk":
        assert "红方棋手".encode("gbk") in data
    else:
        data.decode("utf-8")
    if notation is not Notation.CHINESE:
        assert f'[Format "{ {Notation.WXF: "WXF", Notation.ICCS: "ICCS"}[notation]}"]'.encode() in data
    again = load_games(out)[0]
    assert again.errors == []
    assert again.tree_signature() == original.tree_signature()
    assert again.headers["Red"] == "红方棋手" and again.start_fen == original.start_fen
    assert ui.link.source.path == out and not ui.link.modified and out.name in window.windowTitle()


def test_a_set_up_game_keeps_its_fen_and_comments(record_window, shared_data: Path, tmp_path: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / SAMPLE_XQF)
    out = tmp_path / "sample.pgn"
    assert ui.save_as_file(out, Notation.CHINESE)
    again = load_games(out)[0]
    assert again.record_signature()[1:] == ui.link.record.record_signature()[1:]
    assert "[FEN " in out.read_text(encoding="utf-8")


def test_a_comment_typed_in_the_panel_and_a_new_variation_are_saved(record_window, shared_data: Path,
                                                                    tmp_path: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / VARIATIONS_XQF)
    window.controller.study.view(2)
    assert ui.panel.comment_label.text().startswith("Comment after 1…")
    ui.panel.comment_edit.setPlainText("好棋！ a fine reply")
    assert window.isWindowModified()
    window.controller.study.view(0)
    ui.panel.comment_edit.setPlainText("Opening comment")
    window.controller.study.view(3)
    window.controller.play_from_view()
    play(window, "b9c7")               # not the game's move: a new variation at ply 4
    out = tmp_path / "commented.pgn"
    assert ui.save_as_file(out, Notation.WXF)
    again = load_games(out)[0]
    main = again.mainline()
    assert main[1].comment == "好棋！ a fine reply" and again.root.comment == "Opening comment"
    assert Move.from_iccs("b9c7") in [child.move for child in main[2].children]
    assert [m.iccs() for m in again.mainline_moves()] == [m.iccs() for m in ui.link.record.mainline_moves()]


def test_save_rewrites_only_its_game_of_a_multi_game_file(record_window, shared_data: Path,
                                                          tmp_path: Path) -> None:
    window, ui = record_window
    copy = tmp_path / "bulk.pgn"
    copy.write_bytes((shared_data / "games" / MULTI_PGN).read_bytes())
    before = PgnFile.open(copy)
    ui.open_file(copy)
    ui.game_list.choose_row(4)
    index = ui.link.source.index
    window.controller.study.view(0)
    ui.panel.comment_edit.setPlainText("annotated in the app")
    assert ui.save()
    after = PgnFile.open(copy)
    assert len(after) == len(before) == 15
    for i in range(len(before)):
        if i != index:
            assert after.game_text(i).strip() == before.game_text(i).strip()
    game = after.game(index)
    assert game.root.comment == "annotated in the app" and game.errors == []
    assert game.mainline_moves() == before.game(index).mainline_moves()
    assert "h2e2" in after.game_text(index) or "[Format \"ICCS\"]" in after.game_text(index)
    ui.panel.comment_edit.setPlainText("second edit")    # a second save uses the file as it now is
    assert ui.save()
    assert PgnFile.open(copy).game(index).root.comment == "second edit" and len(PgnFile.open(copy)) == 15


def test_a_save_that_cannot_be_encoded_leaves_the_file_unchanged(record_window, tmp_path: Path) -> None:
    window, ui = record_window
    target = tmp_path / "old.pgn"
    target.write_bytes(b"old content")
    play(window, "h2e2")
    window.controller.study.view(1)
    ui.panel.comment_edit.setPlainText("emoji 🐘 cannot be GBK")
    assert not ui.save_as_file(target, Notation.CHINESE, "gbk")
    assert target.read_bytes() == b"old content"
    text = message_text(message_boxes(window)[0])
    assert "old.pgn" in text and "GBK" in text
    assert moves_of(window) == ["h2e2"] and ui.link.modified


def test_save_of_an_xqf_asks_where_and_the_chosen_file_type_sets_format_and_encoding(
        record_window, shared_data: Path, tmp_path: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / SAMPLE_XQF)
    assert not ui.save()               # XQF is never overwritten: Save As opens instead
    dialog = next(d for d in window.dialogs if isinstance(d, QFileDialog))
    assert dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    wxf_gbk = next(text for text, notation, encoding in ui.save_formats()
                   if notation is Notation.WXF and encoding == "gbk")
    dialog.selectNameFilter(wxf_gbk)
    out = tmp_path / "chosen.pgn"
    dialog.fileSelected.emit(str(out))
    data = out.read_bytes()
    assert b'[Format "WXF"]' in data and "许银川".encode("gbk") in data
    assert ui.link.source.notation is Notation.WXF and ui.link.source.encoding == "gbk"
    ui.panel.comment_edit.setPlainText("x")
    assert ui.save() and load_games(out)[0].mainline_moves() == ui.link.record.mainline_moves()


def test_a_reviewed_comment_shows_its_words_and_keeps_its_evaluation(record_window, tmp_path: Path) -> None:
    """A review writes ``[%eval]`` into the comments: the box shows the player's words, the label the
    evaluation, and editing the words keeps the evaluation (the graph and marks depend on it)."""
    window, ui = record_window
    path = tmp_path / "reviewed.pgn"
    path.write_text('[Event "x"]\n\n1. h2e2 {[%eval 0.35] 中炮} h9g7 {[%eval #-3]} *\n', encoding="utf-8")
    ui.open_file(path)
    window.controller.study.view(1)
    assert ui.panel.comment_edit.toPlainText() == "中炮"
    assert ui.panel.comment_label.text().startswith("+0.35 · Comment after 1.")
    ui.panel.comment_edit.setPlainText("中炮开局")
    window.controller.study.view(2)
    assert ui.panel.comment_edit.toPlainText() == "" and ui.panel.comment_label.text().startswith("#-3 · ")
    ui.panel.comment_edit.setPlainText("黑方有杀")
    out = tmp_path / "edited.pgn"
    assert ui.save_as_file(out, Notation.ICCS)
    main = load_games(out)[0].mainline()
    assert [node.comment for node in main] == ["[%eval 0.35] 中炮开局", "[%eval #-3] 黑方有杀"]
