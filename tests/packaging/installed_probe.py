"""Run by tests/packaging/test_wheel_install.py with the fresh virtualenv's Python, from a temporary
folder: start the app's appearance layer offscreen and print, as JSON, where each kind of data came from."""

from __future__ import annotations

import json
import os
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication


def main() -> int:
    import xiangqi
    from xiangqi import resources
    from xiangqi.engine.registry import ENGINES_DIR, load_families
    from xiangqi.ui.board import glyphs
    from xiangqi.ui.common import i18n
    from xiangqi.ui.shell.app import app_icon, load_appearance
    from xiangqi.ui.shell.help_menu import help_page

    app = QApplication([sys.argv[0]])
    look = load_appearance(app)
    errors: list[str] = []
    families = load_families(None, errors)
    report = {
        "package": xiangqi.__file__,
        "data_root": str(resources.data_root()),
        "installed_data": resources.installed_data(),
        "version": resources.version(),
        "boards": sorted(look.library.boards), "pieces": sorted(look.library.pieces),
        "theme_dirs": [str(theme.folder) for theme in look.library.boards.values()],
        "language": look.language,
        "translated_settings": QCoreApplication.translate("App", "Settings"),
        "translation_file": str(i18n.translation_file(look.language)),
        "sound_dir": str(look.sounds.sound_dir),
        "sounds": sorted(p.name for p in look.sounds.sound_dir.glob("*.wav")),
        "glyph_dir": str(glyphs.GLYPH_DIR), "glyphs": len(glyphs.glyph_table("serif")),
        "settings_file": str(look.store.shipped), "problems": look.problems,
        "board_theme": look.store.settings.appearance.board_theme,
        "engines_dir": str(ENGINES_DIR), "families": [f.id for f in families], "family_errors": errors,
        "icon_null": app_icon().isNull(), "icons": len(list((resources.assets_dir() / "icons").glob("*.png"))),
        "help_pages": [bool(help_page(name, look.language)) for name in ("rules", "history")],
        "cwd": os.getcwd(),
    }
    print(json.dumps(report, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
