"""A match game's end in the UI's language (issue 20): the results table and the last move's comment say
"黑方被将死" / "红方认输" in the Chinese UI, from the match's data (``GameEnd.kind``, the winner, the final
position); the PGN file keeps the match's English words and the standard Termination tag."""

from __future__ import annotations

import re

from PySide6.QtCore import QTranslator

from xiangqi.core import Color, Move
from xiangqi.match.record import finish_game
from xiangqi.match.referee import Adjudication, EndKind, GameEnd, Referee, rules_end
from xiangqi.match.runner import FinishedGame
from xiangqi.match.schedule import Opening, Pairing
from xiangqi.record import Game

import real_window
from real_window import fake_engine
from xiangqi.ui.common.i18n import install_translator
from xiangqi.ui.match.end_text import end_text, show_end_in_comment
from xiangqi.ui.match.match_dialog import MatchDialog
from xiangqi.ui.match.match_ui import MatchUi
from xiangqi.core.notation import Notation

app_window = real_window.app_window   # the fixture

MATE_IN_ONE = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w"   # b7b9 mates: the rook on a8 guards the king's rank


def finished_game(end_of_game: str) -> FinishedGame:
    game = Game({"Red": "One", "Black": "Two"}, MATE_IN_ONE)
    opening = game.add_move(game.root, Move.from_iccs("b7b8"))
    opening.comment = "opening"   # as the match writes after an opening's moves
    black = game.add_move(opening, Move.from_iccs("e9f9"))
    back = game.add_move(black, Move.from_iccs("b8b7"))
    shuffle = game.add_move(back, Move.from_iccs("f9e9"))
    last = game.add_move(shuffle, Move.from_iccs("b7b9"))
    if end_of_game == "mate":
        end = rules_end(game.end_position())
        assert end is not None and end.reason == "Black is mated"
    else:
        end = GameEnd(Color.BLACK, EndKind.RESIGNATION, "Red resigns")
    finish_game(game, last, end)
    return FinishedGame(Pairing(1, True, Opening(MATE_IN_ONE)), end, 1, float(end.winner is Color.RED), game)


def test_the_results_table_and_comment_say_the_end_in_chinese(app_window) -> None:
    window = app_window(1280, 880)
    ui = window.findChild(MatchUi)
    for kind, words in (("mate", "黑方被将死"), ("resign", "红方认输")):
        finished = finished_game(kind)
        english = finished.end.reason
        ui.panel.add_game(finished, "One", "Two")
        row = ui.panel.table.rowCount() - 1
        assert ui.panel.table.item(row, 5).text() == words
        show_end_in_comment(finished)   # what the window does when the runner reports the game
        assert finished.game.mainline()[-1].comment == words
        assert english not in finished.game.mainline()[-1].comment
        assert finished.game.mainline()[0].comment == "开局"


class MarkingTranslator(QTranslator):
    """Marks every MatchEnd text it translates: what reaches the screen went through the translator."""

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
        return f"«{source}»" if context == "MatchEnd" else ""


def test_an_adjudication_is_worded_from_its_grounds_not_the_match_english(qapp) -> None:
    marker = MarkingTranslator()
    qapp.installTranslator(marker)
    try:
        game = Game({"Red": "One", "Black": "Two"}, MATE_IN_ONE)
        last = game.add_move(game.root, Move.from_iccs("b7b8"))
        referee = Referee(Adjudication(score_cp=500, score_moves=1))
        end = None
        for mover in (Color.RED, Color.BLACK):   # both engines: red is 6 pawns up (red's view)
            end = referee.after_move(game.end_position(), mover, 600)
        assert end is not None and end.kind is EndKind.ADJUDICATION
        finish_game(game, last, end)
        finished = FinishedGame(Pairing(1, True, Opening(MATE_IN_ONE)), end, 1, 1.0, game)
        text = end_text(finished)
        assert text == "««Red» wins by adjudication: both engines scored it 5 pawns or more for 1 moves»"
        assert end.reason not in text   # the match's English words are for its PGN file
        show_end_in_comment(finished)
        assert game.mainline()[-1].comment == text
    finally:
        qapp.removeTranslator(marker)


def test_the_match_event_tag_is_in_the_players_language(qapp, qtbot, tmp_path) -> None:
    install_translator(qapp, "zh_CN")
    try:
        dialog = MatchDialog([fake_engine()], None, Notation.CHINESE)
        qtbot.addWidget(dialog)
        dialog.pgn.setText(str(tmp_path / "match.pgn"))
        dialog.accept()
        event = dialog.settings().event   # the Event tag the comment header shows: no English in Chinese
        assert event and not re.search("[A-Za-z]", event), event
    finally:
        install_translator(qapp, "en")
