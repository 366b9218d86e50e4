"""``python -m xiangqi book build|probe``: the counts of a book built from ``../shared/data`` games agree
with counts computed here independently (positions keyed by FEN, not Zobrist), transpositions merge,
unreadable games are reported and skipped, and a failed build leaves the old book alone."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from in_process import Finished, run_xiangqi

from xiangqi.book import BookPlayer, BuildCancelled, OpeningBook, build_book, weighted_choice
from xiangqi.book.store import BookMove
from xiangqi.commands import book as book_command
from xiangqi.core import Move, Position
from xiangqi.record import load_games

REPO = Path(__file__).resolve().parents[2]
RESULT_INDEX = {"1-0": 1, "1/2-1/2": 2, "0-1": 3}


def record_files(shared_data: Path) -> list[Path]:
    """Every file of the shared games folder, whatever its kind (the reader detects it by content)."""
    return sorted(p for p in (shared_data / "games").rglob("*") if p.is_file())


def fen_key(position: Position) -> str:
    return " ".join(position.fen().split()[:2])  # board and side: what makes two positions the same


def expected_counts(files: list[Path]) -> tuple[dict[tuple[str, str], list[int]], int]:
    """(board+side FEN, ICCS) -> [games, red, draws, black] over the main lines of the games read
    without problems, each pair once per game; and the number of such games."""
    table: dict[tuple[str, str], list[int]] = {}
    used = 0
    for path in files:
        try:
            games = load_games(path)
        except (OSError, ValueError):
            continue
        for game in games:
            if game.errors or not game.mainline_moves():
                continue
            used += 1
            position, pairs = game.start_position(), set()
            for move in game.mainline_moves():
                pairs.add((fen_key(position), move.iccs()))
                position.push(move)
            for pair in pairs:
                row = table.setdefault(pair, [0, 0, 0, 0])
                row[0] += 1
                if game.result in RESULT_INDEX:
                    row[RESULT_INDEX[game.result]] += 1
    return table, used


def probe(book: Path, fen: str | None, capsys: pytest.CaptureFixture[str]) -> list[list[str]]:
    assert book_command.main(["probe", str(book), *([fen] if fen else [])]) == 0
    return [line.split("\t") for line in capsys.readouterr().out.splitlines()]


@pytest.fixture(scope="module")
def shared_book(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Finished]:
    """``book build`` of every shared record file with one process (the default), in this process: built
    once for this module's tests (the independent counts and the worker-process build compare with it)."""
    target = tmp_path_factory.mktemp("shared-book") / "one.book"
    return target, run_xiangqi("book", "build", str(target), *map(str, record_files(shared_data)))


def test_book_from_shared_games_has_the_independent_counts(
    shared_data: Path, shared_book: tuple[Path, Finished], capsys: pytest.CaptureFixture[str]
) -> None:
    files = record_files(shared_data)
    target, built = shared_book
    status, out, err = built.returncode, built.stdout, built.stderr
    expected, used = expected_counts(files)
    assert status == 1  # the shared data has unreadable games: reported, skipped, exit status 1
    assert "BadMoveTest3.xqf game 1: skipped:" in err and "'e1f0'" in err
    assert out.startswith(f"{target}: {used} games, ")
    start_rows = probe(target, None, capsys)
    start = fen_key(Position())
    wanted = sorted(([m, *map(str, c)] for (f, m), c in expected.items() if f == start),
                    key=lambda row: (-int(row[1]), row[0]))
    assert start_rows == wanted and int(start_rows[0][1]) > 1
    moves_by_fen: dict[str, dict[str, list[int]]] = {}
    for (fen, iccs), counts in expected.items():
        moves_by_fen.setdefault(fen, {})[iccs] = counts
    with OpeningBook(target) as book:
        assert book.game_count == used
        for fen, wanted_moves in moves_by_fen.items():   # each position once (was once per move: quadratic)
            position = Position.from_fen(fen + " - - 0 1")
            found = {entry.move.iccs(): [entry.games, entry.red_wins, entry.draws, entry.black_wins]
                     for entry in book.moves(position)}
            assert found == wanted_moves, fen


def test_probe_with_a_fen_and_transpositions_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "two.pgn"
    games.write_text(
        '[Event "a"]\n[Result "1-0"]\n1. h2e2 h9g7 2. h0g2 b9c7 3. b0c2 1-0\n\n'
        '[Event "b"]\n[Result "0-1"]\n1. h2e2 b9c7 2. h0g2 h9g7 3. i0h0 0-1\n\n'
        '[Event "c"]\n[Result "1/2-1/2"]\n1. h2e2 h9g7 2. h0g2 b9c7 3. b0c2 1/2-1/2\n',
        encoding="utf-8",
    )
    target = tmp_path / "t.book"
    assert book_command.main(["build", str(target), str(games)]) == 0
    capsys.readouterr()
    position = Position()
    for text in ("h2e2", "h9g7", "h0g2", "b9c7"):
        position.push(Move.from_iccs(text))
    rows = probe(target, position.fen(), capsys)
    assert rows == [["b0c2", "2", "1", "1", "0"], ["i0h0", "1", "0", "0", "1"]]
    assert probe(target, None, capsys) == [["h2e2", "3", "1", "1", "1"]]


