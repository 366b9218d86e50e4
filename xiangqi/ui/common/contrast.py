"""High-contrast colours for the whole window (setting appearance.high_contrast): white text on black,
yellow selection, cyan links, and disabled text still readable (7:1). The board has its own theme
("high_contrast", 高对比度) chosen with the other board themes."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QApplication

Role, Group = QPalette.ColorRole, QPalette.ColorGroup
BLACK, WHITE, YELLOW, CYAN, GREY = "#000000", "#ffffff", "#ffff00", "#00e5ff", "#a0a0a0"
ERROR_ON_DARK, ERROR_ON_LIGHT = "#ff8a80", "#b00020"   # error text: 7:1 on black, 7:1 on white
COLORS: dict[QPalette.ColorRole, str] = {
    Role.Window: BLACK, Role.WindowText: WHITE, Role.Base: BLACK, Role.AlternateBase: "#1a1a1a",
    Role.Text: WHITE, Role.Button: BLACK, Role.ButtonText: WHITE, Role.BrightText: YELLOW,
    Role.Highlight: YELLOW, Role.HighlightedText: BLACK, Role.Link: CYAN, Role.LinkVisited: CYAN,
    Role.ToolTipBase: BLACK, Role.ToolTipText: WHITE, Role.PlaceholderText: GREY,
    Role.Light: WHITE, Role.Midlight: GREY, Role.Mid: GREY, Role.Dark: WHITE, Role.Shadow: WHITE,
}
DISABLED = (Role.WindowText, Role.Text, Role.ButtonText)

_system: list[QPalette] = []   # the palette before the first change (the system's)


def high_contrast_palette() -> QPalette:
    palette = QPalette()
    for role, color in COLORS.items():
        palette.setColor(role, QColor(color))
    for role in DISABLED:
        palette.setColor(Group.Disabled, role, QColor(GREY))
    return palette


# The style draws an unchecked box's frame a shade darker than the window: black on black. A white frame
# (the checked state keeps the style's own drawing: its mark is in the text colour, white).
UNCHECKED_BOXES = (f"QCheckBox::indicator:unchecked, QGroupBox::indicator:unchecked, QRadioButton::indicator:unchecked "
                   f"{{ border: 1px solid {WHITE}; background: {BLACK}; width: 12px; height: 12px; }}")


def set_high_contrast(on: bool) -> None:
    """The application's colours: high contrast, or the system's again."""
    if not _system:
        _system.append(QGuiApplication.palette())
    QGuiApplication.setPalette(high_contrast_palette() if on else _system[0])
    app = QApplication.instance()
    if isinstance(app, QApplication) and app.styleSheet() in ("", UNCHECKED_BOXES):
        app.setStyleSheet(UNCHECKED_BOXES if on else "")


# A review's marks (?! ? ??) in lichess's hues (yellow, orange, red), one set per background: darker on a light
# one, brighter on a dark one (the high-contrast window is black), so each reads at MIN_TEXT_CONTRAST or more
# against the backgrounds it is drawn on (list rows, alternate rows, the window; a test computes the ratios).
MARK_COLOURS_ON_LIGHT = {"?!": "#806400", "?": "#a84400", "??": "#c02020"}
MARK_COLOURS_ON_DARK = {"?!": "#ffd23c", "?": "#ffa040", "??": "#ff7a70"}
MIN_TEXT_CONTRAST = 4.5   # WCAG 2 AA for text


def mark_colour(symbol: str, background: QColor) -> QColor:
    """The colour of the review mark ``symbol`` (``?!``, ``?``, ``??``) drawn on ``background``."""
    colours = MARK_COLOURS_ON_DARK if background.lightness() < 128 else MARK_COLOURS_ON_LIGHT
    return QColor(colours[symbol])


def contrast_ratio(first: QColor, second: QColor) -> float:
    """WCAG 2's contrast ratio of two colours, 1 (same) to 21 (black on white)."""
    def luminance(colour: QColor) -> float:
        channels = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
                    for c in (colour.redF(), colour.greenF(), colour.blueF())]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]

    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def error_color(palette: QPalette) -> str:
    """A red that reads on the window's background (dark or light)."""
    return ERROR_ON_DARK if palette.color(Role.Window).lightness() < 128 else ERROR_ON_LIGHT


TINTED_ICON_PX = (16, 24, 32)   # the sizes a tinted icon is drawn at (tool bars, menus)


def tinted_icon(icon: QIcon, palette: QPalette) -> QIcon:
    """``icon``'s shape in the palette's button-text colour (enabled) and its disabled colour: a style's
    dark media icons read on a black high-contrast tool bar too."""
    tinted = QIcon()
    for mode, group in ((QIcon.Mode.Normal, Group.Active), (QIcon.Mode.Disabled, Group.Disabled)):
        for px in TINTED_ICON_PX:
            shape = icon.pixmap(QSize(px, px))
            if shape.isNull():
                continue
            pixmap = QPixmap(shape.size())
            pixmap.fill(QColor(0, 0, 0, 0))
            painter = QPainter(pixmap)
            painter.drawPixmap(0, 0, shape)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
            painter.fillRect(pixmap.rect(), palette.color(group, Role.ButtonText))
            painter.end()
            tinted.addPixmap(pixmap, mode)
    return tinted
