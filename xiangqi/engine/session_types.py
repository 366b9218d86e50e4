"""The values an ``EngineSession`` exchanges with its transport and the program (no Qt): states, events,
steps, deadlines and configuration."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from xiangqi.engine.failures import EngineFailure
from xiangqi.engine.messages import BestMove, EngineOption, Info, OptionValue
from xiangqi.engine.protocol import IDENTITY_SCALE, Dialect, ScoreScale


class SessionState(Enum):
    BOOTING = "booting"
    IDLE = "idle"
    THINKING = "thinking"
    STOPPING = "stopping"
    QUITTING = "quitting"
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class EngineInfo:
    name: str
    author: str
    dialect: Dialect
    options: tuple[EngineOption, ...]
    rank_base: int = 0
    time_in_ms: bool = True
    banner: tuple[str, ...] = ()
    scores: ScoreScale = IDENTITY_SCALE   # how its scores were normalised
    book_option: str | None = None        # the offered option that switches its own book (usebook, OwnBook)

    def option(self, name: str) -> EngineOption | None:
        """The offered option called ``name`` (option names are case-insensitive in both dialects)."""
        key = name.lower()
        return next((o for o in self.options if o.name.lower() == key), None)


# What a session reports, as the values themselves (their types tell them apart): EngineInfo when the
# engine is ready, Info, BestMove, EngineFailure, and the SessionState it has just entered.
SessionEvent = EngineInfo | Info | BestMove | EngineFailure | SessionState


class DeadlineKind(Enum):
    HANDSHAKE = "handshake"
    READY = "ready"
    STOP = "stop"
    QUIT = "quit"
    TERMINATE = "terminate"


class TransportAction(Enum):
    RESTART = "restart"      # start the process again (the previous dialect made it exit), then boot()
    TERMINATE = "terminate"  # SIGTERM
    KILL = "kill"            # SIGKILL


@dataclass(frozen=True, slots=True)
class Deadline:
    kind: DeadlineKind
    ms: int


class Step(NamedTuple):
    """What the transport must do now. (A NamedTuple: one is made for every line batch and command.)"""

    send: tuple[str, ...] = ()
    events: tuple[SessionEvent, ...] = ()
    deadline: Deadline | None = None   # (re)arm the single deadline timer
    cancel_deadline: bool = False      # applied before ``deadline``
    action: TransportAction | None = None
    log: tuple[str, ...] = ()
    received: tuple[str, ...] = ()     # the engine lines read (after flood thinning), for a console


@dataclass(frozen=True, slots=True)
class Timeouts:
    handshake_ms: int = 10_000   # per dialect tried
    ready_ms: int = 10_000       # isready after setup
    stop_ms: int = 5_000         # bestmove after stop
    quit_ms: int = 1_500         # exit after quit, then terminate
    terminate_ms: int = 1_500    # exit after terminate, then kill


@dataclass(frozen=True, slots=True)
class NameRule:
    """Family facts applied when the engine's ``id name`` (or banner) matches ``pattern``: a renamed
    Fairy-Stockfish binary still gets its rank numbering and time unit right."""

    pattern: str
    uci_rank_base: int | None = None
    ucci_time_in_ms: bool | None = None
    score_scales: Mapping[str, ScoreScale] | None = None  # per dialect key, as EngineFamily.scores
    book_option: str | None = None


@dataclass(frozen=True, slots=True)
class SessionConfig:
    """How to talk to one engine: dialects to try in order, options to set, overrides from its family."""

    dialects: tuple[Dialect, ...] = (Dialect.UCCI, Dialect.UCI)
    options: tuple[tuple[str, OptionValue], ...] = ()
    uci_rank_base: int | None = None     # None: by name rule, else 1 when it offers UCI_Variant, else 0
    ucci_time_in_ms: bool | None = None  # None: by name rule, else seconds unless it offers usemillisec
    timeouts: Timeouts = Timeouts()
    name_rules: tuple[NameRule, ...] = ()
    score_scales: Mapping[str, ScoreScale] | None = None  # None: by name rule, else centipawns
    book_option: str | None = None                        # None: by name rule, else none known
