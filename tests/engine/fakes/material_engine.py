#!/usr/bin/env python3
"""A scripted UCCI engine for the study tests: it counts material one ply deep, so its scores and lines
are known in advance, and it speaks multi-PV, ``go infinite`` and ``go ponder``/``ponderhit``.

    python tests/engine/fakes/material_engine.py [--delay-ms N] [--log FILE] [--name NAME]

* Handshake: ``ucci`` → ``id``, ``option MultiPV type spin min 1 max 5 default 1``, ``ucciok``.
* Each legal move is valued by the material it leaves (side to move's view, centipawns: rook 900,
  cannon 450, horse 400, advisor/elephant 200, pawn 100, crossed pawn 200); equal values keep the order
  of ``Position.legal_moves()``. Line ``i`` (``multipv i``) is the i-th best move followed by the
  opponent's best answer, ``score cp`` its value. No legal move: ``score mate 0``, ``nobestmove``.
* ``go depth N`` / ``go movetime N`` / a clock: info lines for depths 1..3 (all lines each depth), then
  ``bestmove`` after ``--delay-ms`` (``stop`` answers at once).
* ``go infinite`` / ``go ponder``: the same info lines, then it waits for ``stop`` (and for ``ponderhit``,
  after which it answers like a timed search).
* ``--log FILE`` appends every command received (to check ``go ponder`` / ``ponderhit`` / ``stop``).
"""

from __future__ import annotations

import argparse
import queue
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repo, for xiangqi.core

from xiangqi.core import Move, Position  # noqa: E402

VALUES = {1: 0, 2: 200, 3: 200, 4: 400, 5: 900, 6: 450, 7: 100}
DEPTHS = (1, 2, 3)
MATE_CP = 20_000


def material(position: Position) -> int:
    """Material of the side to move minus the other side's, in centipawns."""
    total = 0
    for square, cell in enumerate(position.cells()):   # not .board: numpy would add 0.2 s to each start
        if cell == 0:
            continue
        value = VALUES[abs(cell)]
        if abs(cell) == 7 and ((cell > 0 and square // 9 >= 5) or (cell < 0 and square // 9 <= 4)):
            value = 200   # a pawn across the river (rank 5+ for red, 4- for black, ICCS rows)
        total += value if cell > 0 else -value
    return total if position.turn.name == "RED" else -total


def ranked_moves(position: Position) -> list[tuple[int, Move, Move | None]]:
    """(value for the mover, move, the opponent's best answer) for each legal move, best first: the
    material after the move and the answer that leaves the mover least (two plies, nothing more)."""
    ranked = []
    for move in position.legal_moves():
        position.push_unchecked(move)
        value, best_reply = MATE_CP, None   # no answer: the opponent is mated (or stalemated: lost too)
        for reply in position.legal_moves():
            position.push_unchecked(reply)
            left = material(position)
            position.pop()
            if best_reply is None or left < value:
                value, best_reply = left, reply
        position.pop()
        ranked.append((value, move, best_reply))
    ranked.sort(key=lambda entry: -entry[0])
    return ranked


class MaterialEngine:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.commands: queue.Queue[str | None] = queue.Queue()
        self.log = args.log.open("a", encoding="utf-8") if args.log else None
        self.position = Position()
        self.lines = 1
        self.banned: set[Move] = set()         # UCCI banmoves: left out of the next search
        self.backlog: list[str | None] = []   # commands that came while thinking, handled after the answer

    def say(self, *lines: str) -> None:
        sys.stdout.write("".join(line + "\n" for line in lines))
        sys.stdout.flush()

    def next_command(self, timeout: float | None = None) -> str | None:
        if self.backlog:
            return self.backlog.pop(0)
        command = self.commands.get(timeout=timeout)
        if command is not None and self.log:
            self.log.write(command + "\n")
            self.log.flush()
        return command

    def run(self) -> int:
        threading.Thread(target=self._read, daemon=True).start()
        while True:
            command = self.next_command()
            if command is None or command == "quit":
                self.say("bye")
                return 0
            self.handle(command)

    def _read(self) -> None:
        for line in sys.stdin:
            self.commands.put(line.strip())
        self.commands.put(None)

    def handle(self, command: str) -> None:
        word, _, rest = command.partition(" ")
        if word == "ucci":
            self.say(f"id name {self.args.name}", "id author the test suite",
                     "option MultiPV type spin min 1 max 5 default 1", "ucciok")
        elif word == "isready":
            self.say("readyok")
        elif word == "setoption":
            words = rest.replace("name ", "").replace("value ", "").split()
            if len(words) == 2 and words[0].lower() == "multipv":
                self.lines = max(1, min(5, int(words[1])))
        elif word == "position":
            self.set_position(rest.split())
        elif word == "banmoves":   # UCCI: the next search leaves these moves out
            self.banned = {Move.from_iccs(iccs) for iccs in rest.split()}
        elif word == "go":
            self.go(rest.split())
            self.banned = set()

    def set_position(self, words: list[str]) -> None:
        cut = words.index("moves") if "moves" in words else len(words)
        fen = Position.STARTING_FEN if words[0] == "startpos" else " ".join(words[1:cut])
        position = Position.from_fen(fen)
        for iccs in words[cut + 1:]:
            position.push(Move.from_iccs(iccs))
        self.position = position

    def go(self, words: list[str]) -> None:
        ranked = [entry for entry in ranked_moves(self.position) if entry[1] not in self.banned]
        self.report(ranked)
        waiting = "infinite" in words or "ponder" in words
        deadline = None if waiting else time.monotonic() + self.args.delay_ms / 1000
        while deadline is None or time.monotonic() < deadline:
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                command = self.commands.get(timeout=timeout)
            except queue.Empty:
                break
            if self.log and command is not None:
                self.log.write(command + "\n")
                self.log.flush()
            if command is None or command == "quit":
                self.backlog.append(command)
                return
            if command == "stop":
                break
            if command.startswith("ponderhit"):
                deadline = time.monotonic() + self.args.delay_ms / 1000
            elif command == "isready":
                self.say("readyok")
            else:
                self.backlog.append(command)
        self.answer(ranked)

    def report(self, ranked: list[tuple[int, Move, Move | None]]) -> None:
        if not ranked:
            self.say("info depth 1 score mate 0")
            return
        for depth in DEPTHS:
            for number, (value, move, reply) in enumerate(ranked[:self.lines], start=1):
                pv = move.iccs() + (f" {reply.iccs()}" if reply is not None else "")
                self.say(f"info depth {depth} multipv {number} score cp {value} nodes {depth * 1000} "
                         f"nps 250000 time {depth} pv {pv}")

    def answer(self, ranked: list[tuple[int, Move, Move | None]]) -> None:
        if not ranked:
            self.say("nobestmove")
            return
        _value, move, reply = ranked[0]
        self.say(f"bestmove {move.iccs()}" + (f" ponder {reply.iccs()}" if reply is not None else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--delay-ms", type=int, default=0, help="thinking time of a timed search")
    parser.add_argument("--log", type=Path, help="append every received command to this file")
    parser.add_argument("--name", default="MaterialEngine")
    return MaterialEngine(parser.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
