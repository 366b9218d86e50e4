"""Studying a game: analysis (panel and driver), the evaluation graph and the review dialog
(``study_tools`` installs them)."""
