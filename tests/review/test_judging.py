"""Judging a move inside the search of the position before it (xiangqi/review/judging.py): which lines
count, from recorded Fairy-Stockfish output and from scripted lines."""

from __future__ import annotations

from pathlib import Path

from xiangqi.core import Move, Position
from xiangqi.engine.messages import Info, Score, SearchLimits
from xiangqi.engine.protocol import Dialect, WireFormat, parse_info
from xiangqi.review.judging import (FORCED_PLIES, Line, SearchLines, after_limits, ended_line, expected_lines,
                                   forced_line, line_of, move_line, mover_score, others_than, restricted_limits)

TRANSCRIPTS = Path(__file__).parent / "transcripts"
UCI_RANKS_1_10 = WireFormat(Dialect.UCI, rank_base=1)


def infos(text: str) -> list[Info]:
    return [parse_info(line.removeprefix("info"), UCI_RANKS_1_10) for line in text.splitlines()
            if line.startswith("info")]


def moves(*texts: str) -> list[Move]:
    return [Move.from_iccs(t) for t in texts]


def test_a_stopped_iteration_is_not_taken_for_a_completed_one() -> None:
    lines = SearchLines(3, SearchLimits(movetime_ms=300))
    for info in infos((TRANSCRIPTS / "fairy_multipv_stop.txt").read_text()):
        lines.add(info)
    found = lines.completed()
    # depth 6: b1c3 74, h1g3 69, g4g5 66 (ICCS ranks 0-9) - not the stop block's "depth 7"
    assert [(line.move, line.score.cp, line.depth) for line in found] == [
        (Move.from_iccs("b0c2"), 74, 6), (Move.from_iccs("h0g2"), 69, 6), (Move.from_iccs("g3g4"), 66, 6)]


def test_without_a_time_limit_the_last_block_is_the_deepest_iteration() -> None:
    lines = SearchLines(2, SearchLimits(depth=5))
    for info in infos("info depth 4 multipv 1 score cp 10 pv h3e3\ninfo depth 4 multipv 2 score cp 5 pv b3e3\n"
                      "info depth 5 multipv 1 score cp 12 pv b3e3\ninfo depth 5 multipv 2 score cp 8 pv h3e3\n"):
        lines.add(info)
    assert [(line.move.iccs(), line.score.cp) for line in lines.completed()] == [("b2e2", 12), ("h2e2", 8)]


def test_bound_lines_are_never_used_as_exact() -> None:
    """An aspiration window's fail-high at depth 9 breaks that block; the exact depth 8 block stays."""
    lines = SearchLines(2, SearchLimits(movetime_ms=1000))
    for info in infos("info depth 8 multipv 1 score cp 30 pv h3e3\ninfo depth 8 multipv 2 score cp 20 pv b3e3\n"
                      "info depth 9 multipv 1 score cp 90 lowerbound pv b3e3\n"
                      "info depth 9 multipv 2 score cp 25 pv h3e3\n"):
        lines.add(info)
    assert [(line.depth, line.score.cp) for line in lines.completed()] == [(8, 30), (8, 20)]
    only_bounds = SearchLines(1)
    only_bounds.add(Info(depth=3, score=Score(cp=50, bound="upper"), pv=(Move.from_iccs("h2e2"),)))
    assert only_bounds.completed() == ()


def test_an_engine_with_one_line_per_search_is_taken_at_its_word() -> None:
    """ElephantEye (recorded: "go depth 6" answers with one info line, no MultiPV)."""
    lines = SearchLines(1, SearchLimits(movetime_ms=300))
    lines.add(parse_info(" depth 6 score 3 pv g3g4 h7h1 a0a1 i9h9 i0i1 h1b1", WireFormat(Dialect.UCCI)))
    assert [(line.move.iccs(), line.score.cp, line.depth) for line in lines.completed()] == [("g3g4", 3, 6)]


