"""The review's pure logic: evaluations and their [%eval] comments, winning chances, marks, accuracy and
writing a review into a record."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xiangqi.core import Color, Move, Position
from xiangqi.engine.messages import Score
from xiangqi.record import Game, read_pgn
from xiangqi.record.pgn_writer import game_to_pgn
from xiangqi.review import (
    EvalCommentError,
    Evaluation,
    Mark,
    PositionValue,
    annotate_game,
    classify,
    format_eval_comment,
    judge_move,
    main_line_positions,
    parse_eval_comment,
    summarise,
    win_percent,
    with_eval,
)
from xiangqi.review.accuracy import move_accuracy


# ------------------------------------------------------------------------------ evaluations
@pytest.mark.parametrize(("score", "turn", "expected"), [
    (Score(cp=123), Color.RED, Evaluation(cp=123)),
    (Score(cp=123), Color.BLACK, Evaluation(cp=-123)),
    (Score(mate=3), Color.RED, Evaluation(mate=3)),
    (Score(mate=3), Color.BLACK, Evaluation(mate=-3)),
    (Score(mate=-2), Color.BLACK, Evaluation(mate=2)),
    (Score(cp=2_995), Color.RED, Evaluation(cp=2_995)),    # a big lead is pawns: mates come as mate n
    (Score(mate=0), Color.RED, Evaluation(mate=-1)),       # mated now: kept as mated in one
])
def test_scores_turn_to_red_point_of_view(score: Score, turn: Color, expected: Evaluation) -> None:
    assert Evaluation.from_score(score, turn) == expected


@pytest.mark.parametrize(("evaluation", "text"), [
    (Evaluation(cp=123), "[%eval 1.23]"), (Evaluation(cp=-50), "[%eval -0.50]"), (Evaluation(cp=0), "[%eval 0.00]"),
    (Evaluation(mate=5), "[%eval #5]"), (Evaluation(mate=-5), "[%eval #-5]"),
])
def test_eval_comment_format_and_parse(evaluation: Evaluation, text: str) -> None:
    assert format_eval_comment(evaluation) == text
    assert parse_eval_comment(f"a note {text} more") == evaluation


@given(st.integers(-100_000, 100_000))
def test_eval_comment_round_trip_centipawns(cp: int) -> None:
    assert parse_eval_comment(format_eval_comment(Evaluation(cp=cp))) == Evaluation(cp=cp)


def test_parse_eval_comment_without_or_with_a_bad_value() -> None:
    assert parse_eval_comment("just words") is None
    assert parse_eval_comment("[%eval 2]") == Evaluation(cp=200)
    with pytest.raises(EvalCommentError, match="'abc'"):
        parse_eval_comment("[%eval abc]")


def test_with_eval_replaces_and_keeps_the_users_words() -> None:
    assert with_eval("", Evaluation(cp=10)) == "[%eval 0.10]"
    assert with_eval("nice move", Evaluation(cp=10)) == "[%eval 0.10] nice move"
    assert with_eval("[%eval 3.00] nice move", Evaluation(mate=2)) == "[%eval #2] nice move"
    assert with_eval("[%eval 3.00] nice move", None) == "nice move"


def test_an_evaluation_is_centipawns_or_mate() -> None:
    with pytest.raises(ValueError):
        Evaluation()
    with pytest.raises(ValueError):
        Evaluation(cp=1, mate=1)


# ------------------------------------------------------------------------------ marks
def test_winning_chances_follow_lichess() -> None:
    assert win_percent(Evaluation(cp=0), Color.RED) == pytest.approx(50)
    assert win_percent(Evaluation(cp=100), Color.RED) == pytest.approx(59.1, abs=0.1)
    assert win_percent(Evaluation(cp=100), Color.BLACK) == pytest.approx(40.9, abs=0.1)
    assert win_percent(Evaluation(mate=2), Color.RED) == 100
    assert win_percent(Evaluation(mate=-2), Color.RED) == 0
    assert win_percent(Evaluation(mate=-2), Color.BLACK) == 100


@pytest.mark.parametrize(("loss", "mark"), [
    (0.0, None), (4.99, None), (5.0, Mark.INACCURACY), (9.9, Mark.INACCURACY), (10.0, Mark.MISTAKE),
    (14.9, Mark.MISTAKE), (15.0, Mark.BLUNDER), (80.0, Mark.BLUNDER),
])
def test_thresholds(loss: float, mark: Mark | None) -> None:
    assert classify(loss) is mark


def test_judging_a_move_from_both_sides() -> None:
    hung_rook = judge_move(Color.RED, Evaluation(cp=50), Evaluation(cp=-800))
    assert hung_rook.mark is Mark.BLUNDER and hung_rook.cp_loss == 850
    black_blunder = judge_move(Color.BLACK, Evaluation(cp=0), Evaluation(cp=600))
    assert black_blunder.mark is Mark.BLUNDER
    improved = judge_move(Color.BLACK, Evaluation(cp=0), Evaluation(cp=-300))
    assert improved.mark is None and improved.loss == 0
    assert judge_move(Color.RED, Evaluation(cp=300), Evaluation(cp=-300), best=True).mark is None
    missed_mate = judge_move(Color.RED, Evaluation(mate=3), Evaluation(cp=100))
    assert missed_mate.mark is Mark.BLUNDER


def test_accuracy_and_summary() -> None:
    assert move_accuracy(50, 50) == 100
    assert move_accuracy(100, 0) == 0
    judgements = [judge_move(Color.RED, Evaluation(cp=0), Evaluation(cp=0)),
                  judge_move(Color.RED, Evaluation(cp=0), Evaluation(cp=-900)),
                  judge_move(Color.BLACK, Evaluation(cp=0), Evaluation(cp=150))]
    red = summarise(judgements, Color.RED)
    assert (red.moves, red.blunders, red.mistakes, red.inaccuracies) == (2, 1, 0, 0)
    assert red.average_cp_loss == 450
    assert 0 < red.accuracy < 100
    black = summarise(judgements, Color.BLACK)
    assert (black.moves, black.mistakes) == (1, 1)


# ------------------------------------------------------------------------------ annotating a record
MOVES = ["h2e2", "h9g7", "h0g2", "i9h9"]


def _game() -> Game:
    game = Game({"Red": "R", "Black": "B"})
    node = game.root
    for text in MOVES:
        node = node.add_child(Move.from_iccs(text))
    game.mainline()[1].comment = "a user's note"
    return game


def test_annotate_marks_evaluates_and_adds_the_better_move() -> None:
    game = _game()
    positions = main_line_positions(game)
    better = Move.from_iccs("b9c7")
    values = [
        PositionValue(Evaluation(cp=20), Move.from_iccs("h2e2"), (Move.from_iccs("h2e2"),)),
        PositionValue(Evaluation(cp=30), better, (better, Move.from_iccs("h0g2"))),  # black to move
        PositionValue(Evaluation(cp=500), Move.from_iccs("h0g2")),  # h9g7 lost 4.7 pawns: ??
        # h0g2 is the engine's own move: no mark although its value "drops" by 2 pawns (search noise)
        PositionValue(Evaluation(cp=300), Move.from_iccs("i9h9")),
        PositionValue(Evaluation(cp=300), None),
    ]
    summary = annotate_game(game, positions, values, annotator="Engine")
    nodes = game.mainline()
    assert game.root.comment == "[%eval 0.20]"
    assert nodes[0].nags == [] and nodes[0].comment == "[%eval 0.30]"
    assert nodes[1].nags == [Mark.BLUNDER.value]
    assert nodes[1].comment == "[%eval 5.00] a user's note"
    assert nodes[2].nags == [] and nodes[3].nags == []
    variation = nodes[0].children[1]
    assert variation.move == better and variation.comment == "[%eval 0.30]"
    assert variation.children[0].move == Move.from_iccs("h0g2")
    assert summary.black.blunders == 1 and summary.red.blunders == 0
    assert game.headers["Annotator"] == "Engine"
    # Saved and read back, the marks and evaluations are there.
    again = read_pgn(game_to_pgn(game))[0]
    back = again.mainline()
    assert back[1].nags == [Mark.BLUNDER.value]
    assert [parse_eval_comment(n.comment) for n in back] == [Evaluation(cp=c) for c in (30, 500, 300, 300)]
    # A second review replaces the marks instead of piling them up.
    annotate_game(again, main_line_positions(again), values)
    assert again.mainline()[1].nags == [Mark.BLUNDER.value]


def test_annotate_checks_the_counts() -> None:
    game = _game()
    with pytest.raises(ValueError, match="values"):
        annotate_game(game, main_line_positions(game), [PositionValue(Evaluation(cp=0))])


def test_main_line_positions_keep_history() -> None:
    positions = main_line_positions(_game())
    assert len(positions) == 5
    assert positions[0].fen() == Position().fen()
    assert [m.iccs() for m in positions[-1].move_stack] == MOVES


def test_the_accuracy_tags_are_lichess_game_accuracy_of_the_written_evaluations() -> None:
    """The tags and the summary are lila's gameAccuracy (the port) of the [%eval] sequence the review wrote,
    not of the mark's two numbers from one search (that read 13-33 points higher, issue 28)."""
    from xiangqi.review.accuracy import accuracy_from_evaluations
    from xiangqi.review.series import record_evaluations

    game = _game()
    positions = main_line_positions(game)
    # Every move "loses nothing" inside its own search (played == best), yet the shown values swing.
    values = [PositionValue(Evaluation(cp=cp), None, played=Evaluation(cp=cp)) for cp in (20, 250, 300, -200)]
    values.append(PositionValue(Evaluation(cp=-100), None))
    summary = annotate_game(game, positions, values)
    written = record_evaluations(game)
    expected = accuracy_from_evaluations([written[ply] for ply in range(len(MOVES) + 1)])
    assert game.headers["RedAccuracy"] == f"{expected[Color.RED]:.1f}"
    assert game.headers["BlackAccuracy"] == f"{expected[Color.BLACK]:.1f}"
    assert summary.red.accuracy == expected[Color.RED] and summary.black.accuracy == expected[Color.BLACK]
    assert float(game.headers["RedAccuracy"]) < 90   # red's 2nd move dropped 5 pawns on the written values


