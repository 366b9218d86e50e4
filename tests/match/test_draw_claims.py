"""Issue 21 item 3: a draw claim (an engine answering "no move" while it has legal moves and our rules go on)
never scores as a loss. The referee's ruling (pure), a match against a scripted fake engine that claims
like ElephantEye, and a real match of the built-in engine against ElephantEye from 100 quiet plies."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from xiangqi.core import Move, Position
from xiangqi.engine.naming import TimeControl
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.match.referee import Adjudication, EndKind, claim_grounds, no_move_ruling, rules_end
from xiangqi.match.schedule import Opening
from xiangqi.record.pgn_file import PgnFile

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
# Rooks and kings only, 96 plies without a capture: 24 plies to go before our 60-move limit (120 plies).
NEAR_LIMIT = "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 96 60"
# Quiet walks for the fakes (no capture, no repeated position, no check): 12 moves each.
RED_WALK = "a0a1 a1a2 a2a3 a3a4 a4a5 a5a6 a6a7 a7a8 a8b8 b8b7 b7b6 b6b5"
BLACK_WALK = "i9i8 i8i7 i7i6 i6i5 i5i4 i4i3 i3i2 i2i1 i1h1 h1h2 h2h3 h3h4"


# ------------------------------------------------------------------------------ the ruling
def test_a_claim_is_asked_again_then_drawn_when_it_holds() -> None:
    position = Position.from_fen(NEAR_LIMIT.replace(" 96 ", " 100 "))
    assert rules_end(position) is None                  # our limit is 120 plies: the game goes on
    assert claim_grounds(position) == "100 plies without a capture"
    assert no_move_ruling(position, "ElephantEye", asked_again=False) is None   # ask again first
    end = no_move_ruling(position, "ElephantEye", asked_again=True)
    assert end is not None and end.winner is None and end.kind is EndKind.ADJUDICATION
    assert "ElephantEye" in end.reason and "100 plies without a capture" in end.reason


def test_a_repeated_position_is_a_claim_too_but_no_reason_is_a_loss() -> None:
    position = Position.from_fen(NEAR_LIMIT.replace(" 96 ", " 10 "))
    for text in ("a0a1", "i9i8", "a1a0", "i8i9"):
        position.push(Move.from_iccs(text))
    assert claim_grounds(position) == "a repeated position"
    fresh = Position.from_fen(NEAR_LIMIT.replace(" 96 ", " 10 "))
    assert claim_grounds(fresh) is None
    end = no_move_ruling(fresh, "Broken", asked_again=True)
    assert end is not None and end.winner is not None and end.kind is EndKind.ILLEGAL
    assert "claims to have no move" in end.reason


# ------------------------------------------------------------------------------ a match with fakes
def _claiming_fake(tmp_path: Path, name: str, walk: str) -> EngineSpec:
    script = tmp_path / f"{name}.txt"
    script.write_text(walk)
    # It claims as soon as the moves sent after the FEN reach 2: every move of the game after the first.
    return EngineSpec(name=name, command=sys.executable,
                      args=(str(FAKE), "--script", str(script), "--claim-draw-after", "2", "--name", name),
                      protocol=Protocol.UCCI)


def _play(qtbot, settings) -> list:  # noqa: ANN001 (MatchSettings / FinishedGame: imported with Qt)
    from xiangqi.engine.retire import engines_retiring
    from xiangqi.match.runner import MatchRunner

    runner = MatchRunner(settings)
    with qtbot.waitSignal(runner.finished, timeout=120_000):
        runner.start()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=20_000)  # no engine outlives the test
    return runner.results


def test_claiming_fakes_play_on_to_the_60_move_limit(qtbot, tmp_path: Path) -> None:
    from xiangqi.match.runner import MatchSettings

    pgn = tmp_path / "claims.pgn"
    specs = (_claiming_fake(tmp_path, "Red claimer", RED_WALK), _claiming_fake(tmp_path, "Black claimer", BLACK_WALK))
    settings = MatchSettings(specs=specs, time=TimeControl(movetime_ms=200), games=1,
                             openings=(Opening(NEAR_LIMIT, (), "near the limit"),), pgn=pgn)
    [finished] = _play(qtbot, settings)
    assert finished.end.kind is EndKind.RULES and finished.end.winner is None, finished.end.reason
    assert finished.end.reason == "draw by the 60-move limit" and finished.plies == 24
    [game] = list(PgnFile.open(pgn).games())
    comments = [node.comment for node in game.mainline()]
    assert sum("claimed a draw" in c and "asked again" in c for c in comments) >= 20
    assert game.result == "1/2-1/2"


# ------------------------------------------------------------------------------ the real ElephantEye
def quiet_opening(plies: int, seed: int = 21) -> Opening:
    """``plies`` random moves from a rooks-horses-advisors position: no capture, no check, no repetition
    (ElephantEye counts neither checks nor replies to them towards its 100 plies)."""
    fen = "3akab2/9/4b4/2n3r2/9/9/2R3N2/4B4/9/2BAKA3 w - - 0 1"
    position, rng, seen, moves = Position.from_fen(fen), random.Random(seed), set(), []
    seen.add(position.zobrist)
    while len(moves) < plies:
        quiet = [m for m in position.legal_moves() if not position.is_capture(m) and not position.gives_check(m)]
        rng.shuffle(quiet)
        for move in quiet:
            position.push(move)
            if position.zobrist not in seen and rules_end(position) is None:
                seen.add(position.zobrist)
                moves.append(move)
                break
            position.pop()
        else:
            raise AssertionError(f"the walk is stuck after {len(moves)} plies")
    return Opening(fen, tuple(moves), f"{plies} quiet plies")


@pytest.mark.slow
def test_builtin_against_elephanteye_from_100_quiet_plies(qtbot, tmp_path: Path, eleeye: Path) -> None:
    from xiangqi.engine.naming import builtin_spec
    from xiangqi.match.runner import MatchSettings

    opening = quiet_opening(100)
    assert opening.position().halfmove_clock == 100 and rules_end(opening.position()) is None
    elephant = EngineSpec(name="ElephantEye", command=str(eleeye), family="elephanteye")
    pgn = tmp_path / "eleeye.pgn"
    # ElephantEye claims on its first move as red (game 2: the claim holds, the game ends there); as black it
    # claims only by chance, a hundred plies later or never (games of 300 plies cost up to 7 s of CPU): each
    # game is drawn after 20 moves of engine play, at 50 ms a move.
    settings = MatchSettings(specs=(builtin_spec("1"), elephant), time=TimeControl(movetime_ms=50), games=2,
                             openings=(opening,), pgn=pgn, adjudication=Adjudication(max_plies=40))
    results = _play(qtbot, settings)
    assert len(results) == 2
    for finished in results:
        assert finished.end.kind is not EndKind.ILLEGAL, finished.end.reason
        assert "claims to have no move" not in finished.end.reason
    games = list(PgnFile.open(pgn).games())
    claims = [node.comment for game in games for node in game.mainline()
              if "ElephantEye claimed a draw" in node.comment]
    print("\n".join(f"{f.end.result} {f.end.reason} after {f.plies} plies" for f in results))
    assert claims, "ElephantEye never claimed: the test did not reach its draw claim"
