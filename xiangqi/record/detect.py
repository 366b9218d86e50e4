"""What kind of file a record is, judged by its content (never by its name).

Game records: XQF (``XQ`` + version), CCBridge library / record (``CCBridgeLibrary`` / ``CCBridge Record``),
CCBridge XML (``<ChineseChessRecord``), DhtmlXQ (``[DhtmlXQ`` anywhere in a text or web page, however far
in) and PGN-like
text (xqbase PGN, WinBoard PGN, ICCS/WXF/Chinese move lists). Anything else is described in a few words
("a ZIP archive", "a PNG image", "an empty file") for a one-line "not a game record" message.
"""

from __future__ import annotations

import codecs
import re
from enum import Enum
from typing import BinaryIO

from xiangqi.record.encoding import decode_record
from xiangqi.record.errors import RecordError

_SNIFF = 1 << 16
_MARK_OVERLAP = 256  # bytes kept between two chunks searched for the DhtmlXQ mark (it may straddle them)
_DHTMLXQ = re.compile(rb"\[\s*DhtmlXQ", re.IGNORECASE)
_DHTMLXQ_UTF16 = re.compile(re.escape("[DhtmlXQ".encode("utf-16-le")), re.IGNORECASE)
_CBF = re.compile(rb"<\s*ChineseChessRecord\b")
_PGN_TAG = re.compile(rb'^[ \t]*+\[\s*+\w++\s++"', re.MULTILINE)  # a PGN tag line (8-bit text)
_HTML = re.compile(r"\A\s*(?:<!DOCTYPE\s+html|<html|<head|<body)", re.IGNORECASE)
# Anything a game text has: a tag line, a FEN, a move in ICCS, WXF, Chinese or WinBoard, a move number.
# Linear on any text: every unbounded run is possessive (``++``, ``*+``: never given back, so a failed try
# costs the run once), and a FEN is tried only where a run of its letters starts (the look-behind), not
# at every letter of a run (which made 65,536 letters cost 53 s).
_GAME_TEXT = re.compile(
    r"^[ \t]*+\[\s*+\w++\s++\"|(?<![1-9A-Za-z])[1-9A-Za-z]++(?:/[1-9A-Za-z]++){9}|\b[a-i][0-9]-?[a-i][0-9]\b"
    r"|\b[RHNEBAKCP][1-9a-e][.+\-=][1-9]\b|[车車马馬傌炮砲包兵卒帅帥将將仕士相象俥][一二三四五六七八九１-９1-9][进進退平]"
    r"|[前中后後][车車马馬炮砲兵卒俥傌]|\b1\.\s*+\S|\b[KAEHRC]?[a-i]?x?[a-i][0-9]\b",
    re.MULTILINE,
)


class RecordKind(Enum):
    XQF = "XQF"
    CBL = "CCBridge library (CBL)"
    CBR = "CCBridge record (CBR)"
    CBF = "CCBridge XML record (CBF)"
    DHTMLXQ = "DhtmlXQ"
    PGN = "PGN / move text"


class NotARecordError(RecordError):
    """A file of a kind this program does not read (an archive, an image, an empty file...)."""


class NoGameInTextError(NotARecordError):
    """Text (or a web page) in which no game was found."""


# Signatures of common non-record files: (prefix, what it looks like).
_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"BM", "a BMP image"),
    (b"%PDF", "a PDF document"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Microsoft Office document (.doc/.xls)"),
    (b"{\\rtf", "an RTF document"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"BZh", "a bzip2 archive"),
    (b"\x7fELF", "a program (ELF executable)"),
    (b"MZ", "a Windows program or library"),
    (b"RIFF", "a RIFF media file (WAV/AVI/WebP)"),
    (b"OggS", "an Ogg audio file"),
    (b"ID3", "an MP3 audio file"),
    (b"SQLite format 3\x00", "an SQLite database"),
)


def _zip_kind(data: bytes) -> str:
    head = data[:_SNIFF]
    if b"word/" in head:
        return "a Word document (.docx, a ZIP archive)"
    if b"xl/" in head:
        return "an Excel workbook (.xlsx, a ZIP archive)"
    if b"ppt/" in head:
        return "a PowerPoint file (.pptx, a ZIP archive)"
    return "a ZIP archive"


def _is_xqf(data: bytes) -> bool:
    return data[:2] == b"XQ" and len(data) >= 4 and 0x01 <= data[2] <= 0x12


