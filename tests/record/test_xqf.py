"""XQF import for every version (plain 0x0A to encrypted 0x12), set-up positions, metadata, trees, and
clear errors for broken files."""

from __future__ import annotations

import pytest
from record_helpers import Rec, build_xqf, tree_of, xqf_square

from xiangqi.record import XqfError, game_to_pgn, read_pgn, read_xqf

TREE = [
    Rec("h2e2", "中炮", [
        Rec("h9g7", "", [Rec("h0g2", "", [Rec("i9h9")]), Rec("b0c2", "边马")]),
        Rec("b9c7", "屏风马", [Rec("b0c2")]),
        Rec("h7e7", "顺炮"),
    ]),
    Rec("b2e2", "左中炮"),
    Rec("c3c4", "仙人指路", [Rec("g6g5")]),
]  # fmt: skip
TAGS = {
    "Title": "标题", "Event": "全国象棋个人赛", "Date": "1997.11.16", "Site": "北京", "Red": "柳大华", "Black": "吕钦"
}


@pytest.mark.parametrize("version", [0x0A, 0x0B, 0x0C, 0x0F, 0x10, 0x12])
@pytest.mark.parametrize("key_bytes", [bytes(13), bytes(range(0x35, 0x42)), bytes(range(0xF0, 0xFD))])
def test_every_version_decodes_the_full_tree(version: int, key_bytes: bytes) -> None:
    data = build_xqf(TREE, version=version, key_bytes=key_bytes, tags=TAGS, result=2, root_comment="开局")
    game = read_xqf(data, "made.xqf")
    assert game.errors == []
    assert tree_of(game.root) == TREE
    assert game.root.comment == "开局" and game.result == "0-1"
    assert game.headers["Event"] == "全国象棋个人赛" and game.headers["Title"] == "标题"
    assert (game.headers["Red"], game.headers["Black"], game.headers["Site"]) == ("柳大华", "吕钦", "北京")
    assert game.headers["Date"] == "1997.11.16" and not game.is_setup


def test_set_up_position_black_to_move_and_title_as_event() -> None:
    # red king e0, red rook e1 (index 0), black king d9, black pawn f3 (index 27); all others off the board
    pieces = [0xFF] * 32
    for index, square in ((4, "e0"), (0, "e1"), (20, "d9"), (27, "f3")):
        pieces[index] = xqf_square(square)
    data = build_xqf([Rec("f3e3", "", [Rec("e1e3")])], pieces=pieces, setup_type=3, tags={"Title": "残局"}, result=1)
    game = read_xqf(data)
    assert game.errors == []
    assert game.start_fen == "3k5/9/9/9/9/9/5p3/9/4R4/4K4 b - - 0 1"
    assert [m.iccs() for m in game.mainline_moves()] == ["f3e3", "e1e3"]
    assert game.headers["Event"] == "残局" and "Title" not in game.headers and game.result == "1-0"
    (back,) = read_pgn(game_to_pgn(game))
    assert back.record_signature() == game.record_signature()


def test_illegal_moves_are_errors_and_their_lines_are_cut() -> None:
    tree = [Rec("h2e2", "", [Rec("h9g7", "", [Rec("a0a5", "", [Rec("a9a8")])]), Rec("b9c7")])]
    game = read_xqf(build_xqf(tree), "bad.xqf")
    (error,) = game.errors
    assert isinstance(error, XqfError) and error.text == "a0a5" and "bad.xqf" in str(error)
    assert "ply 3" in str(error) and "h2e2 h9g7" in str(error)
    assert tree_of(game.root) == [Rec("h2e2", "", [Rec("h9g7"), Rec("b9c7")])]
    plain = bytearray(build_xqf([Rec("h2e2", "", [Rec("h9g7")])], version=0x0A))
    plain[0x408] = 95 + 24  # the first move's from-square: 95 is off the board
    off_board = read_xqf(bytes(plain))
    assert off_board.ply_count() == 0 and "impossible squares" in str(off_board.errors[0])


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "not an XQF file"),
        (b"PK\x03\x04" + bytes(2000), "not an XQF file"),
        (b"XQ\x12" + bytes(100), "header truncated"),
        (b"XQ\x20" + bytes(0x400), "unknown XQF version"),
    ],
)
def test_unreadable_files_raise_xqf_error(data: bytes, message: str) -> None:
    with pytest.raises(XqfError, match=message):
        read_xqf(data, "broken.xqf")


def test_a_file_is_read_by_its_content_not_its_name(tmp_path) -> None:
    from xiangqi.record import load_games

    fake = tmp_path / "game.XQF"
    fake.write_text("1. h2e2 *", encoding="utf-8")
    (game,) = load_games(fake)  # PGN text under an XQF name is read as the PGN it is
    assert [m.iccs() for m in game.mainline_moves()] == ["h2e2"] and game.errors == []


def test_truncated_move_data_keeps_the_moves_before() -> None:
    full = build_xqf(TREE, tags=TAGS)
    whole = read_xqf(full)
    for cut in range(0x400, len(full)):
        game = read_xqf(full[:cut], "cut.xqf")
        nodes = sum(1 for _ in game.root.walk())
        assert nodes <= sum(1 for _ in whole.root.walk())
        if cut < len(full) - 1 and cut > 0x404:
            assert game.errors and all(isinstance(e, XqfError) for e in game.errors)
    assert whole.errors == []


def test_impossible_comment_length_is_an_error() -> None:
    data = bytearray(build_xqf([Rec("h2e2", "x")], version=0x0A))
    data[0x400 + 8 + 4 : 0x400 + 8 + 8] = (10**9).to_bytes(4, "little")  # the move's comment length
    game = read_xqf(bytes(data))
    assert any("impossible comment length" in str(e) for e in game.errors)
