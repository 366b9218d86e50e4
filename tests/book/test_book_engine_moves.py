"""Engines play from the opening book for the first N plies (the controller's ``book_player``, set by the
Book menu), weighted by games; past those plies they search as usual."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from PySide6.QtCore import QObject

from xiangqi.book import BookPlayer, OpeningBook, build_book
from xiangqi.core import Color, Position
from xiangqi.engine.registry import EngineSpec
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from app_fakes import ScriptedClient, builtin_like_spec  # noqa: E402


def test_the_engine_plays_book_moves_then_searches(qtbot, tmp_path: Path, shared_data: Path) -> None:
    target = tmp_path / "ccgc.book"
    build_book(target, sorted((shared_data / "games" / "eleeye" / "CCGC").glob("*.PGN")))
    clients: list[ScriptedClient] = []

    def factory(spec: EngineSpec, owner: QObject) -> ScriptedClient:
        clients.append(ScriptedClient(spec, owner))
        return clients[-1]

    controller = GameController(AutosaveStore(tmp_path / "autosave.json"), factory)
    with OpeningBook(target) as book:
        controller.book_player = BookPlayer(book, plies=4, rng=random.Random(3)).move_for
        controller.new_game(GameSetup(engine=builtin_like_spec(), human=Color.RED))
        qtbot.waitUntil(lambda: controller.engine_ready)
        position = Position()
        for ply in (0, 2):
            human = book.moves(position)[0].move   # the most played move: the position stays in the book
            assert controller.try_move(human)
            position.push(human)
            qtbot.waitUntil(lambda n=ply + 2: controller.game.ply == n)
            reply = controller.game.moves[-1]
            assert reply in {entry.move for entry in book.moves(position)}   # a book move...
            position.push(reply)
        assert clients[0].gos == []   # ...played without asking the engine
        assert controller.try_move(position.legal_moves()[0])
        qtbot.waitUntil(lambda: controller.game.ply == 6)
        assert len(clients[0].gos) == 1   # past the 4 plies of the book the engine searched
