"""Time budgeting is pure arithmetic: check it never plans beyond the clock and shares it sensibly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xiangqi.engine.builtin.clock import OVERHEAD_MS, clock_limits, time_budget_ms
from xiangqi.engine.builtin.commands import CommandError, GoCommand, parse_go
from xiangqi.engine.builtin.search import Limits


@given(
    remaining=st.floats(min_value=1, max_value=3_600_000),
    increment=st.floats(min_value=0, max_value=60_000),
    movestogo=st.one_of(st.none(), st.integers(min_value=1, max_value=80)),
)
def test_budget_never_exceeds_the_clock(remaining: float, increment: float, movestogo: int | None) -> None:
    soft, hard = time_budget_ms(GoCommand(time=remaining, increment=increment, movestogo=movestogo), millisec=True)
    assert soft is not None and hard is not None
    assert 0 < soft <= hard < remaining


def test_sudden_death_uses_a_small_share() -> None:
    soft, hard = time_budget_ms(GoCommand(time=300_000), millisec=True)
    assert hard is not None and soft is not None
    assert 10_000 <= hard <= 30_000
    assert soft < hard


def test_increment_adds_to_the_share() -> None:
    without = time_budget_ms(GoCommand(time=60_000), millisec=True)[1]
    with_increment = time_budget_ms(GoCommand(time=60_000, increment=5_000), millisec=True)[1]
    assert without is not None and with_increment is not None and with_increment > without


def test_one_move_to_go_uses_almost_all_the_time() -> None:
    soft, hard = time_budget_ms(GoCommand(time=3000, movestogo=1), millisec=True)
    assert hard is not None and 0.9 * 3000 <= hard < 3000 - OVERHEAD_MS
    assert soft is not None and soft < hard


def test_seconds_without_usemillisec() -> None:
    assert time_budget_ms(GoCommand(time=3, movestogo=1), millisec=False) == time_budget_ms(
        GoCommand(time=3000, movestogo=1), millisec=True
    )


def test_movetime_extension() -> None:
    assert time_budget_ms(GoCommand(movetime=1000), millisec=True) == (1000 - OVERHEAD_MS, 1000 - OVERHEAD_MS)


def test_depth_nodes_infinite_and_ponder_have_no_deadline() -> None:
    untimed = (GoCommand(depth=4), GoCommand(nodes=1000), GoCommand(infinite=True), GoCommand(ponder=True, time=5000))
    for go in untimed:
        limits = clock_limits(go, start=100.0, millisec=True)
        assert limits.hard_deadline is None and limits.soft_deadline is None
    assert clock_limits(GoCommand(depth=4), 0.0, True).depth == 4
    assert clock_limits(GoCommand(depth=999), 0.0, True).depth == Limits().depth
    assert clock_limits(GoCommand(nodes=1000), 0.0, True).nodes == 1000


def test_deadlines_are_counted_from_the_go_instant() -> None:
    limits = clock_limits(GoCommand(time=1000, movestogo=1), start=50.0, millisec=True)
    assert limits.hard_deadline is not None and 50.0 < limits.hard_deadline < 51.0


def test_parse_go_reads_every_form() -> None:
    go = parse_go(["ponder", "time", "60000", "increment", "500", "opptime", "50000", "oppincrement", "500"])
    assert go.ponder and go.time == 60000 and go.increment == 500 and go.opptime == 50000
    assert parse_go(["draw", "depth", "7"]) == GoCommand(draw=True, depth=7)
    assert parse_go(["time", "10", "movestogo", "5", "oppmovestogo", "4"]).movestogo == 5
    assert parse_go(["infinite"]).infinite


@pytest.mark.parametrize(
    ("words", "quoted"),
    [
        ("depth", "'depth'"),
        ("depth x", "'x'"),
        ("nodes -1", "'-1'"),
        ("sideways", "'sideways'"),
        ("time 5 movestogo", "'movestogo'"),
    ],
)
def test_parse_go_rejects_bad_words_quoting_them(words: str, quoted: str) -> None:
    with pytest.raises(CommandError, match=quoted):
        parse_go(words.split())
