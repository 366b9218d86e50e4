"""Engine matches without Qt: the schedule and openings, the referee's
adjudications, results with Elo and its 95 % interval, and the match PGN. The engine driving is
``xiangqi.match.runner`` (Qt, imported only by the tools that run engines)."""
