"""Tactics with names, without Qt: the 杀法 of a mated position, the tactics of a winning line, the game's
phase and endgame type (``motifs``), each motif with its English, 简体 and 繁體 names (``MOTIF_NAMES``).

The review explains a mistake with them (``xiangqi.tactics.explain``), the puzzle set tags its puzzles.
"""

from xiangqi.tactics.board import KingView, king_view
from xiangqi.tactics.detect import mate_in, mate_motifs, motifs
from xiangqi.tactics.line import MAX_LINE_PLIES, Line, replay
from xiangqi.tactics.motif import (
    MOTIF_NAMES,
    Motif,
    MotifKind,
    MotifName,
    chinese_name,
    motif_from_id,
    motif_name,
    motifs_of_kind,
)
from xiangqi.tactics.phases import endgame_type, phase

__all__ = [
    "MAX_LINE_PLIES",
    "MOTIF_NAMES",
    "KingView",
    "Line",
    "Motif",
    "MotifKind",
    "MotifName",
    "chinese_name",
    "endgame_type",
    "king_view",
    "mate_in",
    "mate_motifs",
    "motif_from_id",
    "motif_name",
    "motifs",
    "motifs_of_kind",
    "phase",
    "replay",
]
