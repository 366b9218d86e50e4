"""Puzzles without Qt: the set file (lenient reader naming file and line, strict atomic writer), the CCPD
reader's reports, the finder's criterion and passes on scripted engine answers, solving (the line, an
engine-equal move), Glicko-2 against Glickman's worked example, and the trainer's history."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from xiangqi.core import Move, Position
from xiangqi.engine.messages import Score, SearchLimits
from xiangqi.review.judging import Line
from xiangqi.training.cards import CardDeck, DeckKind
from xiangqi.training.ccpd import CcpdProblem, GameRecord, SetupRecord, category_of, read_ccpd
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.puzzle_finder import (
    DropReason,
    FinderSettings,
    SearchRequest,
    candidates,
    judge,
    main_line_positions,
    run_with,
    scan_game,
    themes_of,
    verify_position,
    win_percent,
)
from xiangqi.training.puzzle_solving import SolveSession, State, Verdict, equivalent
from xiangqi.tactics import Motif
from xiangqi.training.puzzle_store import PuzzleHistory, PuzzleMix, choose_next, mix_counts
from xiangqi.training.puzzles import (
    Puzzle,
    PuzzleError,
    Theme,
    parse_puzzle_set,
    puzzle_to_json,
    read_puzzle_set,
    write_puzzle_set,
)
from xiangqi.training.ratings import Rating, after_attempt, rate

FEN = "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1"      # two rooks: b1b8 or a0a8 mate in 2
LINE = tuple(Move.from_iccs(m) for m in ("b1b8", "e9f9", "a0a9"))
PUZZLE = Puzzle("two-rooks", FEN, LINE, frozenset({Theme.MATE}), mate_in=2)


def m(text: str) -> Move:
    return Move.from_iccs(text)


def line(move: str, score: Score, pv: str = "") -> Line:
    moves = tuple(m(x) for x in (pv or move).split())
    return Line(m(move), score, 10, moves)


# ----------------------------------------------------------------------------------------------- the set file
def test_a_set_round_trips_through_its_file(tmp_path: Path) -> None:
    path = tmp_path / "set.puzzles"
    write_puzzle_set(path, [PUZZLE], ["made for a test", "Data: CCPD"])
    read = read_puzzle_set(path)
    assert read.puzzles == (PUZZLE,)
    assert read.comments == ("made for a test", "Data: CCPD")
    assert read.problems == ()


def test_the_reader_skips_bad_lines_and_names_file_line_and_text(tmp_path: Path) -> None:
    good = puzzle_to_json(PUZZLE)
    bad_move = good.replace('"a0a9"', '"a0b9"').replace("two-rooks", "other")
    text = "\n".join(["# comment", good, "{not json", '{"id": "x", "fen": "9/9 w", "line": ["a0a1"]}',
                      bad_move, good])
    read = parse_puzzle_set(text, tmp_path / "t.puzzles")
    assert [p.puzzle_id for p in read.puzzles] == ["two-rooks"]
    assert len(read.problems) == 4
    assert read.problems[0].startswith(f"{tmp_path / 't.puzzles'}:3: not JSON")
    assert ":4: puzzle 'x'" in read.problems[1] and "FEN" in read.problems[1]
    assert ":5: puzzle 'other': move 3 'a0b9' is illegal" in read.problems[2]
    assert ":6: id 'two-rooks' appears twice" in read.problems[3]


def test_a_file_that_is_not_text_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "bin.puzzles"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(PuzzleError, match="bin.puzzles: not a puzzle set"):
        read_puzzle_set(path)


def test_the_writer_refuses_a_broken_puzzle_and_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "set.puzzles"
    write_puzzle_set(path, [PUZZLE])
    before = path.read_bytes()
    even = Puzzle("even", FEN, LINE[:2])
    with pytest.raises(PuzzleError, match="odd number of moves"):
        write_puzzle_set(path, [PUZZLE, even])
    assert path.read_bytes() == before
    with pytest.raises(PuzzleError, match="appears twice"):
        write_puzzle_set(path, [PUZZLE, PUZZLE])


# ----------------------------------------------------------------------------------------------- CCPD
BROKEN_CCPD = """[Game "Chinese Chess"]
[Event "fine"]
[Result "1-0"]
[FEN "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1"]

1. 車八進七 將５平６
2. 車九進九
1-0

[Game "Chinese Chess"]
[Event "no black king"]
[Result "1-0"]
[FEN "9/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1"]

1. 車八進七
1-0

