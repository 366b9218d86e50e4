"""The window's cost of watching a match: per engine move, what ``MatchUi`` does to show it on the board,
the move list and the evaluation graph (the record grows; the board shows its new last node).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/bench/match_watch.py [--plies 300]

A game of first-legal moves (no repetition) is grown node by node and shown as the match shows it; the
reference is the same moves played on the board by a user in a two-player game (``try_move``), the
window's ordinary per-move work. Prints both per move, for the first and the last 50 plies. Not collected
by pytest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from PySide6.QtWidgets import QApplication  # noqa: E402

from xiangqi.core import Move, Position  # noqa: E402
from xiangqi.game.setup import GameSetup  # noqa: E402
from xiangqi.record import Game  # noqa: E402
from xiangqi.play.controller import GameController  # noqa: E402
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet  # noqa: E402
from xiangqi.ui.shell.main_window import MainWindow  # noqa: E402
from xiangqi.ui.match.match_ui import MatchUi, install_match_ui  # noqa: E402
from xiangqi.ui.study.study_tools import install_study_ui  # noqa: E402


def moves_of_a_game(plies: int) -> list[Move]:
    """Legal moves that avoid repeating a position (so the game is not over early)."""
    position, seen = Position(), set[str]()
    moves: list[Move] = []
    while len(moves) < plies:
        legal = [m for m in position.legal_moves() if position.is_legal(m)]
        choice = next((m for m in legal if _key_after(position, m) not in seen), None)
        if choice is None or position.outcome() is not None:
            break
        moves.append(choice)
        position.push(choice)
        seen.add(position.fen().rsplit(" ", 2)[0])
    return moves


def _key_after(position: Position, move: Move) -> str:
    after = position.copy()
    after.push(move)
    return after.fen().rsplit(" ", 2)[0]


def watch(window: MainWindow, ui: MatchUi, moves: list[Move], app: QApplication) -> list[float]:
    game = Game()
    ui._shown = game
    window.controller.study.open_record(game, game.root)
    node, times = game.root, []
    for move in moves:
        node = node.add_child(move)
        start = time.perf_counter()
        ui._on_moved(game, node)
        app.processEvents()
        times.append((time.perf_counter() - start) * 1000)
    return times


def play(window: MainWindow, moves: list[Move], app: QApplication) -> list[float]:
    window.start_game(GameSetup(engine=None))
    times = []
    for move in moves:
        start = time.perf_counter()
        assert window.controller.try_move(move), move.iccs()
        app.processEvents()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--plies", type=int, default=300)
    args = parser.parse_args()
    app = QApplication([])
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    install_study_ui(window)
    ui = install_match_ui(window, window.book_ui)
    window.resize(1400, 900)
    window.show()
    moves = moves_of_a_game(args.plies)
    watched, played = watch(window, ui, moves, app), play(window, moves, app)
    print(f"{len(moves)} plies; ms per move (median), first 50 / last 50 plies:")
    for name, times in (("watching a match", watched), ("reference: a user's move", played)):
        print(f"  {name:26s} {statistics.median(times[:50]):7.2f} / {statistics.median(times[-50:]):7.2f}")
    print(f"  ratio (last 50)            {statistics.median(watched[-50:]) / statistics.median(played[-50:]):7.2f}")
    window.close()


if __name__ == "__main__":
    main()
