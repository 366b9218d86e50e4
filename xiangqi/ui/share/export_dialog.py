"""File › 导出图片…: the picture's kind (PNG, SVG, animated GIF), file, width, which side is at the bottom,
coordinates, and for a GIF the moves it shows and the time per move. The dialog only asks; ``ShareUi``
draws and saves what it returns (``ExportChoice``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget)

from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog
from xiangqi.ui.share import pictures as pics


@dataclass(frozen=True)
class ExportChoice:
    """What the user asked for."""

    path: Path
    kind: pics.ImageKind
    width: int
    flipped: bool
    coordinates: bool
    first: int         # GIF: the plies shown, both included
    last: int
    delay_ms: int


class ExportImageDialog(QDialog):
    def __init__(self, folder: str, plies: int, flipped: bool, coordinates: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export image"))
        self.kind = QComboBox()
        for kind, label in ((pics.ImageKind.PNG, self.tr("PNG picture of the position")),
                            (pics.ImageKind.SVG, self.tr("SVG drawing of the position")),
                            (pics.ImageKind.GIF, self.tr("Animated GIF of the moves"))):
            self.kind.addItem(label, kind)
        self.path = QLineEdit(str(Path(folder) / "xiangqi.png"))
        browse = QPushButton(self.tr("&Browse…"))
        browse.clicked.connect(self._browse)
        file_row = QHBoxLayout()
        file_row.addWidget(self.path, 1)
        file_row.addWidget(browse)
        self.width_box = self._spin(pics.MIN_WIDTH, pics.MAX_WIDTH, pics.DEFAULT_WIDTH, self.tr(" px"))
        self.flip = QCheckBox(self.tr("Black at the bottom"))
        self.flip.setChecked(flipped)
        self.coordinates = QCheckBox(self.tr("Coordinates"))
        self.coordinates.setChecked(coordinates)
        self.first = self._spin(0, plies, 0, "")
        self.last = self._spin(0, plies, plies, "")
        self.delay = self._spin(pics.MIN_DELAY_MS, pics.MAX_DELAY_MS, pics.DEFAULT_DELAY_MS, self.tr(" ms"))
        self.delay.setSingleStep(100)
        form = QFormLayout(self)
        form.addRow(self.tr("&Kind:"), self.kind)
        file_label = QLabel(self.tr("&File:"))
        file_label.setBuddy(self.path)          # a row holding a layout gets no buddy: the & would show
        form.addRow(file_label, file_row)
        form.addRow(self.tr("&Width:"), self.width_box)
        form.addRow("", self.flip)
        form.addRow("", self.coordinates)
        form.addRow(self.tr("From &ply:"), self.first)
        form.addRow(self.tr("&To ply:"), self.last)
        form.addRow(self.tr("&Delay per move:"), self.delay)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    @staticmethod
    def _spin(low: int, high: int, value: int, suffix: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(low, high)
        box.setValue(value)
        box.setSuffix(suffix)
        return box

    def chosen_kind(self) -> pics.ImageKind:
        kind = self.kind.currentData()
        return kind if isinstance(kind, pics.ImageKind) else pics.ImageKind.PNG

    def _kind_changed(self) -> None:
        """The file's suffix follows the kind; the GIF's settings are open for a GIF only."""
        kind = self.chosen_kind()
        for box in (self.first, self.last, self.delay):
            box.setEnabled(kind is pics.ImageKind.GIF)
        text = self.path.text().strip()
        if text:
            self.path.setText(str(Path(text).with_suffix("." + kind.value)))

    def _browse(self) -> None:
        kind = self.chosen_kind()
        dialog = QFileDialog(self, self.tr("Export image"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter(self.tr("{0} pictures (*.{1})").format(kind.name, kind.value))
        dialog.setDefaultSuffix(kind.value)
        prepare_file_dialog(dialog, FileKind.RECORDS, self.path.text().strip() or None)
        dialog.fileSelected.connect(self.path.setText)
        dialog.open()

    def choice(self) -> ExportChoice:
        first, last = sorted((self.first.value(), self.last.value()))
        kind = self.chosen_kind()
        path = Path(self.path.text().strip())
        if path.suffix.lower() != "." + kind.value:   # the kind chosen decides, whatever suffix was typed
            path = path.with_name(path.name + "." + kind.value)
        return ExportChoice(path, kind, self.width_box.value(),
                            self.flip.isChecked(), self.coordinates.isChecked(), first, last, self.delay.value())
