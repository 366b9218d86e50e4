"""Time controls and the two-sided game clock (no Qt: the time source is injected, so tests can
run a clock out without waiting)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from enum import Enum

from xiangqi.core import Color


class TimeControlKind(Enum):
    NONE = "none"    # untimed; the engine gets ``default_engine_ms`` per move
    MOVE = "move"    # fixed time per engine move (步时); the human is not timed
    CLOCK = "clock"  # game clocks for both sides (局时 + 加时 / 每期步数 / 读秒)


@dataclass(frozen=True)
class TimeControl:
    kind: TimeControlKind = TimeControlKind.NONE
    move_time_ms: int = 3000
    total_ms: int = 600_000
    increment_ms: int = 0
    moves_per_period: int = 0   # 0 = sudden death; else total_ms is added again every N moves
    byoyomi_ms: int = 0         # after the main time: every move within this (读秒)

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["kind"] = self.kind.value
        return data

    @classmethod
    def from_dict(cls, data: object) -> TimeControl:
        """Raises ValueError naming the bad field."""
        if not isinstance(data, dict):
            raise ValueError(f"time_control: expected an object, got {_quoted(data)}")
        try:
            kind = TimeControlKind(data.get("kind", "none"))
        except ValueError:
            raise ValueError(f"time_control: unknown kind {_quoted(data.get('kind'))}") from None
        numbers: dict[str, int] = {}
        for name in ("move_time_ms", "total_ms", "increment_ms", "moves_per_period", "byoyomi_ms"):
            if name in data:
                value = data[name]
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ValueError(f"time_control: {name} must be a whole number, got {_quoted(value)}")
                numbers[name] = value
        return cls(kind, **numbers)


def monotonic_ms() -> float:
    return time.monotonic() * 1000.0


@dataclass
class SideTime:
    remaining_ms: float
    moves_in_period: int = 0
    in_byoyomi: bool = False


@dataclass
class GameClock:
    """Both sides' time. ``running`` is the side whose time is being spent, or None when stopped."""

    control: TimeControl
    now: Callable[[], float] = monotonic_ms
    sides: dict[Color, SideTime] = field(default_factory=dict)
    running: Color | None = None
    _started_at: float = 0.0

    def __post_init__(self) -> None:
        if not self.sides:
            self.sides = {c: SideTime(float(self.control.total_ms)) for c in (Color.RED, Color.BLACK)}

    @property
    def timed(self) -> bool:
        return self.control.kind is TimeControlKind.CLOCK

    def start(self, color: Color) -> None:
        """Start spending ``color``'s time (stopping whichever clock ran)."""
        self.stop()
        self.running = color
        self._started_at = self.now()

    def stop(self) -> None:
        """Stop the running clock, charging the time spent (no increment: nobody moved)."""
        if self.running is not None:
            self._charge(self.running)
            self.running = None

    def moved(self, color: Color) -> None:
        """``color`` completed a move: charge its time, add increment/period/byoyomi, start the other."""
        if self.running is color:
            self._charge(color)
        side = self.sides[color]
        control = self.control
        if side.in_byoyomi:
            side.remaining_ms = float(control.byoyomi_ms)
        else:
            side.remaining_ms += control.increment_ms
            side.moves_in_period += 1
            if control.moves_per_period and side.moves_in_period >= control.moves_per_period:
                side.moves_in_period = 0
                side.remaining_ms += control.total_ms
        self.start(color.other)

    def _charge(self, color: Color) -> None:
        now = self.now()
        side = self.sides[color]
        side.remaining_ms -= now - self._started_at
        self._started_at = now
        if side.remaining_ms <= 0 and not side.in_byoyomi and self.control.byoyomi_ms > 0:
            overshoot = -side.remaining_ms
            side.in_byoyomi = True
            side.remaining_ms = self.control.byoyomi_ms - overshoot

    def remaining_ms(self, color: Color) -> float:
        """Time left for ``color`` now (the current period or byoyomi period)."""
        side = self.sides[color]
        if self.running is not color:
            return side.remaining_ms
        spent = self.now() - self._started_at
        left = side.remaining_ms - spent
        if left <= 0 and not side.in_byoyomi and self.control.byoyomi_ms > 0:
            return self.control.byoyomi_ms + left
        return left

    def in_byoyomi(self, color: Color) -> bool:
        side = self.sides[color]
        if side.in_byoyomi:
            return True
        spent = self.now() - self._started_at if self.running is color else 0.0
        return self.control.byoyomi_ms > 0 and side.remaining_ms - spent <= 0

    def flagged(self) -> Color | None:
        """The side whose time has run out, if any."""
        if not self.timed:
            return None
        for color in (Color.RED, Color.BLACK):
            if self.remaining_ms(color) <= 0:
                return color
        return None

    def to_dict(self) -> dict[str, object]:
        return {c.name: asdict(s) for c, s in self.sides.items()}

    def restore(self, data: object) -> None:
        """Both sides' time from ``to_dict``; raises ValueError naming what is wrong (nothing is changed)."""
        if not isinstance(data, dict):
            raise ValueError(f"clock: expected an object, got {_quoted(data)}")
        sides = dict(self.sides)
        for name, values in data.items():
            if name not in Color.__members__ or not isinstance(values, dict):
                raise ValueError(f"clock: bad side {_quoted(name)}: {_quoted(values)}")
            remaining = values.get("remaining_ms")
            moves = values.get("moves_in_period", 0)
            byoyomi = values.get("in_byoyomi", False)
            if isinstance(remaining, bool) or not isinstance(remaining, int | float) \
                    or isinstance(moves, bool) or not isinstance(moves, int) or not isinstance(byoyomi, bool):
                raise ValueError(f"clock: bad time for {name}: {_quoted(values)}")
            sides[Color[name]] = SideTime(float(remaining), moves, byoyomi)
        self.sides = sides


def _quoted(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def format_ms(ms: float) -> str:
    """``ms`` as m:ss (or h:mm:ss); tenths below ten seconds so the last seconds are readable."""
    ms = max(0.0, ms)
    if ms < 10_000:
        return f"0:{ms / 1000:04.1f}"
    seconds = int(ms // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
