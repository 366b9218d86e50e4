"""The Qt-free parts of the app: the game clock with a fake time source and the game record."""

from __future__ import annotations

import pytest

from xiangqi.core import Color, IllegalMoveError, Move, Outcome, Termination
from xiangqi.game.clock import GameClock, TimeControl, TimeControlKind, format_ms
from xiangqi.game.model import GameModel, GameOverError
from xiangqi.game.result import GameResult
from xiangqi.record import Game as Record


class FakeTime:
    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms


def clock(**kw: int) -> tuple[GameClock, FakeTime]:
    t = FakeTime()
    return GameClock(TimeControl(TimeControlKind.CLOCK, **kw), now=t), t


def test_clock_charges_mover_and_adds_increment() -> None:
    c, t = clock(total_ms=60_000, increment_ms=2_000)
    c.start(Color.RED)
    t.ms = 5_000
    assert c.remaining_ms(Color.RED) == 55_000
    c.moved(Color.RED)
    assert c.remaining_ms(Color.RED) == 57_000
    assert c.running is Color.BLACK
    t.ms = 8_000
    assert c.remaining_ms(Color.BLACK) == 57_000
    assert c.flagged() is None


def test_clock_runs_out_and_flags_the_side() -> None:
    c, t = clock(total_ms=1_000)
    c.start(Color.RED)
    t.ms = 1_001
    assert c.flagged() is Color.RED


def test_moves_per_period_refills_time() -> None:
    c, t = clock(total_ms=10_000, moves_per_period=2)
    c.start(Color.RED)
    t.ms = 4_000
    c.moved(Color.RED)
    c.moved(Color.BLACK)
    t.ms = 7_000
    c.moved(Color.RED)     # second move of the period: 10 s added
    assert c.remaining_ms(Color.RED) == pytest.approx(10_000 - 7_000 + 10_000)


def test_byoyomi_after_main_time() -> None:
    c, t = clock(total_ms=1_000, byoyomi_ms=5_000)
    c.start(Color.RED)
    t.ms = 3_000
    assert c.in_byoyomi(Color.RED)
    assert c.remaining_ms(Color.RED) == pytest.approx(3_000)
    assert c.flagged() is None
    c.moved(Color.RED)
    assert c.remaining_ms(Color.RED) == 5_000   # byoyomi period reset after a move
    c.moved(Color.BLACK)
    t.ms = 8_001
    assert c.flagged() is Color.RED


def test_clock_state_round_trips() -> None:
    c, t = clock(total_ms=9_000)
    c.start(Color.RED)
    t.ms = 1_000
    c.moved(Color.RED)
    c2, _ = clock(total_ms=9_000)
    c2.restore(c.to_dict())
    assert c2.remaining_ms(Color.RED) == 8_000


def test_format_ms() -> None:
    assert format_ms(65_000) == "1:05"
    assert format_ms(3_600_000) == "1:00:00"
    assert format_ms(9_500) == "0:09.5"
    assert format_ms(-5) == "0:00.0"


def game_at(fen: str | None = None) -> GameModel:
    return GameModel(Record(start_fen=fen) if fen else Record())


def play(game: GameModel, *texts: str) -> None:
    for text in texts:
        game.play(Move.from_iccs(text))


def test_game_undo_redo_and_a_different_move_makes_the_played_game_the_main_line() -> None:
    game = game_at()
    play(game, "h2e2", "h9g7", "h0g2")
    assert game.undo() == Move.from_iccs("h0g2")
    assert game.undo() == Move.from_iccs("h9g7")
    assert game.redo() == Move.from_iccs("h9g7")
    play(game, "b0c2")
    assert not game.can_redo()
    assert [m.iccs() for m in game.moves] == ["h2e2", "h9g7", "b0c2"]
    assert game.record.mainline_moves() == game.moves          # the game played is the main line
    taken_back = game.node_at_ply(2).children[1]                 # and the move taken back is kept
    assert taken_back.move == Move.from_iccs("h0g2") and not taken_back.is_main_line()


def test_a_record_being_studied_keeps_its_main_line() -> None:
    game = game_at()
    game.playing = False
    play(game, "h2e2", "h9g7")
    game.undo()
    play(game, "b9c7")
    assert game.record.mainline_moves() == [Move.from_iccs("h2e2"), Move.from_iccs("h9g7")]


def test_viewing_and_playing_from_a_viewed_position() -> None:
    game = game_at()
    play(game, "h2e2", "h9g7", "h0g2")
    assert game.view(game.node_at_ply(1)) and game.viewing
    assert game.shown_position().turn is Color.BLACK and game.position.turn is Color.BLACK
    assert game.ply == 3                                           # viewing does not change the game
    game.play_from_view()
    assert game.ply == 1 and not game.viewing and game.redo_moves == [Move.from_iccs("h9g7"), Move.from_iccs("h0g2")]


def test_game_rejects_illegal_move_and_play_after_end() -> None:
    game = game_at()
    with pytest.raises(IllegalMoveError):
        game.play(Move.from_iccs("a0a5"))
    game.finish(GameResult(Termination.RESIGNATION, Color.BLACK))
    assert not game.can_undo()
    with pytest.raises(GameOverError):
        game.play(Move.from_iccs("h2e2"))


def test_checkmate_ends_game_and_undo_resumes_it() -> None:
    game = game_at("4k4/R8/9/9/9/9/9/9/1R7/3K5 w")
    play(game, "b1b9")
    assert game.result == GameResult(Termination.CHECKMATE, Color.RED)
    assert game.result.score == "1-0" and game.result_for_record() == "1-0"
    assert game.can_undo()
    game.undo()
    assert game.result is None and game.can_redo() and game.result_for_record() == "*"


def test_a_record_line_goes_on_after_a_repetition_nobody_claimed() -> None:
    shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"] * 3 + ["h2e2"]
    played = game_at()
    with pytest.raises(GameOverError):             # a game in play ends at the third repetition
        play(played, *shuffle)
    assert played.ply == 8 and played.result is not None and played.result.reason is Termination.REPETITION_DRAW
    record = Record()
    node = record.root
    for text in shuffle:
        node = record.add_move(node, Move.from_iccs(text))
    line = GameModel(record, playing=False)
    line.go_to(node)
    assert line.ply == len(shuffle) and line.result is None      # only the last position decides


def test_every_core_termination_is_a_result_reason() -> None:
    reasons = {GameResult.from_outcome(Outcome(t, None)).reason for t in Termination}
    assert reasons == set(Termination)
    assert not Termination.RESIGNATION.from_board and Termination.CHECKMATE.from_board


def test_perpetual_chase_ends_the_game_for_the_chaser() -> None:
    game = game_at("3k5/9/7n1/9/9/9/7R1/9/9/4K4 b")      # the red rook chases the lone black horse
    play(game, *["h7g9", "h3g3", "g9h7", "g3h3"] * 2)
    assert game.result == GameResult(Termination.PERPETUAL_CHASE, Color.BLACK)
    assert game.result.score == "0-1" and game.can_undo()
