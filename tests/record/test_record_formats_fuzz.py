"""Fuzzing the new readers (CCBridge, DhtmlXQ, WinBoard, detection) with mutated real files: reading by
content raises only RecordError (never a crash), and whatever is read replays legally and can be written."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xiangqi.record import RecordError, game_to_pgn
from xiangqi.record.files import iter_games_of_bytes

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAMPLES = ["ccbridge/test.cbr", "ccbridge/test.cbf", "dhtmlxq/130.html"]
SAMPLES += ["winboard/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F.pgn"]
ROOT = Path(__file__).resolve().parents[3] / "shared" / "data" / "games"


def _mutate(data: bytes, edits: list[tuple[int, int]], cut: int) -> bytes:
    out = bytearray(data)
    for position, value in edits:
        out[position % len(out)] = value
    return bytes(out[: max(1, len(out) - cut)])


# Games already replayed and written, by everything replaying and writing depends on: most games of a mutated
# 35-game library are read unchanged, and checking each of them again in every example cost ~3/4 of the test.
_checked: set[str] = set()


def _read(data: bytes) -> None:
    try:
        games = list(iter_games_of_bytes(data, "fuzz.rec"))
    except RecordError:
        return
    for game in games:
        assert all(isinstance(error, RecordError) for error in game.errors)
        key = repr((game.record_signature(), [str(error) for error in game.errors]))
        if key in _checked:
            continue
        for node, position in game.walk_positions():
            assert position.is_legal(node.move)
        game_to_pgn(game)
        _checked.add(key)


@FUZZ
@given(
    st.sampled_from(SAMPLES),
    st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 255)), max_size=12),
    st.integers(0, 3000),
)
def test_mutated_records_never_crash(name: str, edits: list[tuple[int, int]], cut: int) -> None:
    _read(_mutate((ROOT / name).read_bytes(), edits, cut))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 255)), max_size=30), st.integers(0, 250000))
def test_mutated_cbl_never_crashes(edits: list[tuple[int, int]], cut: int) -> None:
    data = (ROOT / "ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL").read_bytes()
    _read(_mutate(data, [(p % 0x20000 if i % 2 else p, v) for i, (p, v) in enumerate(edits)], cut))
