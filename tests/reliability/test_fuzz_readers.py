"""Issue 16: every reader fuzzed with hypothesis, each example bounded in time (hypothesis' deadline):
mutated real files of every kind (PGN, WinBoard PGN, XQF, CCBridge CBL/CBR/CBF, DhtmlXQ), hostile text,
settings files and autosave data. Readers record problems or raise their own ValueError subclasses;
nothing else escapes, and nothing hangs."""

from __future__ import annotations

import io
import json
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from xiangqi.config import load_settings
from xiangqi.record import RecordError, game_to_pgn, parse_game
from xiangqi.record.ccbridge import iter_cbl, read_cbf, read_cbr
from xiangqi.record.dhtmlxq import iter_dhtmlxq
from xiangqi.record.encoding import decode_record
from xiangqi.record.files import iter_games_of_bytes
from xiangqi.record.pgn_bytes import iter_game_bytes
from xiangqi.record.xqf import read_xqf

from reliability_paths import REPO, SHIPPED

SHARED = Path(__import__("os").environ.get("XIANGQI_SHARED", REPO.parent / "shared")) / "data" / "games"
BOUNDED = settings(max_examples=60, deadline=timedelta(seconds=5),
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SAMPLES = {
    "pgn": "eleeye/SAMPLE.PGN", "winboard": "winboard/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F.pgn",
    "xqf": "eleeye/SAMPLE.XQF", "cbl": "ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL",
    "cbr": "ccbridge/test.cbr", "cbf": "ccbridge/test.cbf", "dhtmlxq": "dhtmlxq/116.html",
}
HOSTILE = st.sampled_from(["(" * 300, ")" * 300, "{" * 50, ";x\n" * 100, "Z" * 2000, "\0" * 500, '[A "' + "v" * 3000,
                           "[DhtmlXQ]", "[DhtmlXQ_movelist]" + "0919" * 200, "XQ", "\ufeff", "\r", "1.", "$9999999"])


def _sample(kind: str) -> bytes:
    path = SHARED / SAMPLES[kind]
    if not path.is_file():
        pytest.skip(f"shared sample {path} not found")
    return path.read_bytes()


@st.composite
def mutated(draw: st.DrawFn, data: bytes) -> bytes:
    out = bytearray(data[: draw(st.integers(64, 60_000))])
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, max(len(out) - 1, 0)))
        kind = draw(st.sampled_from(["flip", "cut", "insert", "hostile", "delete"]))
        if kind == "flip" and out:
            out[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del out[at:]
        elif kind == "insert":
            out[at:at] = draw(st.binary(min_size=1, max_size=32))
        elif kind == "hostile":
            out[at:at] = draw(HOSTILE).encode("utf-8")
        elif out:
            del out[at : at + draw(st.integers(1, 300))]
    return bytes(out)


# Games already written, by everything writing depends on: most games of a mutated 35-game library are read
# unchanged, and writing each of them again in every example cost more than the reading.
_written: set[str] = set()


def _check(games: object) -> int:
    count = 0
    for game in games:  # type: ignore[attr-defined]
        count += 1
        assert all(isinstance(error, RecordError) for error in game.errors)
        assert all(len(str(error)) < 1000 for error in game.errors)          # bounded messages
        key = repr((game.record_signature(), [str(error) for error in game.errors]))
        if key not in _written:
            game_to_pgn(game)
            _written.add(key)
    return count


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_mutated_files_of_every_kind_through_the_reader_by_content(kind: str) -> None:
    original = _sample(kind)

    @BOUNDED
    @given(mutated(original))
    def run(data: bytes) -> None:
        try:
            _check(iter_games_of_bytes(data, f"fuzz.{kind}"))
        except RecordError:
            pass        # a broken binary record or not a record at all: said in the message

    run()


@pytest.mark.parametrize("kind, reader", [("cbr", read_cbr), ("cbf", read_cbf), ("xqf", read_xqf)])
def test_each_binary_reader_directly(kind: str, reader: object) -> None:
    original = _sample(kind)

    @BOUNDED
    @given(mutated(original))
    def run(data: bytes) -> None:
        try:
            game = reader(data, "fuzz")  # type: ignore[operator]
        except RecordError:
            return
        _check([game] if game is not None else [])

    run()


def test_the_cbl_and_dhtmlxq_readers_directly() -> None:
    cbl, page = _sample("cbl"), _sample("dhtmlxq")

    @BOUNDED
    @given(mutated(cbl), mutated(page))
    def run(library: bytes, html: bytes) -> None:
        for read in (lambda: _check(iter_cbl(library, "fuzz.cbl")),
                     lambda: _check(iter_dhtmlxq(decode_record(html).text, "fuzz.html"))):
            try:
                read()
            except RecordError:
                pass

    run()


@BOUNDED
@given(st.lists(st.one_of(HOSTILE, st.sampled_from(['[Variant "xiangqi"]\n', '[Event "x"]\n', "1. Che2 Hg7 ",
                                                    "c4 ", "h2e2 ", "(", ")", "{c}", "\n"])), max_size=40).map("".join))
def test_pgn_and_winboard_text_with_hostile_pieces(text: str) -> None:
    _check([parse_game(text)])
    data = text.encode("utf-8")
    for game, _line in iter_game_bytes(io.BytesIO(data), 7):
        assert game in data
    try:
        _check(iter_games_of_bytes(data, "fuzz.pgn"))
    except RecordError:
        pass        # not a record at all (said in the message)


TOML_PIECES = st.sampled_from(["[game]\n", "[sound]\n", "volume = 5\n", "level = 9\n", "a.b = 1\n", "[[engines]]\n",
                               'name = "x"\n', "command = 7\n", "[" * 40, "{", '"', "\r\n", "\ufeff", "# c\n", "= =\n",
                               "x = [" + "[" * 500 + "]" * 500 + "]\n", "\xe9"])


@BOUNDED
@given(st.lists(TOML_PIECES, max_size=20).map("".join), st.booleans())
def test_settings_files(text: str, latin1: bool) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        user = Path(folder) / "config.toml"
        user.write_bytes(text.encode("latin-1" if latin1 else "utf-8", errors="replace"))
        _settings, errors = load_settings(SHIPPED, user)
        assert all(isinstance(error, str) and len(error) < 2000 for error in errors)


# Text of any character but the surrogates: st.text()'s own alphabet, named by category, since st.text() finds
# it by encoding every code point as UTF-8 once per process on a fresh clone (~3 CPU-s; hypothesis' cache).
ANY_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=8)
JSON_VALUES = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), ANY_TEXT),
                           lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                   st.dictionaries(st.sampled_from(
                                                       ["version", "setup", "start_fen", "moves", "record", "path",
                                                        "head", "cursor", "clock", "headers", "children"]),
                                                       inner, max_size=6)), max_leaves=30)


@BOUNDED
@given(JSON_VALUES)
def test_autosave_data(data: object) -> None:
    from xiangqi.game.autosave import SnapshotError, parse_snapshot

    try:
        parse_snapshot(json.loads(json.dumps(data)))
    except SnapshotError:
        pass
