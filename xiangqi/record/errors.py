"""Errors of the record readers and writers: ValueError subclasses whose message names the file (as the
tools show names: ``file_names.shown_name``), the line (PGN) or byte offset (XQF), the game and the
offending text."""

from __future__ import annotations

from xiangqi.core.errors import XiangqiError
from xiangqi.file_names import shown_name

QUOTE_CHARS = 80  # at most this much of the offending input is quoted in a message
REASON_CHARS = 240  # a reason longer than this is cut (it quotes the input too)


class RecordError(XiangqiError, ValueError):
    """A problem in a game record. Readers collect these per game; writers raise them."""

    def __init__(
        self,
        reason: str,
        *,
        path: str | None = None,
        line: int | None = None,
        offset: int | None = None,
        game: int | None = None,
        text: str | None = None,
    ) -> None:
        self.reason, self.path, self.line, self.offset = reason, path, line, offset
        if text is not None and len(text) > QUOTE_CHARS:  # a 5 MB "move" is quoted, not copied
            text = text[:QUOTE_CHARS] + "…"
        if len(reason) > REASON_CHARS:  # a reason that quotes the input itself (e.g. a FEN's rank)
            reason = reason[:REASON_CHARS] + "…"
        self.game, self.text = game, text
        super().__init__(self._describe())

    def _describe(self) -> str:
        where = [shown_name(self.path) if self.path else "<text>"]
        if self.line is not None:
            where.append(str(self.line))
        if self.offset is not None:
            where.append(f"byte 0x{self.offset:X}")
        place = ":".join(where)
        game = f" game {self.game + 1}:" if self.game is not None else ""
        quoted = f": {self.text!r}" if self.text else ""
        return f"{place}:{game} {self.reason}{quoted}"

    def located(self, *, path: str | None = None, game: int | None = None) -> RecordError:
        """The same error with the file name / game number filled in (when it was not known yet)."""
        return type(self)(
            self.reason,
            path=self.path if self.path is not None else path,
            line=self.line,
            offset=self.offset,
            game=self.game if self.game is not None else game,
            text=self.text,
        )


class PgnError(RecordError):
    """Bad PGN text (a tag, a move, a variation), or a game that cannot be written."""


class XqfError(RecordError):
    """A file that is not XQF, is cut short, or holds moves that cannot be played."""
