"""Fairy-Stockfish scores both colours alike in the dialect the program drives it in (UCI, families.toml),
through the program's own engine layer, at a small node budget: the start position, two middlegames and
the colour flip of each (tests/symmetry). The same measurement finds its UCCI mode skewed, which is why
the family speaks UCI. (tests/bench/dialect_symmetry.py does every family at a larger budget.)"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pytest
from symmetry import BUILT_IN_MIDDLEGAMES, START, FlipPair, colour_flipped, mean_skew, symmetric

from xiangqi.core import Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec, Protocol, load_families, session_config_for
from xiangqi.engine.session import Timeouts

FAIRY = Path("/usr/games/fairy-stockfish")
pytestmark = [pytest.mark.fairy, pytest.mark.skipif(not FAIRY.exists(), reason="needs Debian's fairy-stockfish")]
NODES = 15_000   # one thread, a clear hash: the same scores every run (UCI within 20 cp, UCCI skewed 140 cp)
WAIT = 60_000
POSITIONS = (START, *BUILT_IN_MIDDLEGAMES)


def fairy(protocol: Protocol) -> EngineSpec:
    return EngineSpec(f"Fairy-Stockfish {protocol.value}", str(FAIRY), protocol=protocol,
                      options=MappingProxyType({"Threads": 1, "Hash": 16}), family="fairy-stockfish")


def scores(qtbot, client) -> list[FlipPair]:
    with qtbot.waitSignal(client.ready, timeout=WAIT):
        client.start()
    found = []
    for fen in POSITIONS:
        pair = []
        for searched in (fen, colour_flipped(fen)):
            infos: list = []
            client.info.connect(infos.append)
            client.new_game()   # a clear hash: the flip must not read the first search's table
            with qtbot.waitSignal(client.best_move, timeout=WAIT):
                client.go(Position.from_fen(searched), SearchLimits(nodes=NODES))
            client.info.disconnect(infos.append)
            last = [i for i in infos if i.score is not None and i.score.is_evaluation][-1]
            pair.append(last.score.cp)
        found.append(FlipPair(fen, pair[0], pair[1]))
    return found


def test_the_family_speaks_uci_by_default() -> None:
    spec = EngineSpec("Fairy-Stockfish", str(FAIRY), family="fairy-stockfish")
    assert session_config_for(spec, load_families()).dialects[0].rules.key == "uci"


def test_uci_scores_both_colours_alike_and_ucci_does_not(qtbot, make_client) -> None:
    timeouts = Timeouts(handshake_ms=15_000, ready_ms=15_000)
    uci = scores(qtbot, make_client(fairy(Protocol.UCI), timeouts=timeouts))
    assert symmetric(uci), [(p.score, p.flipped) for p in uci]
    ucci = scores(qtbot, make_client(fairy(Protocol.UCCI), timeouts=timeouts))
    assert not symmetric(ucci) and mean_skew(ucci) > 100, [(p.score, p.flipped) for p in ucci]
