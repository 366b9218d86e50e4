"""Recorded engine conversations replayed through the pure session (no process, no Qt).

Transcript lines (tests/engine/transcripts/*.txt):
  ``> line``   the session must send exactly this next
  ``< line``   the engine says this
  ``= event``  the session must emit this event next (state changes are checked with ``?``)
  ``? state``  the session's state now
  ``~ text``   some log message of the last step contains this text
  ``! action`` the last step asked the transport for this action (restart, terminate, kill)
  ``@verb``    drive the session: config, boot, go, stop, ponderhit, newgame, setoption, quit, timeout, exit
Nothing may be left over: every sent line and every event must be matched before the next ``@``/``<``.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from xiangqi.core import Move, Position
from xiangqi.engine.messages import BestMove, Info, SearchLimits
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.registry import load_families
from xiangqi.engine.session import (
    DeadlineKind,
    EngineFailure,
    EngineInfo,
    EngineSession,
    NameRule,
    SessionConfig,
    SessionState,
    Step,
)

TRANSCRIPTS = Path(__file__).parent / "transcripts"
INT_LIMITS = {"depth", "nodes", "movetime_ms", "red_time_ms", "black_time_ms", "red_increment_ms",
              "black_increment_ms", "moves_to_go"}


def render_info(info: Info) -> str:
    parts = []
    for name, label in (("depth", "depth"), ("seldepth", "seldepth"), ("multipv", "multipv")):
        if getattr(info, name) is not None:
            parts.append(f"{label}={getattr(info, name)}")
    if info.score is not None:
        score = info.score
        value = {"cp": score.cp, "mate": score.mate, "book": score.book,
                 "ruling": f"{score.ruling:+d}" if score.ruling is not None else None}[score.kind.value]
        parts.append(f"score={score.kind.value}:{value}" + (f":{score.bound}" if score.bound else ""))
    if info.wdl is not None:
        parts.append("wdl=" + ",".join(map(str, info.wdl)))
    for name, label in (("nodes", "nodes"), ("nps", "nps"), ("time_ms", "time"), ("hashfull", "hashfull"),
                        ("tbhits", "tbhits")):
        if getattr(info, name) is not None:
            parts.append(f"{label}={getattr(info, name)}")
    if info.currmove is not None:
        parts.append(f"currmove={info.currmove.iccs()}")
    if info.currmovenumber is not None:
        parts.append(f"currmovenumber={info.currmovenumber}")
    if info.pv:
        parts.append("pv=" + ",".join(m.iccs() for m in info.pv))
    if info.string is not None:
        parts.append(f"string={info.string}")
    if info.skipped:
        parts.append(f"skipped={len(info.skipped)}")
    return " ".join(["info"] + parts)


def render_event(event: object) -> str:
    if isinstance(event, EngineInfo):
        i = event
        return (f'ready name="{i.name}" dialect={i.dialect.rules.key} ranks={i.rank_base} '
                f"ms={str(i.time_in_ms).lower()} options={len(i.options)}")
    if isinstance(event, Info):
        return render_info(event)
    if isinstance(event, BestMove):
        return str(event)
    if isinstance(event, EngineFailure):
        return f"failed {event.kind.value} fatal={'yes' if event.fatal else 'no'}"
    raise AssertionError(f"unexpected event {event!r}")


def parse_config(words: list[str]) -> SessionConfig:
    values: dict = {}
    for word in words:
        key, _, value = word.partition("=")
        if key == "dialects":
            values["dialects"] = tuple(Dialect.from_key(k) for k in value.split(","))
        elif key == "options":
            pairs = [item.split(":", 1) for item in value.split(",")]
            values["options"] = tuple((k, v) for k, v in pairs)
        elif key == "name_rule":
            pattern, base, millis = value.rsplit(":", 2)
            values["name_rules"] = (NameRule(pattern, int(base), millis == "true"),)
        elif key == "family":  # the family's data from engines/families.toml, as the registry passes it
            family = next(f for f in load_families() if f.id == value)
            values["score_scales"], values["book_option"] = family.scores, family.book_option
        else:
            raise AssertionError(f"unknown config key {key!r}")
    return SessionConfig(**values)


def parse_go(text: str) -> tuple[Position, SearchLimits, dict]:
    head, fen, moves = (part.strip() for part in text.split("|"))
    position = Position() if fen == "startpos" else Position.from_fen(fen)
    for move in moves.split():
        position.push(Move.from_iccs(move))
    limits, flags = {}, {}
    for word in head.split():
        key, _, value = word.partition("=")
        if key in INT_LIMITS:
            limits[key] = int(value)
        elif key == "infinite":
            limits["infinite"] = True
        elif key in ("ponder", "draw"):
            flags["draw_offer" if key == "draw" else key] = True
        elif key == "ban":
            flags["banned"] = [Move.from_iccs(m) for m in value.split(",")]
        else:
            raise AssertionError(f"unknown go word {word!r}")
    return position, SearchLimits(**limits), flags


class Replay:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.session = EngineSession()
        self.sent: deque[str] = deque()
        self.events: deque[object] = deque()
        self.last = Step()

    def take(self, step: Step) -> None:
        self.last = step
        self.sent.extend(step.send)
        self.events.extend(e for e in step.events if not isinstance(e, SessionState))

    def settled(self, where: str) -> None:
        assert not self.sent, f"{where}: unexpected lines sent: {list(self.sent)}"
        assert not self.events, f"{where}: unexpected events: {[render_event(e) for e in self.events]}"

    def run(self) -> None:
        for number, raw in enumerate(self.path.read_text(encoding="utf-8").splitlines(), start=1):
            if raw.startswith("#") or not raw.strip():
                continue
            where = f"{self.path.name}:{number}"
            mark, text = raw[0], raw[1:] if raw[0] == "@" else raw[2:]
            if mark in "@<":
                self.settled(where)
            self.line(mark, text, where)
        self.settled(f"{self.path.name}: end")

    def line(self, mark: str, text: str, where: str) -> None:
        if mark == ">":
            assert self.sent, f"{where}: expected {text!r} to be sent, nothing was"
            assert self.sent.popleft() == text, f"{where}: sent line differs"
        elif mark == "<":
            self.take(self.session.feed(text))
        elif mark == "=":
            assert self.events, f"{where}: expected event {text!r}, none came"
            assert render_event(self.events.popleft()) == text, where
        elif mark == "?":
            assert self.session.state is SessionState(text), f"{where}: state is {self.session.state}"
        elif mark == "~":
            assert any(text in message for message in self.last.log), f"{where}: log {self.last.log}"
        elif mark == "!":
            assert self.last.action is not None and self.last.action.value == text, where
        elif mark == "@":
            self.verb(text)
        else:
            raise AssertionError(f"{where}: unknown line mark {mark!r}")

    def verb(self, text: str) -> None:
        verb, _, rest = text.partition(" ")
        session = self.session
        if verb == "config":
            self.session = EngineSession(parse_config(rest.split()))
            return
        if verb == "go":
            position, limits, flags = parse_go(rest)
            self.take(session.go(position, limits, **flags))
            return
        simple = {
            "boot": session.boot, "stop": session.stop, "newgame": session.new_game, "quit": session.quit,
            "ponderhit": lambda: session.ponderhit(rest == "draw"),
            "setoption": lambda: session.set_option(*rest.split(" ", 1)),
            "timeout": lambda: session.deadline_passed(DeadlineKind(rest)),
            "exit": lambda: self.exit(rest),
        }
        self.take(simple[verb]())

    def exit(self, rest: str) -> Step:
        values = dict(word.split("=") for word in rest.split())
        code = int(values["code"]) if "code" in values else None
        signal = int(values["signal"]) if "signal" in values else None
        return self.session.process_exited(code, signal, "")


@pytest.mark.parametrize("path", sorted(TRANSCRIPTS.glob("*.txt")), ids=lambda p: p.stem)
def test_transcript(path: Path) -> None:
    Replay(path).run()
