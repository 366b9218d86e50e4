"""What the session remembers between searches (the position sent last, its ``position`` line, the go
line) never changes what is sent or checked; and a search asked for while the engine boots is written in
the format the handshake settles (rank numbering, time unit), not the one guessed before it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi.core import Move, Position
from xiangqi.engine.lines import LineBuffer, decode_line
from xiangqi.engine.messages import BestMove, SearchLimits
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.session import (
    EngineFailure,
    EngineSession,
    FailureKind,
    SessionConfig,
    SessionState,
)

DEPTH = SearchLimits(depth=2)
MOVETIME = SearchLimits(movetime_ms=2500)


def ready(dialect: Dialect = Dialect.UCCI, *hello: str) -> EngineSession:
    session = EngineSession(SessionConfig(dialects=(dialect,)))
    session.boot()
    for line in (*hello, dialect.rules.hello_ok, "readyok"):
        session.feed(line)
    assert session.state is SessionState.IDLE
    return session


def test_a_search_asked_for_while_booting_uses_the_settled_time_unit_and_ranks() -> None:
    position = Position()
    position.push(Move.from_iccs("h2e2"))
    ucci = EngineSession(SessionConfig(dialects=(Dialect.UCCI,)))
    ucci.boot()
    assert ucci.go(position, MOVETIME).send == ()
    assert ucci.feed("ucciok").send[-1] == "go time 3 movestogo 1"  # no usemillisec offered: seconds

    uci = EngineSession(SessionConfig(dialects=(Dialect.UCI,)))  # Fairy-Stockfish numbers ranks 1-10
    uci.boot()
    uci.go(position, MOVETIME)
    uci.feed("option name UCI_Variant type combo default chess var chess var xiangqi")
    uci.feed("uciok")
    sent = uci.feed("readyok").send
    assert sent[0].endswith(" moves h3e3") and sent[1] == "go movetime 2500"


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=40),
       st.sampled_from([0, 1]))
def test_position_lines_equal_writing_them_afresh(picks: list[int], rank_base: int) -> None:
    """A game: every search extends the last one (across captures, after take-backs, repeated)."""
    hello = ["option name UCI_Variant type combo default chess var chess var xiangqi"] if rank_base else []
    session = ready(Dialect.UCI if rank_base else Dialect.UCCI, *hello)
    position = Position()
    for index, pick in enumerate(picks):
        moves = position.legal_moves()
        if not moves:
            break
        if index % 7 == 6 and position.ply >= 2:  # a take-back: the next search no longer extends the last
            position.pop()
            position.pop()
        else:
            position.push(moves[pick % len(moves)])
        for _ in range(1 + (index % 5 == 0)):  # sometimes the same position twice, as when analysing
            step = session.go(position, DEPTH)
            fen, sent_moves = position.ucci_position()
            assert step.send[0] == session.wire.position(fen, sent_moves)
            reply = session.wire.move(position.legal_moves()[0]) if position.legal_moves() else "a0a9"
            step = session.feed(f"bestmove {reply}")
            assert bool([e for e in step.events if isinstance(e, BestMove)]) == (reply != "a0a9")


def test_the_engine_move_is_checked_in_the_position_searched_every_time() -> None:
    session = ready()
    in_check = Position.from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1")  # the red rook checks along the e-file
    for _ in range(2):  # the second round reuses the position checked before
        for illegal in ("e9e8", "e9d9"):  # still in check; facing the red king
            session.go(in_check, DEPTH)
            failures = [e for e in session.feed(f"bestmove {illegal}").events if isinstance(e, EngineFailure)]
            assert [f.kind for f in failures] == [FailureKind.ILLEGAL_BESTMOVE]
        session.go(in_check, DEPTH)
        best = [e for e in session.feed("bestmove e9f9").events if isinstance(e, BestMove)]
        assert best[0].move == Move.from_iccs("e9f9")


chunks = st.lists(st.sampled_from([b"info depth 3 pv h2e2", b"bestmove h2e2", "中文".encode("gb18030"),
                                   "中文".encode(), b"\xff\xfe", b"\r", b"\n", b"\r\n", b"x" * 40, b""]),
                  max_size=30)


@settings(max_examples=200, deadline=None)
@given(chunks, st.lists(st.integers(min_value=1, max_value=50), min_size=1, max_size=10))
def test_line_buffer_gives_the_same_lines_however_the_bytes_are_split(parts: list[bytes], cuts: list[int]) -> None:
    stream = b"".join(parts)
    buffer, lines, offset, cut = LineBuffer(max_line_bytes=32), [], 0, 0
    while offset < len(stream):
        size = cuts[cut % len(cuts)]
        lines += buffer.feed(stream[offset:offset + size])
        offset, cut = offset + size, cut + 1
    lines += buffer.finish()
    *complete, last = stream.split(b"\n")
    expected = [decode_line(raw).rstrip("\r") for raw in complete if len(raw) <= 32]
    expected += [decode_line(last).rstrip("\r")] if last and len(last) <= 32 else []
    assert lines == expected
    assert buffer.dropped_lines == sum(len(raw) > 32 for raw in complete) + (len(last) > 32)
