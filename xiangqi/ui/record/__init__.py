"""Game records in the window: open/save/export (``record_actions``, ``record_formats``), the link between the
record and the game being played, the game list of a collection, comments and the clipboard."""
