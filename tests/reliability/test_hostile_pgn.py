"""Issue 16 items 6 and 7: hostile PGN text gives bounded messages and bounded memory (the times are in
``tests/bench/hostile_pgn.py``, not asserted here)."""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

from xiangqi.record import parse_game
from xiangqi.record.limits import MAX_TAG_CHARS
from xiangqi.record.pgn_reader import MAX_GAME_ERRORS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from hostile_pgn import nested_line  # noqa: E402  (the bench's generator of legal nested variations)

HEADER = '[Event "x"]\n'


def test_a_huge_bad_move_is_quoted_in_at_most_about_80_characters():
    game = parse_game(HEADER + "1. " + "Z" * 1_000_000 + " *\n")
    assert len(game.errors) == 1
    message = str(game.errors[0])
    assert len(message) < 300 and "ZZZZ" in message and "…" in message


def test_a_file_of_nuls_gives_one_short_error():
    game = parse_game("\0" * 1_000_000)
    assert len(game.errors) == 1 and len(str(game.errors[0])) < 600


def test_unmatched_closing_parentheses_are_counted_not_listed():
    game = parse_game(HEADER + "1. h2e2 " + ")" * 20_000 + " *\n")
    assert len(game.errors) == MAX_GAME_ERRORS + 1
    assert "and 19900 more problems" in str(game.errors[-1])
    assert [node.move.iccs() for node in game.mainline()] == ["h2e2"]


def test_many_semicolon_comment_lines_on_one_move_are_all_kept():
    game = parse_game(HEADER + "1. h2e2\n" + "".join(f"; line {i}\n" for i in range(5000)) + "h9g7 *\n")
    first = game.root.children[0]
    assert first.comment.split("\n") == [f"line {i}" for i in range(5000)]
    assert game.errors == [] and game.ply_count() == 2


def test_a_huge_tag_value_is_read_in_bounded_memory():
    text = '[Event "' + "x" * 2_000_000 + '"]\n1. h2e2 *\n'
    tracemalloc.start()
    try:
        game = parse_game(text)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # issue 22 item 4: a value over the limit is cut, with an error naming the limit
    assert len(game.headers["Event"]) == MAX_TAG_CHARS and game.ply_count() == 1
    assert len(game.errors) == 1 and "the limit for a tag" in str(game.errors[0])
    assert peak < 40_000_000          # was ~170 bytes per character of the value (the regex's stack)


def test_thousands_of_nested_variations_are_read():
    """3,000 variations each opened inside the one before, every move legal: all of them are read (an
    earlier version of this test repeated a pawn move, so the reader stopped five levels down)."""
    depth = 3000
    text, _line = nested_line(depth)
    game = parse_game(text)
    assert not game.errors
    deepest, stack = 0, [(game.root, 0)]   # each node's ply counted on the way down (node.ply walks up to
    while stack:                             # the root: 4.5 million steps for the 3,000 nodes)
        node, ply = stack.pop()
        deepest = max(deepest, ply)
        stack.extend((child, ply + 1) for child in node.children)
    assert deepest == depth and game.ply_count() == 1
