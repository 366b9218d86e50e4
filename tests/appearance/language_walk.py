"""Walks the real window as a user would meet it in one UI language and gathers every text on screen:
the main window's widgets and docks, every menu item, and every dialog a menu item opens (the dialogs
are closed again with Cancel/Esc). ``foreign_texts`` then keeps the texts written in another language's
script (issue 29 §4):

- English UI: any CJK character, beyond the language menu's own names and the names and moves from a
  record (players, events);
- 繁體 UI: simplified-only characters (opencc: a character that s2t changes and t2s leaves as it is);
- 简体 UI: traditional-only characters (t2s changes them), or English words beyond the technical names
  every language keeps (UCI, PGN, FEN, Elo, ECCO, engine names, …).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import opencc
from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QColorDialog, QComboBox, QDialog,
                               QDockWidget, QFileDialog, QFontDialog, QGroupBox, QLabel, QLineEdit, QMenu,
                               QMessageBox, QPlainTextEdit, QTabWidget, QTextEdit, QWidget)

from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.game.setup import GameSetup
from xiangqi.ui.board.board_paint import coordinate_labels
from xiangqi.ui.common.i18n import LANGUAGE_NAMES
from xiangqi.ui.shell.user_files import database_path

from real_window import click, fake_engine

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
ENGLISH_WORD = re.compile(r"(?<![A-Za-z0-9_.\-/])[A-Za-z][A-Za-z']{2,}(?![A-Za-z0-9_])")
TAGS = re.compile(r"<[^>]+>|&[a-z]+;")
# Names every language keeps: formats, protocols, ratings, keys, engines and their makers' words.
KEPT_WORDS = {"FEN", "PGN", "ICCS", "WXF", "UCCI", "UCI", "XQF", "CBL", "CCPD", "Elo", "ECCO", "PDF", "PNG", "GIF",
              "SVG", "UTF", "GBK", "MultiPV", "Hash", "Threads", "Ctrl", "Shift", "Alt", "Esc", "Tab",
              "Enter", "Space", "Home", "End", "PgUp", "PgDn", "Del", "Backspace", "Qt", "PySide", "Python",
              "ElephantEye", "Pikafish", "Fairy", "Stockfish", "DhtmlXQ", "WinBoard",
              "XQWizard", "Glicko", "FSRS", "SQLite", "Xiangqi", "xiangqi", "Chinese", "Chess", "pgn", "xqf",
              "cbl", "txt", "toml", "png", "svg", "gif", "pdf", "eleeye", "ccbridge", "LGPL", "GPL", "MIT",
              "Elephant", "Eye", "FakeEngine", "ucci", "uci",
              "SPRT", "LLR", "elo0", "elo1", "alpha", "beta",   # the SPRT's own terms (fishtest's words)
              "ccpd", "balanced", "xqdb"}   # the shipped opening suite's and a database's file names
# Names that are not words of the UI: a book's title in 《》 (written as its authors wrote it), a data set's
# credit line (its title, author and licence).
NAMES = re.compile(r"《[^》]*》|Chinese Chess Practical Dataset|Yu-Han Tseng|CC BY \d(\.\d)?")
# Characters that are the same word in both scripts in some uses (后 "queen/after", 里 "inside", 面 "face",
# 干, 只, 台, 系, 着, 余, 于, 制 …): opencc maps them one way, but a 繁體 text may hold them rightly.
AMBIGUOUS = set("后里面干只台系着余于制准划历松范云冲舍苏谷钟吁凶咸丑卷朴涂团姜")

_s2t = opencc.OpenCC("s2tw")
_t2s = opencc.OpenCC("tw2s")


@dataclass(frozen=True)
class Seen:
    where: str     # the window, dialog or menu the text is in
    text: str


def _plain(text: str) -> str:
    return TAGS.sub(" ", text).replace("&&", "&").replace("&", "")


def widget_texts(root: QWidget, where: str) -> list[Seen]:
    """Every text ``root`` shows: labels, buttons, group and tab titles, placeholders, combo items, item
    views' cells and headers, the window title and tool tips."""
    found: list[Seen] = [Seen(where, root.windowTitle())]
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        found += [Seen(where, t) for t in _texts_of(widget)]
        if widget.toolTip():
            found.append(Seen(where, widget.toolTip()))
    return [Seen(s.where, _plain(s.text)) for s in found if s.text and s.text.strip()]


