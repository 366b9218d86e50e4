"""Where the 90 points are on screen: one cell size keeps the board's 9×10 proportions in any widget
size; flipping turns the board 180° (black at the bottom). No painting here."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

FILES, RANKS = 9, 10
MARGIN_CELLS = 0.95   # room outside the outer lines for coordinates and the rims of edge pieces
PIECE_SCALE = 0.90    # piece diameter / cell


@dataclass(frozen=True)
class BoardGeometry:
    cell: float
    left: float      # x of display column 0
    top: float       # y of display row 0
    flipped: bool

    @classmethod
    def fit(cls, width: float, height: float, flipped: bool = False, inset: float = 0.0) -> BoardGeometry:
        """The largest board centred in ``width`` × ``height`` that leaves ``inset`` px free all round."""
        cols, rows = FILES - 1 + 2 * MARGIN_CELLS, RANKS - 1 + 2 * MARGIN_CELLS
        cell = max(1.0, min((width - 2 * inset) / cols, (height - 2 * inset) / rows))
        left = (width - (FILES - 1) * cell) / 2
        top = (height - (RANKS - 1) * cell) / 2
        return cls(cell, left, top, flipped)

    def column_row(self, sq: int) -> tuple[int, int]:
        file, rank = sq % FILES, sq // FILES
        if self.flipped:
            return FILES - 1 - file, rank
        return file, RANKS - 1 - rank

    def grid_point(self, col: float, row: float) -> QPointF:
        return QPointF(self.left + col * self.cell, self.top + row * self.cell)

    def point(self, sq: int) -> QPointF:
        return self.grid_point(*self.column_row(sq))

    def square_at(self, pos: QPointF) -> int | None:
        """The point under ``pos`` (within half a cell), or None."""
        col = round((pos.x() - self.left) / self.cell)
        row = round((pos.y() - self.top) / self.cell)
        if not (0 <= col < FILES and 0 <= row < RANKS):
            return None
        file = FILES - 1 - col if self.flipped else col
        rank = row if self.flipped else RANKS - 1 - row
        return rank * FILES + file

    @property
    def piece_diameter(self) -> float:
        return self.cell * PIECE_SCALE

    def board_rect(self) -> QRectF:
        """The board including its margins (what the theme's background covers)."""
        m = MARGIN_CELLS * self.cell
        return QRectF(self.left - m, self.top - m, (FILES - 1) * self.cell + 2 * m,
                      (RANKS - 1) * self.cell + 2 * m)

    def piece_rect(self, sq: int) -> QRectF:
        d = self.piece_diameter
        c = self.point(sq)
        return QRectF(c.x() - d / 2, c.y() - d / 2, d, d)
