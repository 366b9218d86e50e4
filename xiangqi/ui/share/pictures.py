"""Pictures of a game for other programs: one position as PNG or SVG, a run of moves as an animated GIF
(Pillow), every frame drawn by the board's renderer (``ui.board.board_render``). Used by File › 导出图片…,
Edit › 复制图片 and ``python -m xiangqi image``; no widget here, so it also runs with no display."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from PIL import GifImagePlugin, Image, ImageChops
from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter

from xiangqi.atomic import AtomicFile, atomic_write
from xiangqi.core import Move, Position
from xiangqi.record import GameNode
from xiangqi.record.comment_commands import Brush, Shape, read_shape_commands
from xiangqi.resources import assets_dir
from xiangqi.ui.board.board_render import BoardPicture, PictureStyle, render_image, render_svg
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.board.shapes import brush_color
from xiangqi.ui.board.themes import BoardLook, PieceLook, ThemeLibrary

MIN_WIDTH, MAX_WIDTH = 60, 4000       # px: a board under 60 px has no readable piece; 4000 px is a poster
DEFAULT_WIDTH = 540
DEFAULT_DELAY_MS = 1000
MIN_DELAY_MS, MAX_DELAY_MS = 20, 60000
FINAL_HOLD = 3                        # the last frame stays three delays (at least 2 s): the end is seen
# The most frames of a GIF: 10,000 moves at 1 s are almost three hours, and a file of ~350 MB at 540 px.
# Frames are written one by one (memory does not grow with them); this bounds the time and the file.
MAX_GIF_FRAMES = 10_000


class ImageKind(Enum):
    PNG = "png"
    SVG = "svg"
    GIF = "gif"

    @classmethod
    def of_file(cls, path: str | os.PathLike[str]) -> ImageKind:
        """The kind named by the file's suffix; ImageError for any other suffix."""
        suffix = Path(path).suffix.lower().lstrip(".")
        for kind in cls:
            if kind.value == suffix:
                return kind
        raise ImageError(f"{os.fspath(path)}: unknown picture kind {suffix or '(no suffix)'!r}: "
                         "use .png, .svg or .gif")


class ImageError(ValueError):
    """A picture cannot be made as asked; the message names the file, ply or value."""


@dataclass(frozen=True)
class GameLine:
    """A line of moves from a start position (a game's main line, or the moves played in the window) and the
    shapes drawn on each of its positions (``shapes[ply]``; missing ones are none)."""

    start_fen: str
    moves: tuple[Move, ...]
    shapes: tuple[tuple[Shape, ...], ...] = ()
    crowded: tuple[int, ...] = ()       # plies whose comment holds more than MAX_SHAPES_PER_MOVE shapes

    @classmethod
    def of_nodes(cls, start_fen: str, root: GameNode, nodes: Sequence[GameNode]) -> GameLine:
        """The line of ``nodes`` (root's children down), the shapes read from the nodes' comments."""
        moves = tuple(node.move for node in nodes if node.move is not None)
        readings = [read_shape_commands(node.comment) for node in (root, *nodes)]
        return cls(start_fen, moves, tuple(reading.shapes for reading in readings),
                   tuple(ply for ply, reading in enumerate(readings) if reading.crowded))

    def shapes_at(self, ply: int) -> tuple[Shape, ...]:
        return self.shapes[ply] if ply < len(self.shapes) else ()

    @property
    def plies(self) -> int:
        return len(self.moves)

    def check_ply(self, ply: int) -> None:
        if not 0 <= ply <= self.plies:
            raise ImageError(f"ply {ply} is not in the game (0 … {self.plies})")

    def picture_at(self, ply: int) -> BoardPicture:
        """The position after ``ply`` moves, with that move marked and its shapes drawn."""
        self.check_ply(ply)
        position = Position.from_fen(self.start_fen)
        for move in self.moves[:ply]:
            position.push_unchecked(move)
        return BoardPicture.of(position, self.moves[ply - 1] if ply else None, self.shapes_at(ply))

    def pictures(self, first: int, last: int) -> Iterator[BoardPicture]:
        """The positions after ``first`` … ``last`` moves (both included), one pass over the moves."""
        self.check_ply(first)
        self.check_ply(last)
        if first > last:
            raise ImageError(f"the range starts after it ends: from ply {first} to ply {last}")
        position = Position.from_fen(self.start_fen)
        for ply in range(last + 1):
            if ply:
                position.push_unchecked(self.moves[ply - 1])
            if ply >= first:
                yield BoardPicture.of(position, self.moves[ply - 1] if ply else None, self.shapes_at(ply))


