"""Command line: no arguments starts the app; a sub-command runs a tool.

Each sub-command lives in its own module with ``main(argv: list[str]) -> int`` and is imported only when
used, so the tools start without loading Qt. Every command runs under ``commands.output.run_quietly``: a
closed output (``| head -1``) ends it quietly with status 141. ``USAGE`` is what ``--help`` prints.
"""

from __future__ import annotations

import importlib
import sys

from xiangqi.commands.output import run_quietly

USAGE = """\
usage:
    python -m xiangqi                      the desktop app
    python -m xiangqi [FILE]               the app, opening a game record (.pgn, .xqf, .cbl, .html ...)
    python -m xiangqi ucci                 the built-in engine on stdin/stdout (UCCI)
    python -m xiangqi perft --depth N [FEN]
    python -m xiangqi notate               FEN<TAB>MOVE lines in, ICCS<TAB>WXF<TAB>CHINESE out
    python -m xiangqi engine --command CMD ...
    python -m xiangqi pgn FILE...          one line per game of any record file
    python -m xiangqi review FILE --engine E -o OUT.pgn   marks ?! ? ?? and %eval on every move
    python -m xiangqi match --engine E --engine E --pgn OUT.pgn   engine against engine
    python -m xiangqi book build|probe ...  opening books from game collections
    python -m xiangqi image FILE [--ply K | --gif] -o OUT.png|.svg|.gif   a picture of a position or a game
    python -m xiangqi puzzles build|ccpd|verify|list ...   puzzles found and verified by an engine
    python -m xiangqi ecco FILE...         the ECCO opening code and name of every game
    python -m xiangqi db import|search|export DB ...   a game database: import records, search by position
    python -m xiangqi --version
    python -m xiangqi --install-desktop    menu entry, icons and .pgn/.xqf/.cbl file types (XDG, per user)
    python -m xiangqi --uninstall-desktop

Each command takes --help. File names with control characters are printed quoted, with escapes."""

COMMANDS: dict[str, str] = {
    "ucci": "xiangqi.engine.builtin.ucci_loop",
    "perft": "xiangqi.commands.perft",
    "notate": "xiangqi.commands.notate",
    "engine": "xiangqi.commands.engine",
    "pgn": "xiangqi.commands.pgn",
    "book": "xiangqi.commands.book",
    "match": "xiangqi.commands.match",
    "review": "xiangqi.commands.review",
    "image": "xiangqi.commands.image",
    "puzzles": "xiangqi.commands.puzzles",
    "ecco": "xiangqi.commands.ecco",
    "db": "xiangqi.commands.db",
}


DESKTOP_OPTIONS = ("--install-desktop", "--uninstall-desktop")


def main(argv: list[str] | None = None) -> int:
    args = _bundle_arguments(list(sys.argv[1:] if argv is None else argv))
    if args and args[0] in COMMANDS:
        module = importlib.import_module(COMMANDS[args[0]])
        return run_quietly(lambda: int(module.main(args[1:]) or 0))
    if args and args[0] in ("-h", "--help", "help"):
        return run_quietly(lambda: print(USAGE) or 0)
    if args and args[0] in ("--version", "-V"):
        from xiangqi.resources import version

        print(f"xiangqi {version()}")
        return 0
    if args and args[0] in DESKTOP_OPTIONS:
        from xiangqi import desktop_install

        return desktop_install.main(args)
    return _start_app(args)


def _start_app(args: list[str]) -> int:
    """The desktop app, after the checks that need no Qt: unknown words (usage, exit 2), no display (exit 1)."""
    from xiangqi.launch import missing_display, unknown_arguments

    unknown = unknown_arguments(args)
    if unknown:
        print(f"xiangqi: no such command or file: {unknown[0][:80]!r}\n{USAGE}", file=sys.stderr)
        return 2
    problem = missing_display(args)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from xiangqi.ui.shell.app import run

    return int(run(args) or 0)


def _bundle_arguments(args: list[str]) -> list[str]:
    """In the PyInstaller bundle the program is its own Python: the built-in engine is started as
    ``<bundle> -u -m xiangqi ucci`` (xiangqi/engine/registry.py), so drop the interpreter's options."""
    if getattr(sys, "frozen", False):
        while args[:1] == ["-u"] or args[:2] == ["-m", "xiangqi"]:
            args = args[1:] if args[0] == "-u" else args[2:]
    return args


if __name__ == "__main__":
    sys.exit(main())
