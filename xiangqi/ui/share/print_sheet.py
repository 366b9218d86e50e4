"""A game sheet on paper or in a PDF: the blocks of ``sheet`` (header, moves, comments, diagrams) laid out by
a ``QTextDocument``, which breaks the pages (a diagram is never cut in two) and numbers them, printed on a
``QPrinter`` or written by ``QPdfWriter``. Text is text in the PDF (searchable, copyable) in a CJK font;
the diagrams are the board renderer's pictures with the theme and piece set chosen."""

from __future__ import annotations

import html
import os

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF, QObject, QTimer, QUrl, Signal
from PySide6.QtGui import QFont, QFontDatabase, QPageLayout, QPagedPaintDevice, QPageSize, QPdfWriter, QTextDocument

from xiangqi.atomic import atomic_write
from xiangqi.record import Game
from xiangqi.ui.board.board_render import BoardPicture, PictureStyle, picture_size, render_image
from xiangqi.ui.share import sheet as sh

DIAGRAM_PX = 240          # the diagram's width in document pixels (1/96 inch): about 63 mm on paper, three a page
DIAGRAM_SCALE = 2         # drawn at twice that for print (about 190 dpi)
PDF_DPI = 300
MARGIN_MM = 15.0
CJK_FONTS = {False: ("Noto Serif CJK SC", "Noto Sans CJK SC", "Source Han Serif SC", "SimSun"),
             True: ("Noto Serif CJK TC", "Noto Sans CJK TC", "Source Han Serif TC", "MingLiU")}
# Latin text (WXF and ICCS moves, digits) from a Latin font: Qt's PDF text layer loses the digits of a
# line that is Latin only when it is set in a CJK font (they are copied and found as control characters).
LATIN_FONTS = ("Noto Serif", "DejaVu Serif", "Liberation Serif", "Times New Roman")
BODY_PT = 11


def sheet_font(traditional: bool) -> QFont:
    """A Latin font for Latin text, then a CJK font (Noto CJK first) for the rest, the ones the system has;
    the application's font when it has none of them."""
    installed = set(QFontDatabase.families())
    latin = next((family for family in LATIN_FONTS if family in installed), None)
    cjk = next((family for family in CJK_FONTS[traditional] if family in installed), None)
    font = QFont()
    chosen = [family for family in (latin, cjk) if family is not None]
    if chosen:
        font.setFamilies(chosen)
    font.setPointSize(BODY_PT)
    return font


def _text(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


WORD_JOINER = "\u2060"     # no line break here (Unicode's line breaking rules, which Qt follows)


def unbreakable(text: str) -> str:
    """``text`` that a line never breaks inside: a word joiner between its characters (Qt breaks Chinese
    text between any two characters, and ignores CSS white-space on a span), no-break spaces for spaces."""
    return WORD_JOINER.join(text.replace(" ", "\u00a0"))


def _moves_html(moves: sh.Moves) -> str:
    """The run of moves, each unbreakable (number and move together): a line breaks only between moves."""
    return " ".join(_text(unbreakable(sh.move_words(move))) for move in moves.moves)


def _header_html(block: sh.Header) -> str:
    title = block.title
    if block.red or block.black:       # a missing name: the side it played ("红方 — 张三")
        title = " — ".join((block.red or QCoreApplication.translate("PrintSheet", "Red"),
                            block.black or QCoreApplication.translate("PrintSheet", "Black")))
    parts = [f"<h2 align='center'>{_text(title)}</h2>"] if title else []
    if block.details:
        parts.append(f"<p align='center'>{_text(' · '.join(block.details))}</p>")
    if block.result:
        parts.append(f"<p align='center'><b>{_text(block.result)}</b></p>")
    return "".join(parts)


def _cut_html(block: sh.Cut) -> str:
    notes = []
    if block.plies_left:
        notes.append(QCoreApplication.translate(
            "PrintSheet", "The game goes on for {0} more plies: a sheet prints the first {1}.").format(
                block.plies_left, sh.MAX_SHEET_PLIES))
    if block.diagrams_left:
        notes.append(QCoreApplication.translate(
            "PrintSheet", "{0} more diagrams are left out: a sheet holds at most {1}.").format(
                block.diagrams_left, sh.MAX_SHEET_DIAGRAMS))
    return f"<p style='color: #555555'><i>{_text(' '.join(notes))}</i></p>"


def block_html(index: int, block: sh.Block) -> str:
    if isinstance(block, sh.Header):
        return _header_html(block)
    if isinstance(block, sh.Moves):
        return f"<p><b>{_moves_html(block)}</b></p>"
    if isinstance(block, sh.Comment):
        return f"<p style='margin-left: 16px; color: #333333'>{_text(block.text)}</p>"
    if isinstance(block, sh.Cut):
        return _cut_html(block)
    size = picture_size(DIAGRAM_PX)
    caption = block.caption or QCoreApplication.translate("PrintSheet", "Start position")
    return (f"<p align='center'><img src='diagram:{index}' width='{size.width()}' height='{size.height()}'>"
            f"<br>{_text(caption)}</p>")


def text_document(blocks: list[sh.Block], traditional: bool) -> QTextDocument:
    """The sheet's text; its diagrams are attached by ``add_diagram``."""
    document = QTextDocument()
    document.setDefaultFont(sheet_font(traditional))
    document.setHtml("".join(block_html(index, block) for index, block in enumerate(blocks)))
    return document


def add_diagram(document: QTextDocument, index: int, diagram: sh.Diagram, style: PictureStyle) -> None:
    picture = BoardPicture(diagram.cells, diagram.last_move, diagram.check_square, diagram.shapes)
    image = render_image(picture, style, DIAGRAM_PX * DIAGRAM_SCALE)
    document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"diagram:{index}"), image)


