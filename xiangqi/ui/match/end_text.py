"""How a match game ended, in the player's language.

The match (``xiangqi.match``, no Qt) states each end as data — ``GameEnd.kind``, the winner, and for a
rules end the final position's outcome — plus plain English words for its PGN file and the console
("Black is mated", "Red resigns"). The app shows the words made here from the data instead: in the
results table and in the comment of the game's last move on the board (the PGN file keeps the English
words and the standard ``Termination`` tag, readable by every program). An end this module does not know
keeps the English words.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from xiangqi.core import Color, Termination
from xiangqi.match.referee import Adjudicated, EndKind, GameEnd, Grounds
from xiangqi.match.runner import FinishedGame
from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP

CONTEXT = "MatchEnd"   # the tables below spell it out: lupdate reads only literals

_SIDES = {Color.RED: QT_TRANSLATE_NOOP("MatchEnd", "Red"), Color.BLACK: QT_TRANSLATE_NOOP("MatchEnd", "Black")}
# {0}: the side that lost
_RULE_LOSSES = {
    Termination.CHECKMATE: QT_TRANSLATE_NOOP("MatchEnd", "{0} is mated"),
    Termination.STALEMATE: QT_TRANSLATE_NOOP("MatchEnd", "{0} has no legal move (stalemate loses)"),
    Termination.PERPETUAL_CHECK: QT_TRANSLATE_NOOP("MatchEnd", "{0} loses by perpetual check"),
    Termination.PERPETUAL_CHASE: QT_TRANSLATE_NOOP("MatchEnd", "{0} loses by perpetual chase"),
}
_RULE_DRAWS = {
    Termination.NATURAL_LIMIT: QT_TRANSLATE_NOOP("MatchEnd", "draw by the 60-move limit"),
    Termination.REPETITION_DRAW: QT_TRANSLATE_NOOP("MatchEnd", "draw by repetition"),
    Termination.INSUFFICIENT_MATERIAL: QT_TRANSLATE_NOOP("MatchEnd", "draw: neither side can attack any more"),
}
_KIND_LOSSES = {
    EndKind.RESIGNATION: QT_TRANSLATE_NOOP("MatchEnd", "{0} resigns"),
    EndKind.TIME: QT_TRANSLATE_NOOP("MatchEnd", "{0} loses on time"),
    EndKind.CRASH: QT_TRANSLATE_NOOP("MatchEnd", "{0} loses: its engine stopped working"),
    EndKind.ILLEGAL: QT_TRANSLATE_NOOP("MatchEnd", "{0} loses: its engine gave no legal move"),
    EndKind.ADJUDICATION: QT_TRANSLATE_NOOP("MatchEnd", "{0} loses by adjudication"),
}
_ADJUDICATED_DRAW = QT_TRANSLATE_NOOP("MatchEnd", "draw by adjudication")
# The grounds of an adjudication ({0}: the winning side, {1} pawns, {2} moves / {0} plies / {0} the engine)
_GROUNDS = {
    Grounds.SCORE: QT_TRANSLATE_NOOP("MatchEnd", "{0} wins by adjudication: both engines scored it {1} pawns or "
                                                 "more for {2} moves"),
    Grounds.LENGTH: QT_TRANSLATE_NOOP("MatchEnd", "draw by adjudication: {0} plies played"),
    Grounds.CLAIM: QT_TRANSLATE_NOOP("MatchEnd", "draw by adjudication: {0} claimed a draw the common rules allow "
                                                 "and gave no move when asked again"),
}
_PLAIN_KINDS = (EndKind.RESIGNATION, EndKind.TIME)   # the sentence says it all
OPENING_COMMENT = "opening"   # what the match writes after an opening's moves (``xiangqi.match.record``)
_OPENING = QT_TRANSLATE_NOOP("MatchEnd", "opening")


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def end_text(finished: FinishedGame) -> str:
    """Why the game ended, in the UI's language."""
    end = finished.end
    loser = end.winner.other if end.winner is not None else None
    if end.kind is EndKind.RULES:
        outcome = finished.game.end_position().outcome()
        termination = outcome.termination if outcome is not None else None
        if loser is not None and termination in _RULE_LOSSES:
            return _tr(_RULE_LOSSES[termination]).format(_tr(_SIDES[loser]))
        if loser is None and termination in _RULE_DRAWS:
            return _tr(_RULE_DRAWS[termination])
        return end.reason
    if end.adjudicated is not None:
        return _adjudication_text(end.adjudicated, end.winner)
    if loser is None:
        words = _tr(_ADJUDICATED_DRAW) if end.kind is EndKind.ADJUDICATION else ""
    else:
        words = _tr(_KIND_LOSSES[end.kind]).format(_tr(_SIDES[loser])) if end.kind in _KIND_LOSSES else ""
    if not words:
        return end.reason
    # An engine's trouble or a claim is its own detail (engine name, its message): kept as the match said it.
    return words if end.kind in _PLAIN_KINDS else f"{words} ({end.reason})"


def _adjudication_text(adjudicated: Adjudicated, winner: Color | None) -> str:
    template = _tr(_GROUNDS[adjudicated.grounds])
    if adjudicated.grounds is Grounds.SCORE and winner is not None:
        return template.format(_tr(_SIDES[winner]), f"{adjudicated.pawns:g}", adjudicated.moves)
    if adjudicated.grounds is Grounds.LENGTH:
        return template.format(adjudicated.plies)
    return template.format(adjudicated.engine)


def show_end_in_comment(finished: FinishedGame) -> None:
    """The last move's comment says the end in the UI's language, and the opening's last move says it is
    the opening (the match wrote both in English for its PGN file, which is already written)."""
    end: GameEnd = finished.end
    line = finished.game.mainline()
    for node in line:
        if node.comment == OPENING_COMMENT:
            node.comment = _tr(_OPENING)
    last = line[-1] if line else finished.game.root
    if end.reason and end.reason in last.comment:
        last.comment = last.comment.replace(end.reason, end_text(finished))
