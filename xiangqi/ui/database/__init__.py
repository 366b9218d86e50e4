"""The game database window (棋谱库): searches, the results table, imports and the database tree."""
