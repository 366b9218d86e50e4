"""The record formats Chinese players have: CCBridge (CBL/CBR/CBF), DhtmlXQ, WinBoard PGN, XQF export,
and detection by content with one clear line for files that are not records."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from record_helpers import random_game

from xiangqi.core import Move, Position
from xiangqi.record import Game, load_games, read_pgn, read_xqf
from xiangqi.record.ccbridge import CcbridgeError, read_cbr
from xiangqi.record.detect import NotARecordError, RecordKind, detect_kind
from xiangqi.record.dhtmlxq import game_to_dhtmlxq, read_dhtmlxq
from xiangqi.record.files import iter_games_of_bytes
from xiangqi.record.game import clean_comment
from xiangqi.record.pgn_writer import game_to_pgn
from xiangqi.record.winboard import game_to_winboard, move_to_winboard, winboard_move
from xiangqi.record.xqf_writer import game_to_xqf

CBL = "1989年龙化杯象棋名师邀请赛35局.CBL"
WINBOARD = "WukongJS_1.0_(UCI2WB)-MaxQi_4.8F.pgn"
# Random legal trees (variations, comments, NAGs) alike from one example to the next: 25 of them (40 before,
# ~0.07 CPU-s each), the same 25 in every run (a fixed seed).
TREES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TREES_SEED = seed(20261128)


def _cchess_tree(move) -> list:
    """cchess's tree of moves (its CBR reader drops comments that have no NUL at their end, so only
    the moves are compared; comments are checked on their own below)."""
    if move is None:
        return []
    return [(m.to_iccs(), _cchess_tree(m.next_move)) for m in move.get_siblings(include_me=True)]


def _our_tree(node) -> list:
    return [(c.move.iccs(), _our_tree(c)) for c in node.children]


def _comments(game: Game) -> list[str]:
    return [node.comment for node in game.root.walk() if node.comment]


def _moves(game: Game) -> list[str]:
    return [move.iccs() for move in game.mainline_moves()]


# --- CCBridge ----------------------------------------------------------------------------------------
def _copy_cchess_board(board):  # cchess is untyped
    """What ``ChessBoard.copy`` returns (its ``deepcopy``: the 10x9 rows of piece letters and a new player),
    built directly: cchess copies the board twice a move, and deepcopy made ~90% of its reading time."""
    from cchess.board import ChessPlayer

    copy = object.__new__(type(board))
    copy.__dict__.update(board.__dict__)
    copy._board = [row[:] for row in board._board]
    copy.move_player = ChessPlayer(board.move_player.color)
    return copy


def test_the_quick_copy_of_a_cchess_board_is_its_deepcopy(shared_data: Path) -> None:
    from cchess.read_cbr import read_from_cbr

    game = read_from_cbr(str(shared_data / "games/ccbridge/test.cbr"))
    move = game.first_move.next_move.next_move
    for board in (game.init_board, move.board, move.board_done):
        quick, deep = _copy_cchess_board(board), board.copy()
        assert vars(quick).keys() == vars(deep).keys() and quick._board == deep._board
        assert quick.move_player == deep.move_player and quick.move_player is not board.move_player
        assert quick.to_fen() == deep.to_fen() and quick._board is not board._board
        assert all(a is not b for a, b in zip(quick._board, board._board, strict=True))


@pytest.mark.slow
def test_cbl_library_matches_cchess(shared_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cchess.board import ChessBoard
    from cchess.read_cbr import read_from_cbl

    monkeypatch.setattr(ChessBoard, "copy", _copy_cchess_board)

    path = shared_data / "games/ccbridge" / CBL
    ours = load_games(path)
    theirs = [game for game in read_from_cbl(str(path))["games"] if game.first_move]
    # cchess also returns the library's deleted last record (index flag 5): a copy of game 35
    assert len(ours) == 35 and len(theirs) == 36
    assert _cchess_tree(theirs[35].first_move) == _cchess_tree(theirs[34].first_move)
    for game, reference in zip(ours, theirs, strict=False):
        assert game.errors == []
        assert _our_tree(game.root) == _cchess_tree(reference.first_move)
        assert (game.headers["Red"], game.headers["Black"]) == (reference.info["red"].strip(), reference.info["black"])
        assert game.result == reference.info["result"]
        # the same start and the same moves: the same end (cchess's own replay, ~1.5 CPU-s for the 35 main
        # lines, is done for the last game only)
        assert game.start_fen.split()[0] == reference.init_board.to_fen().split()[0]
    board, move = theirs[34].init_board.copy(), theirs[34].first_move
    while move is not None:
        board.move(move.p_from, move.p_to)
        board.next_turn()
        move = move.next_move
    assert ours[34].end_position().fen().split()[0] == board.to_fen().split()[0] and ours[34].ply_count() > 40
    assert sum(len(_comments(game)) for game in ours) > 35 and "末后如图：黑方车守河口" in "".join(_comments(ours[7]))
    first = ours[0]
    assert first.headers["Event"] == "1989年龙化杯象棋名师邀请赛" and first.headers["Site"] == "柳州市"
    assert first.headers["Date"] == "1989年6月3日" and first.headers["Title"] == "第一轮 徐天红 先和 徐天利"


def test_cbr_with_variations_and_comments_matches_cchess(shared_data: Path) -> None:
    from cchess.read_cbr import read_from_cbr

    path = shared_data / "games/ccbridge/test.cbr"
    (game,) = load_games(path)
    reference = read_from_cbr(str(path))
    assert game.errors == [] and _our_tree(game.root) == _cchess_tree(reference.first_move)
    assert sum(1 for node in game.root.walk() if len(node.children) > 1) >= 5
    assert "不急用平车压马，黑有炮8平9，马3退5变化。" in _comments(game)
    assert game.headers["Event"] == reference.info["title"] == "黄丹青讲座004-破解新式弃马局的攻防要领"


def test_cbf_matches_cchess(shared_data: Path) -> None:
    from cchess.read_cbf import read_from_cbf

    path = shared_data / "games/ccbridge/test.cbf"
    (game,) = load_games(path)
    reference = read_from_cbf(str(path))
    assert game.errors == [] and _moves(game) == [move.to_iccs() for move in _line(reference.first_move)]
    assert game.ply_count() == 50 and game.root.comment == "中炮横车盘头马对屏风马双炮巡河"
    assert game.mainline()[-1].comment.startswith("至此，红方多兵")
    assert game.headers["Event"] == "居荣鑫《象棋古谱全局三种》" and game.headers["ECCO"] == "C03"


def _line(move):
    while move is not None:
        yield move
        move = move.next_move


def test_cbr_errors_name_the_file_and_byte(shared_data: Path) -> None:
    data = (shared_data / "games/ccbridge/test.cbr").read_bytes()
    cut = read_cbr(data[:2300], "cut.cbr")
    assert cut is not None and cut.errors and isinstance(cut.errors[0], CcbridgeError)
    assert "cut.cbr:byte 0x" in str(cut.errors[0]) and cut.ply_count() > 0
    bad = bytearray(data)
    bad[2214 + 4 + 2 : 2214 + 4 + 4] = bytes((0, 89))  # first move: black's a9 rook to red's i0 corner
    game = read_cbr(bytes(bad), "bad.cbr")
    assert game is not None and game.ply_count() == 0
    assert "bad.cbr:byte 0x8AA" in str(game.errors[0]) and "illegal move at ply 1" in str(game.errors[0])
    with pytest.raises(CcbridgeError, match="header cut short"):
        read_cbr(data[:100], "short.cbr")


# --- DhtmlXQ -----------------------------------------------------------------------------------------
def test_dhtmlxq_pages_are_the_wukong_games(shared_data: Path) -> None:
    wukong = {tuple(_moves(g)): g for g in load_games(shared_data / "games/wukong/bulk_games_uci.pgn")}
    pages = sorted((shared_data / "games/dhtmlxq").glob("*.html"))
    assert len(pages) == 5
    for page in pages:
        (game,) = load_games(page)
        assert game.errors == [] and tuple(_moves(game)) in wukong, page.name
        same = wukong[tuple(_moves(game))]
        assert (game.headers["Red"], game.headers["Black"]) == (same.headers["Red"], same.headers["Black"])
    (game,) = load_games(shared_data / "games/dhtmlxq/116.html")
    assert game.result == "1-0" and game.headers["Event"] == "World Xiangqi Championships" and game.ply_count() == 85


VARIATIONS = """Posted on a forum:
[DhtmlXQ]
[DhtmlXQ_title]中炮对屏风马[/DhtmlXQ_title]
[DhtmlXQ_red]红方[/DhtmlXQ_red][DhtmlXQ_black]黑方[/DhtmlXQ_black]
[DhtmlXQ_result]和棋[/DhtmlXQ_result]
[DhtmlXQ_movelist]774772427967706289798081[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]12427967102289790010[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_move_1_4_2]7062[/DhtmlXQ_move_1_4_2]
[DhtmlXQ_comment0]开局||第二行[/DhtmlXQ_comment0]
[DhtmlXQ_comment2]还架中炮[/DhtmlXQ_comment2]
[DhtmlXQ_comment1_3]变着[/DhtmlXQ_comment1_3]
[/DhtmlXQ]
and a second one: [DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]
"""


def test_dhtmlxq_variations_comments_and_several_blocks() -> None:
    first, second = read_dhtmlxq(VARIATIONS, "post.txt")
    assert first.errors == [] and first.result == "1/2-1/2" and first.headers["Red"] == "红方"
    assert _moves(first) == ["h2e2", "h7e7", "h0g2", "h9g7", "i0h0", "i9i8"]
    assert [c.move.iccs() for c in first.root.children[0].children] == ["h7e7", "b7e7"]
    variation = first.root.children[0].children[1]
    assert [n.move.iccs() for n in [variation, *variation.line()]] == ["b7e7", "h0g2", "b9c7", "i0h0", "a9b9"]
    assert [c.move.iccs() for c in variation.children[0].children] == ["b9c7", "h9g7"]
    assert first.root.comment == "开局\n第二行" and first.mainline()[1].comment == "还架中炮"
    assert variation.children[0].comment == "变着"
    assert _moves(second) == ["h2e2"]
    bad = read_dhtmlxq("[DhtmlXQ]\n[DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist][/DhtmlXQ]", "bad.html")[0]
    assert bad.ply_count() == 1 and "bad.html:2:" in str(bad.errors[0]) and "'7747'" in str(bad.errors[0])


# XQF and DhtmlXQ pages carry no encoding mark: readers guess GBK or Big5 from the text, so the
# round trips use the text real records hold (Chinese, ASCII, full-width punctuation).
SAFE_TEXT = st.text(alphabet="车马炮兵卒将帅仕相象進退平红黑先胜负和好棋 abcXYZ123，。！？:()-\n", max_size=24)


def _as_records_hold(game: Game, data) -> Game:
    """No NAGs (neither format has them) and comments of real-record text."""
    for node in game.root.walk():
        node.nags.clear()
        if node.comment:
            node.comment = clean_comment(data.draw(SAFE_TEXT))
    return game


@TREES
@TREES_SEED
@given(st.data())
def test_dhtmlxq_write_read_is_identity_on_the_tree(data) -> None:
    game = _as_records_hold(random_game(data), data)
    game.headers.update({"Red": "许银川", "Black": "吕钦", "Event": "全国赛"})
    (back,) = read_dhtmlxq(game_to_dhtmlxq(game))
    assert back.errors == [] and back.tree_signature() == game.tree_signature()
    assert (back.result, back.start_fen) == (game.result, game.start_fen)
    assert all(back.headers[tag] == game.headers[tag] for tag in ("Red", "Black", "Event"))


def test_dhtmlxq_set_up_position_round_trip() -> None:
    game = Game(start_fen="3k5/9/9/9/9/9/9/9/4A4/4K2R1 b - - 0 1")
    game.root.add_child(Move.from_iccs("d9e9"), "黑先")
    text = game_to_dhtmlxq(game)
    assert "[DhtmlXQ_binit]" in text
    (back,) = read_dhtmlxq(text)
    assert back.start_fen == game.start_fen and back.tree_signature() == game.tree_signature()


# --- WinBoard ----------------------------------------------------------------------------------------
def test_winboard_game_reads_with_players_moves_and_evaluations(shared_data: Path) -> None:
    (game,) = load_games(shared_data / "games/winboard" / WINBOARD)
    assert game.errors == [] and game.ply_count() == 98 and game.result == "1/2-1/2"
    assert game.headers["Red"] == "WukongJS 1.0 (UCI2WB)" and game.headers["Black"] == "MaxQi 4.8F"
    assert _moves(game)[:4] == ["h2e2", "h7g7", "e2e6", "b9c7"]
    assert game.mainline()[0].comment == "+0,10/7" and game.mainline()[-1].comment.endswith("Draw by repetition")
    assert game.end_position().fen() == "5a3/3k5/2R6/p2C5/n7p/P8/4P3P/B8/3pA4/4K1B2 w - - 13 50"


def test_winboard_read_write_read_is_identity(shared_data: Path) -> None:
    (game,) = load_games(shared_data / "games/winboard" / WINBOARD)
    text = game_to_winboard(game)
    assert '[White "WukongJS 1.0 (UCI2WB)"]' in text and '[Variant "xiangqi"]' in text and "\n\n1. Che2" in text
    assert "ixi5" in text and "gf3" in text and "Ege7" in text
    (back,) = read_pgn(text)
    assert back.errors == [] and back.record_signature() == game.record_signature()


@TREES
@TREES_SEED
@given(st.data())
def test_winboard_writes_every_tree_back(data) -> None:
    game = random_game(data)
    game.headers["Variant"] = "xiangqi"
    (back,) = read_pgn(game_to_winboard(game))
    assert back.errors == [] and back.tree_signature() == game.tree_signature()


def test_winboard_moves_every_legal_move_reads_back() -> None:
    position = Position("4k4/4a4/4P4/2P1P1P2/9/9/9/4C4/9/R2K1R3 w - - 0 1")
    for move in position.legal_moves():
        assert winboard_move(position, move_to_winboard(position, move)) == move
    with pytest.raises(ValueError, match="'Rb5': no red piece can make that move here"):
        winboard_move(Position(), "Rb5")
    (game,) = read_pgn('[Variant "xiangqi"]\n\n1. Che2 Rb5 *', "wb.pgn")
    assert game.ply_count() == 1 and "wb.pgn:3:" in str(game.errors[0]) and "no black piece" in str(game.errors[0])


# --- XQF export --------------------------------------------------------------------------------------
@TREES
@TREES_SEED
@given(st.data())
def test_xqf_write_read_is_identity_on_the_tree(data) -> None:
    game = _as_records_hold(random_game(data), data)
    game.headers.update({"Red": "许银川", "Black": "吕钦", "Event": "全国象棋锦标赛", "Date": "2024"})
    back = read_xqf(game_to_xqf(game), "out.xqf")
    assert back.errors == [] and back.tree_signature() == game.tree_signature()
    assert (back.result, back.start_fen) == (game.result, game.start_fen)
    assert all(back.headers[tag] == game.headers[tag] for tag in ("Red", "Black", "Event", "Date"))


def test_xqf_export_of_shared_games(shared_data: Path) -> None:
    for path in [shared_data / "games/eleeye/SAMPLE.XQF", shared_data / "games/ccbridge/test.cbr"]:
        (game,) = load_games(path)
        back = read_xqf(game_to_xqf(game))
        assert back.tree_signature() == game.tree_signature() and back.start_fen == game.start_fen


def test_cbl_to_pgn_and_back_keeps_the_tree(shared_data: Path) -> None:
    games = load_games(shared_data / "games/ccbridge" / CBL) + load_games(shared_data / "games/ccbridge/test.cbr")
    for game in games:
        (back,) = read_pgn(game_to_pgn(game))
        assert back.errors == [] and back.record_signature() == game.record_signature()


# --- detection by content ----------------------------------------------------------------------------
def _docx() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    return buffer.getvalue()


def _zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("games.pgn", "1. h2e2 *")
    return buffer.getvalue()


@pytest.mark.parametrize(
    "data, looks_like",
    [
        (b"", "an empty file"),
        (b"  \r\n\t\n", "a file with only blank space"),
        (_zip(), "a ZIP archive"),
        (_docx(), "a Word document"),
        (b"\x89PNG\r\n\x1a\n" + bytes(100), "a PNG image"),
        (b"\xff\xd8\xff\xe0" + bytes(100), "a JPEG image"),
        (b"%PDF-1.4\n", "a PDF document"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100), "an old Microsoft Office document"),
        (bytes(range(256)) * 8, "binary data"),
    ],
)
def test_files_that_are_not_records_get_one_clear_line(tmp_path: Path, data: bytes, looks_like: str) -> None:
    path = tmp_path / "game.pgn"
    path.write_bytes(data)
    with pytest.raises(NotARecordError) as caught:
        load_games(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: not a game record this program reads: it looks like {looks_like}")
    assert "\n" not in message and "\\x" not in message


@pytest.mark.parametrize(
    "folder, name, kind",
    [
        ("ccbridge", CBL, RecordKind.CBL),
        ("ccbridge", "test.cbr", RecordKind.CBR),
        ("ccbridge", "test.cbf", RecordKind.CBF),
        ("dhtmlxq", "116.html", RecordKind.DHTMLXQ),
        ("winboard", WINBOARD, RecordKind.PGN),
        ("eleeye", "SAMPLE.XQF", RecordKind.XQF),
        ("eleeye", "SAMPLE.PGN", RecordKind.PGN),
    ],
)
def test_kinds_are_detected_by_content(
    shared_data: Path, tmp_path: Path, folder: str, name: str, kind: RecordKind
) -> None:
    data = (shared_data / "games" / folder / name).read_bytes()
    assert detect_kind(data) is kind
    renamed = tmp_path / "renamed.dat"  # the name says nothing
    renamed.write_bytes(data)
    assert [g.record_signature() for g in load_games(renamed)] == [
        g.record_signature() for g in iter_games_of_bytes(data, str(renamed))
    ]
    assert load_games(renamed)


def test_a_cbl_without_a_readable_index_is_scanned_for_records(shared_data: Path) -> None:
    data = bytearray((shared_data / "games/ccbridge" / CBL).read_bytes())
    data[0x3C:0x40] = b"\xff\xff\xff\xff"  # an impossible capacity: the index cannot be used
    games = list(iter_games_of_bytes(bytes(data), "noindex.cbl"))
    assert len(games) == 36 and all(game.errors == [] for game in games)  # the deleted record comes back too
    indexed = load_games(shared_data / "games/ccbridge" / CBL)
    assert [g.record_signature() for g in games[:35]] == [g.record_signature() for g in indexed]