@given(st.lists(st.tuples(st.integers(-900, 900), st.integers(-900, 900), st.integers(-900, 900)),
                min_size=4, max_size=4))
def test_a_marks_shown_numbers_never_contradict_it(scores: list[tuple[int, int, int]]) -> None:
    """Whatever the searches said (the position's own, the judging pair search, the position after the
    move), the better move's [%eval] beats the [%eval] after the marked move by at least the mark's
    threshold (issue 28: `7. b2b4 ?? {[%eval -0.07]} ( 7. d4f3 {[%eval -0.30]} )`)."""
    from xiangqi.review.marks import INACCURACY_LOSS, MISTAKE_LOSS, BLUNDER_LOSS

    game = _game()
    positions = main_line_positions(game)
    better = [Move.from_iccs(m) for m in ("b0c2", "b9c7", "b2c2", "b7c7")]
    values = [PositionValue(Evaluation(cp=own), better[ply], (better[ply],), played=Evaluation(cp=played),
                            judged_best=Evaluation(cp=judged))
              for ply, (own, judged, played) in enumerate(scores)]
    values.append(PositionValue(Evaluation(cp=0)))
    annotate_game(game, positions, values)
    threshold = {Mark.INACCURACY.value: INACCURACY_LOSS, Mark.MISTAKE.value: MISTAKE_LOSS,
                 Mark.BLUNDER.value: BLUNDER_LOSS}
    for ply, node in enumerate(game.mainline()):
        marks = [nag for nag in node.nags if nag in threshold]
        if not marks:
            continue
        mover = positions[ply].turn
        variation = next(child for child in node.parent.children if child is not node)
        shown_better, shown_played = parse_eval_comment(variation.comment), parse_eval_comment(node.comment)
        assert shown_better is not None and shown_played is not None
        loss = win_percent(shown_better, mover) - win_percent(shown_played, mover)
        assert loss >= threshold[marks[0]] - 1e-9
