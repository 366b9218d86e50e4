"""The desktop app's widgets (PySide6), one sub-package per feature:

``shell``     start-up (``app``), the main window, its shape for the screen, the Help menu, user files
``common``    what every feature shares: the UI language (``i18n``), plain-text labels
``board``     the board view, its painting and geometry, piece glyphs, themes (and the fallback theme)
``play``      the game's views (move list, clocks), new-game and result dialogs, browsing back, position
              editor, sounds
``record``    open/save/export records, the record ↔ game link, game list, comments, clipboard
``engines``   the engine area (opponent, analysis and match sections), engine panels, the engine manager,
              score texts
``study``     analysis (panel and driver), the evaluation graph, the review dialog
``match``     engine matches: the match dialog and the match window
``book``      the Book menu and the opening explorer
``settings``  the settings dialog, switching the language live

The features (record, study, match, book, settings) get the main window as a ``WindowHost``
(``window_host``: its menus, status bar, dialogs, the controller and the shared views), never import the
shell or each other, and are kept by whoever installs them (``shell.app``). Layers, top to bottom: shell,
the features, window_host, play, board | engines, common; no import loops (the import-linter contracts in
``pyproject.toml``, run by ``tests/test_qt_free.py``).

The game controller (Qt timers and signals, no widgets) and the engine words it shares with the widgets
(names, the engine search, engine trouble in the player's language) live below this package, in
``xiangqi.play``. Outside ``xiangqi.ui`` only ``xiangqi.play`` and the drivers of processes and timers
(``xiangqi.engine.process``, ``.seat``, ``.eventloop``, the review and match runners) import Qt, only QtCore.
"""
