"""Hostile games for the record writers (PGN, WinBoard PGN, XQF, DhtmlXQ): long games, and header and comment
text that looks like the format's own syntax. A writer is strict: what it writes reads back as the same
game (moves, one game, no tag injected) or it refuses with a message naming the file, leaving it as it was.
The writers have no size bound of their own: they write what the readers accepted (at most
``MAX_RECORD_MOVES`` moves, ``MAX_TAG_CHARS`` a tag), in time linear in the game."""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from hostile.sources import horse_game
from xiangqi.core.notation import Notation
from xiangqi.record import PgnError, load_games, parse_game
from xiangqi.record.dhtmlxq import game_to_dhtmlxq, read_dhtmlxq
from xiangqi.record.game import Game
from xiangqi.record.pgn_writer import save_pgn
from xiangqi.record.winboard import game_to_winboard
from xiangqi.record.xqf import read_xqf
from xiangqi.record.xqf_writer import game_to_xqf

# Text that is syntax in one format or another, and characters that are hard to write.
ODD_TEXT = ('a "quoted" \\ value] [Red "injected"]\n[Black "x"] [/DhtmlXQ_title][DhtmlXQ_movelist]0000'
            '[/DhtmlXQ_movelist]} { ) ( ; [%cal Rb0c2] \x00\x1b\u202e 象棋')
LINEAR = "linear in the game (writes what the readers accepted: MAX_RECORD_MOVES)"


def odd_game(plies: int) -> Game:
    game = horse_game(plies)
    game.headers.update(Event=ODD_TEXT, Red="许银川", Black=ODD_TEXT[:40])
    for node in game.mainline()[::50]:
        node.comment = ODD_TEXT
    return game


def assert_same_moves(original: Game, back: Game, what: str) -> None:
    assert back.ply_count() == original.ply_count(), f"{what}: {back.ply_count()} of {original.ply_count()} plies"
    assert [node.move for node in back.mainline()] == [node.move for node in original.mainline()], what


@hostile("writers.pgn_long_game", target="record.pgn_writer", bound=LINEAR)
def pgn_long_game(folder: Path, scale: int) -> None:
    game = horse_game(1000 * scale)
    for notation in (Notation.CHINESE, Notation.WXF, Notation.ICCS):
        path = folder / f"long-{notation.name}.pgn"
        save_pgn(path, [game], notation=notation)
        (back,) = load_games(path)
        assert_same_moves(game, back, f"PGN {notation.name}")


@hostile("writers.pgn_odd_text", target="record.pgn_writer", bound="tags escaped, comments closed: one game back")
def pgn_odd_text(folder: Path, scale: int) -> None:
    game = odd_game(200 * scale)
    path = folder / "odd.pgn"
    save_pgn(path, [game])
    (back,) = load_games(path)
    assert_same_moves(game, back, "PGN")
    assert back.headers["Red"] == "许银川" and back.headers["Black"] != "x"
    assert back.headers["Event"].startswith('a "quoted" \\ value] [Red "injected"]')


@hostile("writers.pgn_unencodable", target="record.pgn_writer", bound="strict encoding: refused, file kept")
def pgn_unencodable(folder: Path, scale: int) -> None:
    path = folder / "mine.pgn"
    path.write_bytes(b"precious")
    game = horse_game(100 * scale)
    game.root.children[0].comment = "🐘" * scale
    try:
        save_pgn(path, [game], encoding="gbk")
    except PgnError as error:
        assert "mine.pgn" in str(error) and "GBK" in str(error)
    else:
        raise AssertionError("a character GBK lacks was written")
    assert path.read_bytes() == b"precious" and [p.name for p in folder.iterdir()] == ["mine.pgn"]


@hostile("writers.winboard_odd_text", target="record.winboard_writer", bound=LINEAR)
def winboard_odd_text(folder: Path, scale: int) -> None:
    game = odd_game(500 * scale)
    back = parse_game(game_to_winboard(game))
    assert_same_moves(game, back, "WinBoard")
    assert back.headers.get("Red", back.headers.get("White")) == "许银川"


@hostile("writers.xqf_odd_text", target="record.xqf_writer", bound="header fields cut to their XQF size")
def xqf_odd_text(folder: Path, scale: int) -> None:
    game = odd_game(1000 * scale)
    back = read_xqf(game_to_xqf(game), "odd.xqf")
    assert_same_moves(game, back, "XQF")
    assert not back.errors and back.headers["Red"] == "许银川"
    assert ODD_TEXT.startswith(back.headers["Event"]) and back.headers["Event"]     # cut to its field
    assert all(node.comment == ODD_TEXT for node in back.mainline()[::50])          # comments whole


@hostile("writers.dhtmlxq_odd_text", target="record.dhtmlxq_writer", bound="field text escaped: no field injected")
def dhtmlxq_odd_text(folder: Path, scale: int) -> None:
    game = odd_game(1000 * scale)
    (back,) = read_dhtmlxq(game_to_dhtmlxq(game), "odd.html")
    assert_same_moves(game, back, "DhtmlXQ")
    assert not back.errors and back.headers["Red"] == "许银川"
    # A field's "[" is written as the full-width "［" (nothing else can close the field).
    assert all(node.comment.replace("［", "[") == ODD_TEXT for node in back.mainline()[::50])
