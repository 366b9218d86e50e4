"""The search board agrees with the core: move generation (perft, legal moves), Zobrist keys,
repetition rulings; its evaluation is colour-symmetric."""

from __future__ import annotations

from pathlib import Path

import pytest
from builtin_helpers import game_positions, wukong_games

from xiangqi.core import Move, Position
from xiangqi.core.movegen import king_attacked
from xiangqi.engine.builtin.board import SearchBoard
from xiangqi.engine.builtin.lines import occupancy
from xiangqi.engine.builtin.commands import PositionCommand
from xiangqi.engine.builtin.engine import board_for
from xiangqi.engine.builtin.geometry import iccs, move_code


def board_of(fen: str) -> SearchBoard:
    return board_for(PositionCommand(Position.from_fen(fen)))


def perft(board: SearchBoard, depth: int) -> int:
    total = 0
    side = board.side
    for move in board.generate():
        board.make(move)
        if not board.attacked(side):
            total += perft(board, depth - 1) if depth > 1 else 1
        board.unmake(move)
    return total


def perft_rows(shared_data: Path) -> list[list[str]]:
    lines = (shared_data / "perft.tsv").read_text().splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith(("#", "fen\t"))]


def test_perft_matches_reference_counts(shared_data: Path) -> None:
    rows = perft_rows(shared_data)
    assert len(rows) >= 10
    for row in rows:
        board = board_of(row[0])
        for depth in (1, 2):
            assert perft(board, depth) == int(row[depth]), f"{row[0]} depth {depth}"


def test_perft_depth_3_start_position(shared_data: Path) -> None:
    row = perft_rows(shared_data)[0]
    assert perft(board_of(row[0]), 3) == int(row[3])


def test_legal_moves_captures_and_keys_match_the_core_along_real_games(shared_data: Path) -> None:
    checked = 0
    for moves in wukong_games(shared_data):
        position = Position()
        board = board_of(Position.STARTING_FEN)
        for move in moves:
            core = sorted(m.iccs() for m in position.legal_moves())
            assert sorted(iccs(m) for m in board.legal_moves()) == core, position.fen()
            assert board.key == position.zobrist
            assert board.in_check() == position.is_check()
            captures = sorted(m for m in board.generate() if board.cells[m & 127])
            assert sorted(board.generate_captures()) == captures, position.fen()
            position.push(move)
            board.make(move_code(move.from_sq, move.to_sq))
            board.checks.append(board.in_check())
            checked += 1
    assert checked > 1000


def test_make_unmake_restores_everything() -> None:
    board = board_of("r1bakab1r/9/1cn4c1/p1p1p1p1p/4n4/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1")

    def state() -> tuple[object, ...]:
        return (list(board.cells), board.side, board.key, board.material, list(board.kings), list(board.counts),
                list(board.rows), list(board.cols))

    before = state()
    for move in board.generate():
        board.make(move)
        for reply in board.generate():
            board.make(reply)
            assert (board.rows, board.cols) == occupancy(board.cells)
            board.unmake(reply)
        board.unmake(move)
        assert state() == before


def test_king_attack_test_is_the_cores_after_every_pseudo_move_along_real_games(shared_data: Path) -> None:
    """The board's table-driven attack test against the core's ray walk, for both kings, in positions
    where kings face, cannons have screens and horses have blocked legs (every pseudo-move of real games)."""
    compared = 0
    for moves in list(wukong_games(shared_data))[:10]:
        board = board_of(Position.STARTING_FEN)
        for move in moves:
            for trial in board.generate():
                board.make(trial)
                if board.cells.count(1) and board.cells.count(-1):  # a king was not captured
                    for side in (0, 1):
                        assert board.attacked(side) == king_attacked(board.cells, board.kings[side], side), iccs(trial)
                        compared += 1
                board.unmake(trial)
            board.make(move_code(move.from_sq, move.to_sq))
    assert compared > 10000


def mirrored(fen: str) -> str:
    """The same position with colours swapped (ranks flipped, case swapped, other side to move)."""
    board, side = fen.split()[:2]
    rows = [row.swapcase() for row in reversed(board.split("/"))]
    return f"{'/'.join(rows)} {'b' if side == 'w' else 'w'} - - 0 1"