def sheet_document(game: Game, options: sh.SheetOptions, style: PictureStyle) -> QTextDocument:
    """The sheet as a document ready to print (the diagrams drawn and attached as images)."""
    return blocks_document(sh.sheet_blocks(game, options), options, style)


def blocks_document(blocks: list[sh.Block], options: sh.SheetOptions, style: PictureStyle) -> QTextDocument:
    document = text_document(blocks, options.traditional)
    for index, block in enumerate(blocks):
        if isinstance(block, sh.Diagram):
            add_diagram(document, index, block, style)
    return document


def page_setup(device: QPagedPaintDevice) -> None:
    device.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                                     QPageLayout.Unit.Millimeter))


def pdf_bytes(game: Game, options: sh.SheetOptions, style: PictureStyle, title: str = "") -> bytes:
    """The sheet as a PDF document (A4)."""
    return document_pdf(sheet_document(game, options, style), title)


def document_pdf(document: QTextDocument, title: str = "") -> bytes:
    """A laid-out sheet as a PDF document (A4)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_DPI)
    writer.setTitle(title or "xiangqi")
    writer.setCreator("xiangqi")
    page_setup(writer)
    document.print_(writer)
    del writer                          # the PDF is finished when its writer goes
    buffer.close()
    return bytes(data.data())


def write_pdf(path: str | os.PathLike[str], game: Game, options: sh.SheetOptions,
              style: PictureStyle) -> sh.Cut | None:
    """The sheet saved atomically as a PDF at ``path`` (OSError when it cannot be); what it left out of the
    game (past ``MAX_SHEET_PLIES`` / ``MAX_SHEET_DIAGRAMS``), None when nothing."""
    blocks = sh.sheet_blocks(game, options)
    document = blocks_document(blocks, options, style)
    atomic_write(path, document_pdf(document, os.path.basename(os.fspath(path))))
    return next((block for block in blocks if isinstance(block, sh.Cut)), None)


class SheetJob(QObject):
    """Lays a sheet out for the window: the text at once, then one diagram per turn of the event loop (a
    long game with many diagrams keeps the window live), then ``ready`` with the finished document;
    ``cancel`` stops it (the document goes with the job)."""

    progress = Signal(int, int)       # diagrams drawn, diagrams in all
    ready = Signal(object)            # QTextDocument
    failed = Signal(str)              # why the sheet cannot be made (no memory for a diagram)

    def __init__(self, game: Game, options: sh.SheetOptions, style: PictureStyle,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        blocks = sh.sheet_blocks(game, options)
        self.style = style
        self.cut = next((block for block in blocks if isinstance(block, sh.Cut)), None)
        self.document = text_document(blocks, options.traditional)
        self.document.setParent(self)
        self._diagrams = [(i, block) for i, block in enumerate(blocks) if isinstance(block, sh.Diagram)]
        self.total = len(self._diagrams)
        self._done = 0
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next)

    def start(self) -> None:
        self._timer.start()

    def cancel(self) -> None:
        self._timer.stop()

    def _next(self) -> None:
        if self._done < len(self._diagrams):
            index, diagram = self._diagrams[self._done]
            try:
                add_diagram(self.document, index, diagram, self.style)
            except MemoryError as error:
                self._timer.stop()
                self.failed.emit(str(error))
                return
            self._done += 1
            self.progress.emit(self._done, len(self._diagrams))
            return
        self._timer.stop()
        self.ready.emit(self.document)
