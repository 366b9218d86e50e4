"""Board themes and piece sets loaded from folders: adding a theme is adding a folder, no code change.

    assets/themes/boards/<id>/theme.toml   [names] zh_CN/zh_TW/en, [colors] seven colours,
                                           [files] texture = "…" (optional SVG or PNG)
    assets/themes/pieces/<id>/theme.toml   [names], [files] one SVG or PNG per FEN letter (K…p)

A folder that cannot be used (bad TOML, a missing colour, a missing or unreadable file) is skipped and
the reason is kept in ``ThemeLibrary.errors``; the program carries on with the folders that loaded.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer

LANGUAGES = ("zh_CN", "zh_TW", "en")
BOARD_COLORS = ("background", "line", "river_text", "coordinate_text", "highlight", "hint", "check")
# Board cell value -> FEN letter (red +1..+7 upper case, black -1..-7 lower case).
PIECE_LETTERS: dict[int, str] = {
    **{t: letter for t, letter in enumerate("KABNRCP", start=1)},
    **{-t: letter.lower() for t, letter in enumerate("KABNRCP", start=1)},
}
DEFAULT_BOARD, DEFAULT_PIECES = "wood", "engraved"
_PIXMAP_CACHE_LIMIT = 256
_Theme = TypeVar("_Theme")
# A theme.toml as tomllib reads it: tables of strings, whatever else a hand-edited file holds.
ThemeToml = dict[str, Any]


class BoardLook(Protocol):
    """What painting a board needs: a ``BoardTheme``, or the fallback theme when no folder loaded."""

    @property
    def background(self) -> QColor: ...
    @property
    def line(self) -> QColor: ...
    @property
    def river_text(self) -> QColor: ...
    @property
    def coordinate_text(self) -> QColor: ...
    @property
    def highlight(self) -> QColor: ...
    @property
    def hint(self) -> QColor: ...
    @property
    def check(self) -> QColor: ...

    def paint_background(self, painter: QPainter, rect: QRectF) -> None: ...


class PieceLook(Protocol):
    """What drawing pieces needs: a ``PieceSet``, or the fallback discs when no folder loaded."""

    def pixmap(self, piece: int, diameter_px: int, device_pixel_ratio: float = 1.0) -> QPixmap: ...


class ThemeError(ValueError):
    """A theme folder cannot be used; the message names the folder, the file or key, and why."""


# ---------------------------------------------------------------------------------------- images
class Picture:
    """An SVG (rendered by QSvgRenderer at any size, so it stays crisp) or a bitmap (PNG, JPEG)."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self._svg: QSvgRenderer | None = None
        self._image: QImage | None = None
        self._rendered: dict[tuple[int, int, float], QImage] = {}   # paint_cached: the latest sizes, oldest first
        if not file.is_file():
            raise ThemeError(f"{file}: file not found")
        if file.suffix.lower() in (".svg", ".svgz"):
            self._svg = QSvgRenderer(str(file))
            if not self._svg.isValid():
                raise ThemeError(f"{file}: not a valid SVG image")
        else:
            self._image = QImage(str(file))
            if self._image.isNull():
                raise ThemeError(f"{file}: not an image Qt can read")

    @classmethod
    def of(cls, file: Path) -> Picture:
        """The picture of ``file``, read once per version of the file (its time and size): the theme library
        is loaded again for each window, and its pictures keep the sizes they were rendered at."""
        stat = file.stat() if file.is_file() else None
        key = (str(file), stat.st_mtime_ns, stat.st_size) if stat is not None else None
        picture = _PICTURES.get(key) if key is not None else None
        if picture is None:
            picture = cls(file)   # ThemeError for a missing or unreadable file
            if key is not None:
                if len(_PICTURES) >= _PICTURE_CACHE_LIMIT:
                    _PICTURES.clear()
                _PICTURES[key] = picture
        return picture

    def paint(self, painter: QPainter, rect: QRectF) -> None:
        if self._svg is not None:
            self._svg.render(painter, rect)
        elif self._image is not None:
            painter.drawImage(rect, self._image)

    def paint_cached(self, painter: QPainter, rect: QRectF) -> None:
        """``paint``, an SVG rendered once per size step (the board's texture: rendering the wood grain costs
        ~5 ms a time; rendered in steps of ``_RENDER_STEP_PX`` and scaled down, a window resized or a panel
        shown and hidden again mostly finds the grain rendered already)."""
        device = painter.device()
        small = rect.width() * rect.height() < _SMALL_PICTURE_PX
        if self._svg is None or small or not isinstance(device, (QPixmap, QImage)):
            self.paint(painter, rect)   # an SVG or PDF written keeps the texture's vectors; previews are cheap
            return
        dpr = device.devicePixelRatioF()
        key = (_step_up(rect.width() * dpr), _step_up(rect.height() * dpr), dpr)
        image = self._rendered.pop(key, None)
        self._rendered[key] = image = self._render(key) if image is None else image   # now the newest
        if len(self._rendered) > _RENDERED_SIZES:
            del self._rendered[next(iter(self._rendered))]
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawImage(rect, image)
        painter.restore()

    def _render(self, key: tuple[int, int, float]) -> QImage:
        width, height, dpr = key
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.paint(painter, QRectF(0, 0, width, height))
        painter.end()
        image.setDevicePixelRatio(dpr)
        return image


