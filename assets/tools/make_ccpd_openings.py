"""Write assets/openings/ccpd_openings.pgn, the opening drill's bundled repertoire, from CCPD's 開局.pgn.

    .venv/bin/python assets/tools/make_ccpd_openings.py ../shared/data/ccpd/training/開局.pgn

The records the readers read whole are kept (the others are reported and left out), with their moves in
ICCS, UTF-8, and only the tags that say something (the line's name in Event, ECCO, a set-up FEN); the file
opens with the credit CC BY 4.0 asks for.
"""

from __future__ import annotations

import sys
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.core.notation import Notation
from xiangqi.record import games_to_pgn
from xiangqi.record.files import read_records

TARGET = Path(__file__).resolve().parents[1] / "openings" / "ccpd_openings.pgn"
CREDIT = """\
% Opening lines of the Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0
% (https://creativecommons.org/licenses/by/4.0/), from github.com/Yvonne761/Chinese-Chess-Practical-Dataset
% at 368a47a947773dd8692c026e286dd19b6277b993, folder 開局.
% Changed: converted from Big5 Chinese-notation PGN to UTF-8 ICCS PGN, empty tags dropped, and the records
% that cannot be read (a FEN without a red king, a piece where it cannot stand) left out,
% by assets/tools/make_ccpd_openings.py.

"""


def main(source: str) -> int:
    games = []
    for game in read_records(source):
        if game.errors:
            print(f"left out: {game.errors[0]}", file=sys.stderr)
            continue
        game.headers = {name: value for name, value in game.headers.items() if value.strip()}
        games.append(game)
    text = CREDIT + games_to_pgn(games, Notation.ICCS)
    atomic_write(TARGET, text.encode("utf-8"))
    print(f"{TARGET}: {len(games)} lines, {len(text.encode('utf-8')):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
