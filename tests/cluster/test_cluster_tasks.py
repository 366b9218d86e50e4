"""The tasks a match or a tournament sends to a cluster (issue 33 §3), built and read back without a cluster:
the same games as the local run (openings, colours, numbers), each engine's options going with it, the games
a worker sends back tagged as the local run tags them."""

from __future__ import annotations

import argparse
import contextlib
import io
from pathlib import Path

import pytest

from xiangqi.__main__ import main as xiangqi_main
from xiangqi.cluster.client import SliceResult
from xiangqi.cluster.slices import SliceOutcome
from xiangqi.commands.on_cluster import encounter_options, pair_slots, played_line, pair_task, slot_games
from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.engine.naming import EngineNameError, TimeControl, builtin_spec
from xiangqi.match.runner import MatchSettings, TournamentSettings
from xiangqi.match.schedule import Opening, schedule
from xiangqi.match.tournament import TournamentKind, encounters
from xiangqi.record import Game
from xiangqi.record.pgn_writer import games_to_pgn

OPENINGS = (Opening(moves=(Move.from_iccs("h2e2"),), name="中炮"), Opening(moves=(Move.from_iccs("c3c4"),)))


@pytest.mark.parametrize(("rounds", "repeat"), [(1, True), (2, False), (3, False), (3, True)])
def test_a_tournament_s_tasks_are_the_local_games(rounds: int, repeat: bool) -> None:
    """Every encounter's games, as the local TournamentRunner's MatchRunners schedule them, each in exactly
    one task, in the local order: pairs (one opening, A red then black), a last odd game alone."""
    specs = tuple(builtin_spec(str(level)) for level in (1, 2, 3, 4))
    match = MatchSettings(specs=(specs[0], specs[1]), time=TimeControl(movetime_ms=50), openings=OPENINGS)
    tournament = TournamentSettings(match, specs, TournamentKind.ROUND_ROBIN, rounds, repeat)
    for first, second in encounters(tournament.kind, len(specs)):
        local = tournament.encounter_settings(first, second)
        games = [(p.number, p.a_is_red, p.opening) for p in schedule(local.games, list(local.openings))]
        slots = pair_slots(first, second, local.games, OPENINGS)
        on_cluster = [(slot.number + k, k == 0, slot.opening) for slot in slots for k in range(slot.games)]
        assert on_cluster == games
        assert {(slot.first, slot.second) for slot in slots} == {(first, second)}
        assert all(slot.games == 2 for slot in slots[:-1])


def test_each_engine_s_options_go_with_it() -> None:
    """--option A: and B: are the first and second engines given, as locally; in an encounter without one of
    them its options are left out, and the other's are the worker's A or B as it plays there."""
    options = ["A:Hash=64", "b:Threads=2", "1:level=3"]
    assert encounter_options(options, 0, 1) == ("A:Hash=64", "B:Threads=2", "A:level=3")
    assert encounter_options(options, 1, 2) == ("A:Threads=2",)
    assert encounter_options(options, 0, 2) == ("A:Hash=64", "A:level=3")
    assert encounter_options(options, 2, 3) == ()
    with pytest.raises(EngineNameError, match="'C:x=1'"):
        encounter_options(["C:x=1"], 0, 1)


def test_a_task_runs_the_match_command_of_its_encounter() -> None:
    args = argparse.Namespace(engine=["e0", "e1", "e2"], option=["B:Hash=8"], movetime=50, tc=None, time_margin=100,
                              adjudicate_score=None, adjudicate_moves=3, max_moves=4, event="Cup", notation="iccs")
    slot = pair_slots(1, 2, 3, OPENINGS)[1]
    task = pair_task(args, 7, slot)
    assert task.key == 7 and task.args[:7] == ("match", "--engine", "e1", "--engine", "e2", "--games", "1")
    assert task.args[-2:] == ("--option", "A:Hash=8") and "--event" in task.args
    assert b"1. c3c4" in task.input_data and b"Opening" not in task.input_data   # the second opening, unnamed
    first = pair_task(args, 6, pair_slots(1, 2, 3, OPENINGS)[0])
    assert b"1. h2e2" in first.input_data and '[Opening "中炮"]'.encode() in first.input_data