_PICTURES: dict[tuple[str, int, int], Picture] = {}   # Picture.of: (file, mtime, size) -> the picture read
_PICTURE_CACHE_LIMIT = 256      # pictures kept (the shipped themes have 43)
_RENDERED_SIZES = 3             # sizes of a texture kept (4 MB each at 1000x1100 px)
_SMALL_PICTURE_PX = 128 * 128   # smaller (a menu's preview): rendered each time, keeping the board's sizes
_RENDER_STEP_PX = 64            # a texture is rendered at the next multiple of this, then scaled down


def _step_up(pixels: float) -> int:
    return max(1, -(-round(pixels) // _RENDER_STEP_PX)) * _RENDER_STEP_PX


# ---------------------------------------------------------------------------------------- boards
@dataclass(frozen=True)
class BoardTheme:
    id: str
    names: Mapping[str, str]
    background: QColor
    line: QColor
    river_text: QColor
    coordinate_text: QColor
    highlight: QColor
    hint: QColor
    check: QColor
    texture: Path | None = None
    folder: Path | None = None
    _texture_picture: Picture | None = field(default=None, repr=False, compare=False)

    def name(self, language: str) -> str:
        return display_name(self.names, language, self.id)

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, self.background)
        if self._texture_picture is not None:
            self._texture_picture.paint_cached(painter, rect)


def parse_color(value: object, where: str) -> QColor:
    color = QColor(value) if isinstance(value, str) else QColor()
    if not color.isValid():
        raise ThemeError(f"{where} = {value!r}: not a colour (use #RRGGBB or #AARRGGBB)")
    return color


def load_board_theme(folder: Path) -> BoardTheme:
    data = read_theme_toml(folder)
    colors = data.get("colors", {})
    toml_file = folder / "theme.toml"
    values: dict[str, QColor] = {}
    for key in BOARD_COLORS:
        if key not in colors:
            raise ThemeError(f"{toml_file}: [colors] {key} is missing")
        values[key] = parse_color(colors[key], f"{toml_file}: [colors] {key}")
    texture_name = data.get("files", {}).get("texture")
    texture: Path | None = None
    picture: Picture | None = None
    if texture_name is not None:
        texture = theme_file(folder, "texture", texture_name)
        picture = Picture.of(texture)
    return BoardTheme(id=folder.name, names=read_names(data, folder), texture=texture, folder=folder,
                      _texture_picture=picture, **values)


# ---------------------------------------------------------------------------------------- pieces
class PieceSet:
    """One picture per piece, rendered on demand at the size the board needs and cached."""

    def __init__(self, id: str, names: Mapping[str, str], pictures: Mapping[int, Picture],
                 folder: Path | None = None) -> None:
        self.id, self.names, self.folder = id, MappingProxyType(dict(names)), folder
        self._pictures = dict(pictures)
        self._cache: dict[tuple[int, int, float], QPixmap] = {}

    def name(self, language: str) -> str:
        return display_name(self.names, language, self.id)

    def files(self) -> dict[int, Path]:
        return {piece: picture.file for piece, picture in self._pictures.items()}

    def pixmap(self, piece: int, diameter_px: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        key = (piece, int(diameter_px), float(device_pixel_ratio))
        cached = self._cache.get(key)
        if cached is None:
            if len(self._cache) >= _PIXMAP_CACHE_LIMIT:
                self._cache.clear()   # sizes change on resize; old sizes are not coming back
            cached = self._cache[key] = self._render(piece, key[1], key[2])
        return cached

    def _render(self, piece: int, diameter: int, dpr: float) -> QPixmap:
        size = max(1, round(diameter * dpr))
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self._pictures[piece].paint(painter, QRectF(0, 0, size, size))
        painter.end()
        pixmap.setDevicePixelRatio(dpr)
        return pixmap


def load_piece_set(folder: Path) -> PieceSet:
    data = read_theme_toml(folder)
    files = data.get("files", {})
    pictures: dict[int, Picture] = {}
    for piece, letter in PIECE_LETTERS.items():
        if letter not in files:
            raise ThemeError(f"{folder / 'theme.toml'}: [files] {letter} is missing (one file per FEN letter)")
        pictures[piece] = Picture.of(theme_file(folder, letter, files[letter]))
    return PieceSet(folder.name, read_names(data, folder), pictures, folder)


# ---------------------------------------------------------------------------------------- shared
def read_theme_toml(folder: Path) -> ThemeToml:
    file = folder / "theme.toml"
    try:
        with file.open("rb") as stream:
            data = tomllib.load(stream)
    except FileNotFoundError:
        raise ThemeError(f"{file}: missing") from None
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ThemeError(f"{file}: {error}") from error
    except RecursionError:
        raise ThemeError(f"{file}: not valid TOML (nested too deeply)") from None
    for table in ("names", "colors", "files"):
        if not isinstance(data.get(table, {}), dict):
            raise ThemeError(f"{file}: [{table}] must be a table")
    return data


def read_names(data: ThemeToml, folder: Path) -> dict[str, str]:
    names = {k: v for k, v in data.get("names", {}).items() if isinstance(v, str) and v.strip()}
    if "en" not in names:
        raise ThemeError(f"{folder / 'theme.toml'}: [names] en is missing")
    return names


def theme_file(folder: Path, key: str, name: object) -> Path:
    where = f"{folder / 'theme.toml'}: [files] {key} = {name!r}"
    if not isinstance(name, str) or not name or Path(name).is_absolute() or ".." in Path(name).parts:
        raise ThemeError(f"{where}: must be a file name inside the theme folder")
    file = folder / name
    if not file.is_file():
        raise ThemeError(f"{where}: file not found")
    return file


def display_name(names: Mapping[str, str], language: str, fallback: str) -> str:
    """The name in ``language`` (zh_CN/zh_TW/en); traditional and simplified stand in for each other."""
    for key in (language, "zh_TW" if language == "zh_CN" else "zh_CN" if language == "zh_TW" else "en", "en"):
        if names.get(key):
            return names[key]
    return fallback


# ---------------------------------------------------------------------------------------- library
@dataclass
class ThemeLibrary:
    boards: dict[str, BoardTheme] = field(default_factory=dict)
    pieces: dict[str, PieceSet] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, assets_dir: Path) -> ThemeLibrary:
        """Every theme under ``assets_dir/themes`` (or ``assets_dir`` itself if it is the themes folder)."""
        root = Path(assets_dir)
        if (root / "themes").is_dir():
            root = root / "themes"
        library = cls()
        library.boards = library._load_all(root / "boards", load_board_theme)
        library.pieces = library._load_all(root / "pieces", load_piece_set)
        return library

    def _load_all(self, folder: Path, loader: Callable[[Path], _Theme]) -> dict[str, _Theme]:
        loaded: dict[str, _Theme] = {}
        if not folder.is_dir():
            self.errors.append(f"{folder}: theme folder not found")
            return loaded
        for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
            try:
                loaded[sub.name] = loader(sub)
            except ThemeError as error:
                self.errors.append(f"theme skipped: {error}")
        return loaded

    def choices(self) -> dict[str, list[str]]:
        """Allowed theme ids for ``xiangqi.config.load_settings(..., choices=…)`` (unknown ids are reported)."""
        return {"appearance.board_theme": list(self.boards), "appearance.piece_set": list(self.pieces)}

    def board(self, id: str) -> BoardTheme:
        """The theme ``id``; an unknown id falls back to the default (wood) or the first that loaded."""
        return _pick(self.boards, id, DEFAULT_BOARD)

    def piece_set(self, id: str) -> PieceSet:
        return _pick(self.pieces, id, DEFAULT_PIECES)


def _pick(themes: dict[str, _Theme], id: str, default: str) -> _Theme:
    if not themes:
        raise LookupError("no theme loaded (see ThemeLibrary.errors)")
    return themes.get(id) or themes.get(default) or next(iter(themes.values()))


# ---------------------------------------------------------------------------------------- previews
def board_preview(theme: BoardTheme, width: int = 64, height: int = 48) -> QPixmap:
    """A small picture of the theme (background, a few grid lines and the palace cross) for menus."""
    pixmap = QPixmap(width, height)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    theme.paint_background(painter, QRectF(0, 0, width, height))
    painter.setPen(QPen(theme.line, max(1.0, width / 64)))
    step = width / 6
    for i in range(1, 6):
        painter.drawLine(QPointF(i * step, step / 2), QPointF(i * step, height - step / 2))
    for y in range(1, int(height / step)):
        painter.drawLine(QPointF(step, y * step), QPointF(width - step, y * step))
    painter.drawLine(QPointF(2 * step, step), QPointF(4 * step, 3 * step))
    painter.drawLine(QPointF(4 * step, step), QPointF(2 * step, 3 * step))
    painter.end()
    return pixmap


def piece_preview(pieces: PieceSet, size: int = 48, sample: tuple[int, ...] = (1, -1)) -> QPixmap:
    """The sample pieces (red and black king by default) side by side, for menus and the dialog."""
    pixmap = QPixmap(size * len(sample), size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    for index, piece in enumerate(sample):
        painter.drawPixmap(index * size, 0, pieces.pixmap(piece, size))
    painter.end()
    return pixmap
