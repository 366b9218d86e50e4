"""The UCCI protocol of ``python -m xiangqi ucci``: handshake, every command, stop in the middle of a search,
ponder, banmoves, quit/bye, and bad input answered by ``info string``. The loop runs in a thread of the test
(``engine``: the same ``ucci_loop.run`` on a pipe, without a process start per test); what only the process
shows (quit ends it with status 0, the end of its input, bytes that are not UTF-8) uses the real process."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time

import pytest
from builtin_helpers import LINE_TIMEOUT, REPO, UcciLines, UcciLoop, UcciProcess

from xiangqi.core import Move, Position
from xiangqi.engine.builtin.levels import LEVELS

MIDGAME = "r1bakab1r/9/1cn4c1/p1p1p1p1p/4n4/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"
MATE_IN_ONE = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"
BLACK_TO_MOVE = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"   # after 1. C2=5


def best_move(engine: UcciLines, go: str) -> tuple[str, list[str]]:
    engine.send(go)
    return engine.answer("bestmove", "nobestmove")


def assert_legal(fen: str, moves: list[str], answer: str) -> None:
    position = Position.from_fen(fen)
    for text in moves:
        position.push(Move.from_iccs(text))
    assert position.is_legal(Move.from_iccs(answer.split()[1])), answer


def test_handshake_lists_identity_and_options(engine: UcciLines) -> None:
    lines = engine.handshake()
    assert lines[-1] == "ucciok"
    assert any(line.startswith("id name ") for line in lines)
    assert any(line.startswith("id author ") for line in lines)
    options = " | ".join(line for line in lines if line.startswith("option "))
    for needed in (
        "option usemillisec type check default false",
        "option hashsize type spin",
        "option level type spin min 1 max 5",
        "option randomness type combo",
        "option newgame type button",
    ):
        assert needed in options


def test_isready_answers_readyok(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("isready")
    assert engine.read() == "readyok"


def test_every_option_is_accepted(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(
        "setoption usemillisec true",
        "setoption hashsize 32",
        "setoption level 3",
        "setoption randomness small",
        "setoption newgame",
        "setoption name level value 4",  # the UCI spelling is tolerated
        "setoption batch false",  # standard UCCI options it does not need: silently accepted
        "isready",
    )
    assert engine.read() == "readyok"


BAD_OPTIONS = (
    "setoption level 9",
    "setoption level x",
    "setoption hashsize -1",
    "setoption usemillisec maybe",
    "setoption randomness huge",
    "setoption",
)


def assert_each_gets_an_error_line(engine: UcciLines, commands: tuple[str, ...]) -> None:
    """Each command is answered by one ``info string error`` line and the engine stays ready."""
    for command in commands:
        engine.send(command, "isready")
        assert engine.read().startswith("info string error"), command
        assert engine.read() == "readyok"


def test_bad_option_values_get_an_error_line(engine: UcciLines) -> None:
    engine.handshake()
    assert_each_gets_an_error_line(engine, BAD_OPTIONS)


def test_unknown_option_is_reported_but_harmless(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption frobnicate 3", "isready")
    assert "unsupported option" in engine.read()
    assert engine.read() == "readyok"


def test_go_depth_reports_each_iteration_then_a_legal_move(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("position startpos moves h2e2 h9g7")
    line, infos = best_move(engine, "go depth 3")
    depth_lines = [i for i in infos if i.startswith("info depth")]
    depths = [int(i.split()[2]) for i in depth_lines]
    # Every iteration once; on a busy machine an iteration that runs past a second may also report a new
    # best move before it ends (another line with the same depth), so repeats are allowed.
    assert sorted(set(depths)) == [1, 2, 3] and depths == sorted(depths)
    for info in depth_lines:
        words = info.split()
        for field in ("score", "time", "nodes", "nps", "pv"):
            assert field in words
    assert_legal(Position.STARTING_FEN, ["h2e2", "h9g7"], line)
    pv = depth_lines[-1].split(" pv ")[1].split()
    assert line.split()[1] == pv[0]
    if len(pv) > 1:
        assert line.split()[3] == pv[1]  # bestmove X ponder Y follows the PV


def test_position_fen_with_moves(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(f"position fen {MIDGAME} moves b0c2 c6c5")
    line, _ = best_move(engine, "go depth 2")
    assert_legal(MIDGAME, ["b0c2", "c6c5"], line)


def test_go_nodes(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(f"position fen {MIDGAME}")
    line, _ = best_move(engine, "go nodes 500")
    assert_legal(MIDGAME, [], line)


@pytest.mark.parametrize(
    ("millisec", "go"),
    [
        ("true", "go time 300 increment 0"),
        ("true", "go time 2000 movestogo 10 opptime 2000 oppmovestogo 10"),
        ("true", "go time 100 movestogo 1"),
        ("false", "go time 1 increment 0"),  # seconds when usemillisec is off
        ("true", "go draw time 300"),
    ],
)
def test_go_with_a_clock(engine: UcciLines, millisec: str, go: str) -> None:
    engine.handshake()
    engine.send(f"setoption usemillisec {millisec}", "position startpos")
    line, _ = best_move(engine, go)
    assert_legal(Position.STARTING_FEN, [], line)


def test_stop_in_the_middle_of_an_infinite_search(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("position startpos", "go infinite")
    engine.until("info depth 2")  # the search is running
    engine.send("isready")  # answered while thinking
    assert engine.until("readyok")[-1] == "readyok"
    line, _ = best_move(engine, "stop")
    assert_legal(Position.STARTING_FEN, [], line)


def test_stop_when_idle_answers_nobestmove(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("stop")
    assert engine.read() == "nobestmove"


def test_quit_during_a_search_says_bye(engine_process: UcciProcess) -> None:
    engine = engine_process
    engine.handshake()
    engine.send("position startpos", "go infinite")
    engine.until("info depth 1")
    engine.send("quit")
    assert engine.until("bye")[-1] == "bye"
    assert engine.proc.wait(timeout=LINE_TIMEOUT) == 0


def test_quit_says_bye_and_ends_the_loop(engine: UcciLoop) -> None:
    engine.handshake()
    engine.send("quit")
    assert engine.read() == "bye"
    engine.thread.join(LINE_TIMEOUT)
    assert engine.status == [0]   # the status the process exits with (the real process: the test above)


def test_end_of_input_ends_the_process_and_undecodable_bytes_are_an_unknown_command() -> None:
    """One process, two checks: bytes that are not UTF-8 are an unknown command (the engine stays ready),
    and the end of its input (no ``quit``) ends the process with status 0 after ``bye``."""
    done = subprocess.run(
        [sys.executable, "-m", "xiangqi", "ucci"],
        input=b"ucci\n\xff\xfe go\nisready\n",
        capture_output=True,
        cwd=REPO,
        timeout=LINE_TIMEOUT,
        check=False,
    )
    lines = done.stdout.decode().splitlines()
    assert any(line.startswith("info string error: unknown command") for line in lines), lines
    assert lines[-2:] == ["readyok", "bye"], "the end of input did not end the engine with bye"
    assert done.returncode == 0, done.stderr


def test_ponder_then_ponderhit(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption usemillisec true", "position startpos moves h2e2", "go ponder time 300 increment 0")
    engine.until("info depth 1")
    engine.send("ponderhit")
    line, _ = engine.answer("bestmove")
    assert_legal(Position.STARTING_FEN, ["h2e2"], line)


def test_ponder_then_stop(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("position startpos moves h2e2", "go ponder depth 2")
    engine.until("info depth 2")  # finished its depth, but must wait for ponderhit or stop
    engine.send("isready")
    assert engine.until("readyok")[-1] == "readyok"
    line, _ = best_move(engine, "stop")
    assert line.startswith("bestmove")


def test_ponderhit_without_ponder_is_an_error(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("ponderhit", "isready")
    assert engine.read().startswith("info string error")
    assert engine.read() == "readyok"


def test_banmoves_are_respected(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(f"position fen {MATE_IN_ONE}")
    first, _ = best_move(engine, "go depth 2")
    engine.send(f"position fen {MATE_IN_ONE}", f"banmoves {first.split()[1]}")
    second, _ = best_move(engine, "go depth 2")
    assert second.split()[1] != first.split()[1]
    assert_legal(MATE_IN_ONE, [], second)
    engine.send(f"position fen {MATE_IN_ONE}")  # a new position clears the ban
    third, _ = best_move(engine, "go depth 2")
    assert third.split()[1] == first.split()[1]


def test_go_depth_zero_gives_only_the_static_score(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("position startpos")
    line, infos = best_move(engine, "go depth 0")
    assert line == "nobestmove"
    assert infos[-1].startswith("info depth 0 score ")


def test_checkmated_position_has_no_best_move(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(f"position fen {MATE_IN_ONE} moves a0a9")
    line, _ = best_move(engine, "go depth 3")
    assert line == "nobestmove"


def test_mate_in_one_is_played_and_scored_as_mate(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(f"position fen {MATE_IN_ONE}")
    line, infos = best_move(engine, "go depth 3")
    position = Position.from_fen(MATE_IN_ONE)
    position.push(Move.from_iccs(line.split()[1]))
    assert position.outcome() is not None
    assert int([i for i in infos if i.startswith("info depth")][-1].split()[4]) > 20000


# Black to move; whatever it plays (its king cannot move, its pawn can), Ra0-a9 mates.
MATED_NEXT_MOVE = "3k5/1R7/9/9/9/9/8p/9/9/R3K4 b - - 0 1"


def test_resigns_when_every_move_gets_mated(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(f"position fen {MATED_NEXT_MOVE}")
    line, _ = best_move(engine, "go depth 3")
    assert line.startswith("bestmove ") and line.endswith(" resign"), line
    assert_legal(MATED_NEXT_MOVE, [], line)


def test_resigning_can_be_turned_off_and_never_happens_in_analysis(engine: UcciLines) -> None:
    engine.handshake()
    engine.send(f"position fen {MATED_NEXT_MOVE}")
    engine.send("go ponder depth 3")
    engine.send("stop")
    line, _ = engine.answer("bestmove", "nobestmove")
    assert not line.endswith(" resign"), line  # a ponder search is only a suggestion
    engine.send("setoption resign false")
    line, _ = best_move(engine, "go depth 3")
    assert line.startswith("bestmove ") and not line.endswith(" resign"), line


def test_draw_offer_accepted_only_when_not_better(engine: UcciLines) -> None:
    engine.handshake()
    lost = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABN1 w - - 0 1"  # red without rooks
    engine.send(f"position fen {lost}")
    line, _ = best_move(engine, "go draw depth 2")
    assert line.endswith(" draw")
    engine.send(f"position fen {lost.replace(' w ', ' b ')}")
    line, _ = best_move(engine, "go draw depth 2")
    assert not line.endswith(" draw")


BAD_INPUT = (
    "position fen not-a-fen w",
    "position fen rnbakabnr/9/1c5c1 w",
    "position somewhere",
    "position",
    "position startpos moves h2e2 zz99",
    "position startpos moves h2e2 h2e2",
    "banmoves q1",
    "go depth",
    "go depth many",
    "go fast",
    "go nodes -5",
    "xyzzy",
    "uci",
)


def test_bad_input_gets_an_info_string_and_the_engine_survives(engine: UcciLines) -> None:
    engine.handshake()
    assert_each_gets_an_error_line(engine, BAD_INPUT)
    engine.send("position startpos")
    line, _ = best_move(engine, "go depth 1")
    assert_legal(Position.STARTING_FEN, [], line)


def test_rejected_move_keeps_the_moves_before_it(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("position startpos moves h2e2 h2e2")
    assert "rejected" in engine.read()
    line, _ = best_move(engine, "go depth 1")
    assert_legal(Position.STARTING_FEN, ["h2e2"], line)  # black to move after h2e2


def test_blank_lines_are_ignored(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("", "   ", "isready")
    assert engine.read() == "readyok"


def test_commands_sent_while_thinking_run_after_the_answer(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("position startpos", "go depth 3", f"position fen {MATE_IN_ONE}", "go depth 1")
    first, _ = engine.answer("bestmove")
    second, _ = engine.answer("bestmove")
    assert_legal(Position.STARTING_FEN, [], first)
    assert_legal(MATE_IN_ONE, [], second)


def test_every_level_plays_legal_moves_within_its_depth(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("setoption usemillisec true")
    for level in LEVELS.values():
        engine.send(f"setoption level {level.number}", f"position fen {MIDGAME}")
        line, infos = best_move(engine, "go time 400 movestogo 1")
        assert_legal(MIDGAME, [], line)
        depths = [int(i.split()[2]) for i in infos if i.startswith("info depth")]
        assert depths and max(depths) <= (level.max_depth or 99)


def test_newgame_clears_and_keeps_working(engine: UcciLines) -> None:
    engine.handshake()
    engine.send("position startpos")
    best_move(engine, "go depth 3")
    engine.send("setoption newgame", "position startpos")
    line, _ = best_move(engine, "go depth 3")
    assert_legal(Position.STARTING_FEN, [], line)


class _Output(io.TextIOBase):
    """stdout of an in-process UCCI loop: lines collected, waited on."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.grew = threading.Condition()

    def write(self, text: str) -> int:
        with self.grew:
            self.lines.extend(line for line in text.splitlines() if line)
            self.grew.notify_all()
        return len(text)

    def wait_for(self, count: int, start: str) -> list[str]:
        with self.grew:
            assert self.grew.wait_for(lambda: len([x for x in self.lines if x.startswith(start)]) >= count,
                                      timeout=LINE_TIMEOUT), self.lines
            return [x for x in self.lines if x.startswith(start)]


