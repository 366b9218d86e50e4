"""残局挑战 logic (xiangqi/training/endgame.py): goals from titles and results, judging a game's end against
the goal, attempts and the best result per position in the training database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from xiangqi.core import Color, FenError, Termination
from xiangqi.game.result import GameResult
from xiangqi.record import PgnFile
from xiangqi.record.collection import open_collection
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.endgame import (
    Challenge,
    EndgameRecords,
    Goal,
    GoalKind,
    Standing,
    Verdict,
    attempt_of,
    challenge_of_fen,
    challenge_title,
    challenges_of,
    goal_from_result,
    goal_met,
    goal_of_record,
    parse_goal,
    position_key,
    verdict_of,
)

ROOK_MATE = "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1"
RED_WIN, RED_DRAW = Goal(Color.RED, GoalKind.WIN), Goal(Color.RED, GoalKind.DRAW)
BLACK_WIN, BLACK_DRAW = Goal(Color.BLACK, GoalKind.WIN), Goal(Color.BLACK, GoalKind.DRAW)


@pytest.mark.parametrize(("title", "goal"), [
    ("七星聚会 红先和", RED_DRAW),
    ("蚯蚓降龙 紅先和", RED_DRAW),
    ("第12局 紅先勝", RED_WIN),
    ("黑先胜", BLACK_WIN),
    ("野马操田（黑先和）", BLACK_DRAW),
    ("红方先行胜", RED_WIN),
    ("Red to play and win", RED_WIN),
    ("black to move and draw", BLACK_DRAW),
])
def test_a_title_declares_the_goal(title: str, goal: Goal) -> None:
    assert parse_goal(title) == goal


@pytest.mark.parametrize("title", ["", "030-黄松轩先胜冯敬如", "1981年全國聯賽 1 底線切入", "red wins"])
def test_a_title_without_a_goal_declares_none(title: str) -> None:
    # "黄松轩先胜冯敬如" is a game's result (a player won), not a side to move and a goal.
    assert parse_goal(title) is None


def test_a_result_implies_the_goal_of_the_side_to_move() -> None:
    assert goal_from_result("1-0", Color.RED) == RED_WIN
    assert goal_from_result("0-1", Color.BLACK) == BLACK_WIN
    assert goal_from_result("1/2-1/2", Color.BLACK) == BLACK_DRAW
    assert goal_from_result("0-1", Color.RED) is None     # the side to move lost: nothing to aim for
    assert goal_from_result("*", Color.RED) is None


def test_a_record_title_wins_over_its_result() -> None:
    assert goal_of_record({"Event": "七星聚会 红先和", "Result": "1-0"}, Color.RED) == RED_DRAW
    assert goal_of_record({"Event": "殘局 1", "Result": "0-1"}, Color.BLACK) == BLACK_WIN
    assert goal_of_record({"Event": "殘局 1"}, Color.BLACK) is None


def test_goal_codes_round_trip_and_a_bad_code_is_quoted() -> None:
    for goal in (RED_WIN, RED_DRAW, BLACK_WIN, BLACK_DRAW):
        assert Goal.from_code(goal.code) == goal
    with pytest.raises(ValueError, match="'green-win'"):
        Goal.from_code("green-win")
    assert RED_DRAW.chinese() == "红先和" and BLACK_WIN.chinese() == "黑先胜"


def test_the_game_result_is_judged_for_the_trainee_side() -> None:
    mate_by_red = GameResult(Termination.CHECKMATE, Color.RED)
    draw = GameResult(Termination.NATURAL_LIMIT, None)
    assert verdict_of(mate_by_red, Color.RED) is Verdict.WON
    assert verdict_of(mate_by_red, Color.BLACK) is Verdict.LOST
    assert verdict_of(draw, Color.BLACK) is Verdict.DRAWN
    assert verdict_of(None, Color.RED) is Verdict.UNFINISHED


def test_a_draw_goal_is_met_by_a_draw_or_a_win_a_win_goal_only_by_a_win() -> None:
    assert goal_met(RED_DRAW, Verdict.DRAWN) and goal_met(RED_DRAW, Verdict.WON)
    assert not goal_met(RED_DRAW, Verdict.LOST) and not goal_met(RED_DRAW, Verdict.UNFINISHED)
    assert goal_met(RED_WIN, Verdict.WON)
    assert not goal_met(RED_WIN, Verdict.DRAWN)


def test_a_position_is_remembered_by_board_and_side_to_move_only() -> None:
    assert position_key(ROOK_MATE) == position_key("3k5/9/9/9/9/9/9/9/4K4/R8 w - - 7 30")
    assert position_key(ROOK_MATE) != position_key("3k5/9/9/9/9/9/9/9/4K4/R8 b - - 0 1")
    with pytest.raises(FenError):
        position_key("3k5/9/9 w")


def test_attempts_and_the_best_result_per_position_are_kept(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "training.sqlite")
    records = EndgameRecords(db)
    start = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
    assert records.standing(position_key(ROOK_MATE)) == Standing()
    lost = attempt_of(ROOK_MATE, "rook", RED_WIN, GameResult(Termination.RESIGNATION, Color.BLACK), 4, "FS", start)
    drawn = attempt_of(ROOK_MATE, "rook", RED_WIN, GameResult(Termination.NATURAL_LIMIT, None), 120, "FS",
                       start + timedelta(minutes=5))
    won = attempt_of(ROOK_MATE, "rook", RED_WIN, GameResult(Termination.CHECKMATE, Color.RED), 3, "FS",
                     start + timedelta(minutes=9))
    for attempt in (lost, drawn):
        records.add(attempt)
    standing = records.standing(position_key(ROOK_MATE))
    assert (standing.attempts, standing.met, standing.best, standing.solved) == (2, 0, Verdict.DRAWN, False)
    records.add(won)
    db.close()
    again = EndgameRecords(TrainingDatabase(tmp_path / "training.sqlite"))   # kept in the file
    standing = again.standing(position_key(ROOK_MATE))
    assert (standing.attempts, standing.met, standing.best, standing.best_plies) == (3, 1, Verdict.WON, 3)
    history = again.history(position_key(ROOK_MATE))
    assert [a.verdict for a in history] == [Verdict.WON, Verdict.DRAWN, Verdict.LOST]
    assert history[0].termination is Termination.CHECKMATE and history[0].met
    assert set(again.standings()) == {position_key(ROOK_MATE)}


def test_attempts_survive_export_and_import_without_doubling(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "a.sqlite")
    records = EndgameRecords(db)
    records.add(attempt_of(ROOK_MATE, "rook", RED_WIN, GameResult(Termination.CHECKMATE, Color.RED), 3, "FS"))
    db.export_history(tmp_path / "history.json")
    other = TrainingDatabase(tmp_path / "b.sqlite")
    EndgameRecords(other)
    other.import_history(tmp_path / "history.json")
    other.import_history(tmp_path / "history.json")
    assert EndgameRecords(other).standing(position_key(ROOK_MATE)).attempts == 1


def test_ccpd_endgames_carry_their_goal_in_the_result(shared_data: Path) -> None:
    pgn = PgnFile.open(shared_data / "ccpd" / "training" / "殘局.pgn")
    first = next(iter(pgn))
    challenge = Challenge(first.tag("FEN"), challenge_title(first.tags), "殘局.pgn", None)
    assert challenge.turn is Color.BLACK
    assert goal_of_record(first.tags, challenge.turn) == BLACK_WIN     # Result 0-1, black to move
    assert challenge_title(first.tags).startswith("1981年全國聯賽 1 底線切入 (廣東 楊官璘")
    goals = [goal_of_record(e.tags, Challenge(e.tag("FEN"), "", "", None).turn) for e in pgn if e.tag("FEN")]
    assert len(goals) == 244 and sum(g is not None for g in goals) > 200


def test_positions_of_any_record_file_with_their_goals_and_the_records_skipped(shared_data: Path) -> None:
    xqf = shared_data / "games" / "eleeye" / "SAMPLE.XQF"
    found = challenges_of(open_collection(xqf.read_bytes(), str(xqf)), xqf.name)
    assert [(c.title, c.goal) for c in found.challenges] == [("许银川让九子对聂棋圣 (许银川 – 聂卫平)", RED_WIN)]
    assert found.challenges[0].fen.startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w")  # its set-up
    text = ('[Event "七星聚会 红先和"]\n[FEN "3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1"]\n\n*\n\n'
            '[Event "no king"]\n[FEN "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]\n\n*\n')
    found = challenges_of(PgnFile.from_bytes(text.encode(), "studies.pgn"), "studies.pgn")
    assert [(c.title, c.goal) for c in found.challenges] == [("七星聚会 红先和", RED_DRAW)]
    assert len(found.problems) == 1 and found.problems[0].startswith("studies.pgn: record 2 (line 6): FEN")


def test_a_typed_fen_is_a_challenge_whose_goal_the_title_may_declare() -> None:
    challenge = challenge_of_fen("  3k5/9/9/9/9/9/9/9/4K4/R8 w  ", "车胜将 红先胜", "FEN")
    assert challenge.goal == RED_WIN and challenge.key == position_key(ROOK_MATE)
    assert challenge_of_fen(ROOK_MATE, "FEN", "FEN").goal is None
    with pytest.raises(FenError, match="'9/9 w'"):
        challenge_of_fen("9/9 w", "", "FEN")
