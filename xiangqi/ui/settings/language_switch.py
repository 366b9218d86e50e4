"""Settings › Language takes effect at once, like a theme, and each language shows moves in the notation
its players read unless the user chose one.

Switching installs the new translators (``i18n.install_translator``; Qt then sends every widget
``QEvent.LanguageChange``), puts the texts already on screen into the new language
(``common.retranslate``) and, when the user never picked a notation, writes the moves in the new language's
own: WXF for English (``C2=5``: an English reader cannot read 炮二平五), Chinese otherwise. That default is
kept in memory only, so the user's settings file still says nothing about notation until the user
chooses one.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from xiangqi.config import SettingsStore, read_toml
from xiangqi.core.notation import Notation
from xiangqi.ui.common.i18n import current_language, install_translator
from xiangqi.ui.common.retranslate import retranslate_windows

NOTATION_SETTING = ("appearance", "notation")
LANGUAGE_NOTATIONS = {"en": Notation.WXF}   # any other language: Chinese notation


def notation_chosen(store: SettingsStore) -> bool:
    """True when the user's own settings file names a notation (chosen in a menu or written by hand)."""
    if store.user is None or not store.user.is_file():
        return False
    # read_toml turns every reading problem (a file nested too deeply included) into a message; the
    # start-up already reported the file's problems, so they are not repeated here.
    user = read_toml(store.user, [], required=False)
    if user is None:
        return False
    section, key = NOTATION_SETTING
    appearance = user.get(section)
    return isinstance(appearance, dict) and key in appearance


def language_notation(language: str) -> Notation:
    return LANGUAGE_NOTATIONS.get(language, Notation.CHINESE)


def follow_language(store: SettingsStore, language: str) -> Notation | None:
    """Show ``language``'s notation when the user chose none: the settings (in memory) say so and the
    notation is returned; None when the user's choice stands or nothing changes."""
    section, key = NOTATION_SETTING
    wanted = language_notation(language)
    if notation_chosen(store) or store.settings.value(section, key) == wanted.value:
        return None
    store.settings = store.settings.with_value(section, key, wanted.value)
    return wanted


def switch_language(store: SettingsStore, setting: str, set_notation: Callable[[Notation], None]) -> str:
    """Use the language ``setting`` ("system", "zh_CN", "zh_TW" or "en") from now on, in every open window;
    ``set_notation`` shows the moves in the language's notation when it changes. Returns the language."""
    app = QCoreApplication.instance()
    old = current_language()
    if app is None:
        return old
    new = install_translator(app, setting)
    if new != old:
        retranslate_windows(old, new)
    notation = follow_language(store, new)
    if notation is not None:
        set_notation(notation)
    return new
