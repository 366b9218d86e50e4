"""PGN writing details: a blank line after the tags; Big5 files get traditional characters."""

from __future__ import annotations

from pathlib import Path

from xiangqi.record import game_to_pgn, load_games, read_pgn
from xiangqi.record.encoding import decode_record
from xiangqi.record.pgn_writer import encode_text


def test_a_blank_line_separates_the_tags_from_the_moves(shared_data: Path) -> None:
    game = load_games(shared_data / "games/eleeye/SAMPLE.PGN")[0]
    text = game_to_pgn(game)
    head, _, moves = text.partition("\n\n")
    assert head.splitlines()[-1].startswith("[FEN ") and all(line.startswith("[") for line in head.splitlines())
    assert moves.startswith("{") and "1. 炮八平五" in moves


def test_big5_writes_traditional_characters_and_reads_back(shared_data: Path) -> None:
    game = load_games(shared_data / "games/eleeye/SAMPLE.PGN")[0]
    data = encode_text(game_to_pgn(game), "big5", "\r\n")
    decoded = decode_record(data)
    assert decoded.encoding == "big5" and not decoded.lossy
    assert "許銀川" in decoded.text and "馬二進三" in decoded.text and "马" not in decoded.text
    (back,) = read_pgn(data)
    assert back.errors == [] and back.mainline_moves() == game.mainline_moves()
    assert back.headers["Red"] == "許銀川"
