"""Engines as the player meets them: the engine manager dialog, the opponent's engine panel and score texts."""
