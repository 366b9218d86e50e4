"""Issue 16 item 10: UTF-16 text without a BOM is recognised even when it is mostly Chinese (few NULs),
instead of being read as bad GB18030."""

from __future__ import annotations

import pytest

from xiangqi.record import PgnFile

TEXT = '[Event "全国"]\n1. 炮二平五 {' + "中炮对屏风马是最常见的布局之一红方先手" * 50 + "} 马８进７ *\n"


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_mostly_chinese_utf16_without_bom_is_read(encoding: str) -> None:
    pgn = PgnFile.from_bytes(TEXT.encode(encoding))
    assert pgn.encoding == encoding and pgn.problems == []
    game = pgn.game(0)
    assert game.errors == [] and game.ply_count() == 2 and game.headers["Event"] == "全国"
