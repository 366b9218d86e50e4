"""The printable game sheet: what it holds (pure), the PDF it makes (pages read back with QPdfDocument), and
File › 打印… / 导出 PDF… in the real window."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QPageSize
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton

from xiangqi.core import Move
from xiangqi.core.notation import Notation
from xiangqi.play.controller import GameController
from xiangqi.record import Game, load_games
from xiangqi.record.comment_commands import Brush, Shape
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.record.record_actions import RecordUi, install_record_ui
from xiangqi.ui.share import pictures as pics
from xiangqi.ui.share import print_sheet as ps
from xiangqi.ui.share import sheet as sh
from xiangqi.ui.share.share_actions import ShareUi, install_share_ui
from xiangqi.ui.shell.main_window import MainWindow

SAMPLE = "eleeye/SAMPLE.XQF"   # 75 plies, a set-up start (red gives nine pieces), comments


@pytest.fixture
def sample(shared_data: Path) -> Game:
    (game,) = load_games(shared_data / "games" / SAMPLE)
    return game


# Noto CJK draws these characters and their radical twins with one glyph, and Qt's PDF text layer names the
# glyph by the radical (⻢ for 马): folded back here (the Kangxi radicals, ⼦ for 子, NFKC folds itself).
RADICALS = str.maketrans("⻢⻋⻅⻛⻰⻓⻔⻘⻝⻥⻦⻬⻮⻳⻚⻉", "马车见风龙长门青食鱼鸟齐齿龟页贝")


def pdf_pages(data: bytes | Path, tmp_path: Path) -> list[str]:
    """Each page's text as a reader sees it (see ``RADICALS``)."""
    path = data if isinstance(data, Path) else tmp_path / "read.pdf"
    if not isinstance(data, Path):
        path.write_bytes(data)
    document = QPdfDocument()
    assert document.load(str(path)) == QPdfDocument.Error.None_
    pages = [unicodedata.normalize("NFKC", document.getAllText(i).text()).translate(RADICALS)
             for i in range(document.pageCount())]
    document.close()
    return pages


def squeezed(text: str) -> str:
    """``text`` without white space (a wrapped line breaks a move or a comment anywhere)."""
    return "".join(text.split())


# ------------------------------------------------------------------------------------ what the sheet holds
def test_the_header_names_a_missing_player_by_side_and_says_each_detail_once() -> None:
    game = Game({"Red": "许银川", "Black": "", "Event": "Match 2026.11.28", "Date": "2026.11.28", "Site": "广州"})
    header = sh.header_of(game)
    assert header.details == ("Match 2026.11.28", "广州")             # the date is in the event already
    assert "<h2 align='center'>许银川 — Black</h2>" in ps.block_html(0, header) and "?" not in ps.block_html(0, header)
    unnamed = sh.header_of(Game({"Event": "友谊赛", "Date": "2026.11.28"}))
    assert unnamed.title == "友谊赛" and unnamed.details == ("2026.11.28",)  # the event once, as the title


def test_a_long_game_is_cut_at_the_limits_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game()
    node = game.root
    for ply in range(40):
        node = node.add_child(Move.from_iccs(("h0g2", "h9g7", "g2h0", "g7h9")[ply % 4]), "[%csl Ge5]")
    monkeypatch.setattr(sh, "MAX_SHEET_PLIES", 30)
    monkeypatch.setattr(sh, "MAX_SHEET_DIAGRAMS", 5)
    blocks = sh.sheet_blocks(game, sh.SheetOptions(diagram_every=1))
    diagrams = [block.ply for block in blocks if isinstance(block, sh.Diagram)]
    assert diagrams == [1, 2, 3, 4, 30]                              # a shape on every move; the end kept
    assert blocks[-1] == sh.Cut(plies_left=10, diagrams_left=25)
    assert max(move.ply for block in blocks if isinstance(block, sh.Moves) for move in block.moves) == 30
    assert "10 more plies" in ps.block_html(len(blocks) - 1, blocks[-1])


def test_the_first_page_holds_two_diagrams_of_a_plain_game(tmp_path: Path, qapp: object) -> None:
    game = Game({"Red": "甲", "Black": "乙"})
    node = game.root
    for ply in range(60):
        node = node.add_child(Move.from_iccs(("h0g2", "h9g7", "g2h0", "g7h9")[ply % 4]))
    pages = pdf_pages(ps.pdf_bytes(game, sh.SheetOptions(diagram_every=10), pics.shipped_style()), tmp_path)
    assert "10... " in pages[0] and "20... " in pages[0], pages[0]  # page 1 was half empty: the second moved on


