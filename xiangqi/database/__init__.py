"""The game database (棋谱库), no Qt: one SQLite file per collection, imported from every record format the
app reads, searched by position, material, pieces, players, event, date, result, ECCO code and length, with
the tree of the moves played from a position (issue 31).

    from xiangqi.database import GameDatabase, Query, import_files, search, count, tree
"""

from xiangqi.database.importer import ImportReport, import_files, import_rows
from xiangqi.database.search import Hit, Query, QueryError, count, search, stored_game
from xiangqi.database.store import DamagedDatabaseError, DatabaseError, GameDatabase
from xiangqi.database.tree import TreeMove, tree

__all__ = ["DamagedDatabaseError", "DatabaseError", "GameDatabase", "Hit", "ImportReport", "Query", "QueryError",
           "TreeMove", "count", "import_files", "import_rows", "search", "stored_game", "tree"]