def test_an_unfinished_block_leaves_the_last_best_line() -> None:
    lines = SearchLines(3, SearchLimits(movetime_ms=300))
    lines.add(Info(depth=2, multipv=1, score=Score(cp=40), pv=(Move.from_iccs("h2e2"),)))
    lines.add(Info(depth=2, multipv=2, score=Score(cp=30), pv=(Move.from_iccs("b2e2"),)))
    assert [line.move.iccs() for line in lines.completed()] == ["h2e2"]


def test_helpers() -> None:
    position = Position()
    assert expected_lines(44, 3) == 3
    assert expected_lines(44, 500) == 44
    assert expected_lines(1, 3) == 1 and expected_lines(0, 3) == 1
    played = Move.from_iccs("h2e2")
    others = others_than(position, played)
    assert played not in others and len(others) == len(position.legal_moves()) - 1
    assert restricted_limits(SearchLimits(movetime_ms=300), 11) == SearchLimits(depth=11, movetime_ms=300)
    assert restricted_limits(SearchLimits(depth=9), 7) == SearchLimits(depth=9)
    assert restricted_limits(SearchLimits(movetime_ms=300), None) == SearchLimits(movetime_ms=300)
    lines = SearchLines(1)
    lines.add(Info(depth=2, score=Score(cp=1), pv=(played,)))
    assert line_of(lines.completed(), played) is not None and line_of(lines.completed(), moves("b2e2")[0]) is None


def test_a_score_that_is_no_value_is_not_a_line() -> None:
    """The engine layer marks book weights and repetition rulings with neither cp nor mate."""
    lines = SearchLines(1)
    lines.add(Info(depth=0, score=Score(), pv=(Move.from_iccs("h2e2"),)))
    assert lines.completed() == ()


def test_the_position_after_a_move_scores_it_for_the_mover_with_mates_a_ply_further() -> None:
    assert mover_score(Score(cp=120)) == Score(cp=-120)
    assert mover_score(Score(mate=0)) == Score(mate=1)    # the move mates
    assert mover_score(Score(mate=-1)) == Score(mate=2)   # the opponent is mated in 1 after it: mate in 2
    assert mover_score(Score(mate=3)) == Score(mate=-3)   # the opponent mates in 3 after it
    move, reply = Move.from_iccs("h2e2"), Move.from_iccs("h9g7")
    lines = move_line((move,), (Line(reply, Score(cp=-30), 7, (reply,)),))
    assert lines == (Line(move, Score(cp=30), 8, (move, reply)),)
    assert move_line((move,), ()) == ()
    # Through a forced reply: two plies, the score back to the mover's side, a mate two plies further.
    assert move_line((move, reply), (Line(move, Score(mate=-1), 3, (move,)),)) == \
        (Line(move, Score(mate=-2), 5, (move, reply, move)),)
    assert ended_line((move,)) == (Line(move, Score(mate=1), 1, (move,)),)
    assert ended_line((move, reply)) == (Line(move, Score(mate=-1), 2, (move, reply)),)
    assert after_limits(SearchLimits(depth=8), None) == SearchLimits(depth=7)
    assert after_limits(SearchLimits(nodes=45_000), 9) == SearchLimits(depth=8, nodes=45_000)
    assert after_limits(SearchLimits(movetime_ms=300), None) == SearchLimits(movetime_ms=300)
    assert after_limits(SearchLimits(depth=8), None, 3) == SearchLimits(depth=5)


def test_a_check_with_one_reply_is_followed_to_the_position_after_the_reply() -> None:
    """ElephantEye answers a position with one legal move at depth 1 without searching (3 of 447 played-move
    searches of 8 master games): the position searched is the one after the forced reply."""
    position = Position.from_fen("3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1")
    check = Move.from_iccs("a0a9")   # the rook checks the black king on d9: d9d8 is its only move
    moves, after = forced_line(position, check)
    assert [m.iccs() for m in moves] == ["a0a9", "d9d8"]
    assert len(after.legal_moves()) > 1 and after.turn is position.turn
    assert FORCED_PLIES >= 2
