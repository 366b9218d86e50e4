"""The game as the app plays it: the controller that drives the game model, the clocks and the engine seats
with Qt timers and signals (QtCore only, no widgets), and the engine words it shares with the widgets (engine
names, the installed engines found on a worker thread, engine trouble in the player's language).

Arrows run one way: ``xiangqi.ui`` → ``xiangqi.play`` → ``xiangqi.game`` / ``xiangqi.engine`` / ``xiangqi.record``."""
