"""Pure protocol pieces: moves on the wire, go lines, info and option parsing, flood thinning, line buffering."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xiangqi.core import Color, Move, NotationError
from xiangqi.engine.errors import BadRequestError
from xiangqi.engine.lines import LineBuffer
from xiangqi.engine.messages import BestMove, EngineOption, Info, OptionKind, Score, SearchLimits
from xiangqi.engine.protocol import (
    ByeLine,
    Dialect,
    HelloOk,
    IdLine,
    MalformedBestMove,
    NoBestMove,
    OtherLine,
    ReadyOk,
    WireFormat,
    parse_info,
    parse_line,
    parse_option,
    thin_info_lines,
)

UCCI = WireFormat(Dialect.UCCI)
UCI = WireFormat(Dialect.UCI)
FAIRY_UCI = WireFormat(Dialect.UCI, rank_base=1)
UCCI_SECONDS = WireFormat(Dialect.UCCI, time_in_ms=False)
squares = st.integers(min_value=0, max_value=89)


@given(squares, squares)
def test_moves_round_trip_in_both_rank_numberings(frm: int, to: int) -> None:
    move = Move(frm, to)
    for wire in (UCCI, UCI, FAIRY_UCI):
        assert wire.parse_move(wire.move(move)) == move
    assert UCCI.move(move) == move.iccs()


def test_rank_translation_for_fairy_stockfish_uci() -> None:
    assert FAIRY_UCI.move(Move.from_iccs("h2e2")) == "h3e3"
    assert FAIRY_UCI.parse_move("h10g8") == Move.from_iccs("h9g7")
    assert FAIRY_UCI.parse_move("a1a2") == Move.from_iccs("a0a1")


@pytest.mark.parametrize("wire,text", [(UCCI, "h2e10"), (FAIRY_UCI, "h0e1"), (UCCI, "j2e2"), (UCCI, "(none)"),
                                       (UCCI, "h2"), (FAIRY_UCI, "h11e1")])
def test_bad_wire_moves_are_notation_errors_quoting_the_text(wire: WireFormat, text: str) -> None:
    with pytest.raises(NotationError, match=repr(text).replace("(", r"\(").replace(")", r"\)")):
        wire.parse_move(text)


@pytest.mark.parametrize("wire,limits,turn,expected", [
    (UCCI, SearchLimits(depth=8), Color.RED, "go depth 8"),
    (UCCI, SearchLimits(depth=8, nodes=5), Color.RED, "go depth 8 nodes 5"),  # ElephantEye reads the first
    (UCCI, SearchLimits(depth=5, movetime_ms=900), Color.RED, "go time 900 movestogo 1 depth 5"),
    (UCCI, SearchLimits(nodes=100000), Color.RED, "go nodes 100000"),
    (UCCI, SearchLimits(infinite=True), Color.RED, "go infinite"),
    (UCCI, SearchLimits(movetime_ms=1500), Color.BLACK, "go time 1500 movestogo 1"),
    (UCCI_SECONDS, SearchLimits(movetime_ms=1500), Color.BLACK, "go time 2 movestogo 1"),
    (UCCI, SearchLimits(red_time_ms=60000, black_time_ms=50000, red_increment_ms=1000,
                        black_increment_ms=2000), Color.BLACK,
     "go time 50000 increment 2000 opptime 60000 oppincrement 1000"),
    (UCCI, SearchLimits(red_time_ms=60000, black_time_ms=50000, moves_to_go=20), Color.RED,
     "go time 60000 movestogo 20 opptime 50000 oppmovestogo 20"),
    (UCI, SearchLimits(depth=8, nodes=5), Color.RED, "go depth 8 nodes 5"),
    (UCI, SearchLimits(infinite=True), Color.RED, "go infinite"),
    (UCI, SearchLimits(movetime_ms=1500), Color.RED, "go movetime 1500"),
    (UCI, SearchLimits(movetime_ms=1500, depth=9), Color.RED, "go movetime 1500 depth 9"),
    (UCI, SearchLimits(red_time_ms=60000, black_time_ms=50000, red_increment_ms=1000, moves_to_go=7),
     Color.BLACK, "go wtime 60000 btime 50000 winc 1000 binc 0 movestogo 7"),
])
def test_go_lines_per_dialect(wire: WireFormat, limits: SearchLimits, turn: Color, expected: str) -> None:
    assert wire.go(limits, turn) == expected


def test_go_flags_ponder_and_draw() -> None:
    limits = SearchLimits(depth=3)
    assert UCCI.go(limits, Color.RED, ponder=True) == "go ponder depth 3"
    assert UCCI.go(limits, Color.RED, draw_offer=True) == "go draw depth 3"
    assert UCI.go(limits, Color.RED, draw_offer=True) == "go depth 3"  # UCI cannot offer a draw
    assert UCCI.ponderhit(draw_offer=True) == "ponderhit draw"
    assert UCI.ponderhit(draw_offer=True) == "ponderhit"


@pytest.mark.parametrize("limits,fragment", [
    (SearchLimits(), "no limit"),
    (SearchLimits(depth=0), "depth=0"),
    (SearchLimits(movetime_ms=-5), "movetime_ms=-5"),
    (SearchLimits(red_time_ms=1000), "both red_time_ms and black_time_ms"),
    (SearchLimits(red_time_ms=1000, black_time_ms=-1), "black_time_ms=-1"),
])
def test_never_a_bare_or_bad_go(limits: SearchLimits, fragment: str) -> None:
    with pytest.raises(BadRequestError, match=fragment):
        UCI.go(limits, Color.RED)


def test_setoption_per_dialect() -> None:
    assert UCCI.setoption("usemillisec", True) == "setoption usemillisec true"
    assert UCCI.setoption("newgame", None) == "setoption newgame"
    assert UCI.setoption("Clear Hash", None) == "setoption name Clear Hash"
    assert UCI.setoption("Debug Log File", "") == "setoption name Debug Log File value"
    assert UCI.setoption("Hash", 64) == "setoption name Hash value 64"


def test_simple_lines() -> None:
    assert parse_line("ucciok", UCCI) == HelloOk(Dialect.UCCI)
    assert parse_line("uciok\r", UCI) == HelloOk(Dialect.UCI)
    assert parse_line("readyok", UCI) == ReadyOk()
    assert parse_line("nobestmove", UCCI) == NoBestMove()
    assert parse_line("bye", UCCI) == ByeLine()
    assert parse_line("id name ElephantEye 3.31", UCCI) == IdLine("name", "ElephantEye 3.31")
    assert parse_line("Unknown command: 'ucci'.", UCI) == OtherLine("Unknown command: 'ucci'.")
    assert isinstance(parse_line("ucciokay", UCCI), OtherLine)


def test_bestmove_forms() -> None:
    assert parse_line("bestmove (none)", UCI) == BestMove(None)
    assert parse_line("bestmove h2e2", UCCI) == BestMove(Move.from_iccs("h2e2"))
    best = parse_line("bestmove h10g8 ponder e3c3", FAIRY_UCI)
    assert (best.move.iccs(), best.ponder.iccs()) == ("h9g7", "e2c2") and not best.skipped
    best = parse_line("bestmove b0c2 ponder b9c7 draw", UCCI)
    assert best.draw and not best.resign and best.ponder == Move.from_iccs("b9c7")
    assert parse_line("bestmove a9a8 resign", UCCI).resign
    assert isinstance(parse_line("bestmove xyz", UCCI), MalformedBestMove)
    assert isinstance(parse_line("bestmove", UCCI), MalformedBestMove)
    best = parse_line("bestmove h2e2 ponder zz extra", UCCI)
    assert best.move == Move.from_iccs("h2e2") and best.ponder is None and len(best.skipped) == 2
    assert best == BestMove(Move.from_iccs("h2e2"))  # what was skipped is logged, not compared


def test_info_every_field() -> None:
    info = parse_info("depth 12 seldepth 16 multipv 2 score mate -3 upperbound wdl 1 2 997 nodes 9 nps 10 "
                      "time 11 hashfull 12 tbhits 0 currmove h2e2 currmovenumber 3 pv h2e2 h9g7", UCCI)
    assert (info.depth, info.seldepth, info.multipv) == (12, 16, 2)
    assert info.score == Score(mate=-3, bound="upper")
    assert info.wdl == (1, 2, 997)
    assert (info.nodes, info.nps, info.time_ms, info.hashfull, info.tbhits) == (9, 10, 11, 12, 0)
    assert info.currmove == Move.from_iccs("h2e2") and info.currmovenumber == 3
    assert [m.iccs() for m in info.pv] == ["h2e2", "h9g7"]
    assert info.skipped == ()


def test_info_ucci_bare_score_and_message_text() -> None:
    assert parse_info("depth 6 score 4 pv b0c2", UCCI).score == Score(cp=4)
    assert parse_info("depth 6 score -30 lowerbound", UCCI).score == Score(cp=-30, bound="lower")
    assert parse_info("message 和棋 吧  ok", UCCI).string == "和棋 吧 ok"
    assert parse_info("string NNUE evaluation using pikafish.nnue", UCI).string.startswith("NNUE")
    assert parse_line("info depth 6 score 4 pv b0c2", UCCI) == Info(depth=6, score=Score(cp=4),
                                                                    pv=(Move.from_iccs("b0c2"),))


def test_info_unknown_and_malformed_fields_are_skipped_not_fatal() -> None:
    info = parse_info("depth 5 bogus 1 2 nodes x score cp 7 refutation h2e2 h9g7 cpuload 500 pv h2e2 x9x9 "
                      "h9g7 depth 6", UCCI)
    assert info.score == Score(cp=7)
    assert [m.iccs() for m in info.pv] == ["h2e2"]  # the pv ends at the first bad move
    assert info.depth == 6  # a later value wins
    assert info.nodes is None
    assert len(info.skipped) == 3 and "bogus" in info.skipped[0]


def test_option_lines_both_dialects() -> None:
    spin = parse_option("name Hash type spin default 16 min 1 max 33554432").option
    assert spin == EngineOption("Hash", OptionKind.SPIN, 16, 1, 33554432)
    ucci = parse_option("hashsize type spin min 16 max 1024 default 16").option
    assert ucci == EngineOption("hashsize", OptionKind.SPIN, 16, 16, 1024)
    combo = parse_option("name Analysis Contempt type combo default Both var Both var Off var White").option
    assert combo.name == "Analysis Contempt" and combo.vars == ("Both", "Off", "White")
    assert parse_option("name Clear Hash type button").option.kind is OptionKind.BUTTON
    assert parse_option("name Debug Log File type string default <empty>").option.default == ""
    assert parse_option("Debug_Log_File type string default").option.default == ""
    assert parse_option("usemillisec type check default false").option.default is False
    assert parse_option("bookfiles type string default BOOK.DAT").option.default == "BOOK.DAT"
    assert parse_option("name Weird type spin default x").skipped
    assert parse_option("name Nothing type nonsense") is None
    assert parse_option("type check") is None


def test_option_values_are_checked() -> None:
    spin = EngineOption("Hash", OptionKind.SPIN, 16, 1, 1024)
    assert spin.coerce("64") == 64
    with pytest.raises(ValueError, match="'Hash'.*outside"):
        spin.coerce(5000)
    combo = EngineOption("style", OptionKind.COMBO, "normal", vars=("solid", "normal", "risky"))
    assert combo.coerce("RISKY") == "risky"
    with pytest.raises(ValueError, match="'style'"):
        combo.coerce("wild")
    check = EngineOption("Ponder", OptionKind.CHECK, False)
    assert check.coerce("true") is True and check.coerce(False) is False
    assert spin.describe() == "Hash spin default 16 min 1 max 1024"


def test_flood_thinning_keeps_newest_info_and_every_other_line() -> None:
    lines = [f"info depth {i}" for i in range(100)] + ["bestmove h2e2"] + ["info depth 100"]
    kept, dropped = thin_info_lines(lines, keep=3)
    assert kept == ["info depth 98", "info depth 99", "bestmove h2e2", "info depth 100"]
    assert dropped == 98
    assert thin_info_lines(["info a", "x"], keep=3) == (["info a", "x"], 0)


def test_line_buffer_crlf_split_chunks_bad_bytes_and_overlong_lines() -> None:
    buffer = LineBuffer(max_line_bytes=32)
    assert buffer.feed(b"id name A\r\nucc") == ["id name A"]
    assert buffer.feed(b"iok\n\xff\xfebad\n") == ["ucciok", "\ufffd\ufffdbad"]
    assert buffer.feed("中文 message\n".encode("gb18030")) == ["中文 message"]
    assert buffer.feed(b"y" * 40) == []
    assert buffer.feed(b"yyy\nnext\n") == ["next"]
    assert buffer.dropped_lines == 1
    assert buffer.feed(b"tail") == [] and buffer.finish() == ["tail"]
    # whole lines in one chunk (the usual case)
    assert buffer.feed(b"") == [] and buffer.feed(b"readyok\n") == ["readyok"]
    assert buffer.feed(b"info depth 1\r\nbestmove h2e2\r\n") == ["info depth 1", "bestmove h2e2"]


def test_protocol_session_and_registry_do_not_import_qt() -> None:
    code = ("import sys, xiangqi.engine.protocol, xiangqi.engine.session, xiangqi.engine.registry, "
            "xiangqi.engine.lines; assert not any(m.startswith('PySide6') for m in sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)
