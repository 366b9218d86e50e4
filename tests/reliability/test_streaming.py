"""Issue 16 item 8: PGN files are read a block at a time; the games found do not depend on the block
size, and the memory of reading a file does not grow with its number of games."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

from hypothesis import given, settings, strategies as st

from xiangqi.commands.pgn import summarise
from xiangqi.record import PgnFile
from xiangqi.record.pgn_bytes import iter_game_bytes, stream_games

GAME = '[Event "第{0}局"]\n[Red "许银川"]\n1. 炮二平五 马８进７ {{a [Tag "in" comment]}} 2. h0g2 *\n\n'
PIECES = ['[Event "x"]\n', "1. h2e2 h9g7 ", "{ [Note \"x\"]\n }", "\n", "; c\n", "*\n", "  [Red \"甲\"]\n",
          "2. h0g2\n", "\r\n", "[Black y]\n", "{open", "}"]


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.sampled_from(PIECES), max_size=30), block=st.integers(1, 64))
def test_the_games_found_do_not_depend_on_the_block_size(parts: list[str], block: int) -> None:
    data = "".join(parts).encode("utf-8")
    whole = PgnFile.from_bytes(data)
    streamed = list(iter_game_bytes(io.BytesIO(data), block))
    assert [game for game, _line in streamed] == [data[e.start : e.end] for e in whole.entries]
    assert [line for _game, line in streamed] == [e.line for e in whole.entries]


def _peak_reading(path: Path) -> int:
    tracemalloc.start()
    try:
        count = sum(1 for _game in stream_games(path, block=4096))
        return tracemalloc.get_traced_memory()[1] if count else 0
    finally:
        tracemalloc.stop()


def test_memory_of_reading_does_not_grow_with_the_number_of_games(tmp_path: Path) -> None:
    path = tmp_path / "many.pgn"
    path.write_text("".join(GAME.format(i) for i in range(1000)), encoding="gbk")   # 85 KB
    # holding the 1000 parsed games takes 1.6 MB; reading them one at a time, 150 KB (2000: 3.2 MB, 220 KB)
    assert _peak_reading(path) < 600_000


def test_the_pgn_command_lists_every_game_of_a_streamed_file(tmp_path: Path) -> None:
    path = tmp_path / "many.pgn"
    path.write_bytes("".join(GAME.format(i) for i in range(300)).encode("gbk"))
    out, err = io.StringIO(), io.StringIO()
    assert summarise([str(path)], out, err) == 0
    rows = out.getvalue().splitlines()
    assert len(rows) == 300 and rows[-1].split("\t")[1:3] == ["300", "3"] and err.getvalue() == ""


def test_the_pgn_command_bounds_the_problems_it_prints(tmp_path: Path) -> None:
    path = tmp_path / "bad.pgn"
    path.write_text("".join(f'[Event "{i}"]\n1. h2e2 ))))))))))))))) *\n\n' for i in range(100)))
    out, err = io.StringIO(), io.StringIO()
    assert summarise([str(path)], out, err) == 1
    lines = err.getvalue().splitlines()
    assert len(lines) == 1001 and lines[-1].endswith("and 500 more problems (not listed)")
