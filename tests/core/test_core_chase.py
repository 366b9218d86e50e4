"""The perpetual-chase rules (长捉) on real positions: a four-ply cycle played twice from a FEN brings the
start back for the third time, and ``Position.outcome()`` rules on it.

Which attacks are chases follows Pikafish's ``Position::chased`` (see ``xiangqi.core.chase``); the
rulings follow its ``rule_judge``/``detect_chases``, except that checking and chasing with every move
(一将一捉) loses here as the 棋例 say. Each case says on which squares the pieces stand and why the
named side is the one the rules punish; the labels of the cycle are checked too, so a ruling cannot
come out right for the wrong reason.
"""

from __future__ import annotations

from xiangqi.core import Color, Move, Outcome, Position, Termination
from xiangqi.core.chase import chased_squares
from xiangqi.core.outcome import MoveKind
from xiangqi.core.repetition import classify_cycle, forbidden_repetition_moves, repetition_span
from xiangqi.core.squares import parse_square

RED_LOSES = Outcome(Termination.PERPETUAL_CHASE, Color.BLACK)
BLACK_LOSES = Outcome(Termination.PERPETUAL_CHASE, Color.RED)
DRAW = Outcome(Termination.REPETITION_DRAW, None)
R, B = Color.RED, Color.BLACK
CHASE, CHECK, IDLE = MoveKind.CHASE, MoveKind.CHECK, MoveKind.IDLE


def repeat(fen: str, cycle: str) -> Position:
    """Play the four moves of ``cycle`` twice from ``fen``; the start position then stands a third time."""
    position = Position.from_fen(fen)
    moves = cycle.split() * 2
    for text in moves[:-1]:
        position.push(Move.from_iccs(text))
    assert position.outcome() is None  # seen twice only: the game goes on
    position.push(Move.from_iccs(moves[-1]))
    return position


def labels(position: Position) -> list[tuple[Color, MoveKind]]:
    """What each move of one turn of the cycle did (the second turn repeats it)."""
    cycle = classify_cycle(position, repetition_span(position) or 0)
    assert [(m.mover, m.kind) for m in cycle[:4]] == [(m.mover, m.kind) for m in cycle[4:]]
    return [(m.mover, m.kind) for m in cycle[:4]]


def chased_names(position: Position) -> set[frozenset[int]]:
    """The distinct sets of pieces named by the chases of the cycle."""
    return {m.chased for m in classify_cycle(position, repetition_span(position) or 0) if m.chased}


# --- one side chases an unprotected piece back and forth: the chaser loses -----------------------------

def test_rook_chasing_an_unprotected_horse_loses() -> None:
    # Black horse h7 runs to g9 and back; the red rook follows, h3 (h-file) to g3 (g-file). Nothing of
    # black's can take back on h7 or g9, so every red move is a new chase of the same horse.
    position = repeat("3k5/9/7n1/9/9/9/7R1/9/9/4K4 b - - 0 1", "h7g9 h3g3 g9h7 g3h3")
    assert labels(position) == [(B, IDLE), (R, CHASE), (B, IDLE), (R, CHASE)]
    assert chased_names(position) == {frozenset({parse_square("h7")})}  # one horse, wherever it stands
    assert position.outcome() == RED_LOSES
    assert position.outcome().result == "0-1"


def test_cannon_chasing_an_unprotected_horse_loses() -> None:
    # The red cannon h2 attacks h7 over its own horse on h5; from g2 it attacks g9 over the black pawn g6.
    position = repeat("3k5/9/7n1/6p2/7N1/9/9/7C1/9/4K4 b - - 0 1", "h7g9 h2g2 g9h7 g2h2")
    assert labels(position) == [(B, IDLE), (R, CHASE), (B, IDLE), (R, CHASE)]
    assert position.outcome() == RED_LOSES


def test_horse_chasing_an_unprotected_cannon_loses() -> None:
    # Red horse e3 attacks f5; the cannon steps to f6, the horse jumps to d5 and attacks f6, and back.
    position = repeat("3k5/9/9/9/5c3/9/4N4/9/9/4K4 b - - 0 1", "f5f6 e3d5 f6f5 d5e3")
    assert labels(position) == [(B, IDLE), (R, CHASE), (B, IDLE), (R, CHASE)]
    assert position.outcome() == RED_LOSES