def test_games_sent_back_are_tagged_as_the_local_run_tags_them() -> None:
    """Round in its encounter, the tournament's names for the engines (the worker knows them by others), the
    opening's own name or none (a worker names an unnamed opening after its file)."""
    worker_games = []
    for red, black, ended in (("x (A)", "x (B)", "1-0"), ("x (B)", "x (A)", "1-0")):
        game = Game({"Red": red, "Black": black, "Round": "1", "Opening": "opening.pgn #1"}, Position.STARTING_FEN)
        game.result = ended
        worker_games.append(game)
    output = games_to_pgn(worker_games, Notation.ICCS).encode("utf-8")
    result = SliceResult(3, SliceOutcome(3, 0, output, "", "", "w1"))
    for slot, opening_tag in ((pair_slots(0, 2, 4, OPENINGS)[0], "中炮"), (pair_slots(0, 2, 4, OPENINGS)[1], None)):
        played = slot_games(result, slot, ("one #1", "one #3"), "label")
        assert [(p.number, p.a_score) for p in played] == [(slot.number, 1.0), (slot.number + 1, 0.0)]
        tags = [(p.game.headers["Round"], p.game.headers["Red"], p.game.headers["Black"],
                 p.game.headers.get("Opening")) for p in played]
        assert tags == [(str(slot.number), "one #1", "one #3", opening_tag),
                        (str(slot.number + 1), "one #3", "one #1", opening_tag)]


def test_a_game_s_line_ends_as_the_worker_printed_it() -> None:
    """The reason and the plies of each game, from the lines the worker's match printed (as a local run
    prints them); a line the worker did not print leaves them out rather than mix them up."""
    games = []
    for ended in ("1-0", "1/2-1/2"):
        game = Game({"Red": "x", "Black": "y"}, Position.STARTING_FEN)
        game.result = ended
        games.append(game)
    output = games_to_pgn(games, Notation.ICCS).encode("utf-8")
    printed = ("Game 1/2: x (A) (red) vs x (B) (black): 1-0 {black is mated} after 41 plies\n  x (A) 1 - 0 x (B)\n"
               "Game 2/2: x (B) (red) vs x (A) (black): 1/2-1/2 {60 moves without a capture} after 120 plies\n")
    slot = pair_slots(0, 1, 2, OPENINGS)[0]
    played = slot_games(SliceResult(1, SliceOutcome(1, 0, output, printed, "", "w1")), slot, ("a", "b"), "label")
    assert [played_line(one, 2) for one in played] == [
        "Game 1/2: a (red) vs b (black): 1-0 {black is mated} after 41 plies",
        "Game 2/2: b (red) vs a (black): 1/2-1/2 {60 moves without a capture} after 120 plies"]
    cut = slot_games(SliceResult(1, SliceOutcome(1, 0, output, printed.split("\n  ")[0], "", "w1")), slot,
                     ("a", "b"), "label")
    assert [played_line(one, 2) for one in cut] == ["Game 1/2: a (red) vs b (black): 1-0",
                                                  "Game 2/2: b (red) vs a (black): 1/2-1/2"]


def test_a_pair_with_a_game_missing_is_said() -> None:
    game = Game({"Red": "x", "Black": "y"}, Position.STARTING_FEN)
    output = games_to_pgn([game], Notation.ICCS).encode("utf-8")
    said = io.StringIO()
    with contextlib.redirect_stderr(said):
        played = slot_games(SliceResult(2, SliceOutcome(2, 1, output, "", "warning: cannot start y", "w2")),
                            pair_slots(0, 1, 2, OPENINGS)[0], ("x", "y"), "x vs y, game 1")
    assert len(played) == 1
    assert "x vs y, game 1: 1 of its 2 games came back: warning: cannot start y" in said.getvalue()


@pytest.mark.parametrize(("extra", "said"), [
    (("--engine", "builtin:1"), "--tournament needs --engine two or more times"),
    (("--engine", "builtin:1", "--engine", "builtin:2", "--sprt", "elo0=0", "elo1=5"), "and no --sprt"),
    (("--engine", "builtin:1", "--engine", "builtin:2", "--rounds", "0"), "must be 1 or more"),
    (("--engine", "builtin:1", "--engine", "builtin:9"), "level must be 1-5"),
    (("--engine", "builtin:1", "--engine", "builtin:2", "--option", "C:Hash=1"), "'C:Hash=1'"),
])
def test_a_cluster_tournament_s_bad_arguments_exit_2_before_any_task(
        extra: tuple[str, ...], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused as a local tournament refuses them, without a cluster to reach (the address is never used)."""
    code = xiangqi_main(["match", "--tournament", "round-robin", *extra, "--cluster", "tcp://192.0.2.1:9",
                         "--pgn", str(tmp_path / "t.pgn")])
    assert code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "t.pgn").exists()