def test_a_position_kept_during_a_search_is_used_by_a_go_read_as_the_search_ends(monkeypatch) -> None:
    """Issue 30 §3: the search thread clears its busy flag before its end reaches the main loop; a ``go``
    read in that gap ran at once on the old position while the ``position`` sent before it was still kept
    (a red move for a black-to-move position). A delay injected into that gap makes it happen every time."""
    from xiangqi.engine.builtin import ucci_loop

    finish_search = threading.Event()

    class SlowToSayDone(ucci_loop.UcciEngine):
        def __init__(self, emit, on_search_done) -> None:
            super().__init__(emit, lambda: (time.sleep(0.2), on_search_done()))

        def _think(self, *args) -> None:
            finish_search.wait(LINE_TIMEOUT)   # the search ends on its own once the test says so
            super()._think(*args)

    monkeypatch.setattr(ucci_loop, "UcciEngine", SlowToSayDone)
    read, write = os.pipe()
    stdin, out = os.fdopen(read, "r"), _Output()
    loop = threading.Thread(target=ucci_loop.run, args=(stdin, out), daemon=True)
    loop.start()
    with os.fdopen(write, "w") as commands:
        commands.write(f"ucci\nposition startpos\ngo depth 1\nposition fen {BLACK_TO_MOVE}\nisready\n")
        commands.flush()
        out.wait_for(1, "readyok")           # the position was read while thinking: it is kept
        finish_search.set()
        out.wait_for(1, "bestmove")          # the search is over; its end is not in the loop yet
        commands.write("go depth 1\n")
        commands.flush()
        second = out.wait_for(2, "bestmove")[1]
        commands.write("quit\n")
    loop.join(LINE_TIMEOUT)
    assert_legal(BLACK_TO_MOVE, [], second)   # no red move of the start is legal here
