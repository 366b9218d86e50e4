"""``python -m xiangqi match``: engines play a match, an SPRT or a tournament, like cutechess-cli / fastchess.

    python -m xiangqi match --engine A --engine B [--games N] [--movetime MS | --tc BASE+INC]
                            [--openings FILE_OR_SUITE] [--concurrency N] [--option A:NAME=VALUE]...
                            [--sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=normalized|logistic]]
                            [--tournament round-robin|gauntlet --engine C ... [--rounds N] [--repeat]]
                            [--notation chinese|wxf|iccs] [--adjudicate-score CP --adjudicate-moves N]
                            [--max-moves N] [--cluster ADDRESS] --pgn OUT.pgn

A and B: ``builtin`` (full strength), ``builtin:N`` (level 1-5), an engine the registry finds
(``fairy-stockfish``) or a command. Colours alternate; each opening is played once with each colour.
Prints one line per finished game, then the score of A against B (W/D/L) and the Elo difference with its
95 % interval. Every game is appended to OUT.pgn as soon as it ends (an atomic rewrite). The referee applies
the program's rules (mate, stalemate, 长将/长捉 rulings, the 60-move limit), the clock, and the optional
adjudications. An engine that crashes loses that game (the reason is in the PGN) and is restarted. ``--cluster ADDRESS``
plays each opening's pair of games as a task on the workers of a Dask scheduler (the engines found there
by name); the games come back in order (with --sprt the test is updated pair by pair, and the pairs left
are cancelled at a bound; with --tournament every encounter's pairs are tasks, the games the same as on one
machine: same openings, colours and numbers, the crosstable after each game).
An engine named in the settings (``[[engines]]`` in config.toml or $XIANGQI_CONFIG) can be named here.
--openings takes a record file, a FEN/EPD list or the name of a suite the program ships (``ccpd-balanced``:
balanced positions 6-10 plies into the CCPD opening lines, assets/openings/README.md).
--sprt: a sequential test of A against B on game pairs (one opening, both colours): after each pair the
pentanomial, the log-likelihood ratio with its bounds and A's Elo ± its 95 % error are printed, and the
match stops once the LLR reaches a bound (alpha and beta default to 0.05, the model to normalized Elo as
fishtest and fastchess; --games is then the most games played, default 10000).
--tournament: every engine meets every other (round-robin) or the first meets each other (gauntlet), each
encounter ``--rounds`` games (twice as many with --repeat: each opening once with each colour); after each
game the crosstable with each engine's score and maximum-likelihood Elo ± 95 % interval is printed and
written to OUT.crosstable.txt beside the PGN.
Exit status: 0 done, 1 an engine could not start (nothing is played; its own error line is shown), the PGN
could not be written or an internal error stopped the match, 2 bad arguments or a missing engine,
130 interrupted (Ctrl+C). An engine that answers "no move" to claim a draw is asked again; the referee
rules by the program's rules (see xiangqi/match/referee.py), and the reason is in the PGN.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from xiangqi.commands.on_cluster import (
    add_cluster_argument,
    encounter_options,
    match_on_cluster,
    print_tournament_end,
    show_crosstable,
    tournament_on_cluster,
)
from xiangqi.core.notation import Notation
from xiangqi.engine.messages import OptionValue
from xiangqi.engine.naming import (
    EngineNameError,
    TimeControl,
    engine_name,
    engine_spec,
    parse_engine_option,
    with_options,
)
from xiangqi.match.referee import Adjudication
from xiangqi.match.results import Tally, game_ending, game_line
from xiangqi.match.schedule import Opening, load_openings, shipped_suite
from xiangqi.match.sprt import Decision, SprtSettings, SprtTracker
from xiangqi.match.tournament import TournamentKind, crosstable_path, match_names, unique_names

if TYPE_CHECKING:
    from xiangqi.engine.registry import EngineSpec
    from xiangqi.match.runner import FinishedGame, MatchSettings, TournamentGame

DEFAULT_MOVETIME_MS = 1000
SPRT_MAX_GAMES = 10_000          # an SPRT's games when --games is not given (a bound is usually met long before)


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m xiangqi match", description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 2)[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", action="append", required=True, metavar="NAME_OR_COMMAND",
                        help="an engine (two; any number with --tournament)")
    parser.add_argument("--games", type=int, help="games to play (default 2; with --sprt the most, default "
                                                 f"{SPRT_MAX_GAMES})")
    clock = parser.add_mutually_exclusive_group()
    clock.add_argument("--movetime", type=int, metavar="MS", help=f"time per move (default {DEFAULT_MOVETIME_MS})")
    clock.add_argument("--tc", metavar="BASE+INC", help="a clock: BASE seconds plus INC seconds a move")
    parser.add_argument("--time-margin", type=int, default=100, metavar="MS",
                        help="how far past its clock an engine may go before it loses on time (default 100)")
    parser.add_argument("--openings", metavar="FILE_OR_SUITE",
                        help="a record file (PGN, XQF...), a FEN list (.fen/.epd/.txt) or a shipped suite "
                             "(ccpd-balanced)")
    parser.add_argument("--concurrency", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="A:NAME=VALUE",
                        help="an option of engine A or B (repeat)")
    parser.add_argument("--sprt", nargs="+", metavar="NAME=VALUE",
                        help="elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]")
    parser.add_argument("--tournament", choices=[kind.value for kind in TournamentKind])
    parser.add_argument("--rounds", type=int, default=1, help="games of each encounter (default 1)")
    parser.add_argument("--repeat", action="store_true", help="each opening once with each colour: "
                                                              "two games a round")
    parser.add_argument("--notation", choices=[n.value for n in Notation], default=Notation.CHINESE.value)
    parser.add_argument("--adjudicate-score", type=int, metavar="CP",
                        help="a side wins once both engines score it at least CP centipawns ...")
    parser.add_argument("--adjudicate-moves", type=int, default=3, metavar="N", help="... for N moves each")
    parser.add_argument("--max-moves", type=int, metavar="N", help="a draw after N moves (2N plies) of engine play")
    parser.add_argument("--event", default="Engine match")
    parser.add_argument("--pgn", type=Path, required=True, help="games are appended here")
    add_cluster_argument(parser)
    return parser.parse_args(argv)


def _settings(args: argparse.Namespace) -> tuple[MatchSettings, tuple[EngineSpec, ...]]:
    """The match settings from the arguments and every engine given (EngineNameError / ValueError / OSError
    when unusable); with --tournament, the match's engines are the first two (replaced per encounter)."""
    from xiangqi.match.runner import MatchSettings  # Qt: only once the arguments are good

    games = _games(args)
    specs = [engine_spec(text) for text in args.engine]
    options: list[dict[str, OptionValue]] = [{}, {}]
    for text in args.option:
        index, name, value = parse_engine_option(text)
        options[index][name] = value
    specs[:2] = [with_options(spec, extra) for spec, extra in zip(specs[:2], options, strict=True)]
    time_control = (TimeControl.parse(args.tc) if args.tc else
                    TimeControl(movetime_ms=args.movetime or DEFAULT_MOVETIME_MS))
    return MatchSettings(
        specs=(specs[0], specs[1]), time=time_control, games=games + games % 2 if args.sprt else games,
        openings=_openings(args.openings), concurrency=args.concurrency,
        adjudication=Adjudication(args.adjudicate_score, args.adjudicate_moves,
                                  2 * args.max_moves if args.max_moves else None),
        pgn=args.pgn, notation=Notation(args.notation), time_margin_ms=args.time_margin,
        event=args.event), tuple(specs)


