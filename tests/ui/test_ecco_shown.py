"""The opening's ECCO code and name under the players in the variations panel, and the ECCO tags a save
adds to a game that has none (never changing the tags a record has)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_record_ui_support import GBK_PGN, build_window, play

from xiangqi.core.notation import Notation
from xiangqi.record import load_games
from xiangqi.record.ecco import classify_game, opening_of_code
from xiangqi.ui.common.i18n import current_language
from xiangqi.ui.record.opening_text import opening_line


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def test_a_record_with_ecco_tags_shows_them(record_window, shared_data: Path) -> None:
    _window, ui = record_window
    path = shared_data / "games" / GBK_PGN
    assert ui.open_file(path)
    record = load_games(path)[0]
    headers = record.headers
    shown = ui.panel.players.text().splitlines()[-1]
    assert shown == opening_line(record, current_language()) and shown.startswith(headers["ECCO"] + " ")
    assert opening_line(record, "zh_CN") == f"{headers['ECCO']} {headers['Opening']} {headers['Variation']}"
    assert opening_line(record, "zh_TW").startswith(f"{headers['ECCO']} 中炮過河車")
    assert opening_line(record, "en") == f"{headers['ECCO']} {opening_of_code(headers['ECCO']).english}"


def test_a_game_played_shows_its_opening_as_it_grows_and_save_tags_it(record_window, tmp_path: Path) -> None:
    window, ui = record_window
    assert not any(line[:1] in "ABCDE" and line[1:3].isdigit() for line in ui.panel.players.text().splitlines())
    play(window, "h2e2", "h9g7")
    first = classify_game(ui.link.record)
    assert first is not None and ui.panel.players.text().endswith(opening_line(ui.link.record, current_language()))
    assert ui.panel.players.text().splitlines()[-1].startswith(first.code + " ")
    play(window, "h0g2", "i9h9", "i0h0", "b9c7")
    now = classify_game(ui.link.record)
    assert now is not None and ui.panel.players.text().splitlines()[-1].startswith(now.code + " ")
    out = tmp_path / "played.pgn"
    assert ui.save_as_file(out, Notation.CHINESE)
    saved = load_games(out)[0]
    assert (saved.headers["ECCO"], saved.headers["Opening"], saved.headers["Variation"]) == \
        (now.code, now.opening, now.variation)
    assert "ECCO" not in ui.link.record.headers      # the game shown keeps following the moves played


def test_save_keeps_the_tags_a_record_has(record_window, shared_data: Path, tmp_path: Path) -> None:
    _window, ui = record_window
    copy = tmp_path / "tagged.pgn"
    copy.write_bytes((shared_data / "games" / GBK_PGN).read_bytes())
    before = load_games(copy)[0].headers
    assert ui.open_file(copy)
    ui.panel.comment_edit.setPlainText("a note")
    assert ui.save()
    after = load_games(copy)[0].headers
    assert [after[tag] for tag in ("ECCO", "Opening", "Variation")] == \
        [before[tag] for tag in ("ECCO", "Opening", "Variation")]


def test_the_game_list_has_an_ecco_column_from_the_tags() -> None:
    from xiangqi.record import PgnFile
    from xiangqi.ui.record.game_list_dialog import COLUMNS, entry_cells

    data = '[Red "甲"]\n[ECCO "C48"]\n1. h2e2 *\n\n[Red "乙"]\n1. c3c4 *\n'.encode()
    pgn = PgnFile.from_bytes(data, "two.pgn")
    column = COLUMNS.index("ECCO")
    assert [entry_cells(pgn.entries[i])[column] for i in range(2)] == ["C48", ""]
