"""A change of language while the program runs: every text already on screen is put into the new language.

Widgets set their texts once, with ``tr()``, when they are built; a new ``QTranslator`` changes only what
is translated afterwards. Rather than each feature keeping a second copy of all its ``tr()`` calls in a
``retranslate`` method, the texts on screen are looked up in the translation tables (the ``.ts`` files
the ``.qm`` files are compiled from): a text that is the old language's translation of a source string is
replaced by the new language's translation of the same string, the ``tr()`` context (the class that
made the text) deciding when one text translates several sources. A text built from a pattern ("第 3 局，
共 10 局") is matched against the old language's patterns and made again from the new one's, its parts
kept. Widgets whose texts depend on the language in other ways (move texts: 车/俥) redraw them on
``QEvent.LanguageChange``, which Qt sends to every widget when the translators change; dialogs are built
anew, in the new language, each time they open.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDoubleSpinBox,
                               QGroupBox, QLabel, QLineEdit, QListWidget, QMenu, QPlainTextEdit, QSpinBox,
                               QTableWidget, QTabWidget, QTreeWidget, QTreeWidgetItem, QWidget)

from xiangqi.ui.common.i18n import I18N_DIR, LANGUAGES

SOURCE_LANGUAGE = "en"   # the texts in the code


@dataclass(frozen=True, slots=True)
class Rendering:
    """One source string in the new language, with the ``tr()`` context it belongs to."""

    context: str
    text: str


TextMap = dict[str, list[Rendering]]   # a text in the old language -> what it may become


@lru_cache(maxsize=len(LANGUAGES))
def _table(language: str) -> dict[tuple[str, str], str]:
    """(context, source) -> this language's text (the source itself for English or when untranslated)."""
    if language == SOURCE_LANGUAGE:
        return {}
    table: dict[tuple[str, str], str] = {}
    root = ET.parse(I18N_DIR / f"xiangqi_{language}.ts").getroot()
    for context in root.iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            if message.get("numerus") == "yes" or translation is None or not translation.text:
                continue
            table[(name, message.findtext("source", ""))] = translation.text
    return table


def _keys() -> set[tuple[str, str]]:
    return {key for language in LANGUAGES if language != SOURCE_LANGUAGE for key in _table(language)}


def text_map(old: str, new: str) -> TextMap:
    """How each text of language ``old`` reads in language ``new`` (several renderings when the same old
    text translates several sources; the widget's context picks one)."""
    mapping: TextMap = {}
    old_table, new_table = _table(old), _table(new)
    for key in sorted(_keys()):
        context, source = key
        before, after = old_table.get(key, source), new_table.get(key, source)
        if before != after:
            mapping.setdefault(before, []).append(Rendering(context, after))
    return mapping


_PLACEHOLDER = re.compile(r"\{(\d+)\}|%(\d+)")
MIN_PATTERN_TEXT = 2   # a pattern needs this many characters besides its placeholders ("{0}{1}" matches anything)


@dataclass(frozen=True, slots=True)
class Pattern:
    """A text made from a pattern ("第 {0} 局，共 {1} 局"): the old language's form as a regular expression
    whose groups are the placeholders (``numbers``), and the new language's pattern."""

    context: str
    regex: re.Pattern[str]
    numbers: tuple[str, ...]
    after: str


def _regex(before: str) -> tuple[re.Pattern[str], tuple[str, ...]] | None:
    pieces, numbers, literal, end = [], [], 0, 0
    for found in _PLACEHOLDER.finditer(before):
        pieces.append(re.escape(before[end:found.start()]))
        literal += len(before[end:found.start()].strip())
        pieces.append("(.+?)")
        numbers.append(found.group(1) or found.group(2))
        end = found.end()
    pieces.append(re.escape(before[end:]))
    literal += len(before[end:].strip())
    if not numbers or literal < MIN_PATTERN_TEXT or len(set(numbers)) != len(numbers):
        return None
    return re.compile("".join(pieces), re.DOTALL), tuple(numbers)


def patterns(old: str, new: str) -> list[Pattern]:
    """The pattern texts of language ``old`` and their form in ``new`` (longest first: the most specific)."""
    found = []
    old_table, new_table = _table(old), _table(new)
    for key in sorted(_keys()):
        context, source = key
        before, after = old_table.get(key, source), new_table.get(key, source)
        compiled = _regex(before) if before != after else None
        if compiled is not None:
            found.append(Pattern(context, compiled[0], compiled[1], after))
    return sorted(found, key=lambda p: -len(p.regex.pattern))


def _contexts(item: QObject | None) -> list[str]:
    """The class names from ``item`` up through its parents: the ``tr()`` contexts that may have made its
    texts, nearest first."""
    names = []
    while item is not None:
        names += [cls.__name__ for cls in type(item).__mro__ if cls.__module__.startswith("xiangqi")]
        item = item.parent()
    return names


