"""The Qt-free parts of the app: the game clock with a fake time source and the game record."""

from __future__ import annotations

import pytest

from xiangqi.core import Color, IllegalMoveError, Move, Outcome, Termination
from xiangqi.ui.clock import GameClock, TimeControl, TimeControlKind, format_ms
from xiangqi.ui.game import EndReason, Game, GameResult


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


def test_game_undo_redo_and_mismatched_move_clears_redo() -> None:
    game = Game()
    for text in ("h2e2", "h9g7", "h0g2"):
        game.play(Move.from_iccs(text))
    assert game.undo() == Move.from_iccs("h0g2")
    assert game.undo() == Move.from_iccs("h9g7")
    assert game.redo() == Move.from_iccs("h9g7")
    game.play(Move.from_iccs("b0c2"))
    assert not game.can_redo()
    assert [m.iccs() for m in game.moves] == ["h2e2", "h9g7", "b0c2"]
    assert game.position_at(1).fen() != game.position.fen()


def test_game_rejects_illegal_move_and_play_after_end() -> None:
    game = Game()
    with pytest.raises(IllegalMoveError):
        game.play(Move.from_iccs("a0a5"))
    game.finish(GameResult(EndReason.RESIGNATION, Color.BLACK))
    assert not game.can_undo()
    with pytest.raises(IllegalMoveError):
        game.play(Move.from_iccs("h2e2"))


def test_checkmate_ends_game_and_undo_resumes_it() -> None:
    game = Game("4k4/R8/9/9/9/9/9/9/1R7/3K5 w")
    game.play(Move.from_iccs("b1b9"))
    assert game.result == GameResult(EndReason.CHECKMATE, Color.RED)
    assert game.result.score == "1-0"
    assert game.can_undo()
    game.undo()
    assert game.result is None and game.can_redo()


def test_replay_names_the_bad_move() -> None:
    with pytest.raises(ValueError, match="move 2 'a0a5'"):
        Game.replay(Game().start_fen, ["h2e2", "a0a5"], [])


def test_a_record_line_goes_on_after_a_repetition_nobody_claimed() -> None:
    shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"] * 3 + ["h2e2"]
    played = Game()
    with pytest.raises(IllegalMoveError):          # a game in play ends at the third repetition
        for text in shuffle:
            played.play(Move.from_iccs(text))
    assert played.ply == 8 and played.result.reason is EndReason.REPETITION_DRAW
    line = Game.from_line(Game().start_fen, [Move.from_iccs(t) for t in shuffle])
    assert line.ply == len(shuffle) and line.result is None      # only the last position decides
    mate = Game.from_line("4k4/R8/9/9/9/9/9/9/1R7/3K5 w", [Move.from_iccs("b1b9")])
    assert mate.result == GameResult(EndReason.CHECKMATE, Color.RED)
    with pytest.raises(IllegalMoveError):
        Game.from_line(Game().start_fen, [Move.from_iccs("a0a5")])


def test_every_core_termination_has_its_own_end_reason() -> None:
    reasons = {GameResult.from_outcome(Outcome(t, None)).reason for t in Termination}
    assert EndReason.OTHER_RULE not in reasons and len(reasons) == len(Termination)


def test_perpetual_chase_ends_the_game_for_the_chaser() -> None:
    game = Game("3k5/9/7n1/9/9/9/7R1/9/9/4K4 b")      # the red rook chases the lone black horse
    for text in ["h7g9", "h3g3", "g9h7", "g3h3"] * 2:
        game.play(Move.from_iccs(text))
    assert game.result == GameResult(EndReason.PERPETUAL_CHASE, Color.BLACK)
    assert game.result.score == "0-1" and game.can_undo()
