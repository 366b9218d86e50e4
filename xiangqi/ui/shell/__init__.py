"""The window's frame: the application start (``app``), the main window, its size and shape for the screen,
the Help menu and the user's files (settings, autosave, recent files)."""