def check_width(width: int) -> int:
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ImageError(f"size {width} px is outside {MIN_WIDTH} … {MAX_WIDTH} px")
    return width


def check_delay(delay_ms: int) -> int:
    if not MIN_DELAY_MS <= delay_ms <= MAX_DELAY_MS:
        raise ImageError(f"delay {delay_ms} ms is outside {MIN_DELAY_MS} … {MAX_DELAY_MS} ms")
    return delay_ms


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    QImageWriter(buffer, QByteArray(b"png")).write(image)   # (QImage.save's stubs and runtime disagree on format)
    buffer.close()
    return bytes(data.data())


def pil_image(image: QImage) -> Image.Image:
    """An RGB Pillow image of ``image`` (a copy of its pixels)."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    return Image.frombytes("RGB", (rgb.width(), rgb.height()), bytes(rgb.constBits()), "raw", "RGB",
                           rgb.bytesPerLine())


def mark_swatches(style: PictureStyle, width: int, height: int) -> Image.Image:
    """Bands of the marks' colours over the board's background (last move, check, arrows): the marks are a
    few pixels of each frame, which a palette taken from the frames alone would give to the wood instead."""
    background = style.board.background
    swatches = Image.new("RGBA", (width, height), (background.red(), background.green(), background.blue(), 255))
    marks = (style.board.highlight, style.board.check, style.board.hint, *map(brush_color, Brush))
    band = width // len(marks)
    for index, color in enumerate(marks):
        layer = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        layer.paste((color.red(), color.green(), color.blue(), color.alpha()), (index * band, 0, (index + 1) * band,
                                                                               height))
        swatches = Image.alpha_composite(swatches, layer)
    return swatches.convert("RGB")


def gif_palette(first: Image.Image, last: Image.Image, style: PictureStyle) -> Image.Image:
    """One palette of 256 colours for every frame, taken from the first and the last frame and the marks'
    colours: frames mapped to it without dithering keep the same bytes where the board did not change, so
    each frame after the first stores only the changed part (a move: two points)."""
    sheet = Image.new("RGB", (first.width * 3, first.height))
    sheet.paste(first, (0, 0))
    sheet.paste(last, (first.width, 0))
    sheet.paste(mark_swatches(style, first.width, first.height), (first.width * 2, 0))
    return sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def check_frames(count: int) -> int:
    if not 1 <= count <= MAX_GIF_FRAMES:
        raise ImageError(f"{count} positions to animate: a GIF holds 1 … {MAX_GIF_FRAMES} frames "
                         "(choose fewer moves: from ply … to ply)")
    return count


class GifStream:
    """An endless animated GIF written frame by frame to ``out`` (Pillow's GIF encoder for each frame's
    changed part): only the frame before is kept, so memory does not grow with the number of frames. Each
    frame stays ``delay_ms``, the last (frame ``count``) ``FINAL_HOLD`` times longer (at least 2 s)."""

    def __init__(self, out: AtomicFile, palette: Image.Image, count: int, delay_ms: int) -> None:
        self.out, self.palette = out, palette
        self.count, self.delay = check_frames(count), check_delay(delay_ms)
        self.written = 0
        self._previous: Image.Image | None = None

    def add(self, image: Image.Image) -> None:
        """The next frame (RGB, the size of the first)."""
        if self.written == self.count:
            raise ImageError(f"more than the {self.count} frames announced")
        frame = image.quantize(palette=self.palette, dither=Image.Dither.NONE)
        self.written += 1
        hold = self.delay if self.written < self.count else max(self.delay * FINAL_HOLD, 2000)
        if self._previous is None:
            header, _used = GifImagePlugin.getheader(frame, None, {"loop": 0, "duration": hold,
                                                                  "optimize": False})
            self.out.write(b"".join(header))
            box: tuple[int, int, int, int] = (0, 0, frame.width, frame.height)
        else:     # the changed part only (a frame like the one before: one pixel, to keep its time)
            box = ImageChops.difference(self._previous, frame).getbbox() or (0, 0, 1, 1)
        self.out.write(b"".join(GifImagePlugin.getdata(frame.crop(box), box[:2], duration=hold)))
        self._previous = frame

    def finish(self) -> None:
        if self.written != self.count:
            raise ImageError(f"{self.written} frames written of the {self.count} announced")
        self.out.write(b";")      # the GIF's trailer


def start_gif(path: str | os.PathLike[str], line: GameLine, first: int, last: int, style: PictureStyle,
              width: int, delay_ms: int) -> GifStream:
    """A GIF of plies ``first`` … ``last`` of ``line`` begun at ``path`` (its palette from the first and
    the last position), ready for its frames; ImageError for a range or size it cannot hold."""
    line.check_ply(first)
    line.check_ply(last)
    if first > last:
        raise ImageError(f"the range starts after it ends: from ply {first} to ply {last}")
    check_frames(last - first + 1)
    check_delay(delay_ms)
    ends = [pil_image(render_image(line.picture_at(ply), style, check_width(width))) for ply in (first, last)]
    palette = gif_palette(ends[0], ends[1], style)
    return GifStream(AtomicFile(path), palette, last - first + 1, delay_ms)


def write_gif(path: str | os.PathLike[str], line: GameLine, first: int, last: int, style: PictureStyle,
              width: int, delay_ms: int) -> int:
    """Plies ``first`` … ``last`` of ``line`` as an animated GIF at ``path`` (saved atomically, frame by
    frame: memory does not grow with the game); the number of frames."""
    gif = start_gif(path, line, first, last, style, width, delay_ms)
    try:
        for picture in line.pictures(first, last):
            gif.add(pil_image(render_image(picture, style, width)))
        gif.finish()
    except BaseException:
        gif.out.discard()
        raise
    gif.out.commit()
    return gif.written


def write_position(path: str | os.PathLike[str], picture: BoardPicture, style: PictureStyle, width: int) -> None:
    """One position as PNG or SVG (by the file's suffix), saved atomically (OSError when it cannot be)."""
    kind = ImageKind.of_file(path)
    if kind is ImageKind.GIF:
        raise ImageError(f"{os.fspath(path)}: a GIF shows moves; one position is saved as .png or .svg")
    check_width(width)
    data = render_svg(picture, style, width) if kind is ImageKind.SVG else png_bytes(render_image(picture, style,
                                                                                                  width))
    atomic_write(path, data)


def shipped_style(board_theme: str | None = None, piece_set: str | None = None, coordinates: str = "traditional",
                  flipped: bool = False) -> PictureStyle:
    """A style from the shipped themes (the default ones when not named); ImageError for an unknown name."""
    library = ThemeLibrary.load(assets_dir())
    board: BoardLook = FallbackBoardTheme()
    pieces: PieceLook = FallbackPieceSet()
    if library.boards:
        if board_theme is not None and board_theme not in library.boards:
            raise ImageError(f"no board theme {board_theme!r} (there are: {', '.join(library.boards)})")
        board = library.board(board_theme or "")
    if library.pieces:
        if piece_set is not None and piece_set not in library.pieces:
            raise ImageError(f"no piece set {piece_set!r} (there are: {', '.join(library.pieces)})")
        pieces = library.piece_set(piece_set or "")
    return PictureStyle(board, pieces, coordinates, flipped)


def picture_application() -> QCoreApplication:
    """The Qt application pictures need (fonts, pixmaps): the running one, else a new one that draws off
    screen when there is no display (a server, a terminal over ssh)."""
    existing = QCoreApplication.instance()
    if existing is not None:
        return existing
    no_display = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if no_display and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    return QGuiApplication(["xiangqi-image"])
