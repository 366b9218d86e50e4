"""Issue 22: a PGN tag megabytes long is read without running a regular expression over it. Such a run
holds the interpreter lock from start to end (0.1-0.5 s for 10 MB), and while a worker indexed the file
the window, which needs the lock for every paint, froze that long. Each expression of the tag reader is
watched: none may see more than a few characters beyond ``LONG_TAG_LINE``."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from xiangqi.record import PgnFile, parse_game
from xiangqi.record import pgn_reader
from xiangqi.record.limits import MAX_TAG_CHARS

SIZE = 1_000_000


class Watched:
    """A compiled expression that notes the longest text span it was run over."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.longest = pattern, 0

    def __getattr__(self, name: str) -> Callable[..., object]:
        method = getattr(self.pattern, name)

        def run(text: str, pos: int = 0, endpos: int = sys.maxsize) -> object:
            self.longest = max(self.longest, min(endpos, len(text)) - pos)
            return method(text, pos, endpos)

        return run


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> list[Watched]:
    spies = []
    for name in ("_TAG_LINE", "_STRICT_TAG_RE", "_LOOSE_TAG", "_BARE_TAG", "_FEN_TAG", "_FEN_LINE"):
        spy = Watched(getattr(pgn_reader, name))
        monkeypatch.setattr(pgn_reader, name, spy)
        spies.append(spy)
    return spies


def test_a_megabyte_tag_is_read_cut_and_reported_without_a_regex_over_it(watched: list[Watched]) -> None:
    value = 'a \\"quoted\\" word ' + "x" * SIZE
    game = parse_game(f'[Event "{value}"]\n[Red "许银川"]\n\n1. h2e2 h9g7 *\n')
    assert game.headers["Red"] == "许银川" and len(game.mainline_moves()) == 2
    assert game.headers["Event"] == ('a "quoted" word ' + "x" * SIZE)[:MAX_TAG_CHARS]
    assert any("the limit for a tag" in str(error) for error in game.errors)
    assert max(spy.longest for spy in watched) < pgn_reader.LONG_TAG_LINE + 100


def test_a_megabyte_tag_with_a_fen_tag_still_sets_up_the_position(watched: list[Watched]) -> None:
    fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"
    game = parse_game(f'[FEN "{fen}"]\n[Event "{"x" * SIZE}"]\n\n1. a1a8 *\n')
    assert game.start_fen.split()[0] == fen.split()[0] and len(game.mainline_moves()) == 1


@pytest.mark.parametrize("line", ['[Event "' + "x" * SIZE, "[" + "E" * SIZE + ' "x"]', '[Event "x" ' + "y" * SIZE])
def test_a_broken_long_tag_line_is_reported_not_read(watched: list[Watched], line: str) -> None:
    game = parse_game(f'{line}\n[Red "r"]\n\n1. h2e2 *\n')
    assert game.headers["Red"] == "r" and len(game.mainline_moves()) == 1
    assert any("unreadable tag line" in str(error) for error in game.errors)
    assert max(spy.longest for spy in watched) < pgn_reader.LONG_TAG_LINE + 100


def test_the_index_of_a_file_with_a_megabyte_tag_lists_it_cut(tmp_path: Path, watched: list[Watched]) -> None:
    path = tmp_path / "tag.pgn"
    path.write_text(f'[Event "{"x" * SIZE}"]\n[Red "r"]\n\n1. h2e2 *\n\n[Event "two"]\n1. h2e2 *\n', encoding="utf-8")
    pgn = PgnFile.open(path)
    assert len(pgn) == 2 and pgn.entries[0].tag("Red") == "r" and pgn.entries[1].event == "two"
    assert len(pgn.entries[0].event) == MAX_TAG_CHARS
    assert max(spy.longest for spy in watched) < pgn_reader.LONG_TAG_LINE + 100


def test_a_huge_bad_fen_is_reported_in_a_bounded_message() -> None:
    game = parse_game(f'[FEN "{"Z" * 6000}rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w - - 0 1"]\n1. h2e2 *\n')
    (error,) = game.errors
    assert "bad FEN, game not read" in str(error) and len(str(error)) < 1000
