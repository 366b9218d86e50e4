"""``python -m xiangqi match``: two engines play a match, like cutechess-cli / fastchess.

    python -m xiangqi match --engine A --engine B [--games N] [--movetime MS | --tc BASE+INC]
                            [--openings FILE] [--concurrency N] [--option A:NAME=VALUE]...
                            [--notation chinese|wxf|iccs] [--adjudicate-score CP --adjudicate-moves N]
                            [--max-moves N] [--cluster ADDRESS] --pgn OUT.pgn

A and B: ``builtin`` (full strength), ``builtin:N`` (level 1-5), an engine the registry finds
(``fairy-stockfish``) or a command. Colours alternate; each opening is played once with each colour.
Prints one line per finished game, then the score of A against B (W/D/L) and the Elo difference with its
95 % interval. Every game is appended to OUT.pgn as soon as it ends (an atomic rewrite). The referee applies
the program's rules (mate, stalemate, 长将/长捉 rulings, the 60-move limit), the clock, and the optional
adjudications. An engine that crashes loses that game (the reason is in the PGN) and is restarted. ``--cluster ADDRESS``
plays each opening's pair of games as a task on the workers of a Dask scheduler (the engines found there
by name); the games come back in order.
An engine named in the settings (``[[engines]]`` in config.toml or $XIANGQI_CONFIG) can be named here.
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

from xiangqi.commands.on_cluster import add_cluster_argument, match_on_cluster
from xiangqi.core.notation import Notation
from xiangqi.engine.messages import OptionValue
from xiangqi.engine.naming import EngineNameError, TimeControl, engine_spec, parse_engine_option, with_options
from xiangqi.match.referee import Adjudication
from xiangqi.match.results import Tally
from xiangqi.match.schedule import Opening, load_openings

if TYPE_CHECKING:
    from xiangqi.match.runner import FinishedGame, MatchSettings

DEFAULT_MOVETIME_MS = 1000


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m xiangqi match", description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 2)[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", action="append", required=True, metavar="NAME_OR_COMMAND",
                        help="an engine (give exactly two)")
    parser.add_argument("--games", type=int, default=2, help="games to play (default 2)")
    clock = parser.add_mutually_exclusive_group()
    clock.add_argument("--movetime", type=int, metavar="MS", help=f"time per move (default {DEFAULT_MOVETIME_MS})")
    clock.add_argument("--tc", metavar="BASE+INC", help="a clock: BASE seconds plus INC seconds a move")
    parser.add_argument("--time-margin", type=int, default=100, metavar="MS",
                        help="how far past its clock an engine may go before it loses on time (default 100)")
    parser.add_argument("--openings", type=Path, help="a record file (PGN, XQF...) or a FEN list (.fen/.epd/.txt)")
    parser.add_argument("--concurrency", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="A:NAME=VALUE",
                        help="an option of engine A or B (repeat)")
    parser.add_argument("--notation", choices=[n.value for n in Notation], default=Notation.CHINESE.value)
    parser.add_argument("--adjudicate-score", type=int, metavar="CP",
                        help="a side wins once both engines score it at least CP centipawns ...")
    parser.add_argument("--adjudicate-moves", type=int, default=3, metavar="N", help="... for N moves each")
    parser.add_argument("--max-moves", type=int, metavar="N", help="a draw after N moves (2N plies) of engine play")
    parser.add_argument("--event", default="Engine match")
    parser.add_argument("--pgn", type=Path, required=True, help="games are appended here")
    add_cluster_argument(parser)
    return parser.parse_args(argv)


def _settings(args: argparse.Namespace) -> MatchSettings:
    """The match settings from the arguments (EngineNameError / ValueError / OSError when unusable)."""
    from xiangqi.match.runner import MatchSettings  # Qt: only once the arguments are good

    if len(args.engine) != 2:
        raise EngineNameError(f"give --engine exactly twice, not {len(args.engine)} times")
    if args.games < 1 or args.concurrency < 1:
        raise EngineNameError("--games and --concurrency must be 1 or more")
    specs = [engine_spec(text) for text in args.engine]
    options: list[dict[str, OptionValue]] = [{}, {}]
    for text in args.option:
        index, name, value = parse_engine_option(text)
        options[index][name] = value
    specs = [with_options(spec, extra) for spec, extra in zip(specs, options, strict=True)]
    time_control = (TimeControl.parse(args.tc) if args.tc else
                    TimeControl(movetime_ms=args.movetime or DEFAULT_MOVETIME_MS))
    return MatchSettings(
        specs=(specs[0], specs[1]), time=time_control, games=args.games, openings=_openings(args.openings),
        concurrency=args.concurrency,
        adjudication=Adjudication(args.adjudicate_score, args.adjudicate_moves,
                                  2 * args.max_moves if args.max_moves else None),
        pgn=args.pgn, notation=Notation(args.notation), time_margin_ms=args.time_margin, event=args.event)


def _openings(path: Path | None) -> tuple[Opening, ...]:
    if path is None:
        return ()
    errors: list[str] = []
    openings = load_openings(path, errors)
    for error in errors:
        print(f"warning: {error}", file=sys.stderr)
    if not openings:
        raise EngineNameError(f"--openings {str(path)[:80]!r}: no usable opening in the file")
    return tuple(openings)


def main(argv: list[str]) -> int:
    args = _arguments(argv)
    if args.cluster:   # the engines are found on each worker, by their names there
        try:
            if len(args.engine) != 2 or args.games < 1:
                raise EngineNameError("give --engine exactly twice and --games 1 or more")
            openings = _openings(args.openings)
        except (ValueError, OSError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return match_on_cluster(args, openings)
    try:
        settings = _settings(args)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from xiangqi.engine.eventloop import ensure_application, run_until
    from xiangqi.match.runner import MatchRunner

    ensure_application()
    runner = MatchRunner(settings)
    names = settings.names
    tally = [Tally()]
    trouble: list[str] = []

    def on_game(finished: FinishedGame) -> None:
        tally[0] = tally[0].add(finished.a_score)
        print(_game_line(finished, names, settings.games), flush=True)
        print(f"  {tally[0].text(*names)}", flush=True)

    def on_problem(text: str) -> None:
        trouble.append(text)
        print(f"warning: {text}", file=sys.stderr, flush=True)

    runner.game_finished.connect(on_game)
    runner.problem.connect(on_problem)
    completed = run_until(runner.start, runner.finished, runner.abort)
    print(f"Finished match: {tally[0].text(*names)}", flush=True)
    if not completed:
        print("interrupted: the games in progress were not recorded", file=sys.stderr)
        return 130
    return 1 if any(t.startswith(("cannot write", "internal error", "cannot start")) for t in trouble) else 0


def _game_line(finished: FinishedGame, names: tuple[str, str], total: int) -> str:
    a, b = names
    red, black = (a, b) if finished.pairing.a_is_red else (b, a)
    return (f"Game {finished.pairing.number}/{total}: {red} (red) vs {black} (black): {finished.end.result} "
            f"{{{finished.end.reason}}} after {finished.plies} plies")
