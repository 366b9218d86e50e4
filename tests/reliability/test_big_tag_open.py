"""Issue 22: a one-game PGN whose tag is megabytes long opens with the game's text read only on the worker
thread. The notation the game was written in (kept for Save) was told on the GUI thread from the game's
text: the whole game decoded again and its tags scanned by a regular expression, 0.3 s for a 10 MB tag
(the stall itself is measured by tests/bench/ui_open_stall.py, input 4-pgn-tag)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from reliability_window import build_window
from xiangqi.core.notation import Notation
from xiangqi.record import PgnFile
from xiangqi.record.pgn_file import BytePgnFile
from xiangqi.ui.record import open_job
from xiangqi.ui.record.comment_panel import SHOWN_TAG_CHARS
from xiangqi.ui.record.game_list_dialog import SHOWN_CELL_CHARS, prepare_rows, source_notation


@pytest.mark.parametrize(("moves", "notation"), [("1. h2e2 h9g7 *", Notation.ICCS),
                                                 ("1. 炮二平五 马8进7 *", Notation.CHINESE)])
def test_a_game_with_a_huge_tag_opens_reading_its_text_only_off_the_gui_thread(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moves: str, notation: Notation) -> None:
    window, ui = build_window(qtbot, tmp_path)
    path = tmp_path / "tag.pgn"
    path.write_text(f'[Event "{"x" * 1_000_000}"]\n[Red "许银川"]\n\n{moves}\n', encoding="utf-8")
    assert path.stat().st_size > open_job.INDEX_IN_LIST_BYTES      # a big file: indexed by the game list
    threads: list[str] = []
    original = BytePgnFile.decoded

    def spy(pgn: BytePgnFile, index: int):  # noqa: ANN202 - the reader's own return type
        threads.append(threading.current_thread().name)
        return original(pgn, index)

    monkeypatch.setattr(BytePgnFile, "decoded", spy)
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: ui.link.source is not None, timeout=60_000)
    assert window.controller.game.record.ply_count() == 2
    assert ui.link.source.notation is notation                     # Save writes the moves as they were
    assert threads and threading.main_thread().name not in threads, threads


@pytest.mark.parametrize(("text", "notation"), [
    ('[Event "a]b"]\n[Red "r"]\n1. h2e2 *', Notation.ICCS),
    ('[Event "line\nbreak"]\n1. 炮二平五 *', Notation.CHINESE),                 # a broken tag: moves start there
    ('[Event "e"]\n[Format "WXF"]\n1. C2.5 *', Notation.WXF),
    ('[Event "e"]   [Site "s"]\n\n  1. h2-e2 *', Notation.ICCS),
    ('[Event "h2e2"]\n1. 炮二平五 *', Notation.CHINESE),                        # a tag looking like a move
])
def test_the_notation_is_told_from_the_moves_after_the_tags(tmp_path: Path, text: str, notation: Notation) -> None:
    path = tmp_path / "one.pgn"
    path.write_text(text + "\n", encoding="utf-8")
    pgn = PgnFile.open(path)
    assert source_notation(pgn, 0) is notation


def test_a_huge_tag_is_shown_cut_and_kept_whole(qtbot, tmp_path: Path) -> None:
    """The players' label wraps its text: wrapping a 10,000-character Event froze the window 0.4 s."""
    window, ui = build_window(qtbot, tmp_path)
    event, red = "杯" * 5000, "许" * 3000
    path = tmp_path / "tag.pgn"
    path.write_text(f'[Event "{event}"]\n[Red "{red}"]\n[Black "胡荣华"]\n\n1. h2e2 h9g7 *\n', encoding="utf-8")
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: ui.link.source is not None, timeout=60_000)
    shown = ui.panel.players.text()
    assert len(shown) < 400 and "胡荣华" in shown
    assert event[:SHOWN_TAG_CHARS] + "…" in shown and red[:SHOWN_TAG_CHARS] + "…" in shown
    record = window.controller.game.record
    assert record.headers["Event"] == event and record.headers["Red"] == red    # Save writes them whole


def test_the_game_list_shows_huge_tags_cut(tmp_path: Path) -> None:
    path = tmp_path / "two.pgn"
    path.write_text(f'[Event "{"e" * 5000}"]\n1. h2e2 *\n\n[Event "short"]\n1. h2e2 *\n', encoding="utf-8")
    cells, _keys = prepare_rows(PgnFile.open(path))
    assert cells[0][3] == "e" * SHOWN_CELL_CHARS + "…" and cells[1][3] == "short"
