"""Text encodings of game records: detect, decode, and name them.

Chinese game files come as UTF-8 (with or without BOM), UTF-16 with a BOM, GBK/GB18030 (most xqbase
files) or Big5 (Taiwan, Hong Kong). UTF-8 and UTF-16 are recognised by their BOM or by decoding cleanly;
between GB18030 and Big5, which both accept most byte sequences, the decoding that yields more
common xiangqi and everyday characters wins. Line ends are made "\\n".
"""

from __future__ import annotations

import codecs
import re
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


# The characters _text_score counts, found by the regex engine in one C pass each (a Python loop over every
# character of every game was a third of the time of reading a GBK database).
_COMMON_CHAR = re.compile("[" + "".join(sorted(_COMMON)) + "]")
_BAD_CHAR = re.compile("[\ufffd\ue000-\uf8ff]")


def _text_score(text: str) -> float:
    """How much ``text`` looks like real Chinese: common characters count, private-use and
    undecodable ones count against (a wrong GBK/Big5 guess is full of them); other ideographs are neutral."""
    if not text:
        return 0.0
    score = 2 * len(_COMMON_CHAR.findall(text)) - 8 * len(_BAD_CHAR.findall(text))
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
    clear = _only_clean_reading(data)
    if clear is not None:
        return DecodedText(normalize_newlines(clear[0]), clear[1], False)
    first = guess_legacy_encoding(data)
    second = GB18030 if first == BIG5 else BIG5
    text, encoding, lossy = _decode_with(data, first, second)
    return DecodedText(normalize_newlines(text), encoding, lossy)


def _strict(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        return None


def _only_clean_reading(data: bytes) -> tuple[str, str] | None:
    """The text and encoding when exactly one of GB18030 and Big5 decodes ``data`` without error: the
    guess would not matter then (a wrong first guess falls back to the clean one), so the bytes need no
    scoring. Most GBK games are not valid Big5; this is what makes reading each game on its own cheap."""
    gb_text, big5_text = _strict(data, GB18030), _strict(data, BIG5)
    if gb_text is not None and big5_text is None:
        return gb_text, GB18030
    if big5_text is not None and gb_text is None:
        return big5_text, BIG5
    return None


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
