"""Playing a game: the game's views (the move list, the clocks), the new-game dialog, the result dialog,
browsing back while playing (replay), the position editor and the move sounds."""
