"""Live switches leave no stale style behind (issue 29 §4): high contrast on and off, the text size 150 % →
100 %, in either language; the side labels read (their text contrasts with their background, measured on
the drawn pixels) and follow the text size."""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

import real_window
from xiangqi.core import Color

app_window = real_window.app_window   # the fixture

READABLE = 3.0   # WCAG contrast ratio of large text, at least


def luminance(color: QColor) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.red()) + 0.7152 * channel(color.green()) + 0.0722 * channel(color.blue())


def drawn_contrast(widget: QWidget) -> float:
    """The contrast between the widget's background (its most common pixel) and the pixel most unlike it
    (its text), as drawn."""
    QApplication.processEvents()
    image = widget.grab().toImage()
    counts: dict[int, int] = {}
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            rgb = image.pixel(x, y)
            counts[rgb] = counts.get(rgb, 0) + 1
    background = QColor.fromRgb(max(counts, key=counts.__getitem__))
    lights = [luminance(QColor.fromRgb(rgb)) for rgb in counts]
    back = luminance(background)
    far = max(lights, key=lambda light: abs(light - back))
    return (max(far, back) + 0.05) / (min(far, back) + 0.05)


def side_contrasts(window) -> dict[Color, float]:
    return {color: drawn_contrast(label) for color, label in window.clock_view.labels.items()}


def test_the_side_labels_read_after_high_contrast_on_and_off(app_window, qtbot) -> None:
    window = app_window(1024, 768)
    store = window.appearance_ui.store
    try:
        store.set("appearance", "high_contrast", True)
        on = side_contrasts(window)
        assert min(on.values()) >= READABLE, f"high contrast: {on}"
        store.set("appearance", "high_contrast", False)
        store.set("language", "ui", "en")
        off = side_contrasts(window)
        assert min(off.values()) >= READABLE, f"after high contrast off: {off}"
    finally:
        store.set("appearance", "high_contrast", False)


def test_the_side_labels_follow_the_text_size_both_ways(app_window, qtbot) -> None:
    window = app_window(1024, 768)
    store = window.appearance_ui.store
    label = window.clock_view.labels[Color.BLACK]
    start = label.font().pointSizeF()
    try:
        store.set("appearance", "text_size", 150)
        QApplication.processEvents()
        assert label.font().pointSizeF() == start * 1.5
        store.set("appearance", "text_size", 100)
        QApplication.processEvents()
        assert label.font().pointSizeF() == start, "the side labels stay large after 150 % → 100 %"
        assert QGuiApplication.font().pointSizeF() * 1.5 == start
    finally:
        store.set("appearance", "text_size", 100)


def icon_contrast(action, background: QColor) -> float:
    """The contrast of the icon's drawn (opaque) pixels with ``background``, the least of them."""
    image = action.icon().pixmap(24, 24).toImage()
    back = luminance(background)
    lights = [luminance(image.pixelColor(x, y)) for y in range(image.height()) for x in range(image.width())
              if image.pixelColor(x, y).alpha() > 200]
    assert lights, "the icon draws nothing"
    return min((max(light, back) + 0.05) / (min(light, back) + 0.05) for light in lights)


def test_the_replay_buttons_read_on_a_high_contrast_tool_bar(app_window, qtbot) -> None:
    window = app_window(1024, 768)
    store = window.appearance_ui.store
    bar = window.record_ui.replay_bar
    try:
        store.set("appearance", "high_contrast", True)
        QApplication.processEvents()
        black = bar.palette().color(bar.backgroundRole())
        assert all(icon_contrast(action, black) >= READABLE for action in bar.actions_by_name().values())
        store.set("appearance", "high_contrast", False)
        QApplication.processEvents()
        light = bar.palette().color(bar.backgroundRole())
        assert all(icon_contrast(action, light) >= READABLE for action in bar.actions_by_name().values())
    finally:
        store.set("appearance", "high_contrast", False)


def test_the_graph_labels_follow_the_text_size_both_ways(app_window, qtbot) -> None:
    """150 % → 100 %: the evaluation graph's axis labels were left large (and cut to "…")."""
    from xiangqi.ui.study.study_tools import StudyTools

    window = app_window(1024, 768)
    store = window.appearance_ui.store
    graph = window.findChild(StudyTools).graph
    try:
        for percent in (150, 100):
            store.set("appearance", "text_size", percent)
            QApplication.processEvents()
            wanted = QGuiApplication.font().pointSizeF() * 0.8
            assert graph.axis_y.labelsFont().pointSizeF() == wanted, percent
            assert graph.axis_x.labelsFont().pointSizeF() == wanted, percent
    finally:
        store.set("appearance", "text_size", 100)


def test_an_unchecked_box_shows_its_frame_in_high_contrast(qapp, qtbot) -> None:
    from PySide6.QtWidgets import QCheckBox, QStyle, QStyleOptionButton

    from xiangqi.ui.common.contrast import set_high_contrast

    set_high_contrast(True)
    try:
        box = QCheckBox("声音")
        qtbot.addWidget(box)
        box.show()
        qtbot.waitExposed(box)
        option = QStyleOptionButton()
        box.initStyleOption(option)
        frame = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
        image = box.grab(frame).toImage()
        black = luminance(QColor("#000000"))
        brightest = max(luminance(image.pixelColor(x, y)) for y in range(image.height()) for x in range(image.width()))
        assert (brightest + 0.05) / (black + 0.05) >= READABLE, "the unchecked box is black on black"
    finally:
        set_high_contrast(False)


def test_a_short_graph_keeps_its_y_labels_readable(qapp, qtbot) -> None:
    """Beside an engine on a small screen the graph gives way to the moves (80 px): three y labels, not
    five cut to "…"."""
    from xiangqi.ui.study.eval_graph import GRAPH_MIN_PX, GRAPH_PX, EvalGraph

    graph = EvalGraph()
    qtbot.addWidget(graph)
    graph.resize(300, GRAPH_MIN_PX)
    graph.show()
    qtbot.waitUntil(lambda: graph.axis_y.tickCount() == 3)
    graph.resize(300, GRAPH_PX)
    qtbot.waitUntil(lambda: graph.axis_y.tickCount() == 5)
