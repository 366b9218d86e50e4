"""Engine lines in a short view (issue 29 §2): while every line fits wrapped, each shows whole; when they
do not, each takes one text line cut with … so all of them show without scrolling."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

from xiangqi.ui.engines.wrapped_lines import wrap_lines

LINE = "炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３ 兵七进一 卒７进１ 车二进六 炮８平９ 车二平三 炮９退１"


def lines_tree(qtbot, height: int) -> QTreeWidget:
    tree = QTreeWidget()
    qtbot.addWidget(tree)
    tree.setHeaderLabels(["Depth", "Score", "Line"])
    tree.header().setStretchLastSection(True)   # as the engine panels: the numbers narrow, the line the rest
    for column in (0, 1):
        tree.header().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    wrap_lines(tree, 2)
    for depth in (20, 20, 19):
        tree.addTopLevelItem(QTreeWidgetItem([str(depth), "+0.3", LINE]))
    tree.resize(300, height)
    tree.show()
    qtbot.waitExposed(tree)
    return tree


def rows_whole(tree: QTreeWidget) -> int:
    height = tree.viewport().height()
    rects = [tree.visualItemRect(tree.topLevelItem(row)) for row in range(tree.topLevelItemCount())]
    return sum(1 for rect in rects if rect.isValid() and rect.top() >= 0 and rect.bottom() < height)


def test_three_lines_show_without_scrolling_in_a_short_view(qtbot) -> None:
    tree = lines_tree(qtbot, 110)
    qtbot.waitUntil(lambda: rows_whole(tree) == 3)
    one_line = tree.fontMetrics().lineSpacing() * 2
    assert all(tree.visualItemRect(tree.topLevelItem(row)).height() < one_line for row in range(3))


def test_lines_wrap_whole_where_there_is_room(qtbot) -> None:
    tree = lines_tree(qtbot, 600)
    wrapped = tree.fontMetrics().lineSpacing() * 2
    qtbot.waitUntil(lambda: rows_whole(tree) == 3 and all(
        tree.visualItemRect(tree.topLevelItem(row)).height() > wrapped for row in range(3)))
