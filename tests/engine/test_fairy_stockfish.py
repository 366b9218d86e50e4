"""The real Fairy-Stockfish (Debian's /usr/games/fairy-stockfish) through the same API in UCCI and UCI mode.

UCI mode numbers ranks 1-10; the app only ever sees ICCS 0-9. The translation is proven three ways: the
moves we send show 1-10 ranks on the wire, every best move and every move of every info pv (dozens per
position) is legal in our own rules core, and the raw bestmove texts are exactly ours shifted by one rank.
(The two modes do not choose identical moves at equal depth, so that cannot serve as the proof.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.core import Move, Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.protocol import Dialect
from xiangqi.config import EngineEntry, Protocol
from xiangqi.engine.registry import load_families, spec_of_entry
from xiangqi.engine.session import SessionState

FAIRY = Path("/usr/games/fairy-stockfish")
pytestmark = [pytest.mark.fairy,
              pytest.mark.skipif(not FAIRY.exists(), reason="needs Debian's fairy-stockfish package")]
WAIT = 30_000
POSITIONS = [
    ("start", Position.STARTING_FEN, []),
    ("opening", Position.STARTING_FEN, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]),
    ("after a capture", Position.STARTING_FEN, ["h2e2", "h7e7", "e2e6", "d9e8"]),  # last FEN changes
    ("middle game black", "2bakab2/9/2n1c1n2/p1p3p1p/4p4/2P6/P3P1P1P/2N1C1N2/4A4/2BAK1B2 b - - 0 12", []),
    ("endgame", "3k5/4a4/4b4/9/9/9/9/4B4/4A4/3AK1R2 w - - 0 1", []),
]


def fairy_client(make_client, protocol: str):
    entry = EngineEntry(f"Fairy {protocol}", str(FAIRY), protocol=Protocol(protocol),
                        options={"Threads": 1, "Hash": 16})
    spec = spec_of_entry(entry, load_families())
    assert spec.family == "fairy-stockfish"
    from xiangqi.engine.session import Timeouts

    return make_client(spec, timeouts=Timeouts(handshake_ms=15_000, ready_ms=15_000))


def position_of(fen: str, moves: list[str]) -> Position:
    position = Position.from_fen(fen)
    for text in moves:
        position.push(Move.from_iccs(text))
    return position


def pv_is_legal(position: Position, pv: tuple[Move, ...]) -> bool:
    board = position.copy()
    for move in pv:
        if not board.is_legal(move):
            return False
        board.push(move)
    return True


def play_all(qtbot, client, depth: int) -> dict:
    """Searches every position; checks each move and every info pv on our own rules core."""
    seen = {"sent": [], "received": [], "moves": [], "pv_moves": 0}
    client.traffic.connect(lambda d, line: seen["sent" if d == ">" else "received"].append(line))
    with qtbot.waitSignal(client.ready, timeout=WAIT):
        client.start()
    for _name, fen, moves in POSITIONS:
        position = position_of(fen, moves)
        infos: list = []
        client.info.connect(infos.append)
        with qtbot.waitSignal(client.best_move, timeout=WAIT) as best:
            client.go(position, SearchLimits(depth=depth))
        client.info.disconnect(infos.append)
        move = best.args[0].move
        assert move is not None and position.is_legal(move), f"{move} in {position.fen()}"
        for info in infos:
            assert pv_is_legal(position, info.pv), f"pv {[m.iccs() for m in info.pv]} in {position.fen()}"
            seen["pv_moves"] += len(info.pv)
        seen["moves"].append(move)
    return seen


def test_both_modes_play_legal_moves_with_ranks_translated(qtbot, make_client) -> None:
    ucci = fairy_client(make_client, "ucci")
    ucci_seen = play_all(qtbot, ucci, depth=6)
    assert ucci.engine_info.dialect is Dialect.UCCI and ucci.engine_info.rank_base == 0
    uci = fairy_client(make_client, "uci")
    uci_seen = play_all(qtbot, uci, depth=6)
    assert uci.engine_info.dialect is Dialect.UCI and uci.engine_info.rank_base == 1
    assert ucci_seen["pv_moves"] > 50 and uci_seen["pv_moves"] > 50  # dozens of translated moves, all legal
    assert "setoption name UCI_Variant value xiangqi" in uci_seen["sent"]
    assert any(line.endswith("moves h3e3 h10g8 h1g3 i10h10 i1h1 b10c8") for line in uci_seen["sent"])
    assert any(line.endswith("moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7") for line in ucci_seen["sent"])
    # what came over the wire in 1-10 ranks is what the app got in 0-9 ranks
    wire = [line.split()[1] for line in uci_seen["received"] if line.startswith("bestmove")]
    shifted = [f"{m.iccs()[0]}{int(m.iccs()[1]) + 1}{m.iccs()[2]}{int(m.iccs()[3]) + 1}" for m in uci_seen["moves"]]
    assert wire == shifted


@pytest.mark.parametrize("protocol", ["ucci", "uci"])
def test_clock_and_mate_answers(qtbot, make_client, protocol: str) -> None:
    client = fairy_client(make_client, protocol)
    with qtbot.waitSignal(client.ready, timeout=WAIT):
        client.start()
    position = position_of(Position.STARTING_FEN, ["c3c4"])
    with qtbot.waitSignal(client.best_move, timeout=WAIT) as best:
        client.go(position, SearchLimits(red_time_ms=2_000, black_time_ms=2_000, red_increment_ms=100,
                                         black_increment_ms=100))
    assert position.is_legal(best.args[0].move)
    mated = Position.from_fen("3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1")
    with qtbot.waitSignal(client.best_move, timeout=WAIT) as best:
        client.go(mated, SearchLimits(depth=3))
    assert best.args[0].move is None and client.state is SessionState.IDLE
