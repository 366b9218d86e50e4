"""The training windows (练习 menu): puzzles, the mistakes deck, endgame challenges, guess-the-move,
the opening drill, progress."""
