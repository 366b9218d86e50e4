"""The match's pure logic: results and Elo, the schedule and openings, the referee, names and time
controls, and the PGN file that grows one game at a time."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from xiangqi.core import Color, Move, Position
from xiangqi.engine.naming import (
    EngineNameError,
    TimeControl,
    builtin_spec,
    engine_spec,
    parse_engine_option,
)
from xiangqi.match.record import append_game, finish_game, new_match_game
from xiangqi.match.referee import Adjudication, EndKind, GameEnd, Referee, rules_end
from xiangqi.match.results import GAME_ENDING, Tally, elo_of, game_ending, game_line, wilson_interval
from xiangqi.match.schedule import Opening, load_openings, schedule
from xiangqi.record import load_games
from xiangqi.record.pgn_file import PgnFile


# ------------------------------------------------------------------------------ results
def test_elo_of_a_score() -> None:
    assert elo_of(0.5) == 0
    assert elo_of(0.75) == pytest.approx(190.8, abs=0.1)
    assert elo_of(0.25) == pytest.approx(-190.8, abs=0.1)
    assert elo_of(1.0) == math.inf and elo_of(0.0) == -math.inf
    assert Tally.of([1, 0]).elo().text().startswith("+0 ")


def test_tally_and_interval_like_cutechess() -> None:
    tally = Tally.of([1, 1, 1, 0.5, 0.5, 0, 1, 0.5, 0, 1])
    assert (tally.wins, tally.draws, tally.losses, tally.points) == (5, 3, 2, 6.5)
    estimate = tally.elo()
    assert estimate.elo == pytest.approx(elo_of(0.65))
    # trinomial variance: (5*.35^2 + 3*.15^2 + 2*.65^2) / 10 = 0.1525; half width 1.96 * sqrt(.1525/10)
    half = 1.959964 * math.sqrt(0.1525 / 10)
    assert estimate.low == pytest.approx(elo_of(0.65 - half))
    assert estimate.high == pytest.approx(elo_of(0.65 + half))
    assert "6.5/10 (65.0%), +5 =3 -2, Elo +108" in tally.text()


def test_all_wins_uses_wilson_for_a_finite_lower_bound() -> None:
    estimate = Tally.of([1.0] * 10).elo()
    assert estimate.elo == math.inf and estimate.high == math.inf
    low, _ = wilson_interval(1.0, 10)
    assert estimate.low == pytest.approx(elo_of(low)) and 100 < estimate.low < 300
    assert "+inf" in estimate.text()


def test_tally_rejects_other_scores() -> None:
    with pytest.raises(ValueError, match="0.3"):
        Tally.of([0.3])


# ------------------------------------------------------------------------------ schedule, openings
def test_colours_alternate_and_each_opening_is_played_with_both() -> None:
    first, second = Opening(name="one"), Opening(name="two")
    games = schedule(5, [first, second])
    assert [g.number for g in games] == [1, 2, 3, 4, 5]
    assert [g.a_is_red for g in games] == [True, False, True, False, True]
    assert [g.opening.name for g in games] == ["one", "one", "two", "two", "one"]
    assert schedule(1)[0].opening.position().fen() == Position().fen()


def test_fen_list_openings_skip_bad_lines(tmp_path: Path) -> None:
    path = tmp_path / "openings.epd"
    good = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    path.write_text(f"# a comment\n\n{good} id \"central cannon\";\nnot a fen\n", encoding="utf-8")
    errors: list[str] = []
    openings = load_openings(path, errors)
    assert [o.fen for o in openings] == [Position.from_fen(good).fen()]
    assert len(errors) == 1 and ":4:" in errors[0] and "not a fen" in errors[0]


def test_the_shipped_test_openings() -> None:
    openings = load_openings(Path(__file__).parent / "data" / "openings.pgn")
    assert len(openings) == 12
    assert [m.iccs() for m in openings[0].moves] == ["h2e2", "h9g7"]


def test_record_openings(shared_data: Path) -> None:
    path = shared_data / "games" / "wukong" / "bulk_games_uci.pgn"
    errors: list[str] = []
    openings = load_openings(path, errors)
    games = load_games(path)
    over = [i for i, g in enumerate(games, start=1) if g.end_position().outcome() is not None]
    assert len(openings) == len(games) - len(over)
    for number in over:
        assert f"game {number}: skipped as an opening: the game is over" in " ".join(errors)
    assert openings[0].moves == tuple(games[0].mainline_moves())


# ------------------------------------------------------------------------------ referee
def _play(position: Position, moves: str) -> Position:
    for text in moves.split():
        position.push(Move.from_iccs(text))
    return position


def test_rules_end_names_the_loser() -> None:
    mated = Position.from_fen("R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1")
    end = rules_end(mated)
    assert end is not None and end.winner is Color.RED and end.kind is EndKind.RULES
    assert end.reason == "Black is mated" and end.result == "1-0"
    assert rules_end(Position()) is None


def test_insufficient_material_is_a_draw_with_words() -> None:
    end = rules_end(Position.from_fen("3k5/4a4/9/9/9/9/9/9/4A4/5K3 w - - 0 1"))
    assert end is not None and end.winner is None and "insufficient material" in end.reason


def test_repetition_draw_by_the_rules() -> None:
    position = _play(Position(), "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9")
    end = rules_end(position)
    assert end is not None and end.winner is None and "repetition" in end.reason


def test_score_adjudication_needs_both_engines_for_n_moves() -> None:
    referee = Referee(Adjudication(score_cp=500, score_moves=2))
    position = Position()
    scores = [(Color.RED, 600), (Color.BLACK, 550), (Color.RED, 700)]
    for mover, score in scores:
        assert referee.after_move(position, mover, score) is None
    end = referee.after_move(position, Color.BLACK, 520)
    assert end is not None and end.winner is Color.RED and end.kind is EndKind.ADJUDICATION
    disagreeing = Referee(Adjudication(score_cp=500, score_moves=1))
    disagreeing.after_move(position, Color.RED, 600)
    assert disagreeing.after_move(position, Color.BLACK, 100) is None
    no_score = Referee(Adjudication(score_cp=500, score_moves=1))
    no_score.after_move(position, Color.RED, None)
    assert no_score.after_move(position, Color.BLACK, 900) is None


def test_black_wins_by_adjudication_too() -> None:
    referee = Referee(Adjudication(score_cp=300, score_moves=1))
    referee.after_move(Position(), Color.RED, -400)
    end = referee.after_move(Position(), Color.BLACK, -350)
    assert end is not None and end.winner is Color.BLACK


def test_draw_by_move_count() -> None:
    referee = Referee(Adjudication(max_plies=3))
    assert referee.after_move(Position(), Color.RED, None) is None
    assert referee.after_move(Position(), Color.BLACK, None) is None
    end = referee.after_move(Position(), Color.RED, None)
    assert end is not None and end.winner is None and "3 plies" in end.reason


def test_bad_adjudication_settings() -> None:
    with pytest.raises(ValueError):
        Adjudication(score_cp=0)
    with pytest.raises(ValueError):
        Adjudication(max_plies=0)


# ------------------------------------------------------------------------------ names, options, time
def test_builtin_levels() -> None:
    spec = engine_spec("builtin:2")
    assert spec.options["level"] == 2 and spec.family == "builtin" and "level 2" in spec.name
    assert engine_spec("builtin").options["level"] == 5
    with pytest.raises(EngineNameError, match="builtin:9"):
        engine_spec("builtin:9")
    with pytest.raises(EngineNameError):
        builtin_spec("x")


@pytest.mark.fairy
@pytest.mark.skipif(not Path("/usr/games/fairy-stockfish").exists(), reason="needs fairy-stockfish")
def test_registry_names_and_commands() -> None:
    fairy = engine_spec("fairy-stockfish")
    # Whichever copy the registry finds first (PATH before /usr/games): it must be a Fairy-Stockfish program.
    found = Path(fairy.resolved_command())
    assert fairy.family == "fairy-stockfish" and found.is_file() and found.name.startswith("fairy-stockfish")
    # "auto": the family's one dialect, UCI (families.toml, measured by tests/bench/dialect_symmetry.py)
    assert fairy.protocol.value == "auto"
    from xiangqi.engine.registry import session_config_for
    assert session_config_for(fairy).dialects[0].rules.key == "uci"
    command = engine_spec("/usr/games/fairy-stockfish --flag")
    assert command.args == ("--flag",) and command.family == "fairy-stockfish"


def test_engine_options() -> None:
    assert parse_engine_option("A:Hash=64") == (0, "Hash", "64")
    assert parse_engine_option("b:UCI_Elo = 1500") == (1, "UCI_Elo", "1500")
    assert parse_engine_option("2:level=3") == (1, "level", "3")
    for bad in ("C:Hash=1", "Hash=64", "A:Hash", "A:=3"):
        with pytest.raises(EngineNameError, match="--option"):
            parse_engine_option(bad)


def test_time_controls() -> None:
    clock = TimeControl.parse("60+0.5")
    assert (clock.base_ms, clock.increment_ms, clock.pgn()) == (60_000, 500, "60+0.5")
    limits = clock.limits(1000, 2000)
    assert (limits.red_time_ms, limits.black_time_ms, limits.red_increment_ms) == (1000, 2000, 500)
    assert TimeControl.parse("10").increment_ms == 0
    per_move = TimeControl(movetime_ms=200)
    assert per_move.limits(0, 0).movetime_ms == 200 and per_move.pgn() == "1/0.2"
    for bad in ("", "1+", "a+b", "0"):
        with pytest.raises(EngineNameError):
            TimeControl.parse(bad)


# ------------------------------------------------------------------------------ the PGN file
def test_games_are_appended_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "match.pgn"
    opening = Opening(moves=(Move.from_iccs("h2e2"),), name="central cannon")
    for number in (1, 2):
        game, node = new_match_game("Test", number, "A", "B", opening, "1/0.1")
        node = node.add_child(Move.from_iccs("h9g7"))
        finish_game(game, node, GameEnd(Color.RED, EndKind.CRASH, "Black (B) lost: the engine failed: boom"))
        append_game(path, game)
    pgn = PgnFile.open(path)
    assert len(pgn) == 2
    games = list(pgn.games())
    assert [g.headers["Round"] for g in games] == ["1", "2"]
    assert all(g.result == "1-0" and g.headers["Termination"] == "abandoned" for g in games)
    assert games[1].mainline()[-1].comment == "Black (B) lost: the engine failed: boom"
    assert games[0].mainline()[0].comment == "opening"
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


def test_a_game_s_line_gives_its_ending_back_to_a_cluster() -> None:
    """What a worker's match prints is what the submitting side reads the reason and plies back from."""
    ending = game_ending("红方被将死 (mate)", 41)
    line = game_line(3, 10, "A: x", "B", "0-1", ending)
    assert line == "Game 3/10: A: x (red) vs B (black): 0-1 {红方被将死 (mate)} after 41 plies"
    assert GAME_ENDING.findall(line + "\n  A 0 - 1 B\n" + game_line(4, 10, "B", "A", "*")) == [ending]

