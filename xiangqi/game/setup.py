"""What the new-game dialog produces and the autosave keeps: sides, opponent, strength, time control,
start position. No Qt."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from xiangqi.core import Color
from xiangqi.engine.registry import BUILTIN_FAMILY, EngineSpec, Protocol, builtin_engine_spec
from xiangqi.game.clock import TimeControl, TimeControlKind

if TYPE_CHECKING:   # only for the type: the settings module (and tomlkit) load with the app
    from xiangqi.config import GameSettings

LEVELS = range(1, 6)


@dataclass(frozen=True)
class Strength:
    """How hard the engine plays: a built-in level, or a depth / Elo limit where the engine has it."""

    level: int | None = 3          # built-in engine level 1..5 (None for other engines)
    depth: int | None = None       # search depth limit, any engine
    elo: int | None = None         # UCI_LimitStrength + UCI_Elo when the engine offers them


@dataclass(frozen=True)
class GameSetup:
    human: Color = Color.RED
    engine: EngineSpec | None = field(default_factory=lambda: builtin_engine_spec(3))  # None: two players
    strength: Strength = Strength()
    time_control: TimeControl = TimeControl()
    start_fen: str | None = None
    natural_limit_plies: int = 120
    engine_both: bool = False      # the engine plays both sides (one engine process per side)

    def engine_plays(self, color: Color) -> bool:
        return self.engine is not None and (self.engine_both or color is not self.human)

    def with_engine(self, spec: EngineSpec | None) -> GameSetup:
        return replace(self, engine=spec)

    def to_dict(self) -> dict[str, Any]:
        return {
            "human": self.human.name,
            "engine": spec_to_dict(self.engine) if self.engine else None,
            "strength": {"level": self.strength.level, "depth": self.strength.depth,
                         "elo": self.strength.elo},
            "time_control": self.time_control.to_dict(),
            "start_fen": self.start_fen,
            "natural_limit_plies": self.natural_limit_plies,
            "engine_both": self.engine_both,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSetup:
        engine = data.get("engine")
        return cls(
            human=Color[data.get("human", "RED")],
            engine=spec_from_dict(engine) if engine else None,
            strength=Strength(**data.get("strength", {})),
            time_control=TimeControl.from_dict(data.get("time_control", {})),
            start_fen=data.get("start_fen"),
            engine_both=data.get("engine_both", False) is True,
            natural_limit_plies=int(data.get("natural_limit_plies", 120)),
        )


def is_builtin(spec: EngineSpec | None) -> bool:
    return spec is not None and spec.family == BUILTIN_FAMILY


def spec_to_dict(spec: EngineSpec) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for item in fields(spec):
        value = getattr(spec, item.name)
        if isinstance(value, Enum):
            value = value.name
        elif isinstance(value, tuple):
            value = list(value)
        elif hasattr(value, "items"):
            value = dict(value)
        data[item.name] = value
    return data


def spec_from_dict(data: dict[str, Any]) -> EngineSpec:
    known = {item.name for item in fields(EngineSpec)}
    values = {key: value for key, value in data.items() if key in known}
    if "protocol" in values:
        values["protocol"] = Protocol[values["protocol"]]
    if "args" in values:
        values["args"] = tuple(values["args"])
    return EngineSpec(**values)


def setup_from_settings(game: GameSettings) -> GameSetup:
    """The game a fresh start (or the new-game dialog) begins with: the built-in engine at the
    configured level and time control (``game`` is ``xiangqi.config.GameSettings``)."""
    level = int(game.level)
    control = TimeControl(TimeControlKind(game.time_control), round(game.move_time * 1000),
                          round(game.clock_minutes * 60_000), round(game.clock_increment * 1000),
                          int(game.clock_moves))
    human = Color.BLACK if game.human_side == "black" else Color.RED
    return GameSetup(human=human, engine=builtin_engine_spec(level), strength=Strength(level=level),
                     time_control=control, natural_limit_plies=int(game.natural_limit_plies))

