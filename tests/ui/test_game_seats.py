"""The game's engine seats on their own (the controller's split, issue 29 §5): filled by colour from the
setup, kept for a new game with the same engine, and emptied with the "no engine" announcement."""

from __future__ import annotations

from app_fakes import ScriptedClient, builtin_like_spec
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from xiangqi.core import Color
from xiangqi.engine.registry import EngineSpec
from xiangqi.game.setup import GameSetup
from xiangqi.play.game_seats import GameSeats


def test_seats_follow_the_setup_and_say_so(qtbot: QtBot) -> None:
    made: list[ScriptedClient] = []

    def factory(spec: EngineSpec, owner: QObject) -> ScriptedClient:
        made.append(ScriptedClient(spec, owner))
        return made[-1]

    seats = GameSeats(factory)
    names: list[str] = []
    states: list[str] = []
    seats.name_changed.connect(names.append)
    seats.state_changed.connect(states.append)
    with qtbot.waitSignal(seats.seat_ready):
        seats.fill(GameSetup(engine=builtin_like_spec(), human=Color.RED))
    assert list(seats.seats) == [Color.BLACK] and seats.ready and names[-1] == "Scripted"
    seats.fill(GameSetup(engine=builtin_like_spec(), human=Color.RED))      # a new game, the same engine
    assert len(made) == 1
    seats.close_all()
    assert seats.seats == {} and names[-1] == "" and states[-1] == "DEAD" and not seats.ready
