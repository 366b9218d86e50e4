"""Multi-PV inside the search: the k-th line's score is the best score once the first k-1 lines' moves are
banned (so the lines are exact, not bounds), and one line leaves the search as it was."""

from __future__ import annotations

import pytest

from xiangqi.engine.builtin.commands import parse_position
from xiangqi.engine.builtin.engine import board_for
from xiangqi.engine.builtin import search as search_module
from xiangqi.engine.builtin.search import Info, Limits, Searcher

POSITIONS = (
    "startpos",
    "fen r1bakab1r/9/1cn4c1/p1p1p1p1p/4n4/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
    "fen 2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/2BAKAB2 w - - 0 1",
)


def lines_at(command: str, depth: int, lines: int) -> list[Info]:
    infos: list[Info] = []
    Searcher().search(board_for(parse_position(command.split())), Limits(depth=depth), infos.append, lines=lines)
    return [info for info in infos if info.depth == depth]


@pytest.mark.parametrize("command", POSITIONS)
@pytest.mark.parametrize("depth", [2, 3])
def test_each_line_scores_as_the_best_move_without_the_lines_above(command: str, depth: int) -> None:
    shown = lines_at(command, depth, 3)
    assert [info.multipv for info in shown] == [1, 2, 3]
    banned: set[int] = set()
    for info in shown:
        alone = Searcher().search(board_for(parse_position(command.split())), Limits(depth=depth), None,
                                  frozenset(banned))
        assert info.score == alone.score, (command, depth, info.multipv)
        banned.add(info.pv[0])


@pytest.mark.parametrize("command", POSITIONS)
def test_one_line_reports_as_before(command: str) -> None:
    single = lines_at(command, 3, 1)
    assert len(single) == 1 and single[0].multipv == 0
    best = lines_at(command, 3, 3)[0]
    assert (best.pv[0], best.score) == (single[0].pv[0], single[0].score)


def test_a_new_best_move_is_reported_before_its_iteration_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a long iteration (here: any, the threshold set to 0) a root move that takes the lead is reported at
    once; the iteration's own line still comes last for its depth."""
    monkeypatch.setattr(search_module, "MID_ITERATION_REPORT_MS", 0)
    infos: list[Info] = []
    result = Searcher().search(board_for(parse_position(POSITIONS[1].split())), Limits(depth=4), infos.append)
    depths = [info.depth for info in infos]
    assert depths == sorted(depths) and len(depths) > len(set(depths))   # some depth reported twice
    legal = set(board_for(parse_position(POSITIONS[1].split())).legal_moves())
    assert all(info.pv and info.pv[0] in legal for info in infos)
    assert infos[-1].pv[0] == result.best


def test_short_iterations_report_once_per_depth() -> None:
    infos: list[Info] = []
    Searcher().search(board_for(parse_position(POSITIONS[1].split())), Limits(depth=3), infos.append)
    assert [info.depth for info in infos] == [1, 2, 3]
