"""The shortcuts that make reading each game of a GBK/Big5 collection on its own cheap give the answers of
the plain rules: the Chinese score counted character by character, and the GB18030-or-Big5 choice made by
scoring both readings and falling back to the other encoding when the favourite does not decode."""

from __future__ import annotations

import random

from xiangqi.record import PgnFile, decode_record
from xiangqi.record.encoding import _COMMON, BIG5, GB18030, _text_score, guess_legacy_encoding
from xiangqi.record.pgn_file import BytePgnFile

SIMPLIFIED = ["炮二平五 马８进７ 红胜", "全国象棋锦标赛 第一轮", "胡荣华 吕钦 许银川", "中国 这是一个测试"]
TRADITIONAL = ["車九進一 馬8進7 後砲退二 紅勝", "這是一個測試 比賽", "胡榮華 呂欽 許銀川"]


def reference_score(text: str) -> float:
    """The definition: +2 per common character, -8 per replacement or private-use one, per character."""
    if not text:
        return 0.0
    score = 0
    for ch in text:
        if ch in _COMMON:
            score += 2
        elif ch == "\ufffd" or "\ue000" <= ch <= "\uf8ff":
            score -= 8
    return score / len(text)


def reference_decode(data: bytes) -> tuple[str, str, bool]:
    """The favourite by score first, the other one if the favourite fails, else the favourite with
    replacements (what decode_record does for bytes that are not UTF-8)."""
    first = guess_legacy_encoding(data)
    for encoding in (first, GB18030 if first == BIG5 else BIG5):
        try:
            return data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n"), encoding, False
        except UnicodeDecodeError:
            continue
    return data.decode(first, errors="replace").replace("\r\n", "\n").replace("\r", "\n"), first, True


def samples(seed: int, count: int) -> list[bytes]:
    """Chinese texts in both encodings, spliced and damaged, and random bytes (none of them UTF-8 text)."""
    rng = random.Random(seed)
    whole = [t.encode("gbk") for t in SIMPLIFIED] + [t.encode("big5") for t in TRADITIONAL]
    found: list[bytes] = []
    while len(found) < count:
        kind = rng.random()
        if kind < 0.3:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
        elif kind < 0.6:
            data = b"\r\n".join(rng.choice(whole) for _ in range(rng.randrange(1, 4)))
        else:
            damaged = bytearray(rng.choice(whole))
            for _ in range(rng.randrange(1, 3)):
                damaged[rng.randrange(len(damaged))] = rng.randrange(0x80, 0x100)
            data = bytes(damaged)
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            found.append(data)
    return found


def test_score_equals_the_character_by_character_definition() -> None:
    rng = random.Random(7)
    pool = [*_COMMON, "\ufffd", "\ue000", "\uf8ff", "\ue5e5", "\uf900", "\u4e00", "\u9fff", "a", "\n", "]", "^", "-"]
    texts = ["".join(rng.choice(pool) for _ in range(rng.randrange(40))) for _ in range(3000)]
    texts += [data.decode(encoding, errors="replace") for data in samples(3, 300) for encoding in (GB18030, BIG5)]
    assert [_text_score(text) for text in texts] == [reference_score(text) for text in texts]


def test_choice_of_gb18030_or_big5_equals_scoring_then_falling_back() -> None:
    mismatches = []
    for data in samples(11, 4000):
        decoded = decode_record(data)
        if (decoded.text, decoded.encoding, decoded.lossy) != reference_decode(data):
            mismatches.append(data)
    assert mismatches == []


def test_text_both_encodings_decode_is_still_judged_by_its_characters() -> None:
    big5 = "許銀川 胡榮華 紅勝 車九進一".encode("big5")
    assert big5.decode(GB18030) and big5.decode(BIG5)  # both clean: only the score can tell
    assert decode_record(big5).encoding == BIG5
    gbk = "炮二平五 马８进７ 全国象棋锦标赛".encode("gbk")
    assert decode_record(gbk).encoding == GB18030


def test_a_collection_mixing_gbk_and_big5_games_reads_each_in_its_own() -> None:
    gbk = '[Event "全国象棋锦标赛"]\r\n[Red "胡荣华"]\r\n\r\n1. 炮二平五 马８进７ *\r\n\r\n'.encode("gbk")
    big5 = '[Event "全國象棋錦標賽"]\r\n[Red "胡榮華"]\r\n\r\n1. 炮二平五 馬８進７ *\r\n'.encode("big5")
    pgn = PgnFile.from_bytes(gbk + big5)
    assert isinstance(pgn, BytePgnFile)
    assert [pgn.game(i).headers["Red"] for i in range(2)] == ["胡荣华", "胡榮華"]
    assert [pgn.decoded(i).encoding for i in range(2)] == [GB18030, BIG5]
    assert pgn.saved_bytes({0: pgn.game(0)}).endswith(big5)  # the other game's bytes as they were
