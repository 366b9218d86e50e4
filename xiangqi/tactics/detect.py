"""All the motifs of a position and a solver's line: the 杀法 of the mated position, the line's tactics,
the phase and the endgame type."""

from __future__ import annotations

from collections.abc import Sequence

from xiangqi.core import Move, Position
from xiangqi.tactics.board import king_view
from xiangqi.tactics.combinations import line_motifs
from xiangqi.tactics.line import Line, replay
from xiangqi.tactics.mates import da_dao_wan_xin, mated_position_motifs, song_fo_gui_dian
from xiangqi.tactics.motif import Motif
from xiangqi.tactics.phases import endgame_type, phase


def motifs(position: Position, line: Sequence[Move]) -> frozenset[Motif]:
    """The motifs of the solver's ``line`` (mating or winning) from ``position``, the solver to move.
    Only the legal prefix of ``line`` is read, at most ``MAX_LINE_PLIES`` plies."""
    played = replay(position, line)
    found = set(mate_motifs(played))
    found |= line_motifs(played)
    found.add(phase(position))
    kind = endgame_type(position)
    if kind is not None:
        found.add(kind)
    return frozenset(found)


def mate_motifs(line: Line) -> frozenset[Motif]:
    """The 杀法 of a line that ends in mate (empty if it does not): MATE_IN_N, KUN_BI for a mate without
    check, the named patterns of the mated position and of the line."""
    if not line.ends_in_mate():
        return frozenset()
    if not line.end.is_check():
        return frozenset({Motif.MATE_IN_N, Motif.KUN_BI})
    found = set(mated_position_motifs(king_view(line.end.cells(), line.defender)))
    found.add(Motif.MATE_IN_N)
    if da_dao_wan_xin(line.start, line.moves):
        found.add(Motif.DA_DAO_WAN_XIN)
    if song_fo_gui_dian(line.start, line.moves, line.end):
        found.add(Motif.SONG_FO_GUI_DIAN)
    return frozenset(found)


def mate_in(position: Position, line: Sequence[Move]) -> int | None:
    """N when ``line`` from ``position`` is a mate in N (the solver's moves), else None."""
    return replay(position, line).mate_length()
