"""Training (练习): puzzles, the mistakes deck, endgame challenges, guess-the-move, the opening drill. Qt-free."""
