"""猜谱 logic (xiangqi/training/guess.py): the moves to guess, which moves need a second search, scoring a
guess and the master's move by Win% loss, the summary, and sessions kept in the training database."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from xiangqi.core import Color, Move
from xiangqi.engine.messages import Score
from xiangqi.record import PgnFile, read_pgn
from xiangqi.review.accuracy import lichess_win_percent, move_accuracy
from xiangqi.review.evaluation import Evaluation
from xiangqi.review.judging import Line
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.guess import (
    GuessError,
    GuessJudgement,
    GuessSession,
    GuessSessions,
    GuessStep,
    guess_steps,
    judge_guess,
    missing_moves,
    summarise,
)

GAME = """[Event "test"]
[Red "A"]
[Black "B"]
[Result "1-0"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 *
"""


def m(text: str) -> Move:
    return Move.from_iccs(text)


def line(move: str, cp: int | None = None, mate: int | None = None, depth: int = 10) -> Line:
    return Line(m(move), Score(cp=cp, mate=mate), depth, (m(move),))


def win(cp: int) -> float:
    return lichess_win_percent(Evaluation(cp=cp))


def test_the_steps_are_the_chosen_side_s_moves_with_their_positions() -> None:
    game = read_pgn(GAME)[0]
    red = guess_steps(game, Color.RED)
    black = guess_steps(game, Color.BLACK)
    assert [(s.ply, s.master.iccs()) for s in red] == [(0, "h2e2"), (2, "h0g2"), (4, "i0h0")]
    assert [(s.ply, s.master.iccs()) for s in black] == [(1, "h9g7"), (3, "i9h9"), (5, "b9c7")]
    assert all(s.position.turn is Color.BLACK for s in black)
    assert black[1].position.move_stack == [m("h2e2"), m("h9g7"), m("h0g2")]   # with its history


def test_an_illegal_main_line_move_is_named() -> None:
    game = read_pgn(GAME)[0]
    game.root.children[0].children[0].move = m("a9a5")     # not legal for black after h2e2
    with pytest.raises(GuessError, match="a9a5"):
        guess_steps(game, Color.RED)


def test_only_the_moves_no_line_starts_with_are_searched_again() -> None:
    lines = [line("h2e2", 30), line("b2e2", 20)]
    assert missing_moves(lines, [m("h2e2"), m("c3c4")]) == (m("c3c4"),)
    assert missing_moves(lines, [m("c3c4"), m("c3c4")]) == (m("c3c4"),)   # a guess equal to the master's
    assert missing_moves(lines, [m("b2e2")]) == ()


def test_a_guess_is_scored_against_the_best_and_against_the_master() -> None:
    step = GuessStep(0, read_pgn(GAME)[0].start_position(), m("h2e2"))
    judged = judge_guess(step, m("c3c4"), [line("h2e2", 40), line("b2e2", 30), line("c3c4", -60)])
    assert judged is not None
    assert judged.best == m("h2e2") and not judged.matched
    assert judged.guess_loss == pytest.approx(win(40) - win(-60))
    assert judged.master_loss == 0.0
    assert judged.loss_to_master == pytest.approx(win(40) - win(-60))
    assert judged.guess_accuracy == pytest.approx(move_accuracy(win(40), win(-60)))
    assert judged.master_accuracy == 100.0


def test_black_scores_are_read_from_black_s_side_and_mates_count_as_the_ceiling() -> None:
    game = read_pgn(GAME)[0]
    step = guess_steps(game, Color.BLACK)[0]      # black to move: scores are black's view
    judged = judge_guess(step, m("h9g7"), [line("b9c7", mate=3), line("h9g7", 100)])
    assert judged is not None and judged.matched
    assert judged.best_win == pytest.approx(win(1000))
    assert judged.guess_win == pytest.approx(win(100))
    assert judged.guess_loss == judged.master_loss > 0


def test_a_restricted_line_scoring_above_the_best_loses_nothing() -> None:
    step = GuessStep(0, read_pgn(GAME)[0].start_position(), m("h2e2"))
    judged = judge_guess(step, m("c3c4"), [line("h2e2", 20), line("c3c4", 35)])
    assert judged is not None and judged.guess_loss == 0.0 and judged.master_loss > 0


def test_no_score_for_a_move_judges_nothing() -> None:
    step = GuessStep(0, read_pgn(GAME)[0].start_position(), m("h2e2"))
    assert judge_guess(step, m("c3c4"), [line("h2e2", 20)]) is None
    assert judge_guess(step, m("h2e2"), []) is None


def judgement(ply: int, guess: str, master: str, best: float, guess_win: float, master_win: float) -> GuessJudgement:
    return GuessJudgement(ply, m(guess), m(master), m(master), best, guess_win, master_win, 12)


def test_the_summary_averages_your_loss_and_the_master_s() -> None:
    moves = [judgement(0, "h2e2", "h2e2", 60, 60, 60), judgement(2, "c3c4", "h0g2", 60, 40, 55)]
    summary = summarise(moves)
    assert (summary.moves, summary.matched, summary.match_percent) == (2, 1, 50.0)
    assert summary.your_loss == pytest.approx(10.0)
    assert summary.master_loss == pytest.approx(2.5)
    assert summary.loss_to_master == pytest.approx(7.5)
    assert summary.your_accuracy == pytest.approx((100 + move_accuracy(60, 40)) / 2)
    assert summary.master_accuracy == pytest.approx((100 + move_accuracy(60, 55)) / 2)
    assert summarise([]).moves == 0


def test_a_session_walks_the_steps_and_is_kept(tmp_path: Path) -> None:
    game = read_pgn(GAME)[0]
    session = GuessSession(game, Color.RED, "A – B", datetime(2026, 11, 26, 21, 0, tzinfo=UTC))
    assert session.current is not None and session.current.ply == 0
    session.judged(judgement(0, "h2e2", "h2e2", 55, 55, 55))
    session.judged(None)                                   # the engine gave no score
    assert session.current is not None and session.current.ply == 4
    session.judged(judgement(4, "a3a4", "i0h0", 55, 45, 55))
    assert session.done and session.current is None and session.skipped == 1
    db = TrainingDatabase(tmp_path / "training.sqlite")
    GuessSessions(db).add(session, "Fairy-Stockfish")
    saved = GuessSessions(db).recent()
    assert len(saved) == 1
    assert (saved[0].title, saved[0].side, saved[0].engine) == ("A – B", Color.RED, "Fairy-Stockfish")
    assert saved[0].summary == session.summary()


def test_a_ccpd_master_game_gives_a_step_per_move_of_the_side(shared_data: Path) -> None:
    pgn = PgnFile.open(shared_data / "ccpd" / "games" / "全國象棋王位賽.pgn")
    game = pgn.game(0)
    moves = game.mainline_moves()
    assert len(guess_steps(game, Color.RED)) == (len(moves) + 1) // 2
    assert len(guess_steps(game, Color.BLACK)) == len(moves) // 2