def test_black_chasing_loses_for_black() -> None:
    # The first case turned over: the red horse runs h2-g0 and back, the black rook follows h6-g6
    # (the king f0 cannot guard g0, outside its palace), so black loses (1-0).
    position = repeat("4k4/9/9/7r1/9/9/9/7N1/9/5K3 w - - 0 1", "h2g0 h6g6 g0h2 g6h6")
    assert labels(position) == [(R, IDLE), (B, CHASE), (R, IDLE), (B, CHASE)]
    assert position.outcome() == BLACK_LOSES
    assert position.outcome().result == "1-0"


# --- protected targets ------------------------------------------------------------------------------------

def test_chasing_a_protected_piece_is_a_draw() -> None:
    # As the rook case, but the black rook i7 guards h7 and the elephant e7 guards g9: taking would
    # cost the rook for a horse, so the rook's attacks are no chases.
    position = repeat("3k5/9/4b2nr/9/9/9/7R1/9/9/4K4 b - - 0 1", "h7g9 h3g3 g9h7 g3h3")
    assert labels(position) == [(B, IDLE), (R, IDLE), (B, IDLE), (R, IDLE)]
    assert position.outcome() == DRAW


def test_horse_chasing_a_protected_cannon_is_a_draw() -> None:
    # The cannon runs f7-f8, guarded on f7 by the advisor e8 and on f8 by the king f9.
    position = repeat("5k3/4a4/5c3/9/4N4/9/9/9/9/4K4 b - - 0 1", "f7f8 e5g6 f8f7 g6e5")
    assert labels(position) == [(B, IDLE), (R, IDLE), (B, IDLE), (R, IDLE)]
    assert position.outcome() == DRAW


def test_horse_chasing_a_protected_rook_loses() -> None:
    # The same position with a rook in the cannon's place: a horse attacking a rook chases it even
    # though the rook is guarded (taking it wins material all the same).
    position = repeat("5k3/4a4/5r3/9/4N4/9/9/9/9/4K4 b - - 0 1", "f7f8 e5g6 f8f7 g6e5")
    assert labels(position) == [(B, IDLE), (R, CHASE), (B, IDLE), (R, CHASE)]
    assert position.outcome() == RED_LOSES


def test_cannon_chasing_a_protected_rook_loses() -> None:
    # The black rook runs g8-i8, guarded on both squares by the cannon e8 over the horse f8; the red
    # cannon follows g2-i2 and attacks it over the unmoved pawns g3 and i3 (which the rook cannot chase).
    position = repeat("3k5/4cnr2/9/9/9/9/6P1P/6C2/9/4K4 b - - 0 1", "g8i8 g2i2 i8g8 i2g2")
    assert labels(position) == [(B, IDLE), (R, CHASE), (B, IDLE), (R, CHASE)]
    assert position.outcome() == RED_LOSES


def test_a_protector_that_is_pinned_does_not_protect() -> None:
    # The horse-chases-cannon cycle with the rook f9 guarding f7 and f8, but pinned to its king d9 by
    # the red rook i9: taking back would leave the king in check, so the cannon is unprotected.
    pinned = repeat("3k1r2R/9/5c3/9/4N4/9/9/9/9/4K4 b - - 0 1", "f7f8 e5g6 f8f7 g6e5")
    assert labels(pinned) == [(B, IDLE), (R, CHASE), (B, IDLE), (R, CHASE)]
    assert pinned.outcome() == RED_LOSES
    free = repeat("3k1r3/9/5c3/9/4N4/9/9/9/9/4K4 b - - 0 1", "f7f8 e5g6 f8f7 g6e5")  # no red rook on i9
    assert free.outcome() == DRAW


def test_a_capture_that_would_expose_the_own_king_is_no_attack() -> None:
    # The cannon-chases-horse cycle with the red king on f2 and a black rook on i2: the cannon g2/h2 is
    # pinned on the second rank, so it can never take the horse and does not chase it.
    position = repeat("3k5/9/7n1/6p2/7N1/9/9/5K1Cr/9/9 b - - 0 1", "h7g9 h2g2 g9h7 g2h2")
    assert labels(position) == [(B, IDLE), (R, IDLE), (B, IDLE), (R, IDLE)]
    assert position.outcome() == DRAW


# --- attackers and targets that do not count --------------------------------------------------------------

