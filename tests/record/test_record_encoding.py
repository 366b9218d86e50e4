"""Encodings of PGN files are detected: UTF-8 (BOM or not), UTF-16 (BOM), GBK/GB18030, Big5; CRLF or LF."""

from __future__ import annotations

import codecs

import pytest

from xiangqi.record import PgnFile, decode_record
from xiangqi.record.encoding import decode_legacy_chinese, encoding_label

TEXT = '[Game "Chinese Chess"]\n[Event "全国象棋锦标赛"]\n[Red "胡荣华"]\n[Black "吕钦"]\n1. 炮二平五 马８进７ *\n'
TRADITIONAL = '[Event "全國象棋錦標賽"]\n[Red "胡榮華"]\n[Black "呂欽"]\n1. 炮二平五 馬８進７ 2. 傌二進三 *\n'


@pytest.mark.parametrize(
    "encoded, expected",
    [
        (TEXT.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8-sig"),
        (TEXT.encode("utf-16"), "utf-16"),  # with its BOM
        (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16"),
        (TEXT.encode("gbk"), "gb18030"),
        (TEXT.replace("\n", "\r\n").encode("gb18030"), "gb18030"),
    ],
)
def test_simplified_text_in_every_encoding(encoded: bytes, expected: str) -> None:
    pgn = PgnFile.from_bytes(encoded)
    assert pgn.encoding == expected and pgn.problems == []
    game = pgn.game(0)
    assert game.headers["Red"] == "胡荣华" and game.headers["Event"] == "全国象棋锦标赛"
    assert game.errors == [] and game.ply_count() == 2 and "\r" not in pgn.text


@pytest.mark.parametrize("encoding", ["big5", "utf-8", "gb18030"])
def test_traditional_text(encoding: str) -> None:
    pgn = PgnFile.from_bytes(TRADITIONAL.replace("\n", "\r\n").encode(encoding))
    assert pgn.encoding == ("big5" if encoding == "big5" else encoding)
    game = pgn.game(0)
    assert game.headers["Red"] == "胡榮華" and game.errors == [] and game.ply_count() == 3


def test_undecodable_bytes_are_replaced_and_reported() -> None:
    decoded = decode_record(b"[Red \"\xff\xfe\xfd\x80\"]\n1. h2e2 *\n" + bytes([0x81]))
    assert decoded.lossy and "\ufffd" in decoded.text
    pgn = PgnFile.from_bytes(b"[Red \"\x81\"]\n1. h2e2 *\n\x81")
    assert pgn.problems and "replaced" in str(pgn.problems[0])
    assert pgn.game(0).ply_count() == 1


def test_utf16_without_bom_and_short_strings() -> None:
    assert decode_record(TEXT.encode("utf-16-le")).text == TEXT
    assert decode_legacy_chinese("许银川".encode("gbk")) == "许银川"
    assert decode_legacy_chinese("許銀川".encode("big5")) == "許銀川"
    assert decode_legacy_chinese(b"abc") == "abc" and decode_legacy_chinese(b"") == ""
    assert encoding_label("gb18030") == "GBK/GB18030" and encoding_label("utf-8-sig") == "UTF-8 with BOM"
