"""Issue 22: the readers that read every game of a DhtmlXQ page or a CCBridge library stop at
``MAX_PAGE_MOVES`` moves in all (a game stops at ``MAX_RECORD_MOVES``, a page at ``MAX_PAGE_GAMES``
games, but 50,000 games of 100,000 moves each were allowed): the game that reaches the bound is the last
one read, and it carries an error naming the bound and the file."""

from __future__ import annotations

import inspect
from itertools import accumulate
from pathlib import Path

from xiangqi.record.ccbridge import iter_cbl
from xiangqi.record.dhtmlxq import without_spaces, iter_dhtmlxq
from xiangqi.record.limits import MAX_PAGE_MOVES, game_moves

GAME = ("[DhtmlXQ]\n[DhtmlXQ_title]第{0}局[/DhtmlXQ_title]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n"
        "[DhtmlXQ_move_0_1_1]1747[/DhtmlXQ_move_0_1_1]\n[/DhtmlXQ]\n")        # 2 plies and a variation: 3 moves
CBL = "games/ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL"


def test_a_page_is_read_up_to_its_move_limit() -> None:
    page = "".join(GAME.format(number) for number in range(1, 7))
    games = list(iter_dhtmlxq(page, "page.html", move_limit=8))
    assert [game.headers["Title"] for game in games] == ["第1局", "第2局", "第3局"]    # 3 + 3 + 3 >= 8
    assert [game_moves(game.root) for game in games] == [3, 3, 3]
    assert not games[0].errors and not games[1].errors
    (error,) = games[2].errors
    assert str(error) == ("page.html:16: more than 8 moves in the page's games (the limit for a page): "
                          "the rest from here is not read")
    assert len(list(iter_dhtmlxq(page, "page.html", move_limit=18))) == 6 and \
        not list(iter_dhtmlxq(page, "page.html", move_limit=18))[-1].errors     # the last game: nothing left


def test_the_page_limit_is_the_default_of_every_reader_that_reads_a_whole_page() -> None:
    assert MAX_PAGE_MOVES == 200_000
    for reader in (iter_dhtmlxq, iter_cbl):
        assert inspect.signature(reader).parameters["move_limit"].default == MAX_PAGE_MOVES


def test_a_library_is_read_up_to_its_move_limit(shared_data: Path) -> None:
    data = (shared_data / CBL).read_bytes()
    every = list(iter_cbl(data, "lib.cbl"))
    totals = list(accumulate(game_moves(game.root) for game in every))
    limit = totals[4] - 1                                      # reached by the fifth game
    games = list(iter_cbl(data, "lib.cbl", move_limit=limit))
    assert len(games) == 5 and [g.headers for g in games] == [g.headers for g in every[:5]]
    error = games[-1].errors[-1]
    assert str(error).startswith("lib.cbl") and str(error).endswith(
        f"more than {limit:,} moves in the library's games (the limit for a library): the rest from here is not read")
    assert len(list(iter_cbl(data, "lib.cbl", move_limit=totals[-1] + 1))) == len(every)


def test_a_long_move_list_is_read_without_its_spaces_and_without_a_regex_over_it() -> None:
    """``re.sub`` over a 20 MB move list held the interpreter lock 1 s (the window froze while a worker
    read the page); white space is now dropped with ``bytes.translate`` (ASCII) or ``str.split``, never in
    one long call."""
    cycle = "1927706227196270"                           # b0c2 h9g7 c2b0 g7h9
    spaced = "\n".join(" ".join(cycle[i:i + 4] for i in range(0, 16, 4)) for _ in range(500))
    assert without_spaces(spaced) == cycle * 500 and without_spaces(cycle) == cycle
    assert without_spaces("７７ ４７\u3000") == "７７４７"
    (game,) = list(iter_dhtmlxq(f"[DhtmlXQ][DhtmlXQ_movelist]{spaced}[/DhtmlXQ_movelist][/DhtmlXQ]"))
    assert game.ply_count() == 2000 and not game.errors