def _texts_of(widget: QWidget) -> list[str]:
    if isinstance(widget, QLabel):
        return [widget.text()]
    if isinstance(widget, QAbstractButton):
        return [widget.text()]
    if isinstance(widget, QGroupBox):
        return [widget.title()]
    if isinstance(widget, QLineEdit):
        return [widget.placeholderText()]
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        return [widget.placeholderText()]
    if isinstance(widget, QComboBox):
        return [widget.itemText(i) for i in range(widget.count())]
    if isinstance(widget, QTabWidget):
        return [widget.tabText(i) for i in range(widget.count())]
    if isinstance(widget, QDockWidget):
        return [widget.windowTitle()]
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        return _model_texts(widget)
    return []


def _model_texts(view: QAbstractItemView) -> list[str]:
    model = view.model()
    root = QModelIndex()
    texts = []
    columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(root)
    for column in range(columns):
        header = model.headerData(column, Qt.Orientation.Horizontal)
        if isinstance(header, str):
            texts.append(header)
    for row in range(min(model.rowCount(root), 50)):
        for column in range(columns):
            value = model.index(row, column, root).data()
            if isinstance(value, str):
                texts.append(value)
    return texts


def menu_texts(menu: QMenu, where: str) -> list[Seen]:
    texts: list[Seen] = [Seen(where, menu.title())]
    for action in menu.actions():
        if action.text():
            texts.append(Seen(where, action.text()))
        if action.toolTip() and action.toolTip() != action.text().replace("&", ""):
            texts.append(Seen(where, action.toolTip()))
        if action.menu() is not None:
            texts += menu_texts(action.menu(), f"{where} › {_plain(action.text())}")
    return [Seen(s.where, _plain(s.text)) for s in texts if s.text]


def menu_actions(menu: QMenu) -> Iterable[QAction]:
    for action in menu.actions():
        if action.menu() is not None:
            yield from menu_actions(action.menu())
        elif not action.isSeparator():
            yield action


QT_OWN_DIALOGS = (QFileDialog, QColorDialog, QFontDialog)   # Qt's own words (its translations), not ours


def dialogs_of_menus(window, skip: Callable[[QAction], bool],  # noqa: ANN001 - the MainWindow
                     look: Callable[[str, QWidget], None] | None = None) -> list[Seen]:
    """Trigger every menu item that is not ``skip``ped; gather and close each window it opens (``look``
    is shown each one first, with the menu path that opened it)."""
    seen: list[Seen] = []
    for top in window.menuBar().actions():
        for action in list(menu_actions(top.menu())):
            if skip(action) or not action.isEnabled():
                continue
            before = set(QApplication.topLevelWidgets())
            action.trigger()
            QApplication.processEvents()
            opened = [w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible()]
            for dialog in opened:
                where = f"{_plain(top.text())} › {_plain(action.text())}"
                if not isinstance(dialog, QT_OWN_DIALOGS):
                    seen += widget_texts(dialog, where)
                if look is not None:
                    look(where, dialog)
                _close(dialog)
            QApplication.processEvents()
    return seen


def play_against_the_engine(window, qtbot) -> None:  # noqa: ANN001 - the MainWindow and pytest-qt's bot
    """The window the walks look at: a game against the fake engine, one move each played (the engine given
    0.1 s a move: the default 3 s was most of each walk's time)."""
    window.start_game(GameSetup(engine=fake_engine(), time_control=TimeControl(TimeControlKind.MOVE, 100)))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    click(qtbot, window, "b0")
    click(qtbot, window, "c2")
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 2, timeout=10_000)


