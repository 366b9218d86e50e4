"""The built-in engine: a pure-Python UCCI engine (search, evaluation, protocol loop).

Started as ``python -m xiangqi ucci``; see engines/builtin.md for its levels.
"""

from xiangqi.engine.builtin.board import SearchBoard
from xiangqi.engine.builtin.search import Limits, Result, Searcher

__all__ = ["Limits", "Result", "SearchBoard", "Searcher"]