def test_a_move_is_never_split_across_lines(sample: Game, tmp_path: Path, qapp: object) -> None:
    style = pics.shipped_style()
    pages = pdf_pages(ps.pdf_bytes(sample, sh.SheetOptions(diagram_every=0, comments=False), style), tmp_path)
    lines = [line for page in pages for line in page.splitlines()]
    moves = [move for block in sh.sheet_blocks(sample, sh.SheetOptions(comments=False))
             if isinstance(block, sh.Moves) for move in block.moves]
    for move in moves:
        text = unicodedata.normalize("NFKC", move.text).translate(RADICALS)
        assert any(text in line for line in lines), (move, lines)



def test_diagrams_every_n_moves_at_drawn_shapes_and_at_the_end(sample: Game) -> None:
    sample.mainline()[2].comment = "[%cal Rb0c2] 看这里"
    blocks = sh.sheet_blocks(sample, sh.SheetOptions(diagram_every=10))
    diagrams = [b for b in blocks if isinstance(b, sh.Diagram)]
    # the set-up start, the shapes at ply 3, moves 10, 20, 30 (plies 20, 40, 60) and the end (ply 75)
    assert [d.ply for d in diagrams] == [0, 3, 20, 40, 60, 75]
    assert diagrams[1].shapes == (Shape(Brush.RED, 1, 20),) and diagrams[1].caption == "2. 炮五进五"
    assert diagrams[2].caption == "10… 炮1进4" and diagrams[-1].caption == "38. 车五平七"
    header = blocks[0]
    assert isinstance(header, sh.Header) and (header.red, header.black, header.result) == ("许银川", "聂卫平", "1-0")
    assert "1999.12.09" in header.details
    comments = [b.text for b in blocks if isinstance(b, sh.Comment)]
    assert "看这里" in comments and not any("[%" in text for text in comments)
    runs = [sh.moves_line(b) for b in blocks if isinstance(b, sh.Moves)]
    assert runs[0] == "1. 炮八平五 炮8平5" and runs[1] == "2. 炮五进五"
    assert runs[2].startswith("2… 象7进5 3. 炮二平五")


def test_options_leave_out_comments_header_and_diagrams_and_pick_the_notation(sample: Game) -> None:
    blocks = sh.sheet_blocks(sample, sh.SheetOptions(diagram_every=0, notation=Notation.WXF, comments=False,
                                                     header=False))
    assert not any(isinstance(b, sh.Header | sh.Comment) for b in blocks)
    assert [b.ply for b in blocks if isinstance(b, sh.Diagram)] == [0, 75]
    moves = [b for b in blocks if isinstance(b, sh.Moves)]
    assert sh.moves_line(moves[0]).startswith("1. C8.5 C8.5 2. C5+5")
    assert sum(len(run.moves) for run in moves) == 75
    with pytest.raises(sh.SheetError, match="101"):
        sh.SheetOptions(diagram_every=101)


# ------------------------------------------------------------------------------------ the PDF
def test_the_pdf_breaks_into_numbered_pages_holding_the_whole_game(sample: Game, tmp_path: Path,
                                                                   qapp: object) -> None:
    out = tmp_path / "sample.pdf"
    ps.write_pdf(out, sample, sh.SheetOptions(diagram_every=10), pics.shipped_style())
    pages = pdf_pages(out, tmp_path)
    assert len(pages) >= 3
    for number, text in enumerate(pages, start=1):
        assert text.rstrip().endswith(str(number)), (number, text[-40:])    # QTextDocument numbers them
    whole = squeezed(" ".join(pages))
    assert pages[0].startswith("许银川 — 聂卫平") and "1999.12.09" in pages[0]
    assert whole.index("1.炮八平五炮8平5") < whole.index("20.马四进三") < whole.index("38.车五平七")
    assert "聂棋圣认负" in squeezed(pages[-1]) and "[%" not in whole


def test_fewer_diagrams_make_fewer_pages(sample: Game, tmp_path: Path, qapp: object) -> None:
    style = pics.shipped_style()
    many = pdf_pages(ps.pdf_bytes(sample, sh.SheetOptions(diagram_every=6), style), tmp_path)   # 5 pages
    few = pdf_pages(ps.pdf_bytes(sample, sh.SheetOptions(diagram_every=0, comments=False), style), tmp_path)  # 2
    assert len(few) < len(many)
    assert "红方首着" in squeezed(" ".join(many)) and "红方首着" not in squeezed(" ".join(few))
    assert "38.车五平七" in squeezed(few[-1])


