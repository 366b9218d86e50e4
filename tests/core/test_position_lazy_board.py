"""The numpy board is made when first read: a program that only plays moves (an engine process, the tests'
scripted fake engines) never imports numpy, and a board read at any time shows the cells of now and follows
later pushes and pops, on the position and on its copies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from xiangqi.core import Move, Position

REPO = Path(__file__).resolve().parents[2]


def test_playing_moves_imports_no_numpy() -> None:
    script = ("import sys; from xiangqi.core import Position; p = Position(); "
              "[p.push(p.legal_moves()[0]) for _ in range(6)]; p.copy().pop(); p.fen(); p.outcome(); "
              "print('numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr[-2000:]


def test_a_board_read_late_shows_now_and_follows_pushes_pops_and_copies() -> None:
    position = Position()
    moves = [Move.from_iccs(iccs) for iccs in ("h2e2", "h9g7", "e2e6")]
    position.push(moves[0])
    board = position.board                      # made after a push
    assert board.tolist() == list(position.cells())
    copy = position.copy()
    for move in moves[1:]:
        position.push(move)
    assert board.tolist() == list(position.cells()) and board[moves[2].to_sq] == position.piece_at(moves[2].to_sq)
    position.pop()
    position.pop()
    assert board.tolist() == list(position.cells()) == list(copy.cells()) == copy.board.tolist()
    copy.push(moves[1])
    assert copy.board.tolist() == list(copy.cells()) != board.tolist()
    assert not board.flags.writeable
