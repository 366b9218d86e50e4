"""Which games a match plays: colours alternating, each opening played once with each colour (no Qt).

Openings come from a record file (each game's start position and main line), a FEN list (one FEN per
line, EPD-style extra fields after the first six ignored but a ``c0 "..."`` comment, which names the opening;
blank lines and ``#`` comments skipped) or a suite the program ships by name (``assets/openings/NAME.epd``).
Reading is lenient: a bad entry is skipped with a message naming the file and line or game.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from xiangqi.core import FenError, Move, Position, XiangqiError
from xiangqi.record import RecordError, load_games
from xiangqi.resources import assets_dir

FEN_LIST_SUFFIXES = (".fen", ".epd", ".txt")
SUITE_SUFFIX = ".epd"                        # a shipped suite: assets/openings/NAME.epd
MAX_OPENING_NAME = 120                       # an EPD line's c0 name is cut to this many characters
MAX_FEN_LIST_BYTES = 32 * 1024 * 1024        # a FEN/EPD list larger than this is refused unread
MAX_ERROR_TEXT = 200                         # the reason quoted for a bad line is cut to this many characters
_C0 = re.compile(r'\bc0\s+"([^"]*)"')


def shipped_suites() -> list[str]:
    """The names of the opening suites the program ships (``--openings NAME``)."""
    folder = assets_dir() / "openings"
    return sorted(path.stem for path in folder.glob(f"*{SUITE_SUFFIX}")) if folder.is_dir() else []


def shipped_suite(name: str) -> Path | None:
    """The file of the shipped suite ``name``; None when there is no such suite."""
    return assets_dir() / "openings" / f"{name}{SUITE_SUFFIX}" if name in shipped_suites() else None


@dataclass(frozen=True, slots=True)
class Opening:
    """A start position and moves played from it before the engines take over."""

    fen: str = Position.STARTING_FEN
    moves: tuple[Move, ...] = ()
    name: str = ""

    def position(self) -> Position:
        position = Position.from_fen(self.fen)
        for move in self.moves:
            position.push(move)
        return position


@dataclass(frozen=True, slots=True)
class Pairing:
    """Game ``number`` (from 1): whether engine A has red, and the opening."""

    number: int
    a_is_red: bool
    opening: Opening


def schedule(games: int, openings: list[Opening] | None = None) -> list[Pairing]:
    """Game i (from 0): A is red in even games; the opening changes every second game, so each is played
    with both colours (cycling through the list when there are more games than openings)."""
    book = openings or [Opening()]
    return [Pairing(i + 1, i % 2 == 0, book[(i // 2) % len(book)]) for i in range(games)]


def book_openings(book_move: Callable[[Position, int], Move | None], plies: int, count: int,
                  start_fen: str = Position.STARTING_FEN) -> list[Opening]:
    """``count`` openings of up to ``plies`` plies drawn from a book (``book_move(position, ply)``, e.g.
    ``BookPlayer.move_for``; None: out of the book). Each is played with both colours by ``schedule``."""
    openings = []
    for number in range(1, count + 1):
        position, moves = Position.from_fen(start_fen), []
        for ply in range(plies):
            move = book_move(position, ply)
            if move is None or not position.is_legal(move):
                break
            moves.append(move)
            position.push(move)
        openings.append(Opening(start_fen, tuple(moves), f"book #{number}" if moves else ""))
    return openings


def load_openings(path: str | os.PathLike[str], errors: list[str] | None = None) -> list[Opening]:
    """The openings of a FEN list (by suffix ``.fen``/``.epd``/``.txt``) or any record file we read.
    OSError if the file cannot be read; bad entries go to ``errors``."""
    errors = [] if errors is None else errors
    if Path(path).suffix.lower() in FEN_LIST_SUFFIXES:
        return _fen_list(Path(path), errors)
    return _record_openings(path, errors)


def _fen_list(path: Path, errors: list[str]) -> list[Opening]:
    size = path.stat().st_size
    if size > MAX_FEN_LIST_BYTES:
        errors.append(f"{path}: {size:,} bytes, more than a FEN list may hold (MAX_FEN_LIST_BYTES = "
                      f"{MAX_FEN_LIST_BYTES:,}): not read")
        return []
    openings = []
    for number, raw in enumerate(path.read_text(encoding="utf-8-sig", errors="replace").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fen = " ".join(line.split()[:6])
        named = _C0.search(line)
        name = named.group(1)[:MAX_OPENING_NAME] if named else f"{path.name}:{number}"
        try:
            openings.append(Opening(Position.from_fen(fen).fen(), (), name))
        except FenError as exc:
            errors.append(f"{path}:{number}: not a FEN, skipped: {line[:80]!r} ({str(exc)[:MAX_ERROR_TEXT]})")
    return openings


def _record_openings(path: str | os.PathLike[str], errors: list[str]) -> list[Opening]:
    try:
        games = load_games(path)
    except RecordError as exc:
        errors.append(f"{path}: cannot read openings: {exc}")
        return []
    openings = []
    for index, game in enumerate(games, start=1):
        try:
            position = game.start_position()
            moves = game.mainline_moves()
            for move in moves:
                position.push(move)
        except XiangqiError as exc:
            errors.append(f"{path}: game {index}: skipped as an opening: {exc}")
            continue
        if position.outcome() is not None or not position.legal_moves():
            errors.append(f"{path}: game {index}: skipped as an opening: the game is over after its moves")
            continue
        name = game.headers.get("Opening") or f"{Path(path).name} #{index}"
        openings.append(Opening(game.start_fen, tuple(moves), name))
    return openings
