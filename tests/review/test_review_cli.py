"""``python -m xiangqi review`` with Fairy-Stockfish on a real game with a deliberate blunder, and with the
scripted fake engine (a game that cannot be read, an engine that keeps dying: the command as a process; the
others run it in the test's process, ``in_process.run_xiangqi``, without a Python start each)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from in_process import Finished, run_xiangqi

from xiangqi.core import Move, Position
from xiangqi.core.movegen import ROOK
from xiangqi.core.notation import Notation
from xiangqi.engine.protocol import Dialect, WireFormat
from xiangqi.record import Game, load_games
from xiangqi.record.pgn_file import PgnFile
from xiangqi.record.pgn_writer import game_to_pgn, save_pgn
from xiangqi.review import Mark, parse_eval_comment

REPO = Path(__file__).resolve().parents[2]
FAIRY = Path("/usr/games/fairy-stockfish")
FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
DEPTH = 5           # the same depth for building the game and for the review: the same best moves
#                     (a hung rook shows at any depth; 7 cost half again as much CPU)
PREFIX_PLIES = 10   # real moves before the blunder (20 reviewed ten more positions to no purpose)
CONTINUATION = 6    # the engine's best moves after it
MARKS = {mark.value for mark in Mark}
FAIRY_WIRE = WireFormat(Dialect.UCI, rank_base=1)  # Fairy-Stockfish numbers ranks 1-10 in UCI mode


def run_process(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xiangqi", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout)


def run(*args: str) -> Finished:
    """The command in this process (the test holds the ``qapp`` fixture: the review runs Qt's loop)."""
    return run_xiangqi(*args)


class FairySearcher:
    """Fairy-Stockfish's best move and score (centipawns, side to move) at DEPTH, from one engine process for
    all of the game's ~9 searches (a process each cost ~0.3 CPU-s to start, ten times a search at depth 5).
    ``ucinewgame`` before each search clears the hash and history tables, so each search finds what a fresh
    process finds (the review's own engines start fresh: the same best moves)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([str(FAIRY)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci", "setoption name UCI_Variant value xiangqi")

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("".join(f"{line}\n" for line in lines))
        self.process.stdin.flush()

    def read_until(self, prefix: str) -> list[str]:
        assert self.process.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith(prefix):
            line = self.process.stdout.readline()
            assert line, f"Fairy-Stockfish ended before {prefix!r}: {lines[-3:]}"
            lines.append(line.strip())
        return lines

    def search(self, position: Position) -> tuple[Move, int]:
        moves = FAIRY_WIRE.moves(position.move_stack)
        self.send("ucinewgame", "isready")
        self.read_until("readyok")
        self.send(f"position fen {Position.STARTING_FEN} moves {moves}", f"go depth {DEPTH}")
        lines = self.read_until("bestmove")
        scores = re.findall(r"score cp (-?\d+)", "\n".join(lines))
        return FAIRY_WIRE.parse_move(lines[-1].split()[1]), int(scores[-1])

    def close(self) -> None:
        self.send("quit")
        self.process.communicate(timeout=30)


def hanging_rook_moves(position: Position) -> list[Move]:
    """Rook moves (not captures) to a square the opponent can take it on."""
    found = []
    for move in position.legal_moves():
        if abs(position.piece_at(move.from_sq)) != ROOK or position.is_capture(move):
            continue
        position.push(move)
        if any(reply.to_sq == move.to_sq for reply in position.legal_moves()):
            found.append(move)
        position.pop()
    return found


def blunder_game(shared_data: Path) -> tuple[Game, int]:
    """A real game's first moves, a move that hangs a rook, then Fairy-Stockfish's best moves."""
    real = load_games(shared_data / "games" / "wukong" / "bulk_games_uci.pgn")[0]
    position = real.start_position()
    for move in real.mainline_moves()[:PREFIX_PLIES]:
        position.push(move)
    fairy = FairySearcher()
    try:
        return build_blunder_game(position, fairy.search), PREFIX_PLIES + 1
    finally:
        fairy.close()


def build_blunder_game(position: Position, fairy_search: Callable[[Position], tuple[Move, int]]) -> Game:
    _, before = fairy_search(position)
    worst: tuple[int, Move] | None = None
    for move in hanging_rook_moves(position):
        position.push(move)
        _, reply_score = fairy_search(position)  # the opponent's view: high is bad for the mover
        position.pop()
        if worst is None or reply_score > worst[0]:
            worst = (reply_score, move)
    assert worst is not None and worst[0] - (-before) >= 300, f"no rook move hangs it: {worst}, {before}"
    position.push(worst[1])
    for _ in range(CONTINUATION):
        best, _ = fairy_search(position)
        position.push(best)
    game = Game({"Event": "blunder test", "Red": "R", "Black": "B"})
    node = game.root
    for move in position.move_stack:
        node = node.add_child(move)
    return game


@pytest.mark.fairy
@pytest.mark.slow
@pytest.mark.skipif(not FAIRY.exists(), reason="needs Debian's fairy-stockfish package")
def test_review_marks_the_blunder_and_not_the_best_moves(tmp_path: Path, shared_data: Path, qapp: object) -> None:
    game, blunder_ply = blunder_game(shared_data)
    source = tmp_path / "blunder.pgn"
    save_pgn(source, [game], notation=Notation.ICCS)
    before = source.read_bytes()
    out = tmp_path / "reviewed.pgn"
    result = run("review", str(source), "--engine", "fairy-stockfish", "--depth", str(DEPTH), "--jobs", "2",
                 "--notation", "iccs", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert source.read_bytes() == before  # the input is never touched
    assert "positions" in result.stderr  # the progress bar
    assert re.search(r"red: .*accuracy [\d.]+%", result.stdout)
    reviewed = list(PgnFile.open(out).games())[0]
    nodes = reviewed.mainline()
    assert len(nodes) == game.ply_count()
    blunder = nodes[blunder_ply - 1]
    assert set(blunder.nags) & {Mark.BLUNDER.value, Mark.MISTAKE.value}, game_to_pgn(reviewed, Notation.ICCS)
    for node in nodes[blunder_ply:]:
        assert not set(node.nags) & MARKS, f"the engine's own move {node.move} was marked {node.nags}"
    better = blunder.parent.children if blunder.parent else []
    assert len(better) == 2 and better[1].move != blunder.move  # the engine's move beside the blunder
    assert all(parse_eval_comment(node.comment) is not None for node in nodes[:-1])
    assert reviewed.headers["Annotator"].startswith("Fairy-Stockfish 11") and reviewed.headers["Annotator"].endswith(
        f", depth {DEPTH}")


def test_unreadable_game_skipped_and_dying_engine_reported(tmp_path: Path) -> None:
    source = tmp_path / "two.pgn"
    source.write_text('[Event "bad"]\n\n1. h2e2 h9g7 2. z9z9 *\n\n[Event "good"]\n\n1. h2e2 h9g7 2. h0g2 *\n',
                      encoding="utf-8")
    out = tmp_path / "out.pgn"
    crashing = f"{sys.executable} {FAKE} --fault crash-in-search"
    result = run_process("review", str(source), "--engine", crashing, "--movetime", "50", "-o", str(out))
    assert result.returncode == 1
    assert "game 1: cannot be read, skipped" in result.stderr
    assert "game 2: not reviewed" in result.stderr and "SIGSEGV" in result.stderr
    games = list(PgnFile.open(out).games())
    assert [g.headers["Event"] for g in games] == ["good"]  # written as it was
    assert all(not node.comment and not node.nags for node in games[0].mainline())


def test_review_with_the_fake_engine_marks_its_worse_moves(tmp_path: Path, qapp: object) -> None:
    """The fake engine always plays the first legal move and sends no score: no mark, a 0.00 evaluation."""
    source = tmp_path / "game.pgn"
    source.write_text('[Event "e"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n', encoding="utf-8")
    out = tmp_path / "out.pgn"
    result = run("review", str(source), "--engine", f"{sys.executable} {FAKE}", "--movetime", "20",
                 "--jobs", "2", "-o", str(out))
    assert result.returncode == 0, result.stderr
    game = list(PgnFile.open(out).games())[0]
    assert [parse_eval_comment(n.comment) for n in game.mainline()] == [parse_eval_comment("[%eval 0.00]")] * 4


def test_an_illegal_best_move_is_named_at_once(tmp_path: Path, qapp: object) -> None:
    """It was reported as "did not answer in time" after the 10 s grace; now the move is named."""
    source = tmp_path / "game.pgn"
    source.write_text('[Event "e"]\n\n1. h2e2 h9g7 *\n', encoding="utf-8")
    out = tmp_path / "out.pgn"
    result = run("review", str(source), "--engine", f"{sys.executable} {FAKE} --fault illegal-bestmove",
                 "--movetime", "20", "-o", str(out))
    assert result.returncode == 1
    assert "sent a bad move" in result.stderr and "illegal in" in result.stderr
    assert "did not answer in time" not in result.stderr
    assert "game 1: not reviewed" in result.stderr


def test_the_reviewed_record_keeps_site_date_round_and_names_engine_and_time(tmp_path: Path, qapp: object) -> None:
    source = tmp_path / "game.pgn"
    source.write_text('[Event "e"]\n[Site "广州"]\n[Date "2007.01.15"]\n[Round "3"]\n\n1. h2e2 h9g7 2. h0g2 *\n',
                      encoding="utf-8")
    out = tmp_path / "out.pgn"
    result = run("review", str(source), "--engine", f"{sys.executable} {FAKE} --name Fakefish",
                 "--movetime", "20", "-o", str(out))
    assert result.returncode == 0, result.stderr
    game = list(PgnFile.open(out).games())[0]
    assert (game.headers["Site"], game.headers["Date"], game.headers["Round"]) == ("广州", "2007.01.15", "3")
    assert game.headers["Annotator"] == "Fakefish (ucci), 20 ms/move"   # the engine's own id name
    text = out.read_text(encoding="utf-8")
    assert "  1... 马８进７" in text   # black's move after the comment of red's


@pytest.mark.fairy
@pytest.mark.skipif(not FAIRY.exists(), reason="needs Debian's fairy-stockfish package")
def test_fairy_judges_every_move_also_after_a_repetition_our_rules_end(tmp_path: Path, qapp: object) -> None:
    """Horses out and back twice (our rules: a repetition draw at ply 8), then the game goes on: every
    position is searched (an [%eval] after every move), each ?/?? has the better move beside it."""
    moves = ["h0g2", "h9g7", "g2h0", "g7h9"] * 2 + ["h0g2", "h9g7", "b0c2", "i9h9"]
    game = Game({"Event": "repetition", "Site": "here", "Date": "2026.11.26", "Round": "1"})
    node = game.root
    for text in moves:
        node = node.add_child(Move.from_iccs(text))
    source, out = tmp_path / "rep.pgn", tmp_path / "out.pgn"
    save_pgn(source, [game], notation=Notation.ICCS)
    result = run("review", str(source), "--engine", "fairy-stockfish", "--depth", "4", "--jobs", "1", "-o", str(out))
    assert result.returncode == 0, result.stderr
    reviewed = list(PgnFile.open(out).games())[0]
    assert reviewed.headers["Annotator"].startswith("Fairy-Stockfish") and reviewed.headers["Annotator"].endswith(
        ", depth 4")
    nodes = reviewed.mainline()
    assert all(parse_eval_comment(n.comment) is not None for n in nodes)
    for n in nodes:
        if set(n.nags) & {Mark.MISTAKE.value, Mark.BLUNDER.value}:
            assert n.parent is not None and len(n.parent.children) == 2, game_to_pgn(reviewed, Notation.ICCS)


def test_without_a_limit_the_review_searches_each_position_to_the_default_node_budget(
        tmp_path: Path, qapp: object) -> None:
    """A node budget by default (the same marks on a busy machine as on an idle one); time is an option."""
    from xiangqi.review.judging import DEFAULT_REVIEW_NODES

    source = tmp_path / "game.pgn"
    source.write_text('[Event "e"]\n\n1. h2e2 h9g7 *\n', encoding="utf-8")
    out, log = tmp_path / "out.pgn", tmp_path / "engine.log"
    result = run("review", str(source), "--engine", f"{sys.executable} {FAKE} --log {log}", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert load_games(out)[0].headers["Annotator"].endswith(f"{DEFAULT_REVIEW_NODES} nodes/move")
    gos = [line for line in log.read_text().splitlines() if line.startswith("go")]
    assert gos and all("nodes" in go for go in gos)
    assert not any("time" in go for go in gos)
