"""The pictures feature in the window: File › 导出图片… (PNG, SVG or animated GIF of the game shown) and
Edit › 复制图片 (the position on the clipboard as a picture). Pictures look like the board: its theme, piece
set, coordinates, side at the bottom and last-move mark, unless the export dialog says otherwise."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QProgressDialog

from xiangqi.ui.board.board_render import BoardPicture, PictureStyle, render_image
from xiangqi.ui.common.file_dialogs import FileKind, dialog_folders
from xiangqi.ui.share import pictures as pics
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.share.drawing import CROWDED_MESSAGE_MS, RecordShapes, move_name
from xiangqi.ui.share.print_actions import install_print_ui
from xiangqi.ui.share.progress import export_progress
from xiangqi.ui.share.export_dialog import ExportChoice, ExportImageDialog
from xiangqi.ui.window_host import WindowHost
from xiangqi.ui.common.dialog_ref import DialogRef


class GifJob(QObject):
    """Draws a GIF's frames one per turn of the event loop (the window stays live for a long game), each
    written to the file at once (memory does not grow with the game); ``cancel`` leaves no file."""

    progress = Signal(int, int)       # frames written, frames in all
    finished = Signal(str, int)       # the file written, its number of frames
    failed = Signal(str)              # what went wrong, naming the file

    def __init__(self, choice: ExportChoice, line: pics.GameLine, style: PictureStyle,
                 parent: QObject | None = None) -> None:
        """ImageError or OSError (naming the file) when the GIF cannot be begun."""
        super().__init__(parent)
        self.choice, self.style = choice, style
        self.gif = pics.start_gif(choice.path, line, choice.first, choice.last, style, choice.width,
                                  choice.delay_ms)
        self.total = self.gif.count
        self._pictures: Iterator[BoardPicture] = line.pictures(choice.first, choice.last)
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next_frame)

    def start(self) -> None:
        self._timer.start()

    def cancel(self) -> None:
        """No GIF: the frames written so far go, a file already at the path stays as it was."""
        self._timer.stop()
        self.gif.out.discard()

    def _next_frame(self) -> None:
        try:
            picture = next(self._pictures, None)
            if picture is not None:
                self.gif.add(pics.pil_image(render_image(picture, self.style, self.choice.width)))
                self.progress.emit(self.gif.written, self.total)
                return
            self._timer.stop()
            self.gif.finish()
            self.gif.out.commit()
        except (OSError, pics.ImageError, MemoryError) as error:
            self.cancel()
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self.failed.emit(f"{self.choice.path}: {reason}")
            return
        self.finished.emit(str(self.choice.path), self.gif.written)


class ShareUi(QObject):
    """The picture actions of the window; kept alive as the window's child."""

    def __init__(self, window: WindowHost, file_menu: QMenu, edit_menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.job: GifJob | None = None
        self.gif_progress: QProgressDialog | None = None
        self._dialog: DialogRef[ExportImageDialog] = DialogRef()   # forgotten once closed
        window.board.shapes.store = RecordShapes(   # right-button drawing
            window.controller, window.board, lambda text: window.statusBar().showMessage(text, CROWDED_MESSAGE_MS),
            lambda node: move_name(window.controller.game.start_fen, node, window.move_list.notation,
                                   traditional_moves()))
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
                               self.window.board.shapes.shapes())

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
        except (OSError, pics.ImageError, MemoryError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self._failed(f"{choice.path}: {reason}")
            return
        self._saved(str(choice.path), 1)

    def _start_gif(self, choice: ExportChoice, style: PictureStyle) -> None:
        """ImageError or OSError when the GIF cannot be begun (the caller says so)."""
        if self.job is not None:
            self.window.statusBar().showMessage(self.tr("A GIF is still being made"), 3000)
            return
        job = self.job = GifJob(choice, self.game_line(), style, self)
        progress = self.gif_progress = export_progress(self.window, self.tr("Export image"),
                                                       self.tr("Making the GIF…"), self.tr("Cancel"), job.total)
        job.progress.connect(lambda done, total: self._gif_progress(progress, done, total))
        progress.canceled.connect(self._cancel_gif)
        job.finished.connect(self._saved)
        job.failed.connect(self._failed)
        progress.show()
        job.start()

    def _gif_progress(self, progress: QProgressDialog, done: int, total: int) -> None:
        progress.setValue(done)
        progress.setLabelText(self.tr("Making the GIF: frame {0} of {1}…").format(done, total))

    def _cancel_gif(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self._end_job()
            self.window.statusBar().showMessage(self.tr("GIF export cancelled: no file written"), 5000)

    def _end_job(self) -> None:
        job, self.job = self.job, None
        if job is not None:
            job.deleteLater()
        progress, self.gif_progress = self.gif_progress, None
        if progress is not None:
            progress.canceled.disconnect(self._cancel_gif)
            progress.close()
            progress.deleteLater()

    def _saved(self, path: str, frames: int) -> None:
        self._end_job()
        self.window.statusBar().showMessage(self.tr("Picture saved: {0}").format(path), 5000)

    def _failed(self, message: str) -> None:
        self._end_job()
        self.window.show_message(self.tr("The picture cannot be saved"), message, icon=QMessageBox.Icon.Warning)


def install_share_ui(window: WindowHost, file_menu: QMenu, edit_menu: QMenu) -> ShareUi:
    """File › 导出图片… and Edit › 复制图片 in ``window`` (the record feature's File and Edit menus)."""
    return ShareUi(window, file_menu, edit_menu)
