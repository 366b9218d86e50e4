"""A PGN file of many games: indexed at once (``pgn_index``), each game parsed when asked for.

The index finds where games start (a tag line after some movetext, outside a brace comment) and reads
their tags, so a game list of a file with thousands of games can be shown before any move is parsed.
A progress callback ``progress(done, total)`` is called while indexing and while parsing every game;
when it returns False the work stops (``complete`` is then False). ``PgnFile`` holds decoded text (UTF-16/32
files); ``BytePgnFile`` the bytes of an ASCII-compatible file (the indexer of ``pgn_bytes``), each game
decoded on its own and written back byte for byte.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.core.notation import Notation
from xiangqi.record.encoding import DecodedText, decode_record, encoding_label, wide_encoding
from xiangqi.record.errors import PgnError, RecordError
from xiangqi.record.game import Game
from xiangqi.record.pgn_bytes import BLOCK, GameEntries, Indexer, file_encoding
from xiangqi.record.pgn_index import PROGRESS_EVERY, GameEntry, Progress, build_index, next_game_start
from xiangqi.record.pgn_reader import MoveMemo, parse_game
from xiangqi.record.pgn_writer import ENCODINGS, encode_text, game_to_pgn

__all__ = ["BytePgnFile", "GameEntry", "PgnFile", "Progress", "next_game_start", "read_pgn"]


class PgnFile:
    """The games of one PGN text. ``entries`` is the index; ``game(i)`` parses game ``i``."""

    def __init__(
        self,
        text: str,
        *,
        path: str | None = None,
        encoding: str = "utf-8",
        lossy: bool = False,
        progress: Progress | None = None,
    ) -> None:
        self.text, self.path, self.encoding = text, path, encoding
        self.problems: list[RecordError] = []   # the file's own, not a game's
        if lossy:
            self.problems.append(PgnError(f"some bytes are not valid {encoding} and were replaced", path=path))
        self.entries: Sequence[GameEntry]  # a list here; compact arrays in BytePgnFile
        self.entries, self.complete = build_index(text, progress)
        self._memo: MoveMemo = {}

    @classmethod
    def from_bytes(cls, data: bytes, path: str | None = None, progress: Progress | None = None) -> PgnFile:
        """Games found in the bytes and decoded one by one (``BytePgnFile``: a file mixing encodings
        reads right and saves byte for byte); UTF-16/32 text is decoded whole."""
        if wide_encoding(data) is None:
            return BytePgnFile.from_data(data, path, progress)
        decoded: DecodedText = decode_record(data)
        return cls(decoded.text, path=path, encoding=decoded.encoding, lossy=decoded.lossy, progress=progress)

    @classmethod
    def open(cls, path: str | os.PathLike[str], progress: Progress | None = None) -> PgnFile:
        """Read and index a file, a block at a time (OSError when it cannot be read)."""
        with open(path, "rb") as stream:
            head = stream.read(4096)
        if wide_encoding(head) is None:
            return BytePgnFile.read(path, progress)
        return cls.from_bytes(Path(path).read_bytes(), str(path), progress)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[GameEntry]:
        return iter(self.entries)

    def game_text(self, index: int) -> str:
        entry = self.entries[index]
        return self.text[entry.start : entry.end]

    def game(self, index: int) -> Game:
        entry = self.entries[index]
        text = self.game_text(index)
        return parse_game(text, path=self.path, index=index, first_line=entry.line, memo=self._memo)

    def games(self, progress: Progress | None = None) -> Iterator[Game]:
        total = len(self.entries)
        for index in range(total):
            if progress is not None and index % PROGRESS_EVERY == 0 and progress(index, total) is False:
                return
            yield self.game(index)

    def render(
        self,
        replaced: Mapping[int, Game] | None = None,
        notation: Notation = Notation.CHINESE,
        fullwidth_digits: bool = True,
    ) -> str:
        """The file's text with some games rewritten; the others keep their original text untouched."""
        replaced = replaced or {}
        parts = []
        for entry in self.entries:
            game = replaced.get(entry.index)
            if game is None:
                parts.append(self.text[entry.start : entry.end].rstrip("\n") + "\n")
            else:
                parts.append(game_to_pgn(game, notation, fullwidth_digits=fullwidth_digits))
        return "\n".join(parts)

    def saved_bytes(self, replaced: Mapping[int, Game] | None = None, notation: Notation = Notation.CHINESE,
                    fullwidth_digits: bool = True) -> bytes:
        """The file's bytes with some games rewritten, in the file's encoding; PgnError when it cannot
        be written back as it was (bytes that were not valid text, a character the encoding lacks)."""
        if any(problem.reason.startswith("some bytes are not valid") for problem in self.problems):
            raise PgnError(f"the file holds bytes that are not valid {self.encoding}; saving it would replace "
                           "them (use Save As for a new file)", path=self.path)
        text = self.render(replaced, notation, fullwidth_digits)
        if self.encoding in ENCODINGS:
            return encode_text(text, self.encoding, "\n", self.path)
        return text.encode(self.encoding)  # UTF-16/32 (a BOM if it had one) write every character

    def save(
        self,
        path: str | os.PathLike[str],
        replaced: Mapping[int, Game] | None = None,
        *,
        notation: Notation = Notation.CHINESE,
        encoding: str = "utf-8",
        newline: str = "\n",
    ) -> None:
        """Save every game (edited ones rewritten, others as they were) atomically."""
        text = self.render(replaced, notation)
        atomic_write(path, encode_text(text, encoding, newline, str(path)))


