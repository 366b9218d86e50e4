"""Legal move lists compared with Fairy-Stockfish (``go perft 1`` lists each legal move) along random games."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fairy_perft import FAIRY, FairyPerft

from xiangqi.core import Position

pytestmark = [
    pytest.mark.fairy,
    pytest.mark.skipif(shutil.which(FAIRY) is None, reason=f"{FAIRY} is not installed"),
]


@pytest.fixture(scope="module")
def fairy() -> Iterator[FairyPerft]:
    engine = FairyPerft()
    yield engine
    engine.close()


def start_fens(shared: Path) -> list[str]:
    lines = (shared / "perft.tsv").read_text(encoding="utf-8").splitlines()
    return [Position.STARTING_FEN] + [line.split("\t")[0] for line in lines if "/" in line.split("\t")[0]]


def test_legal_moves_match_fairy_stockfish_along_random_games(fairy: FairyPerft, shared_data: Path) -> None:
    rng = random.Random(20240611)
    checked = 0
    for fen in start_fens(shared_data):
        for _game in range(3):
            position = Position.from_fen(fen)
            for _ply in range(rng.randrange(10, 80)):
                ours = {move.iccs() for move in position.legal_moves()}
                assert ours == fairy.legal_moves(position.fen()), position.fen()
                checked += 1
                if not ours:
                    break
                position.push_unchecked(rng.choice(sorted(position.legal_moves(), key=str)))
    assert checked > 1000
