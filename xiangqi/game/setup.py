"""What the new-game dialog produces and the autosave keeps: sides, opponent, strength, time control,
start position. No Qt."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from xiangqi.core import Color, Position
from xiangqi.engine.registry import BUILTIN_FAMILY, EngineSpec, Protocol, builtin_engine_spec
from xiangqi.game.clock import TimeControl, TimeControlKind

if TYPE_CHECKING:   # only for the type: the settings module (and tomlkit) load with the app
    from xiangqi.config import GameSettings

LEVELS = range(1, 6)
STARTING_PLACEMENT = Position.STARTING_FEN.split()[:2]


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
    player: str = ""               # the player's name for the headers (setting game.player_name)

    def engine_plays(self, color: Color) -> bool:
        return self.engine is not None and (self.engine_both or color is not self.human)

    def with_engine(self, spec: EngineSpec | None) -> GameSetup:
        return replace(self, engine=spec)

    def continued_from(self, fen: str, turn: Color) -> GameSetup:
        """A game from a set-up or studied position (the position editor, 从此处续下): this setup's
        opponent, strength and clock, the player taking the side to move (``turn``)."""
        start = None if fen.split()[:2] == STARTING_PLACEMENT else fen
        return replace(self, human=turn, start_fen=start, engine_both=False)

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
            "player": self.player,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSetup:
        """The setup ``to_dict`` wrote; raises ValueError naming the field that is not what it wrote."""
        engine = _typed(data, "engine", (dict, type(None)), None)
        human = _typed(data, "human", str, "RED")
        if human not in Color.__members__:
            raise ValueError(f"setup: human must be RED or BLACK, got {human!r:.80}")
        start_fen = _typed(data, "start_fen", (str, type(None)), None)
        return cls(
            human=Color[human],
            engine=spec_from_dict(engine) if engine else None,
            strength=_strength(_typed(data, "strength", dict, {})),
            time_control=TimeControl.from_dict(data.get("time_control", {})),
            start_fen=start_fen or None,
            engine_both=_typed(data, "engine_both", bool, False),
            natural_limit_plies=_typed(data, "natural_limit_plies", int, 120),
            player=_typed(data, "player", str, ""),
        )


def _typed(data: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any) -> Any:
    value = data.get(name, default)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ValueError(f"setup: {name} has the wrong type: {value!r:.80}")
    return value


def _strength(data: dict[str, Any]) -> Strength:
    values = {name: _typed(data, name, (int, type(None)), None) for name in ("level", "depth", "elo")
              if name in data}
    return Strength(**values)


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
    """The engine ``spec_to_dict`` wrote; raises ValueError naming a field of the wrong type."""
    known = {item.name for item in fields(EngineSpec)}
    values = {key: value for key, value in data.items() if key in known}
    for name in ("name", "command", "family"):
        _typed(values, name, str, "")
    _typed(values, "workdir", (str, type(None)), None)
    args = _typed(values, "args", list, [])
    options = _typed(values, "options", dict, {})
    if not all(isinstance(arg, str) for arg in args) or not all(isinstance(k, str) for k in options):
        raise ValueError(f"setup: engine args or options have the wrong type: {data!r:.80}")
    if "protocol" in values:
        protocol = _typed(values, "protocol", str, "AUTO")
        if protocol not in Protocol.__members__:
            raise ValueError(f"setup: unknown engine protocol {protocol!r:.80}")
        values["protocol"] = Protocol[protocol]
    values["args"] = tuple(args)
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
                     time_control=control, natural_limit_plies=int(game.natural_limit_plies),
                     player=str(game.player_name))