def _games(args: argparse.Namespace) -> int:
    """The match's games (--games; with --sprt the most); EngineNameError for a wrong number of engines or a
    count below 1."""
    if args.tournament is None and len(args.engine) != 2:
        raise EngineNameError(f"give --engine exactly twice, not {len(args.engine)} times")
    if args.tournament is not None and (len(args.engine) < 2 or args.sprt):
        raise EngineNameError("--tournament needs --engine two or more times, and no --sprt")
    games: int = args.games or (SPRT_MAX_GAMES if args.sprt else 2)
    if games < 1 or args.concurrency < 1 or args.rounds < 1:
        raise EngineNameError("--games, --rounds and --concurrency must be 1 or more")
    return games


def _openings(name: str | None) -> tuple[Opening, ...]:
    if name is None:
        return ()
    path = Path(name)
    if not path.exists() and shipped_suite(name) is not None:
        path = shipped_suite(name) or path
    errors: list[str] = []
    openings = load_openings(path, errors)
    for error in errors:
        print(f"warning: {error}", file=sys.stderr)
    if not openings:
        raise EngineNameError(f"--openings {name[:80]!r}: no usable opening in the file")
    return tuple(openings)


def main(argv: list[str]) -> int:
    args = _arguments(argv)
    if args.cluster:
        return _on_cluster(args)
    try:
        settings, specs = _settings(args)
        sprt = SprtSettings.parse(args.sprt) if args.sprt else None
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from xiangqi.engine.eventloop import ensure_application

    ensure_application()
    if args.tournament is not None:
        return _tournament(args, settings, specs)
    return _match(settings, sprt)


