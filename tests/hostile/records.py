"""Hostile inputs for the record readers (PGN, WinBoard PGN, XQF, DhtmlXQ, CCBridge CBR/CBL/CBF, the
encodings): the issue 16 and 22 generators of ``tests/bench/hostile_inputs.py`` and ``hostile_pgn.py``,
read by ``load_games`` (what the app and every command use) or by the format's own reader.

The detailed checks live in ``tests/reliability`` (``test_hostile_inputs``, ``test_hostile_pgn``,
``test_linear_readers``, ``test_fuzz_readers``); a case here checks the same outcome cheaply, so that the
bench (``tests/bench/hostile_registry.py``) can run it at 16 times its size with time and memory.
A bound of 100,000 moves is too costly to reach at scale 1 (~4 s): the cases that show a game cut at
``MAX_RECORD_MOVES`` lower it for their run (``lowered``), as the reliability tests do.
The page-wide bounds of DhtmlXQ pages and CCBridge libraries (``MAX_PAGE_MOVES``) are the cases of
``collections.py``; the cases here stay far below them.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hostile import hostile
from hostile.sources import (
    CBR_CYCLE, DHTMLXQ_CYCLE, bench_module, cbr_record, horse_game, nested_pgn, xqf_line, xqf_variations,
)
from xiangqi.record import PgnFile, parse_game
from xiangqi.record.game import Game
from xiangqi.record.ccbridge import CBL_MAGIC, CcbridgeError, read_cbf, read_cbr
from xiangqi.record.detect import NotARecordError
from xiangqi.record.dhtmlxq import read_dhtmlxq
from xiangqi.record.files import load_games
from xiangqi.record.limits import MAX_RECORD_MOVES, MAX_TAG_CHARS, MAX_WHOLE_FILE_BYTES
from xiangqi.record.pgn_reader import MAX_GAME_ERRORS
from xiangqi.record.winboard import game_to_winboard

inputs = bench_module("hostile_inputs")


@contextmanager
def lowered(module_name: str, limit: int) -> Iterator[None]:
    """``MAX_RECORD_MOVES`` of one reader module set to ``limit`` for the block (restored after)."""
    import importlib

    module = importlib.import_module(module_name)
    saved = vars(module)["MAX_RECORD_MOVES"]
    setattr(module, "MAX_RECORD_MOVES", limit)  # noqa: B010 - a module constant, restored below
    try:
        yield
    finally:
        setattr(module, "MAX_RECORD_MOVES", saved)  # noqa: B010


def expect_refused(path: Path | str, *words: str) -> None:
    try:
        load_games(path)
    except NotARecordError as error:
        text = str(error)
        assert all(word in text for word in words), text
    else:
        raise AssertionError(f"{path} was read as a record")


def one_game(path: Path) -> Game:
    games = load_games(path)
    assert len(games) == 1, f"{len(games)} games"
    return games[0]


# --- files that are no record file ----------------------------------------------------------------------
@hostile("records.fifo", target="record.files", bound="regular files only (check_openable)")
def fifo(folder: Path, scale: int) -> None:
    path = folder / "pipe.pgn"
    os.mkfifo(path)
    expect_refused(path, str(path), "named pipe (FIFO)")


@hostile("records.dev_zero", target="record.files", bound="regular files only (check_openable)")
def dev_zero(folder: Path, scale: int) -> None:
    for _ in range(scale):
        expect_refused("/dev/zero", "a device")


@hostile("records.folder", target="record.files", bound="regular files only (check_openable)")
def folder_as_record(folder: Path, scale: int) -> None:
    path = folder / "games.pgn"
    path.mkdir()
    expect_refused(path, "a folder")


@hostile("records.over_whole_file_limit", target="record.files",
         bound=f"MAX_WHOLE_FILE_BYTES = {MAX_WHOLE_FILE_BYTES:,} (refused before reading)")
def over_whole_file_limit(folder: Path, scale: int) -> None:
    """A sparse XQF file of 64 MiB + scale bytes: refused by its size, not read (reading would take GBs)."""
    path = folder / "huge.xqf"
    path.write_bytes(inputs.xqf_file([]))
    os.truncate(path, MAX_WHOLE_FILE_BYTES + scale)
    expect_refused(path, "over the limit")


@hostile("records.letters", target="record.detect", bound="SNIFF_BYTES: only the first 64 KB is judged")
def letters(folder: Path, scale: int) -> None:
    path = folder / "letters.txt"
    path.write_bytes(b"a" * (4096 * 16 * scale))
    expect_refused(path, "text with no game moves")


# --- PGN text ---------------------------------------------------------------------------------------------
@hostile("records.pgn_tag_value", target="record.pgn",
         bound=f"MAX_TAG_CHARS = {MAX_TAG_CHARS:,} (longer values cut, with an error)")
def pgn_tag_value(folder: Path, scale: int) -> None:
    path = folder / "tag.pgn"
    path.write_bytes(inputs.pgn_tag_value(scale))     # 640 KB x scale
    game = one_game(path)
    assert len(game.headers["Event"]) == MAX_TAG_CHARS and game.ply_count() == 2
    assert "the limit for a tag" in str(game.errors[0])


@hostile("records.pgn_bad_move", target="record.pgn", bound="MAX_MOVE_CHARS = 64 (a longer word is quoted cut)")
def pgn_bad_move(folder: Path, scale: int) -> None:
    game = parse_game('[Event "x"]\n1. ' + "Z" * (100_000 * scale) + " *\n")
    assert len(game.errors) == 1 and len(str(game.errors[0])) < 300 and "…" in str(game.errors[0])


@hostile("records.pgn_nuls", target="record.pgn", bound="one bounded error for a text of NULs")
def pgn_nuls(folder: Path, scale: int) -> None:
    path = folder / "nuls.pgn"
    path.write_bytes(b"\0" * (100_000 * scale))
    try:
        games = load_games(path)
    except NotARecordError as error:
        assert len(str(error)) < 600
    else:
        assert all(len(str(error)) < 600 for game in games for error in game.errors)


@hostile("records.pgn_unmatched_parentheses", target="record.pgn",
         bound=f"MAX_GAME_ERRORS = {MAX_GAME_ERRORS} (the rest counted)")
def pgn_unmatched(folder: Path, scale: int) -> None:
    game = parse_game('[Event "x"]\n1. h2e2 ' + ")" * (2000 * scale) + " *\n")
    assert len(game.errors) == MAX_GAME_ERRORS + 1 and "more problems" in str(game.errors[-1])
    assert game.ply_count() == 1


@hostile("records.pgn_nested_variations", target="record.pgn", bound="no recursion: any depth of variations")
def pgn_nested(folder: Path, scale: int) -> None:
    depth = 200 * scale
    game = parse_game(nested_pgn(depth))
    assert not game.errors
    deepest, stack = 0, [game.root]
    while stack:
        node = stack.pop()
        deepest = max(deepest, node.ply)
        stack.extend(node.children)
    assert deepest == depth


@hostile("records.pgn_semicolon_lines", target="record.pgn", bound="linear: every ; comment line kept")
def pgn_semicolons(folder: Path, scale: int) -> None:
    lines = 1000 * scale
    game = parse_game('[Event "x"]\n1. h2e2\n' + "; a comment line\n" * lines + "h9g7 *\n")
    assert game.root.children[0].comment.count("\n") == lines - 1 and game.ply_count() == 2


@hostile("records.pgn_many_games", target="record.pgn", bound="linear: a game at a time (stream_games)")
def pgn_many_games(folder: Path, scale: int) -> None:
    path = folder / "many.pgn"
    path.write_text("".join(bench_module("hostile_pgn").GAME.format(i=i) for i in range(500 * scale)))
    games = load_games(path)
    assert len(games) == 500 * scale and all(game.ply_count() == 8 and not game.errors for game in games)


@hostile("records.winboard_long_game", target="record.winboard", bound="linear in plies")
def winboard_long_game(folder: Path, scale: int) -> None:
    plies = 1000 * scale
    path = folder / "winboard.pgn"
    path.write_text(game_to_winboard(horse_game(plies)))
    game = one_game(path)
    assert game.ply_count() == plies and not game.errors


@hostile("records.winboard_bad_moves", target="record.winboard",
         bound=f"MAX_GAME_ERRORS = {MAX_GAME_ERRORS} (the rest counted)")
def winboard_bad_moves(folder: Path, scale: int) -> None:
    text = '[Variant "xiangqi"]\n[White "a"]\n[Black "b"]\n\n1. Hc2 Hg7 ' + "Kx9 " * (2000 * scale) + "*\n"
    game = parse_game(text)
    assert game.ply_count() == 2 and len(game.errors) <= MAX_GAME_ERRORS + 1
    assert all(len(str(error)) < 1000 for error in game.errors)


# --- encodings ------------------------------------------------------------------------------------------
@hostile("records.mixed_encodings", target="record.encoding", bound="each game decoded by itself (linear)")
def mixed_encodings(folder: Path, scale: int) -> None:
    gbk = '[Event "甲"]\n[Red "许银川"]\n1. 炮二平五 马８进７ *\n'.encode("gbk")
    utf8 = '[Event "乙"]\n[Red "胡荣华"]\n1. 炮二平五 马８进７ *\n'.encode()
    pgn = PgnFile.from_bytes((gbk + b"\n" + utf8 + b"\n") * (100 * scale), "mixed.pgn")
    assert [entry.red for entry in pgn.entries[:2]] == ["许银川", "胡荣华"] and len(pgn.entries) == 200 * scale


@hostile("records.undecodable_bytes", target="record.encoding", bound="bad bytes replaced and reported, never fatal")
def undecodable_bytes(folder: Path, scale: int) -> None:
    path = folder / "broken.pgn"
    path.write_bytes((b'[Event "x"]\n[Red "\xff\xfe\x80"]\n1. h2e2 h9g7 *\n\n') * (100 * scale))
    games = load_games(path)
    assert len(games) == 100 * scale and all(game.ply_count() == 2 for game in games)


@hostile("records.utf16_without_bom", target="record.encoding", bound="SAMPLE: 64 KB judged for the encoding")
def utf16_without_bom(folder: Path, scale: int) -> None:
    text = '[Event "全国"]\n1. 炮二平五 {' + "中炮对屏风马是最常见的布局之一" * (200 * scale) + "} 马８进７ *\n"
    for encoding in ("utf-16-le", "utf-16-be"):
        pgn = PgnFile.from_bytes(text.encode(encoding))
        assert pgn.encoding == encoding and pgn.game(0).ply_count() == 2


# --- XQF ------------------------------------------------------------------------------------------------
@hostile("records.xqf_long_line", target="record.xqf", bound="linear in plies (MAX_RECORD_MOVES, below)")
def xqf_long_line(folder: Path, scale: int) -> None:
    path = folder / "line.xqf"
    path.write_bytes(xqf_line(5000 * scale))
    game = one_game(path)
    assert game.ply_count() == 5000 * scale and not game.errors


@hostile("records.xqf_over_move_limit", target="record.xqf",
         bound=f"MAX_RECORD_MOVES = {MAX_RECORD_MOVES:,} (lowered to 1,000 x scale here)")
def xqf_over_move_limit(folder: Path, scale: int) -> None:
    path = folder / "cut.xqf"
    path.write_bytes(xqf_line(1500 * scale))
    with lowered("xiangqi.record.xqf_format", 1000 * scale):
        game = one_game(path)
    assert game.ply_count() == 1000 * scale
    assert "moves in the game (the limit)" in str(game.errors[0])


@hostile("records.xqf_many_variations", target="record.xqf",
         bound=f"MAX_RECORD_MOVES = {MAX_RECORD_MOVES:,} (lowered to 1,000 x scale here)")
def xqf_many_variations(folder: Path, scale: int) -> None:
    path = folder / "variations.xqf"
    path.write_bytes(xqf_variations(1500 * scale))
    with lowered("xiangqi.record.xqf_format", 1000 * scale):
        game = one_game(path)
    assert len(game.root.children) == 1000 * scale and "the limit" in str(game.errors[0])


@hostile("records.xqf_cut_short", target="record.xqf", bound="never reads past the end; the moves before kept")
def xqf_cut_short(folder: Path, scale: int) -> None:
    data = xqf_line(1000 * scale)
    path = folder / "cut.xqf"
    path.write_bytes(data[: len(data) - 3])
    game = one_game(path)
    assert 0 < game.ply_count() < 1000 * scale and game.errors


# --- DhtmlXQ --------------------------------------------------------------------------------------------
@hostile("records.dhtmlxq_page_letters", target="record.dhtmlxq", bound="linear detection (SNIFF_BYTES)")
def dhtmlxq_page_letters(folder: Path, scale: int) -> None:
    path = folder / "page.html"
    path.write_bytes(inputs.page_with_letters(scale))      # 1.25 MB x scale of letters, then the game
    assert one_game(path).ply_count() == 4


@hostile("records.dhtmlxq_games", target="record.dhtmlxq", bound="linear in blocks (one line count)")
def dhtmlxq_games(folder: Path, scale: int) -> None:
    path = folder / "games.html"
    path.write_bytes(inputs.dhtmlxq_games(scale))          # 500 x scale games
    games = load_games(path)
    assert len(games) == 500 * scale and all(game.ply_count() == 4 and not game.errors for game in games)


@hostile("records.dhtmlxq_unclosed_blocks", target="record.dhtmlxq", bound="linear in blocks (no search to the end)")
def dhtmlxq_unclosed(folder: Path, scale: int) -> None:
    path = folder / "unclosed.html"
    path.write_bytes(inputs.unclosed_blocks(scale))        # 1,000 x scale unclosed blocks
    assert load_games(path) == []


@hostile("records.dhtmlxq_late_game", target="record.dhtmlxq", bound="the whole file searched for the mark")
def dhtmlxq_late_game(folder: Path, scale: int) -> None:
    path = folder / "forum.html"
    path.write_bytes(inputs.late_game(scale))              # 100 KB x scale of scripts before the game
    game = one_game(path)
    assert game.ply_count() == 4 and game.headers["Title"] == "第1局"


@hostile("records.dhtmlxq_over_move_limit", target="record.dhtmlxq",
         bound=f"MAX_RECORD_MOVES = {MAX_RECORD_MOVES:,} (lowered to 1,000 x scale here)")
def dhtmlxq_over_move_limit(folder: Path, scale: int) -> None:
    moves = DHTMLXQ_CYCLE * (375 * scale)                   # 1,500 x scale plies
    with lowered("xiangqi.record.dhtmlxq", 1000 * scale):
        (game,) = read_dhtmlxq(f"[DhtmlXQ]\n[DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n", "long.html")
    assert game.ply_count() == 1000 * scale and "(the limit)" in str(game.errors[0])


@hostile("records.dhtmlxq_long_title", target="record.dhtmlxq", bound=f"MAX_TAG_CHARS = {MAX_TAG_CHARS:,}")
def dhtmlxq_long_title(folder: Path, scale: int) -> None:
    text = f"[DhtmlXQ][DhtmlXQ_title]{'t' * 50_000 * scale}[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"
    (game,) = read_dhtmlxq(text)
    assert len(game.headers["Title"]) == MAX_TAG_CHARS and "the limit for a tag" in str(game.errors[0])


# --- CCBridge -------------------------------------------------------------------------------------------
@hostile("records.cbr_long_line", target="record.ccbridge", bound="linear in plies (MAX_RECORD_MOVES)")
def cbr_long_line(folder: Path, scale: int) -> None:
    path = folder / "line.cbr"
    path.write_bytes(cbr_record(1000 * scale))
    game = one_game(path)
    assert game.ply_count() == 1000 * scale and not game.errors


@hostile("records.cbr_over_move_limit", target="record.ccbridge",
         bound=f"MAX_RECORD_MOVES = {MAX_RECORD_MOVES:,} (lowered to 1,000 x scale here)")
def cbr_over_move_limit(folder: Path, scale: int) -> None:
    with lowered("xiangqi.record.ccbridge", 1000 * scale):
        game = read_cbr(cbr_record(1500 * scale), "cut.cbr")
    assert game is not None and game.ply_count() == 1000 * scale and "(the limit)" in str(game.errors[0])


@hostile("records.cbr_impossible_comment", target="record.ccbridge", bound="_MAX_COMMENT = 1 MiB a comment")
def cbr_impossible_comment(folder: Path, scale: int) -> None:
    """The last move says a comment of 1 MiB + 1 bytes follows (and 1,000 x scale bytes do)."""
    plies = 100 * scale
    data = cbr_record(plies)[:-4] + bytes((0x04, 0, *CBR_CYCLE[(plies - 1) % 4]))
    data += struct.pack("<i", (1 << 20) + 1) + b"\0" * (1000 * scale)
    game = read_cbr(data, "comment.cbr")
    assert game is not None and game.ply_count() == plies - 1
    assert len(game.errors) == 1 and "comment.cbr" in str(game.errors[0])
    assert "impossible comment length" in str(game.errors[0])


@hostile("records.cbr_garbage", target="record.ccbridge", bound="never reads past the end")
def cbr_garbage(folder: Path, scale: int) -> None:
    data = bytearray(cbr_record(200 * scale))
    for at in range(2300, len(data), 7):
        data[at] = (at * 31) & 0xFF
    path = folder / "garbage.cbr"
    path.write_bytes(bytes(data))
    try:
        games = load_games(path)
    except CcbridgeError as error:
        assert "garbage.cbr" in str(error)
    else:
        assert all(len(str(error)) < 1000 for game in games for error in game.errors)


@hostile("records.cbl_many_games", target="record.ccbridge", bound="linear in records (4 KB blocks)")
def cbl_many_games(folder: Path, scale: int) -> None:
    record = cbr_record(4)
    block = record + bytes(-len(record) % 4096)
    path = folder / "library.cbl"
    path.write_bytes(CBL_MAGIC + bytes(4096 - len(CBL_MAGIC)) + block * (200 * scale))
    games = load_games(path)
    assert len(games) == 200 * scale and all(game.ply_count() == 4 for game in games)


@hostile("records.cbf_entity_expansion", target="record.ccbridge", bound="expat's amplification limit")
def cbf_entity_expansion(folder: Path, scale: int) -> None:
    """A "billion laughs" CBF: entities of entities that would expand to gigabytes."""
    entities = '<!ENTITY a0 "laugh">' + "".join(f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10))
    data = f'<?xml version="1.0"?><!DOCTYPE r [{entities}]><ChineseChessRecord><Head><Contest>&a9;' \
           f'</Contest></Head>{"<x/>" * (1000 * scale)}</ChineseChessRecord>'.encode()
    try:
        game = read_cbf(data, "laughs.cbf")
    except CcbridgeError as error:
        assert "laughs.cbf" in str(error)
    else:
        assert len(game.headers["Event"]) <= MAX_TAG_CHARS


@hostile("records.cbf_deep_nesting", target="record.ccbridge", bound="no recursion: any depth of XML")
def cbf_deep_nesting(folder: Path, scale: int) -> None:
    depth = 20_000 * scale
    data = b"<ChineseChessRecord>" + b"<a>" * depth + b"</a>" * depth + b"</ChineseChessRecord>"
    game = read_cbf(data, "deep.cbf")
    assert game.ply_count() == 0


@hostile("records.cbf_long_move_list", target="record.ccbridge", bound="linear in moves")
def cbf_long_move_list(folder: Path, scale: int) -> None:
    cycle = ("19-27", "70-62", "27-19", "62-70")    # the horses out and back (file, then row from the top)
    moves = "".join(f'<Move value="{cycle[i % 4]}"/>' for i in range(1000 * scale))
    data = f'<ChineseChessRecord><Head/><MoveList><Move value="00-00"/>{moves}</MoveList></ChineseChessRecord>'
    game = read_cbf(data.encode(), "long.cbf")
    assert game.ply_count() == 1000 * scale and not game.errors
