"""Writing PGN: tags in xqbase order, FEN and Result, notations, encodings, atomic saves, round trips."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import random_game

from xiangqi.core import Move
from xiangqi.core.notation import Notation
from xiangqi.record import Game, GameCursor, PgnError, PgnFile, game_to_pgn, read_pgn, save_pgn
from xiangqi.record.pgn_writer import encode_text

SETUP = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"


def _sample_game() -> Game:
    headers = {"Black": "吕钦", "Custom": "kept", "Red": "胡荣华", "Event": "全国赛", "Game": "Chinese Chess"}
    game = Game(headers=headers)
    game.result = "1-0"
    cursor = GameCursor(game)
    for text in ("h2e2", "h9g7", "h0g2"):
        cursor.add_move(Move.from_iccs(text))
    cursor.node.comment = "a {brace} comment"
    cursor.go_to_ply(1)
    cursor.add_move(Move.from_iccs("b9c7"))
    return game


def test_tags_in_xqbase_order_with_result_always_written() -> None:
    text = game_to_pgn(_sample_game())
    tags = [line.split()[0][1:] for line in text.splitlines() if line.startswith("[")]
    assert tags == ["Game", "Event", "Red", "Black", "Result", "Custom"]
    assert '[Result "1-0"]' in text and text.rstrip().endswith("1-0")
    assert "FEN" not in text and "Format" not in text  # the usual start, Chinese notation


def test_layout_numbers_variations_and_escaped_brace() -> None:
    text = game_to_pgn(_sample_game())
    assert "  1. 炮二平五 马８进７\n" in text
    assert "( 1... 马２进３ )" in text  # the alternative to 马８进７
    assert "{a {brace｝ comment}" in text
    assert "  2. 马二进三" in text


def test_moves_only_text_for_the_clipboard() -> None:
    game = _sample_game()
    game.mainline()[-1].comment = "好棋"
    text = game_to_pgn(game, tags=False)
    assert text.startswith("  1. 炮二平五") and "[" not in text
    pasted = read_pgn(text)[0]
    assert pasted.tree_signature() == game.tree_signature() and pasted.result == game.result


def test_fen_and_format_tags() -> None:
    game = Game(start_fen=SETUP)
    GameCursor(game).add_move(Move.from_iccs("e1e8"))
    iccs = game_to_pgn(game, Notation.ICCS)
    assert f'[FEN "{SETUP}"]' in iccs and '[Format "ICCS"]' in iccs and "e1e8" in iccs
    assert '[Format "WXF"]' in game_to_pgn(game, Notation.WXF) and "R5+7" in game_to_pgn(game, Notation.WXF)
    (back,) = read_pgn(iccs)
    assert back.start_fen == SETUP and back.record_signature() == game.record_signature()


def test_black_to_move_start_is_numbered() -> None:
    game = Game(start_fen="3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 7")
    GameCursor(game).add_move(Move.from_iccs("d9d8"))
    text = game_to_pgn(game, Notation.ICCS)
    assert "  7... d9d8" in text
    assert read_pgn(text)[0].record_signature() == game.record_signature()


def test_black_after_a_comment_is_numbered_the_standard_way() -> None:
    """``1... 马８进７`` on its own line after a comment (it was ``1.          马８进７``)."""
    game = Game()
    cursor = GameCursor(game)
    cursor.add_move(Move.from_iccs("h2e2"))
    game.mainline()[0].comment = "[%eval 0.30]"
    cursor.add_move(Move.from_iccs("h9g7"))
    cursor.add_move(Move.from_iccs("h0g2"))
    lines = game_to_pgn(game).splitlines()
    at = lines.index("{[%eval 0.30]}")
    assert lines[at - 1:at + 3] == ["  1. 炮二平五", "{[%eval 0.30]}", "  1... 马８进７", "  2. 马二进三"]
    assert read_pgn("\n".join(lines))[0].record_signature() == game.record_signature()


def test_illegal_tree_cannot_be_written() -> None:
    game = Game()
    game.root.add_child(Move.from_iccs("a0a5"))  # bypasses the checks of add_move
    with pytest.raises(PgnError, match="a0a5"):
        game_to_pgn(game)


def test_gbk_option_and_characters_it_cannot_hold(tmp_path: Path) -> None:
    path = tmp_path / "out.pgn"
    game = _sample_game()
    game.mainline()[-1].comment = "好棋"
    save_pgn(path, [game], encoding="gbk", newline="\r\n")
    data = path.read_bytes()
    assert "胡荣华".encode("gbk") in data and b"\r\n" in data
    assert PgnFile.open(path).game(0).record_signature() == game.record_signature()
    game.headers["Red"] = "胡荣华 😀"
    with pytest.raises(PgnError, match="GBK") as caught:
        save_pgn(path, [game], encoding="gbk")
    assert caught.value.line == 3 and caught.value.text == "😀"
    assert path.read_bytes() == data  # the file on disk is untouched
    with pytest.raises(PgnError, match="unsupported encoding"):
        encode_text("x", "latin-1")


def test_atomic_save_never_truncates_on_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.pgn"
    path.write_bytes(b"old content")
    os.chmod(path, 0o640)

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_pgn(path, [_sample_game()])
    assert path.read_bytes() == b"old content"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.pgn"]  # no temporary file left behind
    monkeypatch.undo()
    save_pgn(path, [_sample_game(), Game()])
    assert len(PgnFile.open(path)) == 2 and (path.stat().st_mode & 0o777) == 0o640


def test_render_rewrites_only_the_edited_games() -> None:
    original = '[Event "A"]\n1. h2e2 {odd   spacing kept} *\n\n[Event "B"]\n1. b2e2 *\n'
    pgn = PgnFile(original)
    assert pgn.render() == original
    edited = pgn.game(1)
    GameCursor(edited, edited.mainline()[-1]).add_move(Move.from_iccs("h9g7"))
    text = pgn.render({1: edited})
    assert text.startswith('[Event "A"]\n1. h2e2 {odd   spacing kept} *\n') and "马８进７" in text
    assert [g.ply_count() for g in read_pgn(text)] == [1, 2]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    data=st.data(), notation=st.sampled_from(list(Notation)), encoding=st.sampled_from(["utf-8", "gb18030", "utf-16"])
)
def test_generated_games_round_trip(data: st.DataObject, notation: Notation, encoding: str) -> None:
    game = random_game(data)
    text = game_to_pgn(game, notation)
    (back,) = read_pgn(encode_text(text, encoding, "\r\n") if encoding != "utf-16" else text.encode("utf-16"))
    assert back.errors == []
    assert back.record_signature() == game.record_signature()
    assert game_to_pgn(back, notation) == text  # writing is stable too
