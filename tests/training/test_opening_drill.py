"""The opening drill without Qt: the repertoire tree (transpositions merged, variations, marked mistakes,
bad records reported), the replies drawn with a seed, right and wrong answers, cards added and due again."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from xiangqi.book import OpeningBook, build_book
from xiangqi.core import Color, Move, Position
from xiangqi.training.cards import CardDeck, DeckKind
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.opening_drill import (
    AcceptMode, BookRepertoire, DrillSettings, OpeningDrill, OpeningError, Phase, RepertoireMove, Verdict,
    accepted_moves, bundled_repertoire, card_key, choose_reply, read_repertoire, record_name, tidy_name,
)

# Two lines reaching the same position by different move orders (炮 first / 马 first), then parting.
TRANSPOSED = """\
[Event "中炮对屏风马 (一)"]
[ECCO "C00"]
[Format "ICCS"]

1. h2e2 h9g7 2. b0c2 i9h9 3. g3g4 *

[Event "中炮对屏风马 (二)"]
[ECCO "C00"]
[Format "ICCS"]

1. b0c2 h9g7 2. h2e2 b9c7 3. h0g2 *
"""

# Variations: red's 2. h0g2 is the main move, 2. b0c2 a variation; 2. c3c4? is marked a mistake.
VARIATIONS = """\
[Event "练习"]
[Format "ICCS"]

1. h2e2 h9g7 2. h0g2 (2. b0c2 b9c7) (2. c3c4? b7e7) i9h9 *
"""

BAD_SECOND = """\
[Event "good"]
[Format "ICCS"]

1. h2e2 h9g7 *

[Event "bad"]
[Format "ICCS"]

1. h2e2 h2h9 *
"""

NOON = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def iccs(*moves: str) -> list[Move]:
    return [Move.from_iccs(move) for move in moves]


def after(*moves: str) -> Position:
    position = Position()
    for move in iccs(*moves):
        position.push(move)
    return position


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def db(tmp_path: Path) -> TrainingDatabase:
    database = TrainingDatabase(tmp_path / "training.sqlite")
    yield database
    database.close()


class Clock:
    """The drill's time, moved by the test."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


# ---------------------------------------------------------------------------------------- the tree
def test_transposed_lines_merge_into_one_position(tmp_path: Path) -> None:
    tree = read_repertoire([write(tmp_path, "t.pgn", TRANSPOSED)], "t")
    assert tree.records == 2
    merged = after("h2e2", "h9g7", "b0c2")
    assert merged.zobrist == after("b0c2", "h9g7", "h2e2").zobrist
    assert {(entry.move.iccs(), entry.count) for entry in tree.moves(merged)} == {("i9h9", 1), ("b9c7", 1)}
    assert [(entry.move.iccs(), entry.count) for entry in tree.moves(Position())] == [("b0c2", 1), ("h2e2", 1)]
    # the shared position is named by what both names share, cut at a whole part; each own line by its name
    assert tree.opening_name(merged) == "C00 中炮对屏风马"
    assert tree.opening_name(after("h2e2", "h9g7", "b0c2", "i9h9")) == "C00 中炮对屏风马 (一)"
    assert tree.lines_through(merged) == 2


def test_a_played_game_without_a_name_leaves_the_names_of_the_lines(tmp_path: Path) -> None:
    played = '[Red "胡荣华"]\n[Black "杨官璘"]\n[Format "ICCS"]\n\n1. h2e2 h9g7 2. b0c2 i9h9 1-0\n'
    tree = read_repertoire([write(tmp_path, "t.pgn", TRANSPOSED + "\n" + played)], "t")
    position = after("h2e2", "h9g7", "b0c2", "i9h9")
    assert tree.opening_name(position) == "C00 中炮对屏风马 (一)" and tree.lines_through(position) == 2


