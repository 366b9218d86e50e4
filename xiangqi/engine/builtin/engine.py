"""The built-in engine's UCCI state machine: commands in, protocol lines out (through ``emit``).

Transport-free: ``ucci_loop`` feeds it lines from stdin and gives it a thread-safe ``emit``.  A ``go``
starts the search on a worker thread; ``stop``/``ponderhit``/``isready``/``quit`` are handled while it
runs (the search polls the stop flag every few ms).  Other commands arriving while thinking are kept by
the loop and run after ``bestmove``.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable

from xiangqi.core import Move, Position
from xiangqi.engine.builtin import levels
from xiangqi.engine.builtin.board import SearchBoard
from xiangqi.engine.builtin.clock import clock_limits, time_budget_ms
from xiangqi.engine.builtin.commands import (
    CommandError,
    GoCommand,
    PositionCommand,
    parse_banmoves,
    parse_bool,
    parse_go,
    parse_int,
    parse_position,
    parse_setoption,
)
from xiangqi.engine.builtin.geometry import iccs, move_code
from xiangqi.engine.builtin.search import MATE_BOUND, Info, Limits, Result, Searcher, format_pv

ENGINE_NAME = "Xiangqi Built-in 1.0"
ENGINE_AUTHOR = "the xiangqi project"
MAX_HASH_MB = 1024
MAX_LINES = 5  # multi-PV: the most lines an analysis can ask for
DRAW_ACCEPT_SCORE = 0  # accept an offered draw when our score is at most this
IDENTIFICATION = (
    f"id name {ENGINE_NAME}",
    "id copyright GPL-3.0-or-later",
    f"id author {ENGINE_AUTHOR}",
    "option usemillisec type check default false",
    f"option hashsize type spin min 0 max {MAX_HASH_MB} default 16",
    f"option level type spin min 1 max 5 default {levels.DEFAULT_LEVEL}",
    "option randomness type combo var none var small var medium var large default none",
    "option resign type check default true",
    f"option multipv type spin min 1 max {MAX_LINES} default 1",
    "option newgame type button",
    "ucciok",
)
THINKING_COMMANDS = frozenset({"stop", "ponderhit", "isready", "quit"})
# Options of the UCCI standard that this engine has no use for: accepted silently.
IGNORED_OPTIONS = frozenset(
    {"batch", "debug", "ponder", "usebook", "useegtb", "bookfiles", "egtbpaths", "threads", "idle"}
)


def board_for(command: PositionCommand) -> SearchBoard:
    """The search board of a position command, with its move history (for repetition rulings)."""
    start = command.start
    board = SearchBoard(start.cells(), int(start.turn), start.halfmove_clock)
    for move in command.moves:
        board.make(move_code(move.from_sq, move.to_sq))
        board.checks.append(board.in_check())
    return board


class UcciEngine:
    def __init__(self, emit: Callable[[str], None], on_search_done: Callable[[], None] = lambda: None) -> None:
        self.emit = emit
        self.on_search_done = on_search_done
        self.searcher = Searcher()
        self.position = PositionCommand(Position())
        self.banned: list[Move] = []
        self.millisec = False
        self.level = levels.level(levels.DEFAULT_LEVEL)
        self.randomness = "none"
        self.resigns = True  # UCCI "bestmove M resign" once the search proves a forced mate against us
        self.lines = 1  # multi-PV: how many best lines each iteration reports
        self._thread: threading.Thread | None = None
        self._busy = False  # from go until bestmove is written (the thread may still be finishing)
        self._go: GoCommand | None = None
        self._limits: Limits | None = None
        self._release = threading.Event()  # set when the finished search may write its bestmove
        self._draw_offered = False
        self._handlers: dict[str, Callable[[list[str]], None]] = {
            "ucci": self._ucci,
            "isready": lambda _: self.emit("readyok"),
            "setoption": self._setoption,
            "position": self._position,
            "banmoves": self._banmoves,
            "go": self._start_go,
            "stop": self._stop,
            "ponderhit": self._ponderhit,
        }

    # ------------------------------------------------------------------------------- dispatch
    @property
    def thinking(self) -> bool:
        return self._busy

    def handle(self, line: str) -> bool:
        """Run one command line; returns False after ``quit``."""
        words = line.split()
        if not words:
            return True
        name = words[0].lower()
        if name == "quit":
            self._finish_search()
            self.emit("bye")
            return False
        handler = self._handlers.get(name)
        if handler is None:
            self.emit(f"info string error: unknown command {line.strip()!r}")
            return True
        try:
            handler(words[1:])
        except CommandError as exc:
            self.emit(f"info string error: {exc}")
        return True

    def _ucci(self, _: list[str]) -> None:
        for line in IDENTIFICATION:
            self.emit(line)

    # -------------------------------------------------------------------------------- options
    def _setoption(self, words: list[str]) -> None:
        option = parse_setoption(words)
        if option.name == "usemillisec":
            self.millisec = parse_bool(option)
        elif option.name == "hashsize":
            self.searcher.set_hash_size(parse_int(option, 0, MAX_HASH_MB))
        elif option.name == "level":
            self.level = levels.level(parse_int(option, 1, 5))
        elif option.name == "randomness":
            value = option.value.strip().lower()
            if value not in levels.RANDOMNESS:
                choices = ", ".join(levels.RANDOMNESS)
                raise CommandError(f"setoption randomness: {option.value!r} is not one of {choices}")
            self.randomness = value
        elif option.name == "resign":
            self.resigns = parse_bool(option)
        elif option.name == "multipv":
            self.lines = parse_int(option, 1, MAX_LINES)
        elif option.name in ("newgame", "clearhash", "clear hash"):
            self.searcher.new_game()
        elif option.name not in IGNORED_OPTIONS:
            self.emit(f"info string unsupported option {option.name!r} ignored")

    # ------------------------------------------------------------------------------- position
    def _position(self, words: list[str]) -> None:
        command = parse_position(words)
        self.position = command
        self.banned = []
        if command.error:
            self.emit(f"info string error: {command.error}")

    def _banmoves(self, words: list[str]) -> None:
        self.banned = parse_banmoves(words)

    # ------------------------------------------------------------------------------------- go
    def _start_go(self, words: list[str]) -> None:
        start = time.perf_counter()
        go = parse_go(words)
        limits = clock_limits(go, start, self.millisec)
        level = self.level
        if level.max_depth is not None:
            limits.depth = min(limits.depth, level.max_depth)
        if level.max_nodes is not None:
            limits.nodes = min(limits.nodes or level.max_nodes, level.max_nodes)
        margin = max(level.margin, levels.RANDOMNESS[self.randomness])
        board = board_for(self.position)
        banned = frozenset(move_code(m.from_sq, m.to_sq) for m in self.banned)
        self._go, self._limits = go, limits
        self._draw_offered = go.draw
        # ponder waits for ponderhit or stop, infinite for stop, before the bestmove is written
        self._release.clear()
        if not (go.ponder or go.infinite):
            self._release.set()
        if limits.depth == 0:
            self._static_only(board)
            return
        self._busy = True
        self._thread = threading.Thread(
            target=self._think, args=(board, limits, banned, margin, self.lines), name="builtin-search",
            daemon=True,
        )
        self._thread.start()

    def _static_only(self, board: SearchBoard) -> None:
        self.emit(f"info depth 0 score {board.evaluate()}")
        self.emit("nobestmove")

    def _think(self, board: SearchBoard, limits: Limits, banned: frozenset[int], margin: int, lines: int) -> None:
        try:
            result = self.searcher.search(board, limits, self._report, banned, margin, lines)
        except Exception as exc:  # a bug must not kill the process silently: say it, answer nobestmove
            self.emit(f"info string error: search failed: {exc!r}")
            result = Result(None, None, 0, 0, 0)
        self._release.wait()
        self.emit(f"info time {self.searcher.elapsed_ms()} nodes {result.nodes}")
        self.emit(self._bestmove_line(result))
        self._busy = False
        self.on_search_done()

    def _report(self, info: Info) -> None:
        nps = info.nodes * 1000 // max(info.time_ms, 1)
        rank = f" multipv {info.multipv}" if info.multipv else ""
        self.emit(
            f"info depth {info.depth}{rank} score {info.score} time {info.time_ms} nodes {info.nodes} nps {nps}"
            f" pv {format_pv(info.pv)}"
        )

    def _bestmove_line(self, result: Result) -> str:
        if result.best is None:
            return "nobestmove"
        line = f"bestmove {iccs(result.best)}"
        if result.ponder is not None:
            line += f" ponder {iccs(result.ponder)}"
        if self._draw_offered and result.score <= DRAW_ACCEPT_SCORE:
            line += " draw"
        elif self._should_resign(result):
            line += " resign"
        return line

    def _should_resign(self, result: Result) -> bool:
        """Resign, as a player would, when the search has proved that every move gets mated. Never while
        analysing (an infinite or ponder search): there the move is a suggestion, not a decision."""
        go = self._go
        playing = go is not None and not go.infinite and not go.ponder
        return self.resigns and playing and result.score < -MATE_BOUND

    # ------------------------------------------------------------------------- stop, ponderhit
    def _stop(self, _: list[str]) -> None:
        if not self.thinking:
            self.emit("nobestmove")
            return
        self._finish_search()

    def _finish_search(self) -> None:
        """Stop a running search and wait for its bestmove (a few ms: the search polls often)."""
        if self._thread is None:
            return
        self.searcher.request_stop()
        self._release.set()
        self._thread.join()
        self._thread = None

    def _ponderhit(self, words: list[str]) -> None:
        if not self.thinking or self._go is None or self._limits is None or not self._go.ponder:
            self.emit("info string error: ponderhit without go ponder")
            return
        if words and words[0].lower() == "draw":
            self._draw_offered = True
        soft_ms, hard_ms = time_budget_ms(self._go, self.millisec)
        if hard_ms is not None:
            now = time.perf_counter()
            self._limits.soft_deadline = now + (soft_ms or hard_ms) / 1000
            self._limits.hard_deadline = now + hard_ms / 1000
        self._go = dataclasses.replace(self._go, ponder=False)  # a real move now (a second ponderhit errs)
        self._release.set()

    def wait(self) -> None:
        """Block until the running search (if any) has answered."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
