"""Command line: no arguments starts the app; a sub-command runs a tool.

    python -m xiangqi                      the desktop app
    python -m xiangqi ucci                 the built-in engine on stdin/stdout (UCCI)
    python -m xiangqi perft --depth N [FEN]
    python -m xiangqi notate               FEN<TAB>MOVE lines in, ICCS<TAB>WXF<TAB>CHINESE out
    python -m xiangqi engine --command CMD ...
    python -m xiangqi pgn FILE...

Each sub-command lives in its own module with ``main(argv: list[str]) -> int`` and is imported only
when used, so the tools start without loading Qt.
"""

from __future__ import annotations

import importlib
import sys

COMMANDS: dict[str, str] = {
    "ucci": "xiangqi.engine.builtin.ucci_loop",
    "perft": "xiangqi.commands.perft",
    "notate": "xiangqi.commands.notate",
    "engine": "xiangqi.commands.engine",
    "pgn": "xiangqi.commands.pgn",
}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        module = importlib.import_module(COMMANDS[args[0]])
        return int(module.main(args[1:]) or 0)
    if args and args[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    from xiangqi.ui.app import run

    return int(run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
