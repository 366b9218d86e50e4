"""File › 打印… and File › 导出 PDF…: the game shown as a printable sheet (header, moves in the chosen
notation, comments, a diagram every N moves). The options dialog asks; a ``SheetJob`` lays the sheet out
(one diagram per turn of the event loop); then Qt's print preview prints it, or the PDF is saved."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit, QMenu, QMessageBox, QProgressDialog, QPushButton,
                               QSpinBox, QWidget)

from xiangqi.atomic import atomic_write
from xiangqi.core.notation import Notation
from xiangqi.record import Game
from xiangqi.ui.board.board_render import PictureStyle
from xiangqi.ui.common.file_dialogs import FileKind, dialog_folders, prepare_file_dialog
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.share import print_sheet as ps
from xiangqi.ui.share import sheet as sh
from xiangqi.ui.share.progress import export_progress
from xiangqi.ui.window_host import WindowHost
from xiangqi.ui.common.dialog_ref import DialogRef

DEFAULT_DIAGRAM_EVERY = 10


@dataclass(frozen=True)
class PrintChoice:
    options: sh.SheetOptions
    path: Path | None        # the PDF to write; None: print


class PrintOptionsDialog(QDialog):
    """The sheet's options (and for a PDF its file)."""

    def __init__(self, notation: Notation, pdf_folder: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export PDF") if pdf_folder is not None else self.tr("Print"))
        form = QFormLayout(self)
        self.path = self._file_row(form, pdf_folder) if pdf_folder is not None else None
        self.every = QSpinBox()
        self.every.setRange(0, sh.MAX_DIAGRAM_EVERY)
        self.every.setValue(DEFAULT_DIAGRAM_EVERY)
        self.every.setSpecialValueText(self.tr("only at the end"))
        self.every.setSuffix(self.tr(" moves"))
        form.addRow(self.tr("&Diagram every:"), self.every)
        self.notation = QComboBox()
        for value, text in ((Notation.CHINESE, self.tr("Chinese (炮二平五)")), (Notation.WXF, self.tr("WXF (C2=5)")),
                            (Notation.ICCS, self.tr("ICCS (h2e2)"))):
            self.notation.addItem(text, value)
        self.notation.setCurrentIndex(max(0, self.notation.findData(notation)))
        form.addRow(self.tr("&Notation:"), self.notation)
        self.comments = QCheckBox(self.tr("&Comments"))
        self.comments.setChecked(True)
        self.header = QCheckBox(self.tr("&Header (players, event, date, result)"))
        self.header.setChecked(True)
        form.addRow("", self.comments)
        form.addRow("", self.header)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)

    def _file_row(self, form: QFormLayout, folder: str) -> QLineEdit:
        path = QLineEdit(str(Path(folder) / "xiangqi.pdf"))
        path.setMinimumWidth(self.fontMetrics().averageCharWidth() * 40)   # a folder and a name
        browse = QPushButton(self.tr("&Browse…"))
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(path, 1)
        row.addWidget(browse)
        label = QLabel(self.tr("&File:"))
        label.setBuddy(path)          # a row holding a layout gets no buddy: the & would show
        form.addRow(label, row)
        return path

    def _browse(self) -> None:
        assert self.path is not None
        dialog = QFileDialog(self, self.tr("Export PDF"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter(self.tr("PDF documents (*.pdf)"))
        dialog.setDefaultSuffix("pdf")
        prepare_file_dialog(dialog, FileKind.RECORDS, self.path.text().strip() or None)
        dialog.fileSelected.connect(self.path.setText)
        dialog.open()

    def choice(self) -> PrintChoice:
        notation = self.notation.currentData()
        options = sh.SheetOptions(self.every.value(), notation if isinstance(notation, Notation) else
                                  Notation.CHINESE, self.comments.isChecked(), self.header.isChecked(),
                                  traditional_moves())
        path = None
        if self.path is not None:
            path = Path(self.path.text().strip() or "xiangqi.pdf")
            if path.suffix.lower() != ".pdf":
                path = path.with_name(path.name + ".pdf")
        return PrintChoice(options, path)


class PrintUi(QObject):
    """The print and PDF actions of the window."""

    def __init__(self, window: WindowHost, file_menu: QMenu, style: PictureStyleSource) -> None:
        super().__init__(window)
        self.window, self.style = window, style
        self._dialog: DialogRef[PrintOptionsDialog] = DialogRef()   # forgotten once closed
        self.job: ps.SheetJob | None = None
        self.progress: QProgressDialog | None = None
        self.preview: QPrintPreviewDialog | None = None
        self.printer: QPrinter | None = None
        self.print_action = QAction(self.tr("&Print…"), window)
        self.print_action.setShortcut(QKeySequence("Ctrl+Shift+P"))   # Ctrl+P is the replay's auto-play
        self.print_action.triggered.connect(lambda _checked=False: self.open_dialog(pdf=False))
        self.pdf_action = QAction(self.tr("Export P&DF…"), window)
        self.pdf_action.triggered.connect(lambda _checked=False: self.open_dialog(pdf=True))
        window.addAction(self.print_action)
        file_menu.addAction(self.print_action)
        file_menu.addAction(self.pdf_action)

    @property
    def dialog(self) -> PrintOptionsDialog | None:
        """The print options while they are open."""
        return self._dialog.get()

    def open_dialog(self, pdf: bool) -> PrintOptionsDialog:
        folder = dialog_folders().folder(FileKind.RECORDS) if pdf else None
        dialog = PrintOptionsDialog(self.window.move_list.notation, folder, self.window)
        dialog.accepted.connect(lambda: self.make(dialog.choice()))
        return self.window.open_dialog(self._dialog.hold(dialog))

    def record(self) -> Game:
        return self.window.controller.game.record_to_save()

    def make(self, choice: PrintChoice) -> None:
        if self.job is not None:
            self.window.statusBar().showMessage(self.tr("A sheet is still being made"), 3000)
            return
        job = self.job = ps.SheetJob(self.record(), choice.options, self.style(), self)
        title = self.tr("Export PDF") if choice.path is not None else self.tr("Print")
        progress = self.progress = export_progress(self.window, title, self.tr("Drawing the diagrams…"),
                                                   self.tr("Cancel"), job.total)
        progress.canceled.connect(self.cancel)
        job.progress.connect(lambda done, total: self._progress(progress, done, total))
        job.ready.connect(lambda document: self._laid_out(document, choice.path))
        job.failed.connect(self._failed)
        progress.show()
        job.start()

    def _progress(self, progress: QProgressDialog, done: int, total: int) -> None:
        progress.setValue(done)
        progress.setLabelText(self.tr("Drawing the diagrams: {0} of {1}…").format(done, total))

    def cancel(self) -> None:
        """The sheet is not made: nothing printed, no file written."""
        if self.job is not None:
            self.job.cancel()
            self._end_job()
            self.window.statusBar().showMessage(self.tr("Sheet cancelled: nothing printed or saved"), 5000)

    def _failed(self, reason: str) -> None:
        self._end_job()
        self.window.show_message(self.tr("The sheet cannot be made"), reason, icon=QMessageBox.Icon.Warning)

    def _end_job(self) -> ps.SheetJob | None:
        job, self.job = self.job, None
        if job is not None:
            job.deleteLater()
        progress, self.progress = self.progress, None
        if progress is not None:
            progress.canceled.disconnect(self.cancel)
            progress.close()
            progress.deleteLater()
        return job

    def _cut_message(self, cut: sh.Cut | None) -> str:
        if cut is None:
            return ""
        return self.tr("The sheet stops short of the game ({0} plies and {1} diagrams left out: at most {2} "
                       "plies and {3} diagrams a sheet)").format(cut.plies_left, cut.diagrams_left,
                                                                 sh.MAX_SHEET_PLIES, sh.MAX_SHEET_DIAGRAMS)

    def _laid_out(self, document: QTextDocument, path: Path | None) -> None:
        document.setParent(self)
        job = self._end_job()
        cut = self._cut_message(job.cut if job is not None else None)
        if path is None:
            self._preview(document)
            if cut:
                self.window.statusBar().showMessage(cut, 10_000)
            return
        try:
            atomic_write(path, ps.document_pdf(document, path.name))
        except OSError as error:
            document.deleteLater()
            self.window.show_message(self.tr("The PDF cannot be saved"), f"{path}: {error.strerror or error}",
                                     icon=QMessageBox.Icon.Warning)
            return
        document.deleteLater()
        saved = self.tr("PDF saved: {0}").format(path)
        self.window.statusBar().showMessage(f"{saved}. {cut}" if cut else saved, 10_000 if cut else 5000)

    def _preview(self, document: QTextDocument) -> None:
        # the dialog does not own its printer: kept here (a printer collected under it crashes the preview)
        self.printer = printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        ps.page_setup(printer)
        preview = QPrintPreviewDialog(printer, self.window)
        preview.paintRequested.connect(document.print_)
        fit_width = preview.findChild(QAction, "fitWidthAction")
        if fit_width is not None:       # the page as wide as the window, readable (Qt opens on the whole page)
            fit_width.trigger()         # (its toolbar button checked with it, as a click on it does)
        preview.resize(self.window.width() * 9 // 10, self.window.height() * 9 // 10)   # its own size is small
        preview.finished.connect(self._preview_closed)
        document.setParent(preview)
        self.preview = preview
        self.window.open_dialog(preview)

    def _preview_closed(self) -> None:
        if self.preview is not None:
            self.preview.deleteLater()    # its sheet with it
        self.preview = None


class PictureStyleSource:
    """The look of the board on screen, asked when a sheet is made (the theme may change in between)."""

    def __init__(self, window: WindowHost) -> None:
        self.window = window

    def __call__(self) -> PictureStyle:
        board = self.window.board
        labels = board.coordinates if board.coordinates != "none" else "traditional"
        return PictureStyle(board.theme, board.pieces, labels, board.flipped, True)


def install_print_ui(window: WindowHost, file_menu: QMenu) -> PrintUi:
    return PrintUi(window, file_menu, PictureStyleSource(window))
