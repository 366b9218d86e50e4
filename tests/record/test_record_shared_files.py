"""Every real record file of ../shared/data/games loads, replays, and survives a PGN round trip."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from record_helpers import game_files

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation, text_to_move
from xiangqi.record import Game, PgnFile, XqfError, game_to_pgn, load_games, read_pgn
from xiangqi.record.pgn_writer import encode_text
from xiangqi.record.xqf_format import parse_xqf

EXPECTED_ERRORS = {"BadMoveTest3.xqf"}  # holds a move of a piece that is no longer there


def _replays(game) -> bool:
    """Every node of the tree is legal from the start position (re-checked independently of the reader)."""
    for node, position in game.walk_positions():
        if not position.is_legal(node.move):
            return False
    return True


def test_every_shared_file_loads_and_replays(shared_data: Path) -> None:
    files = game_files(shared_data)
    assert len(files) >= 45
    for path in files:
        games = load_games(path)
        assert games, path
        for game in games:
            assert _replays(game), path
            game.end_position()
            if path.name not in EXPECTED_ERRORS:
                assert game.errors == [], (path, [str(e) for e in game.errors])


def test_sample_pgn_and_xqf_are_the_same_game(shared_data: Path) -> None:
    pgn = load_games(shared_data / "games/eleeye/SAMPLE.PGN")[0]
    xqf = load_games(shared_data / "games/eleeye/SAMPLE.XQF")[0]
    moves = [move.iccs() for move in pgn.mainline_moves()]
    assert len(moves) == 75 and moves[:2] == ["b2e2", "h7e7"]
    assert [move.iccs() for move in xqf.mainline_moves()] == moves
    assert pgn.start_fen == xqf.start_fen == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    assert pgn.result == xqf.result == "1-0"
    for tag in ("Event", "Date", "Site", "Red", "Black"):
        assert pgn.headers[tag] == xqf.headers[tag]
    assert pgn.headers["Red"] == "许银川" and pgn.headers["Black"] == "聂卫平"
    comments = [(n.ply, n.comment) for n in pgn.root.walk() if n.comment]
    assert comments == [(n.ply, n.comment) for n in xqf.root.walk() if n.comment]
    assert len(comments) == 12 and comments[0][1].startswith("\u3000\u3000象棋让九子")


def _cchess_tree(move) -> list:
    """cchess's view of a tree (an independent XQF reader) as nested (iccs, children)."""
    if move is None:
        return []
    return [(m.to_iccs(), _cchess_tree(m.next_move)) for m in move.get_siblings(include_me=True)]


def _our_tree(node) -> list:
    return [(c.move.iccs(), _our_tree(c)) for c in node.children]


@pytest.mark.parametrize(
    "name, branch_points",
    [("game_varations.xqf", 3), ("test_5_variations.xqf", 3), ("UnitTest.xqf", 1), ("BadMoveTest2.xqf", 1)],
)
def test_xqf_variation_trees_match_an_independent_reader(shared_data: Path, name: str, branch_points: int) -> None:
    from cchess import read_from_xqf

    path = shared_data / "games/cchess" / name
    ours = load_games(path)[0]
    assert _our_tree(ours.root) == _cchess_tree(read_from_xqf(str(path)).first_move)
    assert sum(1 for node in ours.root.walk() if len(node.children) > 1) == branch_points


def test_game_variations_tree_in_detail(shared_data: Path) -> None:
    game = load_games(shared_data / "games/cchess/game_varations.xqf")[0]
    branches = {node.ply: [c.move.iccs() for c in node.children] for node in game.root.walk() if len(node.children) > 1}
    assert branches == {1: ["h7e7", "h9g7"], 5: ["i9h9", "b7e7"], 6: ["b0c2", "g3g4", "c3c4", "b0a2"]}
    assert sum(1 for _ in game.root.walk()) - 1 == 24 and game.ply_count() == 8
    assert game.headers["Event"] == "全国象棋锦标赛" and game.headers["Red"] == "红方棋手"
    five = load_games(shared_data / "games/cchess/test_5_variations.xqf")[0]
    assert [c.move.iccs() for c in five.root.children] == ["h2e2", "h2d2"]  # a variation of the first move


def test_bad_move_files(shared_data: Path) -> None:
    bad = load_games(shared_data / "games/cchess/BadMoveTest3.xqf")[0]
    assert len(bad.errors) == 1
    error = bad.errors[0]
    assert isinstance(error, XqfError) and isinstance(error, ValueError)
    assert error.text == "e1f0" and error.offset == 0x452
    assert "BadMoveTest3.xqf" in str(error) and "illegal move at ply 10" in str(error)
    assert bad.ply_count() == 9  # the main line is kept up to the bad move
    # the twin file without the bad record reads cleanly and gives the same tree otherwise
    good = load_games(shared_data / "games/cchess/BadMoveTest4.xqf")[0]
    assert good.errors == [] and bad.tree_signature() == good.tree_signature()
    for name in ("BadMoveTest1.xqf", "BadMoveTest2.xqf", "BadMoveTest4.xqf"):
        path = shared_data / "games/cchess" / name
        raw = parse_xqf(path.read_bytes())
        records = sum(1 for _ in _walk_records(raw.root)) - 1
        game = load_games(path)[0]
        assert game.errors == [] and sum(1 for _ in game.root.walk()) - 1 == records, name