def test_the_king_may_chase() -> None:
    # The red king e1/e2 attacks the lone black cannon d1/d2 with every move; the king's attacks are
    # allowed (允许帅(将)本身步步叫吃), so it is a draw although nothing guards the cannon.
    position = repeat("5k3/9/9/9/9/9/9/9/3cK4/9 b - - 0 1", "d1d2 e1e2 d2d1 e2e1")
    assert labels(position) == [(B, IDLE), (R, IDLE), (B, IDLE), (R, IDLE)]
    assert position.outcome() == DRAW


def test_a_pawn_may_chase() -> None:
    # The crossed red pawn c6/d6 attacks the unguarded black rook c7/d7 with every move: pawns' attacks
    # are allowed, a draw.
    position = repeat("3k5/9/2r6/2P6/9/9/9/9/9/4K4 b - - 0 1", "c7d7 c6d6 d7c7 d6c6")
    assert labels(position) == [(B, IDLE), (R, IDLE), (B, IDLE), (R, IDLE)]
    assert position.outcome() == DRAW


def test_a_pawn_on_its_own_side_is_no_target() -> None:
    # The red cannon c0 attacks c6 whenever exactly one piece stands between: the red elephant c4 and the
    # black horse a4/c3 take turns at it. Every red move makes a new attack, but on a black pawn that has
    # not crossed the river, so nothing is chased: a draw.
    pawn = repeat("3k5/9/9/2p6/9/n1B6/9/9/9/2C1K4 b - - 0 1", "a4c3 c4e2 c3a4 e2c4")
    assert labels(pawn) == [(B, IDLE), (R, IDLE), (B, IDLE), (R, IDLE)]
    assert pawn.outcome() == DRAW
    # The same with a black horse on c6: the very same attacks chase it, and red loses.
    horse = repeat("3k5/9/9/2n6/9/n1B6/9/9/9/2C1K4 b - - 0 1", "a4c3 c4e2 c3a4 e2c4")
    assert labels(horse) == [(B, IDLE), (R, CHASE), (B, IDLE), (R, CHASE)]
    assert horse.outcome() == RED_LOSES


def test_a_crossed_pawn_is_a_target() -> None:
    # A black pawn on e2 has crossed the river: the red rook e4 chases it. The same rook attacking a
    # black pawn still on its own side (e6) chases nothing.
    position = Position.from_fen("3k5/9/9/9/9/4R4/9/4p4/9/5K3 w - - 0 1")
    assert chased_squares(position.board.tolist(), Color.RED) == {parse_square("e2")}
    home = Position.from_fen("3k5/9/9/4p4/9/4R4/9/9/9/5K3 w - - 0 1")
    assert chased_squares(home.board.tolist(), Color.RED) == set()


def test_offering_an_exchange_of_rooks_is_no_chase() -> None:
    # The red rook follows the black rook h7/g7 on its file; the black rook can take back, so each
    # attack offers an exchange (兑) rather than chasing.
    position = repeat("3k5/9/7r1/9/9/9/7R1/9/9/4K4 b - - 0 1", "h7g7 h3g3 g7h7 g3h3")
    assert labels(position) == [(B, IDLE), (R, IDLE), (B, IDLE), (R, IDLE)]
    assert position.outcome() == DRAW


def test_attacking_a_piece_already_attacked_is_no_new_chase() -> None:
    # The red rook keeps attacking the unguarded horse h7 from h3 and from h2 while the black king steps
    # d9-d8: the horse was attacked before each move too (捉到捉), so the moves are idle and it is a draw.
    position = repeat("3k5/9/7n1/9/9/9/7R1/9/9/4K4 b - - 0 1", "d9d8 h3h2 d8d9 h2h3")
    assert labels(position) == [(B, IDLE), (R, IDLE), (B, IDLE), (R, IDLE)]
    assert position.outcome() == DRAW


def test_chasing_two_pieces_in_turn_is_no_perpetual_chase() -> None:
    # The red rook attacks the horse g8 from g3 and the horse h7 from h3 while the black king steps
    # d9-d8: every red move is a chase, but never of the same piece twice in a row (Pikafish keeps only
    # the pieces chased by every move), so it is a draw.
    position = repeat("3k5/6n2/7n1/9/9/9/7R1/9/9/4K4 b - - 0 1", "d9d8 h3g3 d8d9 g3h3")
    assert labels(position) == [(B, IDLE), (R, CHASE), (B, IDLE), (R, CHASE)]
    assert len(chased_names(position)) == 2
    assert position.outcome() == DRAW


