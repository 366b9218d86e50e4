"""Each interface language speaks only itself (issue 15): the 繁體 UI writes moves in traditional
characters (red 俥傌炮, black 車馬砲, 進) in the move list, the engine lines and the comment header; the
English UI shows no Chinese in its menus and status bar, the Chinese UI no English words there."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QLabel, QMenu

import real_window
from real_window import click, fake_engine

from xiangqi.core import Move
from xiangqi.engine.messages import Info, Score
from xiangqi.engine.seat import Purpose, Role, SeatInfo
from xiangqi.game.setup import GameSetup
from xiangqi.ui.common.i18n import LANGUAGE_NAMES

app_window = real_window.app_window   # the fixture

SIMPLIFIED_ONLY = re.compile("[车马帅将进后]")
CJK = re.compile(r"[\u3400-\u9fff]")
ENGLISH_WORD = re.compile(r"\b[A-Za-z][a-z]{2,}\b")
# Names that are the same in every language: formats, protocols, and each language's own name.
KEPT = {"FEN", "PGN", "ICCS", "WXF", "UCCI", "UCI", "XQF", "CBL", *LANGUAGE_NAMES.values()}


def menu_texts(menu: QMenu) -> list[str]:
    texts = []
    for action in menu.actions():
        if action.text():
            texts.append(action.text())
        if action.menu() is not None:
            texts += menu_texts(action.menu())
    return texts


def visible_texts(window) -> list[str]:
    """Menu bar titles, every menu item (submenus included), toolbar buttons and the status bar."""
    texts = [a.text() for a in window.menuBar().actions()]
    for action in window.menuBar().actions():
        texts += menu_texts(action.menu())
    texts += [label.text() for label in window.statusBar().findChildren(QLabel) if label.text()]
    recent = {action.text() for action in window.record_ui.recent_menu.actions()}   # file names: the user's
    return [t for t in texts if t not in KEPT and t not in recent]


def test_the_traditional_ui_writes_traditional_moves_everywhere(app_window, qtbot) -> None:
    window = app_window(1280, 880, language="zh_TW")
    window.start_game(GameSetup(engine=fake_engine()))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    click(qtbot, window, "b0")
    click(qtbot, window, "c2")
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 2, timeout=10_000)
    red, black = window.move_list.cell_text(0, 0), window.move_list.cell_text(0, 1)
    assert red == "傌八進七" and not SIMPLIFIED_ONLY.search(black), (red, black)
    position = window.controller.game.position_at(2)
    after = position.copy()
    after.push(Move.from_iccs("a0a1"))
    horse = next(m for m in after.legal_moves() if abs(after.piece_at(m.from_sq)) == 4)   # a black 馬
    pv = (Move.from_iccs("a0a1"), horse)
    window.engine_panel.show_analysis(SeatInfo(Info(depth=5, score=Score(cp=30), pv=pv), position, 1,
                                               Purpose.ANALYSE, Role.ANALYSER))
    line = window.engine_panel.tree.topLevelItem(0).text(3)
    assert line.startswith("俥九進一 馬") and not SIMPLIFIED_ONLY.search(line), line
    # The same wording as the analysis panel and %eval: pawns from red's side (it was centipawns, "+30").
    assert window.engine_panel.tree.topLevelItem(0).text(1) == "+0.30"
    window.controller.study.view(1)
    qtbot.waitUntil(lambda: "傌八進七" in window.record_ui.panel.comment_label.text(), timeout=5_000)


def test_the_english_ui_shows_no_chinese_in_menus_and_status(app_window) -> None:
    window = app_window(1280, 880, language="en")
    chinese = [text for text in visible_texts(window) if CJK.search(text)]
    assert chinese == []


def test_the_chinese_ui_shows_no_english_words_in_menus_and_status(app_window) -> None:
    window = app_window(1280, 880, language="zh_CN")
    english = [text for text in visible_texts(window)
               if any(word not in KEPT for word in ENGLISH_WORD.findall(text))]
    assert english == []
