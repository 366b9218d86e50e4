"""ElephantEye 3.31 as a real process (skipped when it was not built, see tests/conftest.py): its scores on
the common scale, its book off for analysis and review, on for play (issue 21 items 1 and 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.core import Position
from xiangqi.engine.messages import ScoreKind, SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.retire import engines_retiring
from xiangqi.engine.seat import EngineSeat, Purpose, Role, SeatInfo, SeatMove

ROOK_UP = "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


@pytest.fixture
def elephant(eleeye: Path) -> EngineSpec:
    return EngineSpec(name="ElephantEye", command=str(eleeye), family="elephanteye")


def _search(qtbot, spec: EngineSpec, role: Role, position: Position, depth: int) -> list[SeatInfo]:
    seat = EngineSeat(role, spec)
    infos: list[SeatInfo] = []
    moves: list[SeatMove] = []
    seat.info.connect(infos.append)
    seat.decided.connect(moves.append)
    seat.start()
    seat.search(position, SearchLimits(depth=depth), Purpose.MOVE)
    qtbot.waitUntil(lambda: bool(moves), timeout=60_000)
    assert moves[0].best.move is not None
    seat.close()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=20_000)
    return [i for i in infos if i.info.score is not None]


def test_analysis_and_review_search_with_the_book_off(qtbot, elephant: EngineSpec) -> None:
    # A review's seat (the analyser role) at the start position: a real search, not book weights.
    scored = _search(qtbot, elephant, Role.ANALYSER, Position(), 5)
    assert scored and all(i.info.depth and i.info.score.kind is ScoreKind.CP for i in scored)


def test_play_keeps_the_book_and_its_weights_are_marked(qtbot, elephant: EngineSpec) -> None:
    scored = _search(qtbot, elephant, Role.RED, Position(), 5)
    assert scored and all(i.info.depth == 0 and i.info.score.kind is ScoreKind.BOOK for i in scored)
    assert all(i.info.score.cp is None and not i.info.score.is_evaluation for i in scored)


def test_a_rook_up_reads_in_pawns_of_the_common_scale(qtbot, elephant: EngineSpec) -> None:
    scored = _search(qtbot, elephant, Role.ANALYSER, Position.from_fen(ROOK_UP), 8)
    last = scored[-1].info.score
    # Fairy-Stockfish 11.1 says about 10.6 pawns; ElephantEye's own number is near 277.
    assert last.cp is not None and 700 <= last.cp <= 1600, last
    assert last.raw is not None and 150 <= int(last.raw) <= 400
