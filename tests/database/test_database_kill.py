"""``kill -9`` in the middle of an import: the database keeps every committed game, whole, and nothing of
the transaction that was open; importing again finishes the job."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from db_helpers import GAMES, write_games
from xiangqi.database import GameDatabase, import_files
from xiangqi.database.index import index_entries

REPO = Path(__file__).resolve().parents[2]
FILES = 4
# The child commits every 3 games and at the end of each file (5 games); at the 10th game (the first file and
# one block of the second committed, a block open with a game in it) the reader stops on its stdin, inside
# the open transaction: the test kills it there.
CHILD = """
import sys
from xiangqi.database import GameDatabase, import_files, importer
importer.COMMIT_GAMES = 3
read = importer.file_rows
seen = 0

def rows(path):
    global seen
    for row in read(path):
        seen += 1
        if seen == 10:
            print("blocked", flush=True)
            sys.stdin.readline()
        yield row

importer.file_rows = rows
with GameDatabase(sys.argv[1], create=True) as database:
    import_files(database, sys.argv[2:], progress=lambda line: print(line, flush=True))
"""


def test_a_killed_import_keeps_what_it_committed(tmp_path: Path) -> None:
    files = [str(write_games(tmp_path / f"{index}.pgn", tuple(spec[:3] + (f"20{index:02}.01.01",) + spec[4:]
                                                               for spec in GAMES))) for index in range(FILES)]
    path = tmp_path / "games.xqdb"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), *files], cwd=REPO, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    lines = []
    for line in child.stdout:
        lines.append(line)
        if line.startswith("blocked"):
            break
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=60)
    assert lines[-1].startswith("blocked"), lines
    with GameDatabase(path, check=True) as database:
        games = database.connection.execute("SELECT count(*) FROM games").fetchone()[0]
        ids = {row[0] for row in database.connection.execute("SELECT id FROM games")}
        indexed = {game for _hash, game in index_entries(database.connection)}
        material = {row[0] for row in database.connection.execute("SELECT id FROM material")}
        assert (games, indexed, material) == (5 + 3, ids, ids)
        report = import_files(database, files)
    assert (report.skipped_files, report.already, report.games, report.duplicates) == (1, 3, 2 + 5 + 5, 0)