def main_window_texts(window) -> list[Seen]:  # noqa: ANN001 - the MainWindow
    """The main window's texts, the board's file labels, every menu item and every dock (each shown); the
    game is then marked saved, so that the dialogs come next, not the unsaved-game question first."""
    seen = widget_texts(window, "main window")
    red_files, black_files = coordinate_labels(window.board.shown_coordinates())   # painted, not a widget's
    seen.append(Seen("board's file labels", " ".join([*red_files, *black_files])))
    for top in window.menuBar().actions():
        seen += menu_texts(top.menu(), top.text().replace("&", ""))
    for dock in window.findChildren(QDockWidget):
        dock.show()
        QApplication.processEvents()
        seen += widget_texts(dock, f"dock {dock.windowTitle()}")
    window.record_ui.link.set_modified(False)
    return seen


def new_windows_texts(before: set[QWidget], where: str) -> list[Seen]:
    """The texts of the windows shown since ``before`` (not Qt's own dialogs: Qt's words)."""
    return [seen for window in QApplication.topLevelWidgets()
            if window not in before and window.isVisible() and not isinstance(window, QT_OWN_DIALOGS)
            for seen in widget_texts(window, where)]


def names_on_the_game(window) -> list[str]:  # noqa: ANN001 - the MainWindow
    """Words a text may hold in any language: the players' names of the game shown, the engines' names, the
    game database's file name (and the notation menus' example of Chinese notation, that notation's own
    name as a language's is)."""
    record_words = [window.controller.game.record.headers.get(tag, "") for tag in ("Red", "Black")]
    return [*(w for w in record_words if w), *(spec.name for spec in window.engines), database_path().name,
            "炮二平五"]


def texts_in_another_language(seen: Iterable[Seen], language: str, names: Iterable[str],
                              known: Iterable[tuple[str, str]] = ()) -> str:
    """What ``seen`` holds in another language's script than ``language`` (one line each; empty: none),
    beyond ``names`` and ``known`` (language, text) catches; a known catch no longer seen is reported too."""
    foreign = foreign_texts(seen, language, names)
    known_here = {text for lang, text in known if lang == language}
    report = [f"{s.where}: {s.text!r}" for s in foreign if s.text not in known_here]
    still = known_here - {s.text for s in foreign}
    if still:
        report.append(f"fixed meanwhile, drop from the known catches: {sorted(still)}")
    return "\n".join(report)


def _close(widget: QWidget) -> None:
    if isinstance(widget, QMessageBox) and widget.escapeButton() is not None:
        widget.escapeButton().click()
    elif isinstance(widget, QDialog):
        widget.reject()
    else:
        widget.close()


def foreign_texts(seen: Iterable[Seen], language: str, allowed: Iterable[str] = ()) -> list[Seen]:
    """The texts of ``seen`` that hold another language's script (``allowed``: record names and moves)."""
    allowed_texts = {*LANGUAGE_NAMES.values(), *allowed}
    judge = {"en": _not_english, "zh_TW": _simplified, "zh_CN": _not_simplified}[language]
    found: dict[tuple[str, str], Seen] = {}
    for item in seen:
        text = item.text
        for name in allowed_texts:
            text = text.replace(name, " ")
        text = NAMES.sub(" ", text)
        if judge(text):
            found.setdefault((item.where, item.text), item)
    return list(found.values())


def _not_english(text: str) -> bool:
    return CJK.search(text) is not None


def _simplified(text: str) -> bool:
    return any(c not in AMBIGUOUS and _s2t.convert(c) != c and _t2s.convert(c) == c
               for c in set(CJK.findall(text)))


def _not_simplified(text: str) -> bool:
    if any(_t2s.convert(c) != c and c not in AMBIGUOUS for c in set(CJK.findall(text))):
        return True
    return any(word not in KEPT_WORDS for word in ENGLISH_WORD.findall(text))