# ------------------------------------------------------------------------------------ in the window
@pytest.fixture
def window(qtbot, tmp_path: Path) -> tuple[MainWindow, RecordUi, ShareUi]:  # noqa: ANN001 - pytest-qt's bot
    window = MainWindow(GameController(), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    record = install_record_ui(window, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    share = install_share_ui(window, record.file_menu, record.edit_menu)
    window.resize(1000, 760)
    return window, record, share


def test_export_pdf_from_the_file_menu(qtbot, window, shared_data: Path, tmp_path: Path) -> None:  # noqa: ANN001
    main, record, share = window
    assert record.open_file(shared_data / "games" / SAMPLE)
    assert share.print_ui.pdf_action in record.file_menu.actions()
    share.print_ui.pdf_action.trigger()
    dialog = share.print_ui.dialog
    assert dialog is not None and dialog.isVisible() and dialog.path is not None
    target = tmp_path / "sheet"
    dialog.path.setText(str(target))                      # the suffix is added
    dialog.every.setValue(5)
    dialog.notation.setCurrentIndex(dialog.notation.findData(Notation.WXF))
    dialog.comments.setChecked(False)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    pdf = tmp_path / "sheet.pdf"
    qtbot.waitUntil(lambda: pdf.exists() and share.print_ui.job is None, timeout=30_000)
    pages = pdf_pages(pdf, tmp_path)
    whole = squeezed(" ".join(pages))
    assert "1.C8.5C8.5" in whole and "许银川" in pages[0] and "聂棋圣认负" not in whole
    assert str(pdf) in main.statusBar().currentMessage()


def test_a_pdf_shows_its_progress_and_cancel_writes_nothing(qtbot, window, shared_data: Path,  # noqa: ANN001
                                                             tmp_path: Path) -> None:
    main, record, share = window
    assert record.open_file(shared_data / "games" / SAMPLE)
    share.print_ui.pdf_action.trigger()
    dialog = share.print_ui.dialog
    assert dialog is not None and dialog.path is not None
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "sheet.pdf"
    dialog.path.setText(str(target))
    dialog.every.setValue(1)                              # a diagram every move: many turns of the event loop
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    progress = share.print_ui.progress
    assert progress is not None and progress.isVisible() and progress.maximum() > 30
    qtbot.waitUntil(lambda: progress.value() >= 1)
    cancel = progress.findChild(QPushButton)
    assert cancel is not None
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert share.print_ui.job is None and share.print_ui.progress is None
    assert "cancelled" in main.statusBar().currentMessage() and list(target.parent.iterdir()) == []


def test_print_opens_the_preview_of_the_sheet(qtbot, window, shared_data: Path) -> None:  # noqa: ANN001
    main, record, share = window
    assert record.open_file(shared_data / "games" / SAMPLE)
    shortcut = share.print_ui.print_action.shortcut()
    sharing = [a.text() for a in main.findChildren(QAction) if a.shortcut() == shortcut and not shortcut.isEmpty()]
    assert sharing == [share.print_ui.print_action.text()]  # an ambiguous shortcut would do nothing
    main.show()
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow)
    qtbot.keyClick(QApplication.focusWidget() or main, Qt.Key.Key_P,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = share.print_ui.dialog
    assert dialog is not None and dialog.path is None      # printing asks for no file
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: share.print_ui.preview is not None and share.print_ui.preview.isVisible(),
                    timeout=30_000)
    preview = share.print_ui.preview
    assert isinstance(preview, QPrintPreviewDialog)
    widget = preview.findChild(QPrintPreviewWidget)
    assert widget is not None
    assert widget.zoomMode() == QPrintPreviewWidget.ZoomMode.FitToWidth   # readable, not the whole page at 38 %
    fit_width = preview.findChild(QAction, "fitWidthAction")
    assert fit_width is not None and fit_width.isChecked()                # its button shows it
    assert widget.zoomFactor() > 0.8, widget.zoomFactor()                 # about the size of the paper
    widget.updatePreview()            # lays the sheet out on the dialog's printer again (kept alive by PrintUi)
    QApplication.processEvents()
    assert widget.pageCount() >= 3
    assert share.print_ui.printer is not None and share.print_ui.printer.pageLayout().pageSize().id() == \
        QPageSize.PageSizeId.A4
    preview.reject()
    qtbot.waitUntil(lambda: share.print_ui.preview is None)
    QApplication.processEvents()


def test_the_image_command_writes_the_sheet_as_pdf(shared_data: Path, tmp_path: Path, qapp: object) -> None:
    from test_image_command import image_here

    sample, out = str(shared_data / "games" / SAMPLE), tmp_path / "sheet.pdf"
    done = image_here(sample, "--pdf", "--every", "20", "--notation", "wxf", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{out}: sheet of {sample}: game 1"
    pages = pdf_pages(out, tmp_path)
    assert "1.C8.5C8.5" in squeezed(pages[0]) and pages[-1].rstrip().endswith(str(len(pages)))
    done = image_here(sample, "--pdf", "--every", "200", "-o", str(tmp_path / "bad.pdf"))
    assert done.returncode == 1 and "--every: diagram every 200 moves is outside 0 … 100" in done.stderr
    done = image_here(sample, "--pdf", "-o", str(tmp_path / "sheet.png"))
    assert done.returncode == 1 and "--pdf writes a .pdf file" in done.stderr
    assert not (tmp_path / "bad.pdf").exists() and not (tmp_path / "sheet.png").exists()
