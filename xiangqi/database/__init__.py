"""The game database (棋谱库), no Qt: one SQLite file per collection, imported from every record format the
app reads, searched by position, players, event, date, result, ECCO code and length (issue 31, first slice).

    from xiangqi.database import GameDatabase, Query, import_files, search
"""

from xiangqi.database.importer import ImportReport, import_files
from xiangqi.database.search import Hit, Query, QueryError, search, stored_game
from xiangqi.database.store import DamagedDatabaseError, DatabaseError, GameDatabase

__all__ = ["DamagedDatabaseError", "DatabaseError", "GameDatabase", "Hit", "ImportReport", "Query", "QueryError",
           "import_files", "search", "stored_game"]
