"""Bytes from an engine's stdout into text lines (no Qt): ``\\r\\n`` or ``\\n``, bad bytes replaced,
absurdly long lines dropped instead of growing memory without bound."""

from __future__ import annotations

MAX_LINE_BYTES = 64 * 1024


def decode_line(raw: bytes) -> str:
    """UTF-8; else GB18030 (older Chinese engines write their messages in it); else UTF-8 with
    undecodable bytes replaced by U+FFFD."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("gb18030")
    except UnicodeDecodeError:
        return raw.decode("utf-8", errors="replace")


class LineBuffer:
    """Collects chunks and hands back complete lines; keeps the unfinished tail for the next chunk."""

    def __init__(self, max_line_bytes: int = MAX_LINE_BYTES) -> None:
        self.max_line_bytes = max_line_bytes
        self._tail = bytearray()
        self._discarding = False   # inside an over-long line: skip up to its newline
        self.dropped_lines = 0

    def feed(self, chunk: bytes) -> list[str]:
        if chunk.endswith(b"\n") and not self._tail and not self._discarding and len(chunk) <= self.max_line_bytes:
            # The usual chunk: whole lines, none too long. Decoded at once when it is all UTF-8, which
            # gives the same lines as decoding one by one (a newline byte is never inside a character).
            try:
                text = chunk.decode()  # UTF-8
            except UnicodeDecodeError:
                pass
            else:
                whole = text.split("\n")
                del whole[-1]  # after the last newline: nothing
                return [line.rstrip("\r") for line in whole] if "\r" in text else whole
        pieces = chunk.split(b"\n")
        lines: list[str] = []
        for piece in pieces[:-1]:
            self._take(piece, lines, complete=True)
        self._take(pieces[-1], lines, complete=False)
        return lines

    def finish(self) -> list[str]:
        """The last line when the stream ends without a newline."""
        lines: list[str] = []
        if self._tail and not self._discarding:
            lines.append(decode_line(bytes(self._tail)).rstrip("\r"))
        self._tail.clear()
        self._discarding = False
        return lines

    def _take(self, piece: bytes, lines: list[str], complete: bool) -> None:
        if self._discarding:
            if complete:
                self._discarding = False
            return
        if len(self._tail) + len(piece) > self.max_line_bytes:
            self._tail.clear()
            self.dropped_lines += 1
            self._discarding = not complete
            return
        if not complete:
            self._tail += piece
            return
        if self._tail:
            piece = bytes(self._tail) + piece
            self._tail.clear()
        lines.append(decode_line(piece).rstrip("\r"))