@pytest.mark.parametrize(
    "fen",
    [
        Position.STARTING_FEN,
        "r1bakab1r/9/1cn4c1/p1p1p1p1p/4n4/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
        "2b1k2C1/3na2N1/5c3/p4P2p/9/3r5/P3R3P/8B/4A4/3AK4 w - - 9 53",
        "3akab2/9/4b4/4N4/9/9/9/9/4r4/3K5 w - - 0 1",
    ],
)
def test_evaluation_is_colour_symmetric(fen: str) -> None:
    assert board_of(fen).evaluate() == board_of(mirrored(fen)).evaluate()


def test_evaluation_counts_material() -> None:
    up_a_rook = "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"  # black lacks a rook
    assert board_of(up_a_rook).evaluate() > 700
    assert board_of(up_a_rook.replace(" w ", " b ")).evaluate() < -700
    assert board_of(mirrored(up_a_rook)).evaluate() > 700


def played(fen: str, moves: str) -> SearchBoard:
    position = Position.from_fen(fen)
    command = PositionCommand(position.copy())
    for text in moves.split():
        move = Move.from_iccs(text)
        position.push(move)
        command.moves.append(move)
    return board_for(command)


# Black's rook checks the red king over and over (the UCCI protocol's own example).
PERPETUAL_FEN = "9/9/3k5/9/9/9/4R4/3A5/4K4/8r b - - 0 1"


def test_repetition_by_perpetual_check_loses_for_the_checker() -> None:
    board = played(PERPETUAL_FEN, "i0i1 e1e0 i1i0 e0e1")  # black checked with both its moves
    assert board.repetition() == -1  # black to move, in the repeated position: black loses


def test_repetition_seen_from_the_side_that_was_checked() -> None:
    board = played(PERPETUAL_FEN, "i0i1 e1e0 i1i0 e0e1 i0i1")
    assert board.repetition() == 1  # red to move; black checked every time: red wins the ruling


def test_idle_repetition_is_a_draw() -> None:
    board = played(Position.STARTING_FEN, "h0g2 h9g7 g2h0 g7h9")
    assert board.repetition() == 0
    assert played(Position.STARTING_FEN, "h0g2 h9g7 g2h0").repetition() is None


def test_fen_halfmove_clock_counts_towards_the_natural_limit() -> None:
    board = board_of("3akab2/9/4b4/4N4/9/9/9/9/4r4/3K5 w - - 100 60")
    assert board.plies_since_reset() == 100


def test_positions_from_games_are_available(shared_data: Path) -> None:
    assert len(game_positions(shared_data)) > 1000


def test_tables_blend_from_middlegame_to_endgame_and_follow_the_attack() -> None:
    """ElephantEye's pre-evaluation: full material is phase 66, bare kings 0; a pawn across the river is
    worth more when its side attacks (pieces across the river) than when it does not."""
    from xiangqi.engine.builtin.evaluation import attacks, game_phase, pre_evaluate

    start = list(Position().board)
    assert game_phase(start) == 66
    assert game_phase([c if abs(c) == 1 else 0 for c in start]) == 0
    assert attacks(start) == (0, 0)
    quiet = board_of("3ak4/4a4/9/4P4/9/9/9/9/4A4/3AK4 w - - 0 1")
    raid = board_of("3ak4/4a4/4R4/4P4/9/9/9/9/4A4/3AK4 w - - 0 1")
    pawn_sq = 6 * 9 + 4
    assert raid.pst[7 + 7][pawn_sq] > quiet.pst[7 + 7][pawn_sq]
    table, bias = pre_evaluate(raid.cells)
    assert table == raid.pst
    assert bias > 0  # ElephantEye's bonus for a palace not under threat: red's is not, black's is


def test_refit_recomputes_the_incremental_score() -> None:
    board = played(Position.STARTING_FEN, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5")
    start_tables = board.pst  # blended for the start position, then updated move by move
    board.refit()
    assert board.pst != start_tables  # rooks and pawns crossed the river: other pawn tables
    assert board.material == SearchBoard(board.cells, board.side).material
