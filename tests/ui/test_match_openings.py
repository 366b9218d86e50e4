"""Openings of an engine match set up in the dialog: a FEN list file, or lines drawn from the open book
for the first N plies (``xiangqi.match.schedule.book_openings``), each played with both colours."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.match.schedule import book_openings, schedule
from xiangqi.ui.match.match_dialog import MatchDialog

from app_fakes import fake_engine_spec

def test_book_openings_follow_the_book_for_at_most_n_plies() -> None:
    calls: list[int] = []

    def book(position: Position, ply: int) -> Move | None:
        calls.append(ply)
        return [Move.from_iccs("h2e2"), Move.from_iccs("h9g7"), Move.from_iccs("b0c2")][ply]

    openings = book_openings(book, 2, 3)
    assert len(openings) == 3
    assert all([m.iccs() for m in o.moves] == ["h2e2", "h9g7"] for o in openings)
    assert calls == [0, 1] * 3
    assert [p.opening for p in schedule(4, openings)][:2] == [openings[0], openings[0]]   # both colours
    out_of_book = book_openings(lambda _p, _n: None, 8, 1)
    assert out_of_book[0].moves == () and out_of_book[0].position().fen() == Position().fen()


def test_an_illegal_book_move_ends_the_opening_there() -> None:
    openings = book_openings(lambda _p, ply: Move.from_iccs("h2e2" if ply == 0 else "a0a5"), 6, 1)
    assert [m.iccs() for m in openings[0].moves] == ["h2e2"]


def test_the_dialog_takes_openings_from_a_fen_list_or_the_book(qtbot: QtBot, tmp_path: Path) -> None:
    fens = tmp_path / "openings.fen"
    fens.write_text("# two positions\n" + Position().fen() + "\n"
                    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1\nnot a fen\n",
                    encoding="utf-8")
    dialog = MatchDialog([fake_engine_spec(name="One")], lambda _p, ply: Move.from_iccs("h2e2") if ply == 0 else None,
                         Notation.WXF)
    qtbot.addWidget(dialog)
    dialog.pgn.setText(str(tmp_path / "out.pgn"))
    dialog.opening_kind.setCurrentIndex(1)
    dialog.opening_file.setText(str(fens))
    dialog.accept()
    settings = dialog.settings()
    assert len(settings.openings) == 2 and settings.notation is Notation.WXF
    dialog.opening_kind.setCurrentIndex(2)
    dialog.games.setValue(6)
    dialog.accept()
    openings = dialog.settings().openings
    assert len(openings) == 3 and all([m.iccs() for m in o.moves] == ["h2e2"] for o in openings)
