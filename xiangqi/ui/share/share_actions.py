"""The pictures feature in the window: File › 导出图片… (PNG, SVG or animated GIF of the game shown) and
Edit › 复制图片 (the position on the clipboard as a picture). Pictures look like the board: its theme, piece
set, coordinates, side at the bottom and last-move mark, unless the export dialog says otherwise."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from xiangqi.atomic import atomic_write
from xiangqi.record.comment_commands import read_shapes
from xiangqi.ui.board.board_render import BoardPicture, PictureStyle, render_image
from xiangqi.ui.common.file_dialogs import FileKind, dialog_folders
from xiangqi.ui.share import pictures as pics
from xiangqi.ui.share.drawing import RecordShapes
from xiangqi.ui.share.print_actions import install_print_ui
from xiangqi.ui.share.export_dialog import ExportChoice, ExportImageDialog
from xiangqi.ui.window_host import WindowHost
from xiangqi.ui.common.dialog_ref import DialogRef


class GifJob(QObject):
    """Draws a GIF's frames one per turn of the event loop (the window stays live for a long game), then
    encodes and saves it."""

    progress = Signal(int, int)       # frames drawn, frames in all
    finished = Signal(str, int)       # the file written, its number of frames
    failed = Signal(str)              # what went wrong, naming the file

    def __init__(self, choice: ExportChoice, line: pics.GameLine, style: PictureStyle,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.choice, self.style = choice, style
        self.total = choice.last - choice.first + 1
        self._pictures: Iterator[BoardPicture] = line.pictures(choice.first, choice.last)
        self._frames: list[Image.Image] = []
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next_frame)

    def start(self) -> None:
        self._timer.start()

    def _next_frame(self) -> None:
        picture = next(self._pictures, None)
        if picture is not None:
            self._frames.append(pics.pil_image(render_image(picture, self.style, self.choice.width)))
            self.progress.emit(len(self._frames), self.total)
            return
        self._timer.stop()
        try:
            atomic_write(self.choice.path, pics.encode_gif(self._frames, self.style, self.choice.delay_ms))
        except (OSError, pics.ImageError) as error:
            self.failed.emit(f"{self.choice.path}: {error}")
            return
        self.finished.emit(str(self.choice.path), len(self._frames))


class ShareUi(QObject):
    """The picture actions of the window; kept alive as the window's child."""

    def __init__(self, window: WindowHost, file_menu: QMenu, edit_menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.job: GifJob | None = None
        self._dialog: DialogRef[ExportImageDialog] = DialogRef()   # forgotten once closed
        window.board.shapes.store = RecordShapes(window.controller, window.board)   # right-button drawing
        self.export_action = QAction(self.tr("Export &image…"), window)
        self.export_action.triggered.connect(lambda _checked=False: self.open_export_dialog())
        self.copy_action = QAction(self.tr("Copy position as &image"), window)
        self.copy_action.setShortcut(QKeySequence("Ctrl+Alt+C"))   # Ctrl+Shift+C copies the FEN
        self.copy_action.triggered.connect(lambda _checked=False: self.copy_image())
        window.addAction(self.copy_action)
        file_menu.addSeparator()
        file_menu.addAction(self.export_action)
        edit_menu.addAction(self.copy_action)
        self.print_ui = install_print_ui(window, file_menu)    # 打印…, 导出 PDF…

    # ------------------------------------------------------------------ what is shown
    def style(self, flipped: bool | None = None, coordinates: bool | None = None) -> PictureStyle:
        """The board's look; ``flipped`` and ``coordinates`` (on: the board's labels, or the traditional ones)
        as the export dialog chose."""
        board = self.window.board
        labels = board.coordinates
        if coordinates is not None:
            labels = (labels if labels != "none" else "traditional") if coordinates else "none"
        return PictureStyle(board.theme, board.pieces, labels, board.flipped if flipped is None else flipped,
                            board.show_last_move)

    def shown_picture(self) -> BoardPicture:
        controller = self.window.controller
        return BoardPicture.of(controller.board_position(), controller.displayed_last_move(),
                               read_shapes(controller.game.cursor.comment))

    def game_line(self) -> pics.GameLine:
        """The game's line: the moves to its head and those after it (a record being stepped through)."""
        game = self.window.controller.game
        return pics.GameLine.of_nodes(game.start_fen, game.record.root, game.head.path() + list(game.head.line()))

    # ------------------------------------------------------------------ actions
    def copy_image(self) -> None:
        width = min(pics.MAX_WIDTH, max(pics.DEFAULT_WIDTH, self.window.board.width()))
        QGuiApplication.clipboard().setImage(render_image(self.shown_picture(), self.style(), width))
        self.window.statusBar().showMessage(self.tr("Position copied as a picture"), 3000)

    @property
    def dialog(self) -> ExportImageDialog | None:
        """The export dialog while it is open."""
        return self._dialog.get()

    def open_export_dialog(self) -> ExportImageDialog:
        board = self.window.board
        dialog = ExportImageDialog(dialog_folders().folder(FileKind.RECORDS), self.game_line().plies,
                                   board.flipped, board.coordinates != "none", self.window)
        dialog.accepted.connect(lambda: self.export(dialog.choice()))
        return self.window.open_dialog(self._dialog.hold(dialog))

    def export(self, choice: ExportChoice) -> None:
        style = self.style(choice.flipped, choice.coordinates)
        try:
            if choice.kind is pics.ImageKind.GIF:
                self._start_gif(choice, style)
                return
            pics.write_position(choice.path, self.shown_picture(), style, choice.width)
        except (OSError, pics.ImageError) as error:
            self._failed(f"{choice.path}: {error}")
            return
        self._saved(str(choice.path), 1)

    def _start_gif(self, choice: ExportChoice, style: PictureStyle) -> None:
        if self.job is not None:
            self.window.statusBar().showMessage(self.tr("A GIF is still being made"), 3000)
            return
        self.job = GifJob(choice, self.game_line(), style, self)
        self.job.progress.connect(lambda done, total: self.window.statusBar().showMessage(
            self.tr("Making the GIF: frame {0} of {1}…").format(done, total)))
        self.job.finished.connect(self._saved)
        self.job.failed.connect(self._failed)
        self.job.start()

    def _saved(self, path: str, frames: int) -> None:
        self.job = None
        self.window.statusBar().showMessage(self.tr("Picture saved: {0}").format(path), 5000)

    def _failed(self, message: str) -> None:
        self.job = None
        self.window.show_message(self.tr("The picture cannot be saved"), message, icon=QMessageBox.Icon.Warning)


def install_share_ui(window: WindowHost, file_menu: QMenu, edit_menu: QMenu) -> ShareUi:
    """File › 导出图片… and Edit › 复制图片 in ``window`` (the record feature's File and Edit menus)."""
    return ShareUi(window, file_menu, edit_menu)
