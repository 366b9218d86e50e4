"""Never an illegal move: 200 positions sampled from real games (../shared/data/games/wukong), searched
through the API with a tiny budget (every level's settings in turn), and 60 more through the real UCCI
process. (It sampled 1,000 positions: ~10 s of CPU, the most of any engine test; 400 took 4 s, most of it the
evaluation tables each new position is fitted with, not the search.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from builtin_helpers import UcciProcess, game_positions

from xiangqi.core import Move, Position
from xiangqi.engine.builtin.commands import PositionCommand
from xiangqi.engine.builtin.engine import board_for
from xiangqi.engine.builtin.geometry import iccs
from xiangqi.engine.builtin.levels import LEVELS
from xiangqi.engine.builtin.search import Limits, Searcher

SAMPLE = 200


def sample(shared_data: Path, count: int, seed: int) -> list[tuple[str, list[Move]]]:
    positions = game_positions(shared_data)
    return random.Random(seed).sample(positions, min(count, len(positions)))


def current(fen: str, moves: list[Move]) -> Position:
    position = Position.from_fen(fen)
    for move in moves:
        position.push(move)
    return position


@pytest.mark.slow
def test_hundreds_of_real_positions_get_legal_moves(shared_data: Path) -> None:
    searcher = Searcher()
    positions = sample(shared_data, SAMPLE, seed=4)
    assert len(positions) == SAMPLE
    for index, (fen, moves) in enumerate(positions):
        position = current(fen, moves)
        legal = {m.iccs() for m in position.legal_moves()}
        level = LEVELS[1 + index % 5]  # every level's settings, the random ones included
        board = board_for(PositionCommand(Position.from_fen(fen), list(moves)))
        result = searcher.search(board, Limits(depth=min(level.max_depth or 2, 2), nodes=300), margin=level.margin)
        assert result.best is not None and iccs(result.best) in legal, f"{position.fen()}: {result.best}"
        if result.ponder is not None:
            position.push(Move.from_iccs(iccs(result.best)))
            assert position.is_legal(Move.from_iccs(iccs(result.ponder)))


def test_real_positions_through_the_process(shared_data: Path, engine_process: UcciProcess) -> None:
    engine = engine_process
    engine.handshake()
    for fen, moves in sample(shared_data, 60, seed=5):
        engine.send(f"position fen {fen}" + (" moves " + " ".join(m.iccs() for m in moves) if moves else ""))
        engine.send("go nodes 200")
        line, before = engine.answer("bestmove", "nobestmove")
        assert not [text for text in before if "error" in text]
        assert line.startswith("bestmove")
        assert current(fen, moves).is_legal(Move.from_iccs(line.split()[1])), line
