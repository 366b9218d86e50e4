"""What is wrong with an edited position, in the player's language.

The rules core refuses a board with a ``FenError`` whose message is English (for logs and the command
line) and whose ``problem`` says what is wrong as data; the position editor shows the sentence made here.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from xiangqi.core.errors import PositionFault, PositionProblem
from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP

CONTEXT = "PositionProblem"   # the tables below spell it out: lupdate reads only literals

_PIECES: dict[tuple[bool, str], str] = {
    (True, "king"): QT_TRANSLATE_NOOP("PositionProblem", "red king"),
    (True, "advisor"): QT_TRANSLATE_NOOP("PositionProblem", "red advisor"),
    (True, "elephant"): QT_TRANSLATE_NOOP("PositionProblem", "red elephant"),
    (True, "horse"): QT_TRANSLATE_NOOP("PositionProblem", "red horse"),
    (True, "rook"): QT_TRANSLATE_NOOP("PositionProblem", "red rook"),
    (True, "cannon"): QT_TRANSLATE_NOOP("PositionProblem", "red cannon"),
    (True, "pawn"): QT_TRANSLATE_NOOP("PositionProblem", "red pawn"),
    (False, "king"): QT_TRANSLATE_NOOP("PositionProblem", "black king"),
    (False, "advisor"): QT_TRANSLATE_NOOP("PositionProblem", "black advisor"),
    (False, "elephant"): QT_TRANSLATE_NOOP("PositionProblem", "black elephant"),
    (False, "horse"): QT_TRANSLATE_NOOP("PositionProblem", "black horse"),
    (False, "rook"): QT_TRANSLATE_NOOP("PositionProblem", "black rook"),
    (False, "cannon"): QT_TRANSLATE_NOOP("PositionProblem", "black cannon"),
    (False, "pawn"): QT_TRANSLATE_NOOP("PositionProblem", "black pawn"),
}
_SIDES = {True: QT_TRANSLATE_NOOP("PositionProblem", "Red"), False: QT_TRANSLATE_NOOP("PositionProblem", "Black")}
_SENTENCES: dict[PositionFault, str] = {
    PositionFault.TOO_MANY: QT_TRANSLATE_NOOP("PositionProblem", "{0}: {1} on the board, at most {2} allowed"),
    PositionFault.NO_KING: QT_TRANSLATE_NOOP("PositionProblem", "the {0} is missing"),
    PositionFault.OUTSIDE_PALACE: QT_TRANSLATE_NOOP("PositionProblem", "the {0} on {1} is outside its palace"),
    PositionFault.UNREACHABLE: QT_TRANSLATE_NOOP("PositionProblem", "the {0} on {1} stands where it can never go"),
    PositionFault.PAWN_BEHIND: QT_TRANSLATE_NOOP(
        "PositionProblem", "the {0} on {1} is behind its starting rank (pawns never move back)"),
    PositionFault.CHECK_OFF_TURN: QT_TRANSLATE_NOOP(
        "PositionProblem", "{0} is in check (or the kings face each other) but it is {1} to move"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def problem_text(problem: PositionProblem) -> str:
    """The fault as a sentence in the UI's language."""
    sentence = _tr(_SENTENCES[problem.fault])
    if problem.fault is PositionFault.CHECK_OFF_TURN:
        return sentence.format(_tr(_SIDES[problem.red]), _tr(_SIDES[not problem.red]))
    piece = _tr(_PIECES.get((problem.red, problem.piece), problem.piece))
    if problem.fault is PositionFault.TOO_MANY:
        return sentence.format(piece, problem.count, problem.limit)
    return sentence.format(piece, problem.square)