class Retranslator:
    """Puts the texts of a widget tree from one language into another."""

    def __init__(self, mapping: TextMap, forms: list[Pattern] | None = None) -> None:
        self.mapping, self.forms = mapping, forms or []
        self.changed = 0
        self._seen: set[QObject] = set()

    def text(self, text: str, owner: QObject | None) -> str:
        if not text:
            return text
        contexts = _contexts(owner)
        renderings = self.mapping.get(text)
        if renderings:
            best = min(renderings, key=lambda r: contexts.index(r.context) if r.context in contexts else len(contexts))
            self.changed += 1
            return best.text
        return self._from_pattern(text, contexts)

    def _from_pattern(self, text: str, contexts: list[str]) -> str:
        """A text made from a pattern, made again from the new language's pattern; its parts (a name, a
        number, a text of the old language) are kept, put into the new language when they are a text."""
        matches = [(form, found) for form in self.forms if (found := form.regex.fullmatch(text)) is not None]
        if not matches:
            return text
        form, found = min(matches, key=lambda m: contexts.index(m[0].context) if m[0].context in contexts
                          else len(contexts))
        parts = {number: self.text(value, None) for number, value in zip(form.numbers, found.groups(), strict=True)}
        self.changed += 1
        return _PLACEHOLDER.sub(lambda m: parts.get(m.group(1) or m.group(2), m.group(0)), form.after)

    def apply(self, before: str, put: Callable[[str], object], owner: QObject | None) -> None:
        after = self.text(before, owner)
        if after != before:
            put(after)

    # ----------------------------------------------------------------- widgets
    def widget_tree(self, root: QWidget) -> None:
        """``root``, its child widgets and its actions, each once (a menu is a window of its own too)."""
        for widget in [root, *root.findChildren(QWidget)]:
            if widget not in self._seen:
                self._seen.add(widget)
                self.widget(widget)
        for action in root.findChildren(QAction):
            if action not in self._seen:
                self._seen.add(action)
                self.action(action)

    def action(self, action: QAction) -> None:
        self.apply(action.text(), action.setText, action.parent())
        self.apply(action.toolTip(), action.setToolTip, action.parent())
        self.apply(action.statusTip(), action.setStatusTip, action.parent())

    def widget(self, widget: QWidget) -> None:
        self.apply(widget.windowTitle(), widget.setWindowTitle, widget)
        self.apply(widget.toolTip(), widget.setToolTip, widget)
        self.apply(widget.statusTip(), widget.setStatusTip, widget)
        if isinstance(widget, QLabel):
            self.apply(widget.text(), widget.setText, widget)
        elif isinstance(widget, QAbstractButton):
            self.apply(widget.text(), widget.setText, widget)
        elif isinstance(widget, QMenu):
            self.apply(widget.title(), widget.setTitle, widget)
        elif isinstance(widget, QGroupBox):
            self.apply(widget.title(), widget.setTitle, widget)
        elif isinstance(widget, (QLineEdit, QPlainTextEdit)):
            self.apply(widget.placeholderText(), widget.setPlaceholderText, widget)
        elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
            self.apply(widget.specialValueText(), widget.setSpecialValueText, widget)
            self.apply(widget.prefix(), widget.setPrefix, widget)
            self.apply(widget.suffix(), widget.setSuffix, widget)
        elif isinstance(widget, QComboBox):
            self._combo(widget)
        elif isinstance(widget, QTabWidget):
            self._tabs(widget)
        elif isinstance(widget, QTreeWidget):
            self._tree(widget)
        elif isinstance(widget, QTableWidget):
            self._table(widget)
        elif isinstance(widget, QListWidget):
            self._list(widget)

    def _combo(self, combo: QComboBox) -> None:
        for index in range(combo.count()):
            self.apply(combo.itemText(index), partial(combo.setItemText, index), combo)

    def _tabs(self, tabs: QTabWidget) -> None:
        for index in range(tabs.count()):
            self.apply(tabs.tabText(index), partial(tabs.setTabText, index), tabs)
            self.apply(tabs.tabToolTip(index), partial(tabs.setTabToolTip, index), tabs)

    def _tree(self, tree: QTreeWidget) -> None:
        for item in [tree.headerItem(), *_tree_items(tree)]:
            for column in range(tree.columnCount()):
                self.apply(item.text(column), partial(item.setText, column), tree)
                self.apply(item.toolTip(column), partial(item.setToolTip, column), tree)

    def _table(self, table: QTableWidget) -> None:
        headers = [table.horizontalHeaderItem(c) for c in range(table.columnCount())]
        headers += [table.verticalHeaderItem(r) for r in range(table.rowCount())]
        for item in headers:
            if item is not None:
                self.apply(item.text(), item.setText, table)

    def _list(self, widget: QListWidget) -> None:
        for row in range(widget.count()):
            item = widget.item(row)
            self.apply(item.text(), item.setText, widget)


def _tree_items(tree: QTreeWidget) -> Iterator[QTreeWidgetItem]:
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop()
        if item is not None:
            yield item
            stack += [item.child(i) for i in range(item.childCount())]


def retranslate_windows(old: str, new: str) -> int:
    """Put every open window's texts from language ``old`` into ``new``; returns how many texts changed."""
    translator = Retranslator(text_map(old, new), patterns(old, new))
    for window in QApplication.topLevelWidgets():
        translator.widget_tree(window)
    return translator.changed
