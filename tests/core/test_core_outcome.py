"""Game ends: checkmate and stalemate lose for the side to move, the natural limit, repetition rulings."""

from __future__ import annotations

import pytest

from xiangqi.core import Color, IllegalMoveError, Move, Outcome, Position, Termination
from xiangqi.core.outcome import CycleMove, MoveKind, judge_repetition


def play(position: Position, *moves: str) -> Position:
    for text in moves:
        position.push(Move.from_iccs(text))
    return position


def test_game_goes_on_at_the_start() -> None:
    assert Position().outcome() is None


def test_checkmate_loses_for_the_side_to_move() -> None:
    position = Position.from_fen("R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1")
    assert position.is_check() and position.legal_moves() == []
    assert position.outcome() == Outcome(Termination.CHECKMATE, Color.RED)
    assert position.outcome().result == "1-0"


def test_mate_by_a_move_played() -> None:
    position = play(Position.from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"), "b0b9")
    assert position.outcome() == Outcome(Termination.CHECKMATE, Color.RED)


def test_flying_general_mate() -> None:
    # The rook checks on the d-file; e9 and e8 would face the red king on the open e-file.
    position = Position.from_fen("3k5/9/3R5/9/9/9/9/9/9/4K4 b - - 0 1")
    assert position.is_check()
    assert position.outcome() == Outcome(Termination.CHECKMATE, Color.RED)
    open_file = Position.from_fen("3k5/9/3R5/9/9/9/9/9/4A4/4K4 b - - 0 1")  # the advisor closes the e-file
    assert sorted(m.iccs() for m in open_file.legal_moves()) == ["d9e9"]


def test_stalemate_loses_for_the_side_to_move() -> None:
    position = Position.from_fen("4k4/9/4P4/9/9/9/9/9/3R1R3/4K4 b - - 0 1")
    assert not position.is_check() and position.legal_moves() == []
    outcome = position.outcome()
    assert outcome == Outcome(Termination.STALEMATE, Color.RED) and outcome.result == "1-0"


def test_red_stalemated_loses() -> None:
    position = Position.from_fen("3rkr3/9/9/9/9/9/9/4p4/9/4K4 w - - 0 1")
    assert position.outcome() == Outcome(Termination.STALEMATE, Color.BLACK)
    assert position.outcome().result == "0-1"


def test_natural_limit_is_a_draw_and_a_parameter() -> None:
    position = Position.from_fen("3k5/9/9/9/9/9/p8/9/9/4K4 w - - 118 80")
    assert position.outcome() is None
    play(position, "e0e1")
    assert position.outcome() is None
    play(position, "d9d8")
    assert position.halfmove_clock == 120
    assert position.outcome() == Outcome(Termination.NATURAL_LIMIT, None)
    assert position.outcome().result == "1/2-1/2"
    assert position.outcome(natural_limit_plies=200) is None
    assert Position.from_fen("3k5/9/9/9/9/9/p8/9/9/4K4 w - - 10 1").outcome(natural_limit_plies=10) == Outcome(
        Termination.NATURAL_LIMIT, None
    )


def test_capture_resets_the_clock() -> None:
    position = play(Position.from_fen("3k5/9/9/9/9/9/9/9/r8/R3K4 w - - 50 30"), "a0a1")
    assert position.halfmove_clock == 0


def test_perpetual_check_loses() -> None:
    position = Position.from_fen("R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
    cycle = ["e9e8", "a9a8", "e8e9", "a8a9"]
    play(position, *cycle)
    assert position.outcome() is None  # seen twice so far
    play(position, *cycle[:3])
    assert position.outcome() is None
    play(position, cycle[3])
    assert position.outcome() == Outcome(Termination.PERPETUAL_CHECK, Color.BLACK)
    assert position.outcome().result == "0-1"


def test_repetition_without_checks_is_a_draw() -> None:
    position = Position()
    for _ in range(2):
        play(position, "h0g2", "h9g7", "g2h0", "g7h9")
    assert position.outcome() == Outcome(Termination.REPETITION_DRAW, None)


def test_ucci_position_starts_after_the_last_capture() -> None:
    position = Position()
    assert position.ucci_position() == (Position.STARTING_FEN, [])
    play(position, "h2e2", "h9g7", "e2e6", "g6g5", "h0g2")
    fen, moves = position.ucci_position()
    assert fen == "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
    assert [m.iccs() for m in moves] == ["g6g5", "h0g2"]
    replay = Position.from_fen(fen)
    for move in moves:
        replay.push(move)
    assert replay.fen() == position.fen()


def test_ucci_position_without_capture_starts_from_the_loaded_fen() -> None:
    start = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 7 12"
    position = play(Position.from_fen(start), "d0d1", "e9e8")
    assert position.ucci_position() == (start, [Move.from_iccs("d0d1"), Move.from_iccs("e9e8")])


RED_CHECKS = [(Color.RED, MoveKind.CHECK), (Color.BLACK, MoveKind.IDLE)] * 2
BLACK_CHECKS = [(Color.BLACK, MoveKind.CHECK), (Color.RED, MoveKind.IDLE)] * 2
BOTH_CHECK = [(Color.RED, MoveKind.CHECK), (Color.BLACK, MoveKind.CHECK)] * 2
NONE_CHECKS = [(Color.RED, MoveKind.IDLE), (Color.BLACK, MoveKind.IDLE)] * 2
SOME_CHECKS = [(Color.RED, MoveKind.CHECK), (Color.BLACK, MoveKind.IDLE)] + NONE_CHECKS[:2]
DRAW = Outcome(Termination.REPETITION_DRAW, None)


@pytest.mark.parametrize(
    "kinds, expected",
    [
        (RED_CHECKS, Outcome(Termination.PERPETUAL_CHECK, Color.BLACK)),
        (BLACK_CHECKS, Outcome(Termination.PERPETUAL_CHECK, Color.RED)),
        (BOTH_CHECK, DRAW),
        (NONE_CHECKS, DRAW),
        (SOME_CHECKS, DRAW),
    ],
)
def test_judge_repetition(kinds: list[tuple[Color, MoveKind]], expected: Outcome) -> None:
    assert judge_repetition([CycleMove(color, kind) for color, kind in kinds]) == expected


def chase(color: Color, *pieces: int) -> CycleMove:
    return CycleMove(color, MoveKind.CHASE, frozenset(pieces))


def idle(color: Color) -> CycleMove:
    return CycleMove(color, MoveKind.IDLE)


def check(color: Color) -> CycleMove:
    return CycleMove(color, MoveKind.CHECK)


RED, BLACK = Color.RED, Color.BLACK


@pytest.mark.parametrize(
    "cycle, expected",
    [
        # 长捉: one piece (named 7) chased by every red move.
        ([chase(RED, 7), idle(BLACK)] * 2, Outcome(Termination.PERPETUAL_CHASE, BLACK)),
        ([idle(RED), chase(BLACK, 40)] * 2, Outcome(Termination.PERPETUAL_CHASE, RED)),
        # Other pieces chased on the way do not matter while one is chased by every move.
        ([chase(RED, 7, 12), idle(BLACK), chase(RED, 7), idle(BLACK)] * 2,
         Outcome(Termination.PERPETUAL_CHASE, BLACK)),
        # 一将一捉 loses like the chase.
        ([check(RED), idle(BLACK), chase(RED, 7), idle(BLACK)] * 2,
         Outcome(Termination.PERPETUAL_CHASE, BLACK)),
        # An idle move among the side's moves makes the repetition allowed.
        ([chase(RED, 7), idle(BLACK), idle(RED), idle(BLACK)], DRAW),
        ([check(RED), idle(BLACK), idle(RED), idle(BLACK)], DRAW),
        # Different pieces in turn: no piece chased by every move.
        ([chase(RED, 7), idle(BLACK), chase(RED, 12), idle(BLACK)], DRAW),
        # Both forbidden: a draw.
        ([chase(RED, 7), chase(BLACK, 40)] * 2, DRAW),
        ([check(RED), chase(BLACK, 40), chase(RED, 7), chase(BLACK, 40)], DRAW),
        # Perpetual check is ruled first: the checker loses against perpetual chase and 一将一捉.
        ([check(RED), chase(BLACK, 40)] * 2, Outcome(Termination.PERPETUAL_CHECK, BLACK)),
        ([chase(RED, 7), check(BLACK), check(RED), check(BLACK)], Outcome(Termination.PERPETUAL_CHECK, RED)),
        ([check(RED), check(BLACK)] * 2, DRAW),
    ],
)
def test_judge_repetition_with_chases(cycle: list[CycleMove], expected: Outcome) -> None:
    assert judge_repetition(cycle) == expected


def test_only_a_chase_names_chased_pieces() -> None:
    with pytest.raises(ValueError):
        CycleMove(Color.RED, MoveKind.CHASE)
    with pytest.raises(ValueError):
        CycleMove(Color.RED, MoveKind.CHECK, frozenset({7}))
    assert CycleMove(Color.RED, MoveKind.IDLE).chased == frozenset()  # the engine's two-field form works


def test_illegal_moves_are_refused_with_the_move_quoted() -> None:
    position = Position()
    for text in ("h0h2", "e0e2", "b2b8", "a0a5", "a3b3", "b0d1", "a0b0", "e6e5", "e3e5"):
        with pytest.raises(IllegalMoveError, match=repr(text)):
            position.push(Move.from_iccs(text))
    assert position.fen() == Position.STARTING_FEN and position.ply == 0
