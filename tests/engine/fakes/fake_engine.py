#!/usr/bin/env python3
"""A scripted UCCI/UCI engine for tests: answers the handshake, plays the first legal move (or the moves of
``--script``), and misbehaves on request (``--fault``). See README.md beside this file."""

from __future__ import annotations

import argparse
import os
import queue
import re
import signal
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repo, for xiangqi.core

_WIRE_MOVE = re.compile(r"([a-i])(\d{1,2})([a-i])(\d{1,2})")
FAULTS = (
    "exit-in-handshake",       # prints its id, then exits with code 2 instead of answering the hello
    "no-handshake",            # reads commands but never answers any hello
    "crash-in-search",         # on go: one info line, then SIGSEGV
    "no-bestmove-after-stop",  # on go: thinks forever, ignores stop
    "flood",                   # on go: 200000 info lines + a 300 KB line, then the move
    "garbage",                 # garbage lines (bad UTF-8, unknown commands, broken info) around everything
    "illegal-bestmove",        # answers with a move that is not legal in the position
    "malformed-bestmove",      # answers "bestmove xyz"
    "no-move",                 # answers "nobestmove" (ucci) / "bestmove (none)" (uci)
    "exit-nonzero",            # on go: exits with code 3
    "ignore-quit",             # ignores quit (the GUI must terminate it)
    "ignore-term",             # ignores quit and SIGTERM (the GUI must kill it)
)
OPTIONS = {
    "ucci": ["option usemillisec type check default false",
             "option hashsize type spin min 0 max 1024 default 16",
             "option style type combo var solid var normal var risky default normal",
             "option bookfiles type string default BOOK.DAT",
             "option newgame type button"],
    "uci": ["option name Hash type spin default 16 min 1 max 1024",
            "option name Threads type spin default 1 min 1 max 4",
            "option name Clear Hash type button",
            "option name Debug Log File type string default <empty>"],
}


def main() -> int:
    args = _arguments()
    if args.fault == "ignore-term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if args.load_rules_first:
        import xiangqi.core  # noqa: F401  (what ``choose`` imports, before the clock runs)
    engine = FakeEngine(args)
    return engine.run()


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dialect", choices=("ucci", "uci"), default="ucci")
    parser.add_argument("--rank-base", type=int, choices=(0, 1), default=0,
                        help="1: number ranks 1-10 in UCI mode and offer UCI_Variant (like Fairy-Stockfish)")
    parser.add_argument("--script", type=Path, help="ICCS moves to play in order, one per line")
    parser.add_argument("--fault", choices=FAULTS)
    parser.add_argument("--delay-ms", type=int, default=0, help="thinking time before answering go")
    parser.add_argument("--instant", action="store_true",
                        help="answer every go at once with the first script move or h2e2 (benchmarks)")
    parser.add_argument("--name", default="FakeEngine")
    parser.add_argument("--load-rules-first", action="store_true",
                        help="load the rules core before the banner, off the clock (else the first move, on the "
                             "clock, takes ~1 s for it: a test on a short clock)")
    parser.add_argument("--book-lines", default="", metavar="MOVE:WEIGHT,...",
                        help="before its first move, list these as ElephantEye lists its book's candidates "
                             "(info depth 0 score WEIGHT pv MOVE, in this order) and play the scripted move "
                             "without a search line")
    parser.add_argument("--offer-book", action="store_true",
                        help="(UCCI) also offer ElephantEye's book switch: option usebook type check default true")
    parser.add_argument("--log", type=Path, help="append every received command to this file")
    parser.add_argument("--outlive-input", action="store_true",
                        help="keep running when stdin closes (ElephantEye does: only quit or a signal ends it)")
    parser.add_argument("--claim-draw-after", type=int, metavar="N",
                        help="answer nobestmove when the position has N or more moves after its FEN "
                             "(ElephantEye's draw claim after 100 plies without a capture)")
    return parser.parse_args()


