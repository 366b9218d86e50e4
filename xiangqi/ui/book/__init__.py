"""The opening book: the Book menu (build, open, use) and the explorer panel."""
