"""Analysis features of the built-in engine through its UCCI loop (in a thread of the test): multi-PV lines,
``go infinite`` that answers only after ``stop``, and ``go ponder`` / ``ponderhit``."""

from __future__ import annotations

import re

from builtin_helpers import UcciLines

from xiangqi.core import Move, Position

MIDGAME = "r1bakab1r/9/1cn4c1/p1p1p1p1p/4n4/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"
MATE_IN_ONE = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"
CHECKMATED = "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1"
INFO = re.compile(r"info depth (\d+)(?: multipv (\d+))? score (-?\d+) .* pv (.+)$")


def parse_info(line: str) -> tuple[int, int, int, list[str]]:
    """(depth, multipv or 0, score, pv moves) of an ``info depth`` line."""
    match = INFO.match(line)
    assert match, line
    depth, rank, score, pv = match.groups()
    return int(depth), int(rank or 0), int(score), pv.split()


def assert_pv_legal(fen: str, pv: list[str]) -> None:
    position = Position.from_fen(fen)
    for text in pv:
        move = Move.from_iccs(text)
        assert position.is_legal(move), (fen, pv, text)
        position.push(move)


def test_multipv_is_in_the_option_list_and_bounded(engine: UcciLines) -> None:
    lines = engine.handshake()
    assert "option multipv type spin min 1 max 5 default 1" in lines
    for bad in ("setoption multipv 0", "setoption multipv 6", "setoption multipv two"):
        engine.send(bad)
        assert engine.read().startswith("info string error: setoption multipv"), bad
    engine.send("setoption name MultiPV value 5", "isready")  # the UCI spelling of the GUIs
    assert engine.read() == "readyok"


def test_three_lines_per_depth_best_first_with_distinct_moves(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption multipv 3", f"position fen {MIDGAME}", "go depth 4")
    best, before = engine.answer("bestmove")
    infos = [parse_info(line) for line in before if line.startswith("info depth")]
    for depth in range(1, 5):
        rows = [row for row in infos if row[0] == depth]
        assert [row[1] for row in rows] == [1, 2, 3], rows
        scores = [row[2] for row in rows]
        assert scores == sorted(scores, reverse=True)
        assert len({row[3][0] for row in rows}) == 3  # three different first moves
        for row in rows:
            assert_pv_legal(MIDGAME, row[3])
    final = [row for row in infos if row[0] == 4]
    assert best.split()[1] == final[0][3][0]  # the move played is line 1's


def test_more_lines_than_moves_gives_one_line_per_move(engine: UcciLines) -> None:
    fen = "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"  # red has few legal moves
    engine.handshake()
    engine.send("setoption multipv 5", f"position fen {fen}", "go depth 2")
    _, before = engine.answer("bestmove")
    ranks = [parse_info(line)[1] for line in before if line.startswith("info depth 2")]
    assert ranks == list(range(1, len(Position.from_fen(fen).legal_moves()) + 1))


def test_single_line_keeps_the_plain_info_format(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption multipv 2", "setoption multipv 1", "position startpos", "go depth 2")
    _, before = engine.answer("bestmove")
    assert all(" multipv " not in line for line in before)
    assert sum(line.startswith("info depth") for line in before) == 2


def test_multipv_finds_the_mate_first(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption multipv 2", f"position fen {MATE_IN_ONE}", "go depth 3")
    best, before = engine.answer("bestmove")
    infos = [parse_info(line) for line in before if line.startswith("info depth")]
    rows = [row for row in infos if row[0] == infos[-1][0]]  # the last depth (a proved mate ends early)
    assert [row[1] for row in rows] == [1, 2]
    assert rows[0][2] > 29000 and rows[0][3][0] == best.split()[1]
    assert rows[1][3][0] != rows[0][3][0]


def test_infinite_deepens_and_answers_only_after_stop(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption multipv 2", "position startpos", "go infinite depth 3")  # done quickly, then waits
    seen = engine.until("info depth 3 multipv 2")
    depths = [parse_info(line)[0] for line in seen if line.startswith("info depth")]
    assert depths == sorted(depths) and depths[0] == 1
    assert_one_answer_after_stop(engine, "bestmove")


def assert_one_answer_after_stop(engine: UcciLines, answer: str) -> list[str]:
    """isready, stop, isready: the engine is still on it at the first readyok, and the stop gets exactly
    one answer (an engine that had answered on its own would answer the stop again with nobestmove)."""
    engine.send("isready", "stop", "isready")
    lines = engine.until("readyok")
    lines += engine.until("readyok")
    assert [line.split()[0] if line.startswith(("bestmove", "nobestmove")) else line.split(" time")[0]
            for line in lines] == ["readyok", "info", answer, "readyok"], lines
    return lines


def test_infinite_waits_for_stop_even_without_a_move(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(f"position fen {CHECKMATED}", "go infinite")
    assert_one_answer_after_stop(engine, "nobestmove")


def test_ponder_finished_early_waits_for_ponderhit_then_plays(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption usemillisec true", "position startpos moves h2e2 h9g7", "go ponder depth 2 time 60000")
    engine.until("info depth 2")
    engine.send("isready")
    assert engine.until("readyok") == ["readyok"]  # finished its depth but still pondering
    engine.send("ponderhit")
    line, _ = engine.answer("bestmove", "nobestmove")
    position = Position()
    for text in ("h2e2", "h9g7"):
        position.push(Move.from_iccs(text))
    assert position.is_legal(Move.from_iccs(line.split()[1])) and "resign" not in line


def test_ponderhit_with_a_clock_ends_the_search_on_its_own(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption usemillisec true", "setoption multipv 3", "position startpos moves h2e2",
                "go ponder time 2000 increment 0")
    engine.until("info depth 2 multipv 3")  # pondering, all lines reported
    engine.send("ponderhit")
    line, _ = engine.answer("bestmove")  # no stop needed: the clock budget starts at ponderhit
    position = Position()
    position.push(Move.from_iccs("h2e2"))
    assert position.is_legal(Move.from_iccs(line.split()[1]))