class BytePgnFile(PgnFile):
    """A PGN collection kept as its original bytes; ``entries`` hold byte offsets."""

    def __init__(self, data: bytes | bytearray, entries: GameEntries, *, path: str | None = None,
                 complete: bool = True, problems: list[PgnError] | None = None) -> None:
        self.data, self.entries, self.complete = data, entries, complete
        self.path, self.problems = path, list(problems or [])
        self.encoding = file_encoding(data)
        self._memo = {}
        self._view: str | None = None

    # ----------------------------------------------------------------- reading
    @classmethod
    def from_data(cls, data: bytes, path: str | None = None, progress: Progress | None = None) -> BytePgnFile:
        indexer = Indexer(keep=False, path=path)
        indexer.feed(data, final=True, progress=progress, total=len(data))
        return cls(data, indexer.entries, path=path, complete=not indexer.stopped, problems=indexer.finish())

    @classmethod
    def read(cls, path: str | os.PathLike[str], progress: Progress | None = None) -> BytePgnFile:
        """Read and index a file a block at a time (a worker thread keeps the GUI responsive: no step
        holds the interpreter for long). OSError when it cannot be read."""
        total = os.path.getsize(path)
        indexer = Indexer(keep=True, path=os.fspath(path))
        with open(path, "rb") as stream:
            while not indexer.stopped:
                chunk = stream.read(max(BLOCK, len(indexer.view)))
                indexer.feed(chunk, final=not chunk, progress=progress, total=total)
                if not chunk:
                    break
        return cls(indexer.data, indexer.entries, path=os.fspath(path), complete=not indexer.stopped,
                   problems=indexer.finish())

    @property
    def text(self) -> str:  # type: ignore[override]
        """The whole file decoded at once (for display; games are decoded one by one: ``game_text``)."""
        if self._view is None:
            self._view = decode_record(bytes(self.data)).text
        return self._view

    def decoded(self, index: int) -> DecodedText:
        entry = self.entries[index]
        return decode_record(bytes(self.data[entry.start : entry.end]))

    def game_text(self, index: int) -> str:
        return self.decoded(index).text

    def game(self, index: int) -> Game:
        entry = self.entries[index]
        return parse_game(self.game_text(index), path=self.path, index=index, first_line=entry.line, memo=self._memo)

    # ----------------------------------------------------------------- writing
    def render(self, replaced: Mapping[int, Game] | None = None, notation: Notation = Notation.CHINESE,
               fullwidth_digits: bool = True) -> str:
        """The file as text with some games rewritten (for display: saving uses ``saved_bytes``)."""
        return decode_record(self.saved_bytes(replaced, notation, fullwidth_digits)).text

    def saved_bytes(self, replaced: Mapping[int, Game] | None = None, notation: Notation = Notation.CHINESE,
                    fullwidth_digits: bool = True) -> bytes:
        """The file with the games of ``replaced`` rewritten, each in its own encoding and line ends;
        every other byte as it was. PgnError (nothing written) when a game cannot be written back."""
        parts: list[bytes] = []
        pos = 0
        for index in sorted(replaced or {}):
            entry = self.entries[index]
            parts.append(bytes(self.data[pos : entry.start]))
            parts.append(self._game_bytes(index, (replaced or {})[index], notation, fullwidth_digits))
            pos = entry.end
        parts.append(bytes(self.data[pos:]))
        return b"".join(parts)

    def _game_bytes(self, index: int, game: Game, notation: Notation, fullwidth_digits: bool) -> bytes:
        entry = self.entries[index]
        original = bytes(self.data[entry.start : entry.end])
        decoded = decode_record(original)
        if decoded.lossy:
            raise PgnError(f"game {index + 1} holds bytes that are not valid {encoding_label(decoded.encoding)}; "
                           "saving it here would replace them (use Save As for a new file)", path=self.path,
                           line=entry.line)
        encoding = self.encoding if original.isascii() else decoded.encoding
        bom = codecs.BOM_UTF8 if original.startswith(codecs.BOM_UTF8) else b""
        encoding = "utf-8" if encoding == "utf-8-sig" else encoding
        body = original.rstrip(b" \t\r\n")
        newline = "\r\n" if b"\r\n" in original else "\n"
        trailing = original[len(body):] or newline.encode()
        text = game_to_pgn(game, notation, fullwidth_digits=fullwidth_digits).rstrip("\n")
        return bom + encode_text(text, encoding, newline, self.path) + trailing

    def save(self, path: str | os.PathLike[str], replaced: Mapping[int, Game] | None = None, *,
             notation: Notation = Notation.CHINESE, encoding: str = "utf-8", newline: str = "\n") -> None:
        """Save with the edited games rewritten and the others byte for byte (``encoding`` and
        ``newline`` are each game's own here)."""
        atomic_write(path, self.saved_bytes(replaced, notation))


def read_pgn(source: str | bytes, path: str | None = None) -> list[Game]:
    """Every game of a PGN text or file content (bytes of any supported encoding)."""
    pgn = PgnFile.from_bytes(source, path) if isinstance(source, bytes) else PgnFile(source, path=path)
    return list(pgn.games())
