"""Playing a game: the new-game dialog, the clocks, the result dialog, browsing back while playing (replay),
the position editor and the move sounds."""