def _reader(commands: queue.Queue[str | None]) -> None:
    for line in sys.stdin:
        commands.put(line.strip())
    commands.put(None)


class FakeEngine:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.dialect = args.dialect
        self.fault = args.fault
        self.base = args.rank_base if args.dialect == "uci" else 0
        self.script = [m.strip() for m in args.script.read_text().split() if m.strip()] if args.script else []
        self.played = 0
        self.fen, self.moves = None, []
        self.commands: queue.Queue[str | None] = queue.Queue()
        self.log = args.log.open("a", encoding="utf-8") if args.log else None
        self.offer_book = args.offer_book
        self.handshaken = False

    def say(self, *lines: str) -> None:
        sys.stdout.write("".join(line + "\n" for line in lines))
        sys.stdout.flush()

    def run(self) -> int:
        threading.Thread(target=_reader, args=(self.commands,), daemon=True).start()
        self.say(f"{self.args.name} by the test suite")
        while True:
            command = self.commands.get()
            if command is None and self.args.outlive_input:
                threading.Event().wait()  # like ElephantEye: its input closed, it keeps running
            if command is None:
                return 0
            if self.log:
                self.log.write(command + "\n")
                self.log.flush()
            result = self.handle(command)
            if result is not None:
                return result

    def handle(self, command: str) -> int | None:
        word, _, rest = command.partition(" ")
        if not self.handshaken:
            return self.hello(word)
        if word == "quit":
            return None if self.fault in ("ignore-quit", "ignore-term") else self.quit()
        if word == "isready":
            self.say("readyok")
        elif word == "position":
            self.position(rest)
        elif word == "go" and rest:  # a bare "go" is ignored, like ElephantEye
            return self.go(rest.split())
        elif word in ("ucinewgame",) or command == "setoption newgame":
            self.played = 0
        elif word not in ("setoption", "stop", "ponderhit", "banmoves", ""):
            self.say(f"Unknown command: '{command}'. Type help for more information.")
        return None

    def quit(self) -> int:
        if self.dialect == "ucci":
            self.say("bye")
        return 0

    # ------------------------------------------------------------------------------------- handshake
    def hello(self, word: str) -> int | None:
        if self.fault == "no-handshake":
            return None  # silent whatever it is told
        if self.fault == "garbage":
            self.say("@@@ ???", "option type", "id")
            sys.stdout.buffer.write(b"\xff\xfe garbage \x80\x81\n")
            sys.stdout.flush()
        if word != self.dialect:
            if self.dialect == "uci":  # Stockfish-style engines (Pikafish) say so and keep running
                self.say(f"Unknown command: '{word}'. Type help for more information.")
                return None
            return 1  # ElephantEye-style: anything but ucci while booting -> exit
        self.say(f"id name {self.args.name} ({self.dialect})", "id author the test suite")
        if self.fault == "exit-in-handshake":
            return 2
        self.say(*OPTIONS[self.dialect])
        if self.offer_book and self.dialect == "ucci":
            self.say("option usebook type check default true")
        if self.base == 1:
            self.say("option name UCI_Variant type combo default chess var chess var xiangqi")
        self.say(f"{self.dialect}ok")
        self.handshaken = True
        return None

    # ------------------------------------------------------------------------------------- positions
    def position(self, rest: str) -> None:
        words = rest.split()
        if words[:1] == ["startpos"]:
            fen, words = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", words[1:]
        else:
            cut = words.index("moves") if "moves" in words else len(words)
            fen, words = " ".join(words[1:cut]), words[cut:]
        self.fen, self.moves = fen, [self.from_wire(m) for m in words[1:]]

    def from_wire(self, text: str) -> str:
        match = _WIRE_MOVE.fullmatch(text)
        if match is None:
            return "??"
        return f"{match[1]}{int(match[2]) - self.base}{match[3]}{int(match[4]) - self.base}"

    def to_wire(self, iccs: str) -> str:
        return f"{iccs[0]}{int(iccs[1]) + self.base}{iccs[2]}{int(iccs[3]) + self.base}"

    # ------------------------------------------------------------------------------------- searching
    def go(self, words: list[str]) -> int | None:
        if self.args.claim_draw_after is not None and len(self.moves) >= self.args.claim_draw_after:
            self.say("nobestmove" if self.dialect == "ucci" else "bestmove (none)")
            return None
        if self.fault == "exit-nonzero":
            return 3
        if self.fault == "crash-in-search":
            self.say("info depth 1 score cp 0")
            os.kill(os.getpid(), signal.SIGSEGV)
        if self.args.instant:
            self.say(f"bestmove {self.to_wire(self.script[0] if self.script else 'h2e2')}")
            return None
        pondering, infinite = "ponder" in words, "infinite" in words
        outcome = self.think(pondering or infinite or self.fault == "no-bestmove-after-stop")
        if outcome == "quit":
            return self.quit()
        self.answer()
        return None

    def think(self, until_told: bool) -> str:
        """Waits for the delay (or, pondering/infinite, for ponderhit/stop); handles commands meanwhile."""
        deadline = None if until_told else time.monotonic() + self.args.delay_ms / 1000
        while True:
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                command = self.commands.get(timeout=timeout)
            except queue.Empty:
                return "done"
            if command is None or command == "quit":
                return "quit"
            if command.startswith("ponderhit") and deadline is None:
                deadline = time.monotonic() + self.args.delay_ms / 1000
            elif command == "stop" and self.fault != "no-bestmove-after-stop":
                return "done"
            elif command == "isready":
                self.say("readyok")

    def answer(self) -> None:
        move = self.choose()
        garbage = self.fault == "garbage"
        if garbage:
            sys.stdout.buffer.write(b"info depth \xff\xfe score cp banana pv zz99 h2e2\n\x00\x01\x02\n")
            self.say("info depth 3 foo bar score cp 12 nodes 100 pv " + (self.to_wire(move) if move else ""),
                     "!!! segfault? no, just noise", "info string \u4e2d\u6587 message")
        if self.fault == "flood":
            self.flood(move)
        if self.fault == "illegal-bestmove":
            self.say("bestmove a0a9")  # the rook would jump over its own pawn
        elif self.fault == "malformed-bestmove":
            self.say("bestmove xyz")
        elif self.fault == "no-move" or move is None:
            self.say("nobestmove" if self.dialect == "ucci" else "bestmove (none)")
        elif self.args.book_lines and self.played == 0:   # a book move: candidates, then the one drawn
            for candidate in self.args.book_lines.split(","):
                iccs, _, weight = candidate.partition(":")
                self.say(f"info depth 0 score {int(weight or 1)} pv {self.to_wire(iccs.strip())}")
            self.say(f"bestmove {self.to_wire(move)}")
            self.played += 1
        else:
            self.say(f"info depth 1 score cp 0 nodes 1 time 1 pv {self.to_wire(move)}",
                     f"bestmove {self.to_wire(move)}")
            self.played += 1

    def flood(self, move: str | None) -> None:
        pv = f" pv {self.to_wire(move)}" if move else ""
        chunk = "".join(f"info depth {d % 30 + 1} score cp {d % 50} nodes {d * 10}{pv}\n" for d in range(1000))
        for _ in range(200):
            sys.stdout.write(chunk)
        sys.stdout.write("x" * 300_000 + "\n")
        sys.stdout.flush()

    def choose(self) -> str | None:
        if self.played < len(self.script):
            return self.script[self.played]
        from xiangqi.core import Move, Position, XiangqiError

        try:
            position = Position.from_fen(self.fen or Position.STARTING_FEN)
            for iccs in self.moves:
                position.push(Move.from_iccs(iccs))
        except XiangqiError as exc:  # like Pikafish: a bad position ends the program
            sys.stderr.write(f"fake engine: bad position: {exc}\n")
            sys.stderr.flush()
            os._exit(4)
        legal = position.legal_moves()
        return legal[0].iccs() if legal else None


if __name__ == "__main__":
    sys.exit(main())