def test_the_command_line_entry_point(tmp_path: Path, shared_data: Path) -> None:
    target = tmp_path / "w.book"
    source = shared_data / "games" / "wukong" / "bulk_games_uci.pgn"
    subprocess.run([sys.executable, "-m", "xiangqi", "book", "build", str(target), str(source)],
                   check=True, cwd=REPO, capture_output=True, timeout=120)
    done = run_xiangqi("book", "probe", str(target))   # the probe in this process
    assert done.returncode == 0, done.stderr
    rows = [line.split("\t") for line in done.stdout.splitlines()]
    assert sum(int(row[1]) for row in rows) == 15  # 15 games, no results in that file
    assert all(row[2:] == ["0", "0", "0"] for row in rows)


def test_bad_book_and_bad_fen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    not_a_book = tmp_path / "x.book"
    not_a_book.write_text("hello", encoding="utf-8")
    assert book_command.main(["probe", str(not_a_book)]) == 1
    assert "x.book" in capsys.readouterr().err
    assert book_command.main(["probe", str(tmp_path / "missing.book")]) == 1
    assert "no such book file" in capsys.readouterr().err
    assert book_command.main(["build", str(tmp_path / "y.book"), str(tmp_path / "missing.pgn")]) == 1
    assert "missing.pgn: skipped:" in capsys.readouterr().err
    assert book_command.main(["probe", str(tmp_path / "y.book"), "not a fen"]) == 2


def test_cancelled_build_keeps_the_old_book(tmp_path: Path, shared_data: Path) -> None:
    target = tmp_path / "keep.book"
    source = shared_data / "games" / "wukong" / "bulk_games_uci.pgn"
    build_book(target, [source])
    before = target.read_bytes()
    with pytest.raises(BuildCancelled):
        build_book(target, [source, source], progress=lambda done, total, games: done < 1)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.book"]  # no temporary file left behind


def test_book_player_weights_by_games_and_stops_after_its_plies(tmp_path: Path, shared_data: Path) -> None:
    moves = [BookMove(Move.from_iccs("h2e2"), 3, 0, 0, 0), BookMove(Move.from_iccs("b2e2"), 1, 0, 0, 0)]
    drawn = Counter(str(weighted_choice(moves, random.Random(seed))) for seed in range(4000))
    assert set(drawn) == {"h2e2", "b2e2"} and 2.5 < drawn["h2e2"] / drawn["b2e2"] < 3.5
    assert weighted_choice([], random.Random(1)) is None
    target = tmp_path / "p.book"
    build_book(target, [shared_data / "games" / "wukong" / "bulk_games_uci.pgn"])
    with OpeningBook(target) as book:
        player = BookPlayer(book, plies=2, rng=random.Random(5))
        first = player.move_for(Position(), 0)
        assert first is not None and first in {entry.move for entry in book.moves(Position())}
        assert player.move_for(Position(), 2) is None
        assert BookPlayer(book, plies=0).move_for(Position(), 0) is None
        assert player.move_for(Position("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"), 0) is None


def test_small_flushes_merge_into_the_same_book(tmp_path: Path, shared_data: Path) -> None:
    """Bounded memory: flushing every few rows (upserts into the file) gives the same book as one flush."""
    from xiangqi.book import BookBuilder

    games = load_games(shared_data / "games" / "wukong" / "bulk_games_uci.pgn") * 2
    books = []
    for name, flush_rows in (("one.book", 10**9), ("many.book", 7)):
        builder = BookBuilder(tmp_path / name, flush_rows=flush_rows)
        for game in games:
            builder.add_game(game)
        report = builder.finish()
        assert report.games == 30
        with OpeningBook(tmp_path / name) as book:
            books.append(list(book))
    assert books[0] == books[1] and books[0][0][1].games % 2 == 0


def test_worker_processes_build_the_same_book(tmp_path: Path, shared_data: Path,
                                              shared_book: tuple[Path, Finished],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in record_files(shared_data)]
    (one, first), two = shared_book, tmp_path / "two.book"
    assert first.returncode == 1
    assert book_command.main(["build", str(two), "--jobs", "2", *files]) == 1
    second = capsys.readouterr()
    assert second.out.replace(str(two), str(one)) == first.stdout and second.err == first.stderr
    with OpeningBook(one) as a, OpeningBook(two) as b:
        assert list(a) == list(b)


def test_jobs_default_to_one_per_cpu_only_for_a_big_collection(tmp_path, monkeypatch) -> None:
    from xiangqi.book import builder

    small = [tmp_path / "a.pgn", tmp_path / "b.pgn"]
    for path in small:
        path.write_bytes(b"x" * 1000)
    monkeypatch.setattr(builder.os, "cpu_count", lambda: 2)
    assert builder.auto_jobs([str(p) for p in small]) == 1
    big = [tmp_path / "c.pgn", tmp_path / "d.pgn", tmp_path / "e.pgn"]
    for path in big:
        path.write_bytes(b"x" * 600_000)
    assert builder.auto_jobs([str(p) for p in big]) == 2
    assert builder.auto_jobs([str(big[0])]) == 1                       # one file: nothing to share out
    assert builder.auto_jobs([str(tmp_path / "missing.pgn"), str(big[0])]) == 1
