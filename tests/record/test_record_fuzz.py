"""Fuzzing the readers with random bytes, random text and mutated real files: the PGN reader never
raises (problems are recorded per game), the XQF reader raises only XqfError, and both always finish."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import any_character, game_files

from xiangqi.record import PgnFile, RecordError, XqfError, game_to_pgn, parse_game, read_xqf
from xiangqi.record.files import is_xqf

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PGN_WORDS = st.sampled_from(
    ["[Event \"x\"]\n", "[FEN \"", "\"]", "{", "}", "(", ")", ";", "\n", " ", "1.", "1...", "1-0", "*", "$3",
     "h2e2", "h9g7", "炮二平五", "马８进７", "C2.5", "H8+7", "前炮退二", "红胜", "\u3000", "\r\n", "%", "?!"]
)  # fmt: skip


def _read_any(data: bytes) -> None:
    """What the app does with a file's bytes; only RecordError may escape, and only from XQF."""
    if is_xqf(data):
        try:
            game = read_xqf(data, "fuzz.xqf")
        except XqfError:
            return
        _check_game(game)
        return
    pgn = PgnFile.from_bytes(data, "fuzz.pgn")
    for game in pgn.games():
        _check_game(game)


# Games already replayed and written, by everything replaying and writing depends on: a mutation that leaves
# the game read unchanged (a flip past the end, in a padding byte) is not checked again.
_checked: set[str] = set()


def _check_game(game) -> None:
    assert all(isinstance(error, RecordError) for error in game.errors)
    key = repr((game.record_signature(), [str(error) for error in game.errors]))
    if key in _checked:
        return
    for node, position in game.walk_positions():
        assert position.is_legal(node.move)
    game_to_pgn(game)  # whatever was read can be written
    _checked.add(key)


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes(data: bytes) -> None:
    _read_any(data)
    _read_any(b"XQ" + data)


@FUZZ
@given(st.lists(PGN_WORDS, max_size=80).map("".join))
def test_random_pgn_like_text(text: str) -> None:
    game = parse_game(text)
    _check_game(game)
    _read_any(text.encode("gb18030"))


@FUZZ
@given(st.text(any_character(), max_size=500))
def test_random_unicode_text(text: str) -> None:
    _check_game(parse_game(text))


@st.composite
def mutated(draw: st.DrawFn, files: list[bytes]) -> bytes:
    data = bytearray(draw(st.sampled_from(files)))
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["flip", "cut", "insert", "delete"]))
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        if kind == "flip" and data:
            data[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del data[at:]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif data:
            del data[at : at + draw(st.integers(1, 64))]
    return bytes(data)


def test_mutated_real_files(shared_data: Path) -> None:
    files = [path.read_bytes() for path in game_files(shared_data)]

    @FUZZ
    @given(mutated(files))
    def check(data: bytes) -> None:
        _read_any(data)

    check()


def test_mutated_xqf_bodies(shared_data: Path) -> None:
    """Mutations after the header only, so that every example reaches the move tree."""
    files = [p.read_bytes() for p in game_files(shared_data) if p.suffix.lower() == ".xqf" and p.stat().st_size > 1100]

    @settings(max_examples=200, deadline=None)
    @given(st.sampled_from(files), st.lists(st.tuples(st.integers(0x400, 6000), st.integers(0, 255)), max_size=6))
    def check(data: bytes, flips: list[tuple[int, int]]) -> None:
        body = bytearray(data)
        for at, value in flips:
            if at < len(body):
                body[at] = value
        game = read_xqf(bytes(body), "mutated.xqf")
        _check_game(game)

    check()