def _looks_binary(data: bytes) -> bool:
    """Control bytes that no text encoding we read produces (UTF-16 text was recognised before)."""
    sample = data[:4096]
    controls = sum(1 for byte in sample if byte < 0x20 and byte not in b"\t\n\r\x0c\x1a")
    return controls > max(2, len(sample) // 100)


def describe_unreadable(data: bytes) -> str | None:
    """What a file looks like when it is surely not a game record, else None."""
    if not data.strip():
        return "an empty file" if not data else "a file with only blank space"
    if data.startswith(b"PK\x03\x04") or data.startswith(b"PK\x05\x06"):
        return _zip_kind(data)
    for prefix, what in _SIGNATURES:
        if data.startswith(prefix):
            return what
    head = data[:512].lstrip(codecs.BOM_UTF8).lstrip().lower()
    if head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in head):
        return "an SVG image"
    return None


def _is_text_record(data: bytes) -> bool:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF8)):
        return True
    decoded = decode_record(data[:_SNIFF])
    return decoded.encoding.startswith("utf-16") or not _looks_binary(data)


def _text_without_game(data: bytes) -> str | None:
    """'a web page without a DhtmlXQ game' / 'text with no moves in it' for text that holds no game."""
    text = decode_record(data[:_SNIFF]).text
    if _GAME_TEXT.search(text):
        return None
    if _HTML.match(text):
        return "a web page with no DhtmlXQ game in it"
    return "text with no game moves in it"


def has_dhtmlxq(data: bytes) -> bool:
    """A ``[DhtmlXQ`` mark anywhere in ``data`` (real pages have far more than 64 KB of scripts, styles
    and forum chrome before their game); one linear search each for 8-bit and UTF-16 text."""
    return bool(_DHTMLXQ.search(data) or _DHTMLXQ_UTF16.search(data))


def _stream_has_dhtmlxq(stream: BinaryIO, tail: bytes, chunk: int = 1 << 20) -> bool:
    """``has_dhtmlxq`` on the rest of a file read a chunk at a time (memory: one chunk); ``tail``: the
    end of what was read before (the mark may straddle)."""
    tail = tail[-_MARK_OVERLAP:]
    while True:
        block = stream.read(chunk)
        if not block:
            return False
        if has_dhtmlxq(tail + block):
            return True
        tail = block[-_MARK_OVERLAP:]


def _dhtmlxq_before_pgn_tags(data: bytes) -> bool:
    """A DhtmlXQ mark that comes before any PGN tag line of the first 64 KB (a PGN game whose comment or
    tag mentions ``[DhtmlXQ]`` stays PGN), or anywhere in a text without tag lines."""
    head = data[:_SNIFF]
    tag = _PGN_TAG.search(head)
    if tag is None:
        return has_dhtmlxq(data)
    return has_dhtmlxq(head[: tag.start()])


def detect_kind(data: bytes, path: str | None = None) -> RecordKind:
    """The record kind of ``data``; NotARecordError (with what the file looks like) otherwise."""
    if _is_xqf(data):
        return RecordKind.XQF
    if data.startswith(b"CCBridgeLibrary"):
        return RecordKind.CBL
    if data.startswith(b"CCBridge Record"):
        return RecordKind.CBR
    if _CBF.search(data[:4096]):
        return RecordKind.CBF
    if _dhtmlxq_before_pgn_tags(data):
        return RecordKind.DHTMLXQ
    what = describe_unreadable(data)
    if what is None and not _is_text_record(data):
        what = f"binary data (starts {data[:8].hex(' ')})"
    if what is not None:
        raise NotARecordError(f"not a game record this program reads: it looks like {what}", path=path)
    what = _text_without_game(data)
    if what is not None:
        raise NoGameInTextError(f"not a game record this program reads: it looks like {what}", path=path)
    return RecordKind.PGN


def detect_file_kind(stream: BinaryIO, path: str | None = None, sniff: int = 1 << 20) -> RecordKind:
    """``detect_kind`` of a file, reading only its first ``sniff`` bytes and then, for text, searching the
    rest a chunk at a time for a DhtmlXQ mark (a game after megabytes of page); the stream is left
    anywhere. A text file with tag lines in its first 64 KB stays PGN whatever comes later."""
    head = stream.read(sniff)
    try:
        kind = detect_kind(head, path)
    except NoGameInTextError:
        if len(head) < sniff or not _stream_has_dhtmlxq(stream, head):
            raise
        return RecordKind.DHTMLXQ
    if kind is RecordKind.PGN and len(head) == sniff and not _PGN_TAG.search(head[:_SNIFF]):
        if _stream_has_dhtmlxq(stream, head):
            return RecordKind.DHTMLXQ
    return kind
