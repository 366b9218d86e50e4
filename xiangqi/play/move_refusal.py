"""The status-bar sentence for a move the rules refuse (``xiangqi.core.move_reason``), in the words of the
rules page (assets/help/rules.*.html: 蹩马腿, 塞象眼, 飞将 …). Qt-free: English templates marked for lupdate
(context ``MoveRefusal``), translated by the caller."""

from __future__ import annotations

from xiangqi.core.move_reason import IllegalReason

CONTEXT = "MoveRefusal"   # the table below spells it out: lupdate reads only literals


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """Marks ``text`` for lupdate (this Qt-free module may not import ``xiangqi.ui.common.i18n``)."""
    return text


REFUSALS: dict[IllegalReason, str] = {
    IllegalReason.NO_PIECE: QT_TRANSLATE_NOOP("MoveRefusal", "There is no piece there"),
    IllegalReason.NOT_YOUR_PIECE: QT_TRANSLATE_NOOP("MoveRefusal", "That is the opponent's piece"),
    IllegalReason.OWN_PIECE: QT_TRANSLATE_NOOP("MoveRefusal", "A piece cannot take a piece of its own side"),
    IllegalReason.NOT_ITS_MOVE: QT_TRANSLATE_NOOP("MoveRefusal", "That piece does not move that way"),
    IllegalReason.LEAVES_PALACE: QT_TRANSLATE_NOOP(
        "MoveRefusal", "The king and the advisors cannot leave the palace"),
    IllegalReason.CROSSES_RIVER: QT_TRANSLATE_NOOP("MoveRefusal", "The elephants cannot cross the river"),
    IllegalReason.ELEPHANT_EYE: QT_TRANSLATE_NOOP(
        "MoveRefusal", "The elephant's eye is blocked: a piece stands at the centre of its move"),
    IllegalReason.HORSE_LEG: QT_TRANSLATE_NOOP(
        "MoveRefusal", "The horse is hobbled: a piece stands on the point its leg steps over"),
    IllegalReason.PATH_BLOCKED: QT_TRANSLATE_NOOP("MoveRefusal", "A piece stands in the way"),
    IllegalReason.CANNON_SCREEN: QT_TRANSLATE_NOOP(
        "MoveRefusal", "A cannon captures by jumping over exactly one piece"),
    IllegalReason.PAWN_BACKWARD: QT_TRANSLATE_NOOP("MoveRefusal", "A pawn never moves backwards"),
    IllegalReason.PAWN_SIDEWAYS: QT_TRANSLATE_NOOP(
        "MoveRefusal", "A pawn moves sideways only after crossing the river"),
    IllegalReason.KINGS_FACE: QT_TRANSLATE_NOOP(
        "MoveRefusal", "Flying general: the two kings would face each other on an open file"),
    IllegalReason.LEAVES_KING_ATTACKED: QT_TRANSLATE_NOOP(
        "MoveRefusal", "That move would leave your own king in check"),
    IllegalReason.IN_CHECK: QT_TRANSLATE_NOOP("MoveRefusal", "You are in check: the move must answer it"),
}


def refusal_text(reason: IllegalReason) -> str:
    """The English template for ``reason`` (translate it with context ``CONTEXT``)."""
    return REFUSALS[reason]
