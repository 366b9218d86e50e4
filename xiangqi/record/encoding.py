"""Text encodings of game records: detect, decode, and name them.

Chinese game files come as UTF-8 (with or without BOM), UTF-16 with a BOM, GBK/GB18030 (most xqbase
files) or Big5 (Taiwan, Hong Kong). UTF-8 and UTF-16 are recognised by their BOM or by decoding cleanly;
between GB18030 and Big5, which both accept most byte sequences, the decoding that yields more
common xiangqi and everyday characters wins. Line ends are made "\\n".
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

UTF8 = "utf-8"
UTF8_BOM = "utf-8-sig"
GB18030 = "gb18030"
BIG5 = "big5"
_SAMPLE = 1 << 16

# Characters that real records are full of, in simplified and traditional forms.
_COMMON = frozenset(
    "车马炮相象仕士帅将兵卒进退平前后中红黑先胜负和局对红方黑方"
    "車馬傌俥砲帥將進後紅勝負對"
    "一二三四五六七八九十的是不了在有这这中大国个到说们为地出也时年"
    "這國個說們為時年比賽杯赛届屆第轮輪级級冠军軍队隊全锦錦标標"
)


@dataclass(frozen=True, slots=True)
class DecodedText:
    text: str
    encoding: str  # a Python codec name: utf-8, utf-8-sig, utf-16, gb18030, big5
    lossy: bool  # some bytes could not be decoded and were replaced by U+FFFD


def _bom_encoding(data: bytes) -> str | None:
    if data.startswith(codecs.BOM_UTF8):
        return UTF8_BOM
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)) and len(data) % 4 == 0:
        return "utf-32"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    return None


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 text holds NUL bytes (the high byte of its ASCII characters: tags, numbers, line ends),
    which GBK, Big5 and UTF-8 text never does. The byte order that decodes cleanly and reads more like
    a record (common characters, PGN punctuation) wins; text that is mostly Chinese has few NULs."""
    sample = data[:4096]
    sample = sample[: len(sample) - len(sample) % 2]
    if len(sample) < 8 or sample.count(0) < 2:
        return None
    best: tuple[float, str] | None = None
    for encoding in ("utf-16-le", "utf-16-be"):
        try:
            text = sample.decode(encoding)
        except UnicodeDecodeError as error:
            if error.start < len(sample) - 4:  # not just a character cut at the sample's end
                continue
            text = sample[: error.start].decode(encoding)
        score = _text_score(text) + sum(map(text.count, '[]"\n. ')) / max(len(text), 1)
        if best is None or score > best[0]:
            best = (score, encoding)
    return best[1] if best is not None and best[0] > 0 else None


def wide_encoding(data: bytes) -> str | None:
    """UTF-16/32 (with a BOM, or UTF-16 recognised without one): text that is not ASCII-compatible."""
    encoding = _bom_encoding(data)
    if encoding is not None:
        return None if encoding == UTF8_BOM else encoding
    return _utf16_without_bom(data)


def _text_score(text: str) -> float:
    """How much ``text`` looks like real Chinese: common characters count, private-use and
    undecodable ones count against (a wrong GBK/Big5 guess is full of them)."""
    if not text:
        return 0.0
    score = 0
    for ch in text:
        if ch in _COMMON:
            score += 2
        elif "\u4e00" <= ch <= "\u9fff":
            score += 0
        elif ch == "\ufffd" or "\ue000" <= ch <= "\uf8ff":
            score -= 8
    return score / len(text)


def _chinese_score(sample: bytes, encoding: str) -> float:
    return _text_score(sample.decode(encoding, errors="replace"))


def guess_legacy_encoding(data: bytes) -> str:
    """GB18030 or Big5 for bytes that are not UTF-8, judged on a sample."""
    sample = data[:_SAMPLE]
    return BIG5 if _chinese_score(sample, BIG5) > _chinese_score(sample, GB18030) else GB18030


def _decode_with(data: bytes, first: str, second: str) -> tuple[str, str, bool]:
    for encoding in (first, second):
        try:
            return data.decode(encoding), encoding, False
        except UnicodeDecodeError:
            continue
    return data.decode(first, errors="replace"), first, True


def normalize_newlines(text: str) -> str:
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_record(data: bytes) -> DecodedText:
    """Decode a text record file of any of the supported encodings; never raises."""
    encoding = _bom_encoding(data) or _utf16_without_bom(data)
    if encoding is not None:
        text = data.decode(encoding, errors="replace")
        return DecodedText(normalize_newlines(text.lstrip("\ufeff")), encoding, "\ufffd" in text)
    try:
        return DecodedText(normalize_newlines(data.decode(UTF8)), UTF8, False)
    except UnicodeDecodeError:
        pass
    first = guess_legacy_encoding(data)
    second = GB18030 if first == BIG5 else BIG5
    text, encoding, lossy = _decode_with(data, first, second)
    return DecodedText(normalize_newlines(text), encoding, lossy)


def decode_legacy_chinese(data: bytes) -> str:
    """A short string from a binary format (XQF): GBK unless it reads better as Big5 or is UTF-8."""
    if not data:
        return ""
    if data.isascii():
        return data.decode("ascii")
    # GBK text is sometimes valid UTF-8 too ("2XX平2" is): the reading with more real Chinese wins
    readings = [data.decode(UTF8)] if _looks_utf8(data) else []
    for encoding in (GB18030, BIG5):
        try:
            readings.append(data.decode(encoding))
        except UnicodeDecodeError:
            continue
    if not readings:
        return data.decode(GB18030, errors="replace")
    return max(readings, key=_text_score)  # the first (UTF-8, else GBK) wins ties


def _looks_utf8(data: bytes) -> bool:
    """Valid UTF-8 of some length: two-byte GBK text rarely forms more than a few UTF-8 characters."""
    try:
        data.decode(UTF8)
    except UnicodeDecodeError:
        return False
    return len(data) >= 6


def encoding_label(encoding: str) -> str:
    """A name for people: 'UTF-8', 'UTF-8 with BOM', 'UTF-16', 'GBK/GB18030', 'Big5'."""
    labels = {UTF8: "UTF-8", UTF8_BOM: "UTF-8 with BOM", GB18030: "GBK/GB18030", BIG5: "Big5"}
    return labels.get(encoding, encoding.upper())
