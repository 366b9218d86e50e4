"""Languages: 简体中文 (zh_CN), 繁體中文 (zh_TW) and English (en, the source strings in the code).

Translations use Qt's own system: ``assets/i18n/xiangqi_<lang>.ts`` (sources, kept) compiled to ``.qm``
(committed), loaded with QTranslator together with Qt's ``qtbase_<lang>.qm`` for the standard buttons.
Regenerate after changing visible strings (see assets/README.md):

    .venv/bin/python assets/tools/update_translations.py

A change of language in the settings takes effect at the next start: the widgets set their texts once
when they are built and do not listen for QEvent.LanguageChange.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from xiangqi.resources import assets_dir

I18N_DIR = assets_dir() / "i18n"
LANGUAGES = ("zh_CN", "zh_TW", "en")
LANGUAGE_NAMES = {"zh_CN": "简体中文", "zh_TW": "繁體中文", "en": "English"}
DEFAULT_LANGUAGE = "zh_CN"   # for a C/POSIX or unknown locale: Chinese players first
TRADITIONAL_REGIONS = ("TW", "HK", "MO")

_installed: list[QTranslator] = []


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """Marks ``text`` for lupdate under ``context`` and returns it unchanged, like Qt's own, whose PySide6
    stub types the result as ``object``; import this one so the marked strings stay ``str``."""
    return text

_current = {"language": "en"}


def language_for_locale(locale_name: str) -> str:
    """zh_TW/zh_HK/zh_MO or Traditional script -> zh_TW, other Chinese -> zh_CN, English -> en,
    anything else (C, POSIX, other or unknown languages) -> zh_CN. Accepts "zh_TW", "zh-Hant-HK", …"""
    parts = locale_name.replace("-", "_").split(".")[0].split("@")[0].split("_")
    language = parts[0].lower()
    if language == "zh":
        traditional = "Hant" in parts[1:] or any(p.upper() in TRADITIONAL_REGIONS for p in parts[1:])
        return "zh_TW" if traditional else "zh_CN"
    if language == "en":
        return "en"
    return DEFAULT_LANGUAGE


def system_language() -> str:
    """The language the system locale asks for (first of the user's UI languages)."""
    locale = QLocale.system()
    languages = locale.uiLanguages() or [locale.name()]
    return language_for_locale(languages[0])


def resolve_language(setting: str) -> str:
    return setting if setting in LANGUAGES else system_language()


def translation_file(language: str) -> Path:
    return I18N_DIR / f"xiangqi_{language}.qm"


def install_translator(app: QCoreApplication, language: str) -> str:
    """Install the translations for ``language`` ("system", "zh_CN", "zh_TW" or "en") and return the
    language used. Earlier translators installed here are removed first, so this may be called again."""
    used = resolve_language(language)
    _current["language"] = used
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    QLocale.setDefault(QLocale(used))
    if used == "en":
        return used
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for file in (translation_file(used), Path(qt_dir) / f"qtbase_{used}.qm"):
        translator = QTranslator(app)
        if translator.load(str(file)):
            app.installTranslator(translator)
            _installed.append(translator)
    return used


def traditional_moves() -> bool:
    """True when the interface is 繁體中文: Chinese move text is then written in traditional characters."""
    return _current["language"] == "zh_TW"


def current_language() -> str:
    """The language the last ``install_translator`` call chose ("en" before any call)."""
    return _current["language"]
