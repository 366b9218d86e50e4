"""``python -m xiangqi engine``: run one search on any UCCI/UCI engine and print what it says.

    python -m xiangqi engine --command CMD_OR_NAME [--arg A]... [--protocol auto|ucci|uci]
                             [--fen FEN] [--moves M...] (--depth N | --movetime MS) [--option NAME=VALUE]...

CMD_OR_NAME: a program, ``builtin[:LEVEL]``, or the name or family id of an engine in the settings
(``[[engines]]`` of config.toml or $XIANGQI_CONFIG) or found on PATH (``elephanteye``, ``fairy-stockfish``).
Prints the engine's name, the dialect it spoke, its options (one per line), the search's ``info`` lines as
they arrive (scores on the common scale, with the engine's own number as ``raw``), and last
``bestmove <iccs>`` with ranks 0-9 whatever the engine's own numbering. The engine's own book is off
(an analysis). An engine that prints an error line before it exits has that line shown.
Exit status: 0 a move (or "bestmove (none)") was printed, 1 the engine failed, 2 bad arguments.

It drives the same QProcess adapter as the app through ``xiangqi.engine.process.run_search``, which owns
the event loop: one transport, tested once, with the same handshake, deadlines and fault handling; no
display needed, and no Qt in this module.
Relative ``--arg`` paths that exist are made absolute, because the engine runs in its own folder.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

from xiangqi.core import Move, Position, XiangqiError

if TYPE_CHECKING:
    from xiangqi.engine.failures import EngineFailure
    from xiangqi.engine.registry import EngineSpec
    from xiangqi.engine.session_types import EngineInfo


_BUILTIN = re.compile(r"builtin(:\S*)?", re.IGNORECASE)


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m xiangqi engine", description=__doc__.split("\n\n")[0])
    parser.add_argument("--command", required=True,
                        help="the engine program, or builtin / builtin:LEVEL (1-5) for the built-in engine")
    parser.add_argument("--arg", action="append", default=[], help="one argument for the engine (repeat)")
    parser.add_argument("--protocol", choices=("auto", "ucci", "uci"), default="auto")
    parser.add_argument("--fen", default=Position.STARTING_FEN)
    parser.add_argument("--moves", nargs="*", default=[], help="ICCS moves played from the FEN")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an engine option to set (repeat)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds before the search is stopped (default 120)")
    limit = parser.add_mutually_exclusive_group(required=True)
    limit.add_argument("--depth", type=int)
    limit.add_argument("--movetime", type=int, metavar="MS")
    return parser.parse_args(argv)


def _position(fen: str, moves: list[str]) -> Position:
    position = Position.from_fen(fen)
    for index, text in enumerate(moves, start=1):
        try:
            position.push(Move.from_iccs(text))
        except XiangqiError as exc:
            raise XiangqiError(f"--moves #{index}: {exc}") from None
    return position


def _absolute_if_file(arg: str) -> str:
    return os.path.abspath(arg) if not os.path.isabs(arg) and os.path.exists(arg) else arg


def main(argv: list[str]) -> int:
    args = _arguments(argv)
    try:
        position = _position(args.fen, args.moves)
        options = dict(_option(text) for text in args.option)
    except (XiangqiError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # Imported here: bad arguments are reported without loading the engine layer (and Qt with it).
    from xiangqi.engine.messages import SearchLimits, format_info
    from xiangqi.engine.process import run_search
    from xiangqi.engine.naming import EngineNameError, builtin_spec, known_engine, with_options

    try:
        if _BUILTIN.fullmatch(args.command):  # "builtin" or "builtin:LEVEL", as match and review take it
            spec = with_options(builtin_spec(args.command.partition(":")[2] or None, args.command), options)
        else:
            spec = _named_or_command(args, options, known_engine(args.command))
    except EngineNameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    limits = SearchLimits(depth=args.depth) if args.depth is not None else SearchLimits(movetime_ms=args.movetime)
    best = run_search(spec, position, limits, on_ready=_print_engine,
                      on_info=lambda info: print(format_info(info), flush=True), on_failure=_print_failure,
                      timeout_s=args.timeout)
    if best is None:
        return 1
    print(str(best), flush=True)
    return 0


def _named_or_command(args: argparse.Namespace, options: dict[str, str], known: EngineSpec | None) -> EngineSpec:
    """An engine of the settings or the registry by name (with --arg: its arguments replaced), else the
    program ``--command`` names; ``--protocol`` other than auto wins over the engine's own (auto: the
    family's dialect, engines/families.toml, as everywhere else)."""
    from xiangqi.engine.naming import with_options
    from xiangqi.engine.registry import EngineSpec, Protocol, load_families, recognise

    if known is None:
        family = recognise(args.command, load_families())
        known = EngineSpec(name=os.path.basename(args.command), command=args.command,
                           family=family.id if family else "unknown")
    chosen = Protocol(args.protocol)
    spec = replace(known, protocol=chosen if chosen is not Protocol.AUTO else known.protocol,
                   args=tuple(_absolute_if_file(a) for a in args.arg) if args.arg else known.args)
    return with_options(spec, options)


def _option(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise ValueError(f"--option {text!r}: expected NAME=VALUE")
    return name.strip(), value.strip()


def _print_engine(info: EngineInfo) -> None:
    print(f"engine: {info.name}" + (f" by {info.author}" if info.author else ""))
    ranks = "1-10" if info.rank_base else "0-9"
    print(f"dialect: {info.dialect.rules.key} (ranks {ranks} on the wire, "
          f"times in {'ms' if info.time_in_ms else 's'})")
    for option in info.options:
        print(f"option: {option.describe()}")


def _print_failure(failure: EngineFailure) -> None:
    print(f"error: {failure.message}", file=sys.stderr)
    if failure.engine_said:
        print(f"the engine said: {failure.engine_said.strip()}", file=sys.stderr)
    if failure.stderr_tail:
        print(f"engine stderr: {failure.stderr_tail.strip()[-500:]}", file=sys.stderr)
