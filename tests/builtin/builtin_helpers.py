"""Helpers for the built-in engine tests: the UCCI loop on pipes (in a thread of the test, or as the real
``python -m xiangqi ucci`` process), and the positions of the real games in ``../shared/data/games/wukong``
(ICCS moves)."""

from __future__ import annotations

import io
import os
import queue
import re
import subprocess
import sys
import threading
from pathlib import Path

from xiangqi.core import Move, Position

REPO = Path(__file__).resolve().parents[2]
LINE_TIMEOUT = 60.0  # only a guard against a hung engine; no test measures time


class UcciLines:
    """The engine's output lines, queued (by a reader thread, or as they are written) so reads can time out."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str | None] = queue.Queue()

    def send(self, *lines: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def read(self) -> str:
        line = self.lines.get(timeout=LINE_TIMEOUT)
        if line is None:
            raise EOFError("engine closed its output")
        return line

    def until(self, prefix: str) -> list[str]:
        """Lines up to and including the first that starts with ``prefix``."""
        seen = []
        while True:
            line = self.read()
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def answer(self, *prefixes: str) -> tuple[str, list[str]]:
        """The first line starting with any of ``prefixes``, and the lines before it."""
        seen = []
        while True:
            line = self.read()
            if line.startswith(prefixes):
                return line, seen
            seen.append(line)

    def handshake(self) -> list[str]:
        self.send("ucci")
        return self.until("ucciok")



class UcciProcess(UcciLines):
    """The engine process (``python -m xiangqi ucci``): for what only a process shows (its exit, its stdin's
    bytes and end); a reader thread queues its stdout lines."""

    def __init__(self) -> None:
        super().__init__()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "xiangqi", "ucci"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=REPO,
        )
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=LINE_TIMEOUT)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


class _QueuedOutput(io.TextIOBase):
    """The in-process loop's stdout: each whole line written goes on the queue."""

    def __init__(self, lines: queue.Queue[str | None]) -> None:
        self.lines = lines
        self.partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        *whole, self.partial = (self.partial + text).split("\n")
        for line in whole:
            self.lines.put(line)
        return len(text)


class UcciLoop(UcciLines):
    """The same UCCI loop (``ucci_loop.run``) in a thread of the test process, on a pipe: what the engine
    answers, without the ~0.6 s of CPU a Python process costs to start (tests of the protocol's words)."""

    def __init__(self) -> None:
        from xiangqi.engine.builtin import ucci_loop

        super().__init__()
        read, write = os.pipe()
        self.commands = os.fdopen(write, "w", encoding="utf-8")
        self.stdin = os.fdopen(read, "r", encoding="utf-8", errors="replace")
        self.status: list[int] = []

        def loop() -> None:
            # The pipe is not closed here: the loop's reader thread may be blocked reading it, and closing a
            # file another thread reads waits for that read (a whole LINE_TIMEOUT after `quit`). close() does.
            try:
                self.status.append(ucci_loop.run(self.stdin, _QueuedOutput(self.lines)))
            finally:
                self.lines.put(None)

        self.thread = threading.Thread(target=loop, name="ucci-loop", daemon=True)
        self.thread.start()

    def send(self, *lines: str) -> None:
        self.commands.write("".join(line + "\n" for line in lines))
        self.commands.flush()

    def close(self) -> None:
        """Like the GUI going away: end of input (the loop stops any search and says bye)."""
        if not self.commands.closed:
            self.commands.close()   # the reader thread sees the end of input and lets go of the pipe
        self.thread.join(LINE_TIMEOUT)
        assert not self.thread.is_alive(), "the UCCI loop did not end at the end of its input"
        self.stdin.close()


def wukong_games(shared_data: Path) -> list[list[Move]]:
    """The ICCS move lists of ``games/wukong/bulk_games_uci.pgn``."""
    text = (shared_data / "games" / "wukong" / "bulk_games_uci.pgn").read_text(encoding="ascii")
    games = []
    for block in text.split("[Event")[1:]:
        body = " ".join(line for line in block.splitlines()[1:] if not line.startswith("["))
        games.append([Move.from_iccs(t) for t in body.split() if re.fullmatch(r"[a-i]\d[a-i]\d", t)])
    return games


def game_positions(shared_data: Path) -> list[tuple[str, list[Move]]]:
    """Every position of the wukong games (game not over) as (UCCI start FEN, moves since)."""
    positions = []
    for moves in wukong_games(shared_data):
        position = Position()
        for move in moves:
            position.push(move)
            if position.outcome() is None:
                positions.append(position.ucci_position())
    return positions