# --- checks and chases together --------------------------------------------------------------------------

def test_one_check_one_chase_loses() -> None:
    # 一将一捉: the red rook checks from a9, then from a5 attacks the unguarded horse g5, while the black
    # king steps e9-e8 and back. No idle move among red's, so red loses (by the 棋例; Pikafish would
    # call any cycle with a check that is not perpetual check a draw).
    position = repeat("4k4/9/9/9/R5n2/9/9/9/9/3K5 w - - 0 1", "a5a9 e9e8 a9a5 e8e9")
    assert labels(position) == [(R, CHECK), (B, IDLE), (R, CHASE), (B, IDLE)]
    assert position.outcome() == RED_LOSES


def test_perpetual_check_against_perpetual_chase_loses_for_the_checker() -> None:
    # The red rook checks on the ninth and eighth ranks; each king step makes the king a cannon's
    # second screen no more and opens the other cannon's rank onto the rook (i9 over the elephant g9,
    # i8 over the horse h8): black chases the rook with every move. Pikafish (rule_judge) and the 棋例
    # rule perpetual check first: red, the checker, loses.
    position = repeat("R3k1b1c/7nc/9/9/9/9/9/9/9/3K5 b - - 0 1", "e9e8 a9a8 e8e9 a8a9")
    assert labels(position) == [(B, CHASE), (R, CHECK), (B, CHASE), (R, CHECK)]
    assert position.outcome() == Outcome(Termination.PERPETUAL_CHECK, Color.BLACK)


def test_both_sides_chasing_is_a_draw() -> None:
    # Two cannons, each aimed at an unguarded horse over a file or rank that the horses d4/c2 (red) and
    # d6/c4 (black) step on and off: the red cannon c0 at the black horse c9, the black cannon i4 at
    # the red horse a4. Each move makes its own cannon's count of screens one and the other's not:
    # both sides chase with every move, a draw.
    position = repeat("2n2k3/9/9/3n5/9/N2N4c/9/9/9/2C1K4 w - - 0 1", "d4c2 d6c4 c2d4 c4d6")
    assert labels(position) == [(R, CHASE), (B, CHASE), (R, CHASE), (B, CHASE)]
    assert chased_names(position) == {frozenset({parse_square("c9")}), frozenset({parse_square("a4")})}
    assert position.outcome() == DRAW


def test_perpetual_check_still_loses() -> None:
    position = repeat("R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", "e9e8 a9a8 e8e9 a8a9")
    assert labels(position) == [(B, IDLE), (R, CHECK), (B, IDLE), (R, CHECK)]
    assert position.outcome() == Outcome(Termination.PERPETUAL_CHECK, Color.BLACK)


# The red rook chases the lone black horse to and fro: h7g9 h3g3 g9h7 g3h3.
ROOK_CHASES_HORSE = "3k5/9/7n1/9/9/9/7R1/9/9/4K4 b - - 0 1"


def test_the_move_that_would_lose_by_the_chase_rule_is_the_one_banned() -> None:
    position = Position.from_fen(ROOK_CHASES_HORSE)
    for text in "h7g9 h3g3 g9h7 g3h3 h7g9 h3g3 g9h7".split():
        position.push(Move.from_iccs(text))
    assert forbidden_repetition_moves(position) == [Move.from_iccs("g3h3")]  # the third 捉 of the horse
    assert len(position.legal_moves()) > 1 and position.outcome() is None  # nothing else is touched


def test_a_repetition_the_mover_does_not_lose_is_not_banned() -> None:
    position = Position.from_fen(ROOK_CHASES_HORSE)
    for text in "h7g9 h3g3 g9h7 g3h3 h7g9 h3g3 g9h7 g3h3".split():
        position.push(Move.from_iccs(text))
    # The chased horse repeating its flight makes the third repetition too, but the chaser is the one
    # the rules punish: nothing is banned for black.
    assert forbidden_repetition_moves(position) == []
    position.push(Move.from_iccs("h7g9"))
    assert position.outcome() == RED_LOSES


def test_nothing_is_banned_without_a_repetition() -> None:
    assert forbidden_repetition_moves(Position()) == []