def _on_cluster(args: argparse.Namespace) -> int:
    """``--cluster``: the arguments checked here as for a local run, but the engines are found on each
    worker, by their names there (named here as a local run names them, for the PGN and the tables)."""
    try:
        games = _games(args)
        encounter_options(args.option, 0, 1)   # a malformed --option is refused before any task
        names = [engine_name(text) for text in args.engine]
        sprt = SprtSettings.parse(args.sprt) if args.sprt else None
        openings = _openings(args.openings)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.tournament is not None:
        return tournament_on_cluster(args, unique_names(names), TournamentKind(args.tournament), openings)
    return match_on_cluster(args, match_names(names[0], names[1]), openings, games + games % 2 if sprt else games,
                            sprt)


def _match(settings: MatchSettings, sprt: SprtSettings | None) -> int:
    from xiangqi.engine.eventloop import run_until
    from xiangqi.match.runner import MatchRunner

    runner = MatchRunner(settings)
    names = settings.names
    tally = [Tally()]
    tracker = SprtTracker(sprt) if sprt is not None else None
    trouble: list[str] = []
    if tracker is not None:
        print(f"SPRT {tracker.settings.text()}: bounds ({tracker.current.lower:.2f}, {tracker.current.upper:.2f})",
              flush=True)

    def on_game(finished: FinishedGame) -> None:
        tally[0] = tally[0].add(finished.a_score)
        print(_game_line(finished, names, settings.games), flush=True)
        print(f"  {tally[0].text(*names)}", flush=True)
        test = tracker.add_game(finished.pairing.number, finished.a_score) if tracker is not None else None
        if test is not None:
            print(f"  {test.text()}", flush=True)
            if test.decision is not Decision.CONTINUE:
                runner.stop_scheduling()

    runner.game_finished.connect(on_game)
    runner.problem.connect(lambda text: _warn(text, trouble))
    completed = run_until(runner.start, runner.finished, runner.abort)
    print(f"Finished match: {tally[0].text(*names)}", flush=True)
    if tracker is not None:
        print(f"SPRT: {tracker.current.text()}", flush=True)
    return _status(completed, trouble)


def _tournament(args: argparse.Namespace, settings: MatchSettings, specs: tuple[EngineSpec, ...]) -> int:
    from xiangqi.engine.eventloop import run_until
    from xiangqi.match.runner import TournamentRunner, TournamentSettings

    tournament = TournamentSettings(settings, specs,
                                    TournamentKind(args.tournament), args.rounds, args.repeat)
    runner = TournamentRunner(tournament)
    table_path = crosstable_path(settings.pgn)
    trouble: list[str] = []
    per_encounter = tournament.encounter_settings(0, 1).games
    total = per_encounter * len(runner.encounters_left())
    played_games = [0]

    def on_game(played: TournamentGame) -> None:
        names = tournament.names
        pair = (names[played.first], names[played.second])
        played_games[0] += 1
        print(f"[{played_games[0]}/{total}] " + _game_line(played.finished, pair, per_encounter), flush=True)
        if not show_crosstable(runner.crosstable, table_path):
            trouble.append(f"cannot write the crosstable {table_path}")

    runner.game_finished.connect(on_game)
    runner.problem.connect(lambda text: _warn(text, trouble))
    completed = run_until(runner.start, runner.finished, runner.abort)
    print_tournament_end(runner.crosstable, table_path)
    return _status(completed, trouble)


def _warn(text: str, trouble: list[str]) -> None:
    trouble.append(text)
    print(f"warning: {text}", file=sys.stderr, flush=True)


def _status(completed: bool, trouble: list[str]) -> int:
    if not completed:
        print("interrupted: the games in progress were not recorded", file=sys.stderr)
        return 130
    return 1 if any(t.startswith(("cannot write", "internal error", "cannot start")) for t in trouble) else 0


def _game_line(finished: FinishedGame, names: tuple[str, str], total: int) -> str:
    a, b = names
    red, black = (a, b) if finished.pairing.a_is_red else (b, a)
    return game_line(finished.pairing.number, total, red, black, finished.end.result,
                     game_ending(finished.end.reason, finished.plies))