def test_variations_count_and_main_moves_are_told_apart(tmp_path: Path) -> None:
    tree = read_repertoire([write(tmp_path, "v.pgn", VARIATIONS)], "v")
    position = after("h2e2", "h9g7")
    moves = {entry.move.iccs(): entry for entry in tree.moves(position)}
    assert set(moves) == {"h0g2", "b0c2", "c3c4"}
    assert (moves["h0g2"].main, moves["b0c2"].main) == (1, 0)
    assert moves["c3c4"].dubious and not moves["h0g2"].dubious
    listed = tree.moves(position)
    assert [m.iccs() for m in accepted_moves(listed, AcceptMode.ALL)] == ["b0c2", "h0g2"]
    assert [m.iccs() for m in accepted_moves(listed, AcceptMode.MAIN)] == ["h0g2"]


def test_a_bad_record_is_reported_with_file_and_game_and_the_rest_is_read(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.pgn", BAD_SECOND)
    tree = read_repertoire([path], "bad")
    assert tree.records == 1
    assert len(tree.skipped) == 1
    assert tree.skipped[0].game == 2
    message = str(tree.skipped[0])
    assert "bad.pgn" in message and "game 2" in message


def test_a_file_with_no_usable_record_is_an_error_naming_it(tmp_path: Path) -> None:
    path = write(tmp_path, "prose.txt", "Dear friend, this is a letter and no game.\n")
    with pytest.raises(OpeningError, match="prose.txt"):
        read_repertoire([path], "prose.txt")


def test_reading_stops_at_the_depth_limit(tmp_path: Path) -> None:
    tree = read_repertoire([write(tmp_path, "t.pgn", TRANSPOSED)], "t", max_plies=2)
    assert tree.moves(after("h2e2", "h9g7")) == []
    assert tree.moves(after("h2e2"))


def test_names_come_from_opening_tags_or_a_study_line_s_event() -> None:
    assert record_name({"Opening": "中炮", "Variation": "屏风马", "Event": "甲级联赛"}) == "中炮 屏风马"
    assert record_name({"Event": "01 紅七路馬盤河黑上左象"}) == "01 紅七路馬盤河黑上左象"
    assert record_name({"Event": "全国赛", "Red": "胡荣华", "Black": "杨官璘"}) == ""
    assert tidy_name("中炮對後補列炮(四)互進七兵(卒)(", whole=False) == "中炮對後補列炮(四)互進七兵(卒)"
    assert tidy_name("01 紅", whole=False) == ""


# ---------------------------------------------------------------------------------------- replies
def test_replies_are_drawn_by_frequency_with_a_seed_and_lean_into_missed_lines() -> None:
    common, rare = RepertoireMove(Move(1, 2), 9, 9, False), RepertoireMove(Move(3, 4), 1, 1, False)
    first = [choose_reply([common, rare], [0, 0], random.Random(7)) for _ in range(5)]
    assert first == [choose_reply([common, rare], [0, 0], random.Random(7)) for _ in range(5)]
    rng = random.Random(11)
    plain = Counter(choose_reply([common, rare], [0, 0], rng) for _ in range(2000))
    rng = random.Random(11)
    leaning = Counter(choose_reply([common, rare], [0, 3], rng) for _ in range(2000))
    assert 100 < plain[rare.move] < 300          # about 1 in 10
    assert leaning[rare.move] > 2 * plain[rare.move]   # weight 1 -> 7: about 7 in 16
    assert choose_reply([], [], random.Random(1)) is None


# ---------------------------------------------------------------------------------------- the drill
def test_right_moves_get_replies_until_the_repertoire_ends(tmp_path: Path, db: TrainingDatabase) -> None:
    tree = read_repertoire([write(tmp_path, "v.pgn", VARIATIONS)], "v")
    drill = OpeningDrill(tree, DrillSettings(Color.RED), db, random.Random(1), Clock(NOON))
    start = drill.start_line()
    assert start.moves == () and not start.line_over
    answer = drill.answer(Move.from_iccs("h2e2"))
    assert answer.verdict is Verdict.RIGHT and answer.reply == Move.from_iccs("h9g7")
    answer = drill.answer(Move.from_iccs("b0c2"))          # a variation: right with AcceptMode.ALL
    assert answer.verdict is Verdict.RIGHT and answer.reply == Move.from_iccs("b9c7")
    assert answer.line_over and drill.phase is Phase.OVER
    assert (drill.right, drill.wrong) == (2, 0)
    assert CardDeck(db).counts(NOON)[DeckKind.OPENING].total == 0


def test_the_main_move_only_when_asked(tmp_path: Path, db: TrainingDatabase) -> None:
    tree = read_repertoire([write(tmp_path, "v.pgn", VARIATIONS)], "v")
    drill = OpeningDrill(tree, DrillSettings(Color.RED, AcceptMode.MAIN), db, random.Random(1), Clock(NOON))
    drill.start_line()
    drill.answer(Move.from_iccs("h2e2"))
    answer = drill.answer(Move.from_iccs("b0c2"))
    assert answer.verdict is Verdict.WRONG and answer.expected == (Move.from_iccs("h0g2"),)


def test_a_wrong_move_shows_the_expected_ones_and_becomes_a_card_due_again(
        tmp_path: Path, db: TrainingDatabase) -> None:
    tree = read_repertoire([write(tmp_path, "v.pgn", VARIATIONS)], "v")
    clock = Clock(NOON)
    drill = OpeningDrill(tree, DrillSettings(Color.RED), db, random.Random(1), clock)
    drill.start_line()
    drill.answer(Move.from_iccs("h2e2"))
    wrong = drill.answer(Move.from_iccs("c3c4"))                 # marked "?" by the record: never right
    assert wrong.verdict is Verdict.WRONG and wrong.card_added
    assert set(wrong.expected) == set(iccs("h0g2", "b0c2"))
    assert drill.phase is Phase.RETRY and drill.line == iccs("h2e2", "h9g7")   # the wrong move is not played
    assert wrong.next_due is not None and wrong.next_due > NOON
    deck = CardDeck(db)
    assert deck.counts(NOON)[DeckKind.OPENING].total == 1
    assert deck.due(NOON, DeckKind.OPENING) == []                 # answered wrong: back tomorrow, not now
    again = drill.answer(Move.from_iccs("c3c4"))                  # still wrong: no second card, not counted
    assert again.verdict is Verdict.WRONG and not again.card_added and drill.wrong == 1
    fixed = drill.answer(Move.from_iccs("h0g2"))
    assert fixed.verdict is Verdict.CORRECTED and fixed.reply == Move.from_iccs("i9h9")
    assert (drill.right, drill.wrong) == (1, 1)

    clock.now = wrong.next_due + timedelta(minutes=1)            # when fsrs says, the position comes back
    due = deck.due(clock.now, DeckKind.OPENING)
    assert len(due) == 1 and due[0].face.answers == ("b0c2", "h0g2")
    later = OpeningDrill(tree, DrillSettings(Color.RED), db, random.Random(2), clock)
    start = later.start_line()
    assert start.due_card and start.moves == tuple(iccs("h2e2", "h9g7"))
    assert later.due_count() == 1 and later.is_due_card()
    right = later.answer(Move.from_iccs("h0g2"))
    assert right.verdict is Verdict.RIGHT and right.next_due is not None
    assert right.next_due - clock.now > timedelta(days=1)          # right: a longer interval
    assert deck.due(clock.now, DeckKind.OPENING) == [] and later.due_count() == 0


def test_a_miss_on_a_card_not_due_reschedules_it(tmp_path: Path, db: TrainingDatabase) -> None:
    tree = read_repertoire([write(tmp_path, "v.pgn", VARIATIONS)], "v")
    clock = Clock(NOON)
    for _ in range(2):
        drill = OpeningDrill(tree, DrillSettings(Color.RED), db, random.Random(1), clock)
        drill.start_line()
        drill.answer(Move.from_iccs("h2e2"))
        answer = drill.answer(Move.from_iccs("c3c4"))
        clock.now += timedelta(hours=3)
    assert not answer.card_added and answer.next_due is not None
    assert answer.next_due > clock.now - timedelta(hours=3) + timedelta(hours=12)
    assert CardDeck(db).counts(clock.now)[DeckKind.OPENING].total == 1


def test_missed_lines_come_up_more_often(tmp_path: Path, db: TrainingDatabase) -> None:
    text = """\
[Format "ICCS"]

1. h2e2 h9g7 2. h0g2 *

[Format "ICCS"]

1. h2e2 h9g7 2. h0g2 *

[Format "ICCS"]

1. h2e2 b9c7 2. b0c2 *
"""
    tree = read_repertoire([write(tmp_path, "w.pgn", text)], "w")
    drill = OpeningDrill(tree, DrillSettings(Color.RED), db, random.Random(5), Clock(NOON))

    def replies() -> Counter[str]:
        seen: Counter[str] = Counter()
        for _ in range(300):
            drill.start_line()
            answer = drill.answer(Move.from_iccs("h2e2"))
            assert answer.reply is not None
            seen[answer.reply.iccs()] += 1
        return seen

    before = replies()
    drill.start_line()
    drill.answer(Move.from_iccs("h2e2"))
    while drill.line[-1] != Move.from_iccs("b9c7"):
        drill.start_line()
        drill.answer(Move.from_iccs("h2e2"))
    drill.answer(Move.from_iccs("h0g2"))          # wrong after 1... b9c7: that line is missed once
    assert drill.trouble
    assert replies()["b9c7"] > 1.5 * before["b9c7"]


def test_the_trainee_as_black_gets_the_first_reply(tmp_path: Path, db: TrainingDatabase) -> None:
    tree = read_repertoire([write(tmp_path, "t.pgn", TRANSPOSED)], "t")
    drill = OpeningDrill(tree, DrillSettings(Color.BLACK), db, random.Random(3), Clock(NOON))
    start = drill.start_line()
    assert len(start.moves) == 1 and drill.position.turn is Color.BLACK
    assert drill.expected() == (Move.from_iccs("h9g7"),)
    answer = drill.answer(Move.from_iccs("h9g7"))
    assert answer.verdict is Verdict.RIGHT and answer.reply is not None


def test_a_chosen_depth_ends_the_line(tmp_path: Path, db: TrainingDatabase) -> None:
    tree = read_repertoire([write(tmp_path, "t.pgn", TRANSPOSED)], "t")
    drill = OpeningDrill(tree, DrillSettings(Color.RED, max_plies=2), db, random.Random(3), Clock(NOON))
    drill.start_line()
    answer = drill.answer(drill.expected()[0])
    assert answer.reply is not None and answer.line_over


def test_a_book_is_a_repertoire_too(tmp_path: Path, db: TrainingDatabase) -> None:
    games = write(tmp_path, "games.pgn", TRANSPOSED.replace("*", "1-0"))
    build_book(tmp_path / "mine.book", [games])
    with OpeningBook(tmp_path / "mine.book") as book:
        repertoire = BookRepertoire(book)
        drill = OpeningDrill(repertoire, DrillSettings(Color.BLACK), db, random.Random(4), Clock(NOON))
        drill.start_line()
        assert drill.expected() == (Move.from_iccs("h9g7"),)
        wrong = drill.answer(Move.from_iccs("b9c7"))
        assert wrong.verdict is Verdict.WRONG and wrong.card_added
        key = card_key(Color.BLACK, drill.position)
        assert key.startswith("black:")


def test_the_bundled_ccpd_lines_read_whole_and_credit_ccpd() -> None:
    path = bundled_repertoire()
    assert "Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0" in path.read_text(encoding="utf-8")
    tree = read_repertoire([path], path.name)
    assert tree.records == 953 and tree.skipped == []
    assert tree.moves(Position())[0].move == Move.from_iccs("h2e2")    # 中炮, the most studied first move
