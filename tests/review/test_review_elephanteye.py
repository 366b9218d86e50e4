"""ElephantEye (a real process, no MultiPV) reviewing: a played move other than its own is judged by a real
search of the position after it, a position with one legal move too, and mates read as mates (issue 28:
left with one legal move by ``banmoves`` it answered at depth 1 at once, so a mate in 2 was written +9.23)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from xiangqi.core import Move
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.naming import engine_spec
from xiangqi.engine.retire import engines_retiring
from xiangqi.record import Game
from xiangqi.record.pgn_file import read_pgn
from xiangqi.review.annotate import PositionValue, annotate_game, main_line_positions
from xiangqi.review.runner import GameWork, ReviewRunner
from xiangqi.review.series import record_evaluations

DEPTH = 5
# The last five plies of a mating attack (record 7 of 殺局_殺法_練習題.pgn): red mates in 3.
MATE_FEN = "2bk1ab2/4aR3/4n2r1/4C3p/2pNp1p2/9/cr4n1P/4C1N1B/4A4/2BA1K3 w - - 4 24"
MATE_MOVES = ("e2d2", "b3d3", "d5c7", "d9e9", "f8f9")


def review(qtbot: QtBot, program: Path, game: Game) -> tuple[list[PositionValue], GameWork]:
    work = GameWork(1, main_line_positions(game))
    runner = ReviewRunner(engine_spec(str(program)), [work], SearchLimits(depth=DEPTH), 1)
    with qtbot.waitSignal(runner.finished, timeout=120_000):
        runner.start()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)
    assert work.failed is None
    return [v for v in work.values if v is not None], work


def test_a_mate_reads_as_a_mate_move_after_move(qtbot: QtBot, eleeye: Path) -> None:
    game = Game({}, start_fen=MATE_FEN)
    node = game.root
    for iccs in MATE_MOVES:
        node = node.add_child(Move.from_iccs(iccs))
    values, _ = review(qtbot, eleeye, game)
    annotate_game(game, main_line_positions(game), values)
    evaluations = record_evaluations(game)
    assert [evaluations[ply].text() for ply in range(len(MATE_MOVES))] == ["#3", "#2", "#2", "#1", "#1"]


def test_every_played_move_gets_a_search_as_deep_as_the_position_s_own(qtbot: QtBot, eleeye: Path,
                                                                        shared_data: Path) -> None:
    path = shared_data / "ccpd" / "games" / "五羊杯.pgn"
    data = path.read_bytes()     # its first game only: indexing its 2,242 games cost 0.6 CPU-s (reading them ~5)
    (master,) = read_pgn(data[: data.index(b"\n[Game ", 1)], str(path))
    game = Game({})
    node = game.root
    for move in master.mainline_moves()[:16]:
        node = node.add_child(move)
    values, work = review(qtbot, eleeye, game)
    judged = [(ply, v) for ply, v in enumerate(values[:-1]) if v.best != work.played(ply)]
    assert judged, "every move was ElephantEye's own: nothing to check"
    # The played move's search (the position after it, DEPTH - 1 by ElephantEye's own info lines, plus the
    # move) reaches the depth of the position's own search: no depth-1 answer.
    assert all(value.played_depth == value.depth == DEPTH for _, value in judged), \
        [(ply, value.depth, value.played_depth) for ply, value in judged]