def _walk_records(record):
    stack = [record]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(current.children)


def test_gbk_files_give_chinese_names(shared_data: Path) -> None:
    ccgc = shared_data / "games/eleeye/CCGC"
    first = PgnFile.open(next(iter(sorted(ccgc.glob("01.*")))))
    assert first.encoding == "gb18030"
    entry = first.entries[0]
    assert (entry.red, entry.black, entry.tag("Site")) == ("宝岛一号", "相眼竞技", "北京中国科技馆")
    assert entry.tag("Opening") == "中炮过河车互进七兵对屏风马平炮兑车"
    game = load_games(shared_data / "games/cchess/test2.pgn")[0]
    assert game.headers["Red"] == "永远在路上(北斗)" and game.headers["TimeControl"] == "15-5-15"
    xqf = load_games(shared_data / "games/cchess/030-黄松轩先胜冯敬如.XQF")[0]
    assert xqf.headers["Red"] == "黄松轩" and xqf.headers["Annotator"] == "石镛、石炼"


_OUTCOME = {"先胜": "1-0", "先负": "0-1", "先和": "1/2-1/2"}


def test_ccgc_games_replay_legally_with_the_result_in_their_names(shared_data: Path) -> None:
    files = sorted((shared_data / "games/eleeye/CCGC").glob("*.PGN"))
    assert len(files) == 20
    for path in files:
        (game,) = load_games(path)
        assert game.errors == [] and game.ply_count() > 20 and _replays(game)
        word = re.search(r"\((先[胜负和])\)", path.name).group(1)
        assert game.result == _OUTCOME[word], path.name


def test_move_lists_match_their_xqf_files(shared_data: Path) -> None:
    folder = shared_data / "games/cchess"
    for xqf_name, txt_name in (("test1.xqf", "test1_move.txt"), ("ucci_test1.xqf", "ucci_test1_move.txt")):
        xqf, txt = load_games(folder / xqf_name)[0], load_games(folder / txt_name)[0]
        assert txt.errors == [] and txt.start_fen == xqf.start_fen
        assert txt.mainline_moves() == xqf.mainline_moves() and len(txt.mainline_moves()) > 40
    (uci,) = load_games(folder / "uci_test_move.txt")
    assert [m.iccs() for m in uci.mainline_moves()] == ["g4g8", "d8d9", "e6c7", "d9e9", "g8g9"]
    assert uci.result == "1-0" and uci.start_fen.startswith("9/3k5/4c4/4N4/9/6R2/9/5p3/4r4/5K3 w")


def test_wukong_iccs_games(shared_data: Path) -> None:
    games = load_games(shared_data / "games/wukong/bulk_games_uci.pgn")
    assert len(games) == 15
    assert games[0].headers["Red"] == "ZHAO GuoRong"
    assert [m.iccs() for m in games[0].mainline_moves()[:3]] == ["h2e2", "h9g7", "h0g2"]
    assert all(game.errors == [] and game.ply_count() > 40 for game in games)


def test_two_field_fen_tag(shared_data: Path) -> None:
    (game,) = load_games(shared_data / "games/cchess/endgame_test.pgn")
    assert game.start_fen == "3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w - - 0 1" and game.ply_count() == 25


@pytest.fixture(scope="module")
def every_shared_game(shared_data: Path) -> list[tuple[Path, Game, tuple[object, ...]]]:
    """Each game of the shared files with its file and signature, read once for the six round trips (the
    games are only written from, never changed)."""
    return [(path, game, game.record_signature()) for path in game_files(shared_data) for game in load_games(path)]


_written: dict[Notation, list[str]] = {}   # each game's PGN in a notation, written once for both encodings


def written_in(notation: Notation, games: list[tuple[Path, Game, tuple[object, ...]]]) -> list[str]:
    if notation not in _written:
        _written[notation] = [game_to_pgn(game, notation) for _path, game, _signature in games]
    return _written[notation]


# Every notation in UTF-8; GB18030 with the Chinese moves, the one notation whose moves it encodes (the
# tags and comments are decoded the same way whatever the notation: WXF and ICCS in GB18030 repeated that).
@pytest.mark.parametrize("encoding,notation", [*(("utf-8", notation) for notation in Notation),
                                               ("gb18030", Notation.CHINESE)])
def test_round_trip_of_every_shared_file(every_shared_game: list[tuple[Path, Game, tuple[object, ...]]],
                                         notation: Notation, encoding: str) -> None:
    assert len(every_shared_game) > 100
    for (path, _game, signature), text in zip(every_shared_game, written_in(notation, every_shared_game),
                                              strict=True):
        data = encode_text(text, encoding, "\r\n")
        (back,) = read_pgn(data)
        assert back.errors == [], (path, [str(e) for e in back.errors])
        assert back.record_signature() == signature, path


def test_chinese_text_of_ccgc_moves_reads_back(shared_data: Path) -> None:
    """The writer's Chinese text of every move is read back to the same move (spot check of the hook)."""
    (game,) = load_games(sorted((shared_data / "games/eleeye/CCGC").glob("23.*"))[0])
    position = Position.from_fen(game.start_fen)
    for move in game.mainline_moves():
        from xiangqi.core.notation import move_to_text

        assert text_to_move(position, move_to_text(position, move, Notation.CHINESE)) == move
        position.push(Move(move.from_sq, move.to_sq))
