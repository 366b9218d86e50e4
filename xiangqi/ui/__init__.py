"""The desktop app (PySide6): main window, board view, game controller, move list, engine panel,
clocks, dialogs and autosave. Only this package (and ``xiangqi.engine.process``) imports Qt."""