[Game "Chinese Chess"]
[Event "illegal move"]
[Result "1-0"]
[FEN "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1"]

1. 車八進七 將５進１
1-0

[Game "Chinese Chess"]
[Event "a whole game"]
[Result "*"]

1. 炮二平五 馬８進７
*
"""


def test_the_ccpd_reader_reports_broken_records_by_file_and_number_and_skips_them(tmp_path: Path) -> None:
    path = tmp_path / "殺局_殺法_練習題.pgn"
    path.write_bytes(BROKEN_CCPD.encode("big5"))
    items = list(read_ccpd(path))
    assert [type(i) for i in items] == [SetupRecord, CcpdProblem, CcpdProblem, GameRecord]
    no_king, illegal = items[1], items[2]
    assert isinstance(no_king, CcpdProblem) and isinstance(illegal, CcpdProblem)
    assert no_king.message.startswith("record 2: skipped:") and str(path) in no_king.message
    assert "no black king" in no_king.message
    assert illegal.message.startswith("record 3: skipped:") and str(path) in illegal.message
    assert "illegal" in illegal.message
    assert category_of(path) == "mate"


# ----------------------------------------------------------------------------------------------- the criterion
def test_a_move_is_kept_only_when_clearly_best() -> None:
    win, draw = Score(cp=400), Score(cp=0)
    kept = judge((line("b1b8", win), line("a0a8", draw)), 20, 25.0)
    assert kept.drop is None and kept.gap == pytest.approx(win_percent(win) - 50.0)
    assert judge((line("b1b8", win), line("a0a8", Score(cp=300))), 20, 25.0).drop is DropReason.NO_CLEAR_BEST
    assert judge((line("b1b8", win), line("a0a8", draw)), 20, 25.0, m("a0a8")).drop is DropReason.NOT_ENGINE_BEST
    assert judge((line("b1b8", Score(mate=2)), line("a0a8", Score(mate=2))), 20, 25.0).drop is DropReason.TWO_MATES
    assert judge((line("b1b8", Score(mate=1)), line("a0a8", Score(mate=2))), 20, 25.0).drop is None
    mate = judge((line("b1b8", Score(mate=2)), line("a0a8", Score(cp=900))), 20, 25.0)
    assert mate.drop is None and mate.gap == pytest.approx(100 - win_percent(Score(cp=900)))
    assert judge((line("b1b8", win),), 1, 25.0).drop is DropReason.ONE_LEGAL_MOVE
    assert judge((), 20, 25.0).drop is DropReason.NO_ANSWER


def test_candidates_are_sudden_mates_and_big_jumps_of_the_side_to_move() -> None:
    settings = FinderSettings()
    scores = [Score(cp=20), Score(cp=-10), Score(cp=500), Score(cp=-480), Score(mate=3), Score(mate=-2)]
    # index 2: the mover went from about even to +5 (the opponent erred); 4: a mate appears;
    # 5: the mover is mated (not theirs to find); 3: the opponent's view of the same advantage
    assert candidates(scores, settings) == [2, 4]
    assert candidates([Score(mate=-3), Score(mate=2)], settings) == []   # the mate was there before


def test_verify_follows_a_mate_and_tags_it() -> None:
    position = Position(FEN)

    def engine(request: SearchRequest) -> tuple[Line, ...]:
        assert request.multipv == 2 and request.limits == SearchLimits(nodes=60000)
        return (line("b1b8", Score(mate=2), "b1b8 e9f9 a0a9"), line("a0a8", Score(mate=2)))

    result = run_with(verify_position(position, FinderSettings(), "test"), engine)
    assert result.drop is DropReason.TWO_MATES    # a0a8 mates as fast: no unique first move

    # Each later solver's move is searched again and must mate as the line promised.
    answers = iter([(line("b1b8", Score(mate=2), "b1b8 e9f9 a0a9"), line("b1b9", Score(cp=600))),
                    (line("a0a9", Score(mate=1), "a0a9"), line("a0a8", Score(cp=900)))])
    found = run_with(verify_position(position, FinderSettings(), "test", pid="p1"), lambda _r: next(answers))
    assert found.puzzle is not None
    assert found.puzzle.line == LINE and found.puzzle.mate_in == 2 and found.puzzle.puzzle_id == "p1"
    assert {Theme.MATE, Theme.QUIET} <= found.puzzle.themes
    assert {Motif.ENDGAME, Motif.MATE_IN_N} <= found.puzzle.motifs     # the detectors' names
    # A later step that no longer mates: the mate cannot be followed to the end, no puzzle.
    stops = iter([(line("b1b8", Score(mate=2), "b1b8 e9f9 a0a9"), line("b1b9", Score(cp=600))),
                  (line("a0a9", Score(cp=300), "a0a9"), line("a0a8", Score(cp=200)))])
    dropped = run_with(verify_position(position, FinderSettings(), "test"), lambda _r: next(stops))
    assert dropped.puzzle is None and dropped.drop is DropReason.MATE_NOT_FOLLOWED
    assert found.puzzle.verified is not None and found.puzzle.verified.best == "mate 2"


def test_a_winning_line_is_followed_while_each_move_stays_clearly_best() -> None:
    # red rook takes a hanging black rook, black king steps, red takes the horse: two solver moves
    fen = "5k3/9/9/9/r8/9/9/9/9/R2K1n3 w - - 0 1"
    position = Position(fen)
    answers = iter([
        (line("a0a5", Score(cp=900), "a0a5 f9e9 a5a1"), line("d0d1", Score(cp=-50))),
        (line("a5a1", Score(cp=1200), "a5a1 e9f9"), line("d0d1", Score(cp=1100))),   # not clearly best: stop
    ])
    found = run_with(verify_position(position, FinderSettings(), "t"), lambda _r: next(answers))
    assert found.puzzle is not None and [x.iccs() for x in found.puzzle.line] == ["a0a5"]
    assert Theme.MATERIAL in found.puzzle.themes and Theme.ONE_MOVE in found.puzzle.themes


def test_scan_game_searches_cheaply_then_verifies_candidates_only() -> None:
    start = Position(FEN)
    positions = main_line_positions(start, [m("d0d1"), m("e9f9")])
    requests: list[int] = []

    def engine(request: SearchRequest) -> tuple[Line, ...]:
        requests.append(request.multipv)
        if request.multipv == 1:      # the scan: only the last position has the mate
            mate = request.position.fen() == positions[2].fen()
            best = request.position.legal_moves()[0]
            return (Line(best, Score(mate=2) if mate else Score(cp=0), 5, (best,)),)
        best = request.position.legal_moves()[0]
        return (Line(best, Score(cp=900), 10, (best,)), Line(request.position.legal_moves()[1], Score(cp=0), 10, ()))

    result = run_with(scan_game(positions, FinderSettings(), "g"), engine)
    assert requests == [1, 1, 1, 2]
    assert result.candidates == 1 and len(result.puzzles) == 1
    assert result.puzzles[0].source == "g, ply 2"


def test_themes_of_a_mate_without_sacrifice() -> None:
    themes = themes_of(Position(FEN), list(LINE), Score(mate=2))
    assert Theme.SACRIFICE not in themes and Theme.MATE in themes and Theme.MATERIAL not in themes


# ----------------------------------------------------------------------------------------------- solving
def test_the_line_is_right_another_move_asks_the_engine_and_a_mate_is_always_right() -> None:
    session = SolveSession(PUZZLE)
    assert session.judge(m("b1b8")) is Verdict.RIGHT
    assert session.judge(m("a0a8")) is Verdict.ASK_ENGINE
    assert session.play(m("b1b8")) == m("e9f9")
    assert session.judge(m("a0a9")) is Verdict.RIGHT
    assert session.play(m("a0a9")) is None and session.state is State.SOLVED and session.clean


def test_an_engine_equal_move_leaves_the_line_and_the_engine_replies() -> None:
    session = SolveSession(PUZZLE)
    assert session.play(m("a0a8"), engine_reply=m("e9f9")) == m("e9f9")
    assert not session.on_line and session.expected is None
    assert session.judge(m("b1b9")) is Verdict.RIGHT        # off the line, but mate on the board
    assert session.judge(m("b1b2")) is Verdict.ASK_ENGINE
    session.fail()
    assert session.state is State.FAILED and not session.clean


def test_equivalence_by_mate_length_and_win_percent() -> None:
    assert equivalent(Score(mate=2), Score(mate=2)) and equivalent(Score(mate=3), Score(mate=2))
    assert not equivalent(Score(mate=2), Score(mate=3)) and not equivalent(Score(mate=2), Score(cp=2000))
    assert equivalent(Score(cp=2000), Score(cp=1500))      # both past the Win% ceiling
    assert not equivalent(Score(cp=300), Score(cp=100))
    assert equivalent(Score(cp=300), Score(mate=5))


# ----------------------------------------------------------------------------------------------- ratings
def test_glicko2_matches_glickmans_worked_example() -> None:
    after = rate(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
                                           (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_an_attempt_moves_player_and_puzzle_opposite_ways() -> None:
    player, puzzle = Rating(1500, 200), Rating(1500, 200)
    won_player, won_puzzle = after_attempt(player, puzzle, solved=True)
    assert won_player.rating > 1500 > won_puzzle.rating
    lost_player, lost_puzzle = after_attempt(player, puzzle, solved=False)
    assert lost_player.rating < 1500 < lost_puzzle.rating


def test_the_history_keeps_ratings_streaks_and_puts_failed_puzzles_in_the_deck(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "training.sqlite")
    history = PuzzleHistory(db)
    now = datetime(2026, 11, 26, tzinfo=UTC)
    other = Puzzle("other", FEN, LINE, rating=(1600.0, 300.0, 0.06))
    history.record(PUZZLE, True, 0, "t", now)
    history.record(other, True, 0, "t", now + timedelta(seconds=1))
    history.record(PUZZLE, False, 1, "t", now + timedelta(seconds=2))
    standing = history.standing()
    assert standing.attempts == 3 and standing.solved == 2 and standing.streak == 0 and standing.best_streak == 2
    assert history.attempted() == {"two-rooks", "other"}
    assert history.puzzle_rating(other).rating < 1600
    assert CardDeck(db).counts()[DeckKind.PUZZLES].total == 1
    reopened = PuzzleHistory(TrainingDatabase(tmp_path / "training.sqlite"))
    assert reopened.standing() == standing


def test_the_next_puzzle_is_of_the_theme_new_and_near_the_players_rating() -> None:
    easy = Puzzle("easy", FEN, LINE, frozenset({Theme.MATE}), rating=(1000.0, 300.0, 0.06))
    near = Puzzle("near", FEN, LINE, frozenset({Theme.MATE}), rating=(1550.0, 300.0, 0.06))
    other = Puzzle("other", FEN, LINE, frozenset({Theme.ONLY_MOVE}), frozenset({Motif.ENDGAME}),
                   rating=(1500.0, 300.0, 0.06))
    rng = random.Random(1)
    assert choose_next([easy, near, other], Rating(), Theme.MATE, set(), rng) is near
    assert choose_next([easy, near, other], Rating(), Theme.MATE, {"near"}, rng) is easy
    assert choose_next([easy, near], Rating(), Theme.ONLY_MOVE, set(), rng) is None
    # A mix: any of its themes and motifs, of its phases.
    endgame = PuzzleMix(phases=frozenset({Motif.ENDGAME}))
    assert choose_next([easy, near, other], Rating(), endgame, set(), rng) is other
    mix = PuzzleMix(themes=frozenset({Theme.ONLY_MOVE}), motifs=frozenset({Motif.FORK}),
                    phases=frozenset({Motif.MIDDLEGAME}))
    assert choose_next([easy, near, other], Rating(), mix, set(), rng) is None      # other is an endgame
    assert mix_counts([easy, near, other])[1] == {Motif.ENDGAME: 1}


def test_the_shipped_starter_set_reads_whole_and_credits_ccpd() -> None:
    from xiangqi.resources import assets_dir

    starter = read_puzzle_set(assets_dir() / "puzzles" / "starter.puzzles")
    assert starter.problems == () and len(starter.puzzles) >= 100
    assert any("Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0" in c for c in starter.comments)
    assert all(p.source.startswith("CCPD ") and p.verified is not None for p in starter.puzzles)
    assert "CC BY 4.0" in (assets_dir() / "puzzles" / "README.md").read_text(encoding="utf-8")
    # Every puzzle verified at 200,000 nodes, tagged with motifs and a phase, one a position (counters aside);
    # a mate's line goes to the mate.
    assert all(p.verified is not None and p.verified.limit == "nodes 200000" for p in starter.puzzles)
    assert all(p.motifs & {Motif.OPENING, Motif.MIDDLEGAME, Motif.ENDGAME} for p in starter.puzzles)
    assert len({" ".join(p.fen.split()[:2]) for p in starter.puzzles}) == len(starter.puzzles)
    for puzzle in starter.puzzles:
        if Theme.MATE in puzzle.themes:
            board = puzzle.position()
            for move in puzzle.line:
                board.push(move)
            assert not board.legal_moves(), puzzle.puzzle_id
