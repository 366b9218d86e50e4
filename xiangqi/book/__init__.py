"""Opening books without Qt: build one from record files, probe a position, pick book moves.

    from xiangqi.book import OpeningBook, build_book, BookPlayer

The file is a SQLite database keyed by the core's Zobrist keys (``xiangqi.book.store`` says why).
"""

from xiangqi.book.builder import BookBuilder, BookWriteError, BuildCancelled, BuildReport, Skipped, build_book
from xiangqi.book.chooser import BookPlayer, weighted_choice
from xiangqi.book.store import BookError, BookMove, OpeningBook

__all__ = [
    "BookBuilder",
    "BookError",
    "BookWriteError",
    "BookMove",
    "BookPlayer",
    "BuildCancelled",
    "BuildReport",
    "OpeningBook",
    "Skipped",
    "build_book",
    "weighted_choice",
]
