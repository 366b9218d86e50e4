"""A mistake in words: one sentence for a ?/?? of a review, from the engine's two lines and the detectors.

The review knows the engine's best line from the position the move was played in and the engine's line
from the position after the played move (the opponent's best answer). The sentence says, first that
applies:

1. the move allows a mate: "让对方马后炮3步杀" (the 杀法 named when the opponent's line ends in one);
2. the move misses a mate: "错过重炮杀" / "错过3步杀";
3. the move loses material in the opponent's line, through a named tactic or not: "被捉双，丢车", "丢马";
4. the move misses material the best line wins: "错过捉双，可得车", "错过得炮";
5. else the winning chances it loses: "胜率损失23%".

The key move follows in brackets, in the reader's notation: the opponent's answer for what a move allows,
the better move for what it misses. Material is counted over the first ``EXCHANGE_PLIES`` plies of each
line, longer while the line goes on capturing (an exchange is counted whole).

Qt-free: the sentences are English templates marked for lupdate (context ``Explain``; the 杀法 names are
``Motif``'s) and turned into the UI language by the ``translate(context, text)`` the caller passes (the UI
passes ``QCoreApplication.translate``). ``builtin_chinese`` is the same wording in 简体/繁體 for a caller
without Qt (the command line); its table is the translation the lead's .ts files take.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from xiangqi.core import Move, NotationError, Position
from xiangqi.core.movegen import ADVISOR, CANNON, ELEPHANT, HORSE, PAWN, ROOK
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.tactics.board import PIECE_VALUES
from xiangqi.tactics.combinations import line_motifs
from xiangqi.tactics.detect import mate_motifs
from xiangqi.tactics.line import Line, replay
from xiangqi.tactics.motif import MOTIF_NAMES, Motif

CONTEXT = "Explain"   # the tables below spell it out: lupdate reads only literals
EXCHANGE_PLIES = 6    # the plies of a line counted for material: a move and two exchanges after it
MATERIAL_SWING = 1.5  # pawn units: less is no material lost or missed (a pawn is 1)

Translate = Callable[[str, str], str]   # (context, English) -> the UI language


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """Marks ``text`` for lupdate; the same as ``xiangqi.ui.common.i18n``'s, which this Qt-free module may
    not import."""
    return text


def _english(context: str, text: str) -> str:
    return text


class Reason(Enum):
    ALLOWS_MATE = "allows_mate"
    MISSES_MATE = "misses_mate"
    LOSES_MATERIAL = "loses_material"
    MISSES_MATERIAL = "misses_material"
    LOSES_CHANCES = "loses_chances"


ALLOWS_NAMED_MATE = QT_TRANSLATE_NOOP("Explain", "Allows mate in {1}: {0}")
ALLOWS_MATE = QT_TRANSLATE_NOOP("Explain", "Allows mate in {0}")
MISSES_NAMED_MATE = QT_TRANSLATE_NOOP("Explain", "Misses a mate: {0}")
MISSES_MATE = QT_TRANSLATE_NOOP("Explain", "Misses mate in {0}")
LOSES_CHANCES = QT_TRANSLATE_NOOP("Explain", "Loses {0}% winning chances")
LOSES_SOME = QT_TRANSLATE_NOOP("Explain", "Loses material")
MISSES_SOME = QT_TRANSLATE_NOOP("Explain", "Misses winning material")
JOINED = QT_TRANSLATE_NOOP("Explain", "{0}, {1}")
WITH_MOVE = QT_TRANSLATE_NOOP("Explain", "{0} ({1})")

LOSES: dict[int, str] = {
    ROOK: QT_TRANSLATE_NOOP("Explain", "loses a rook"),
    HORSE: QT_TRANSLATE_NOOP("Explain", "loses a horse"),
    CANNON: QT_TRANSLATE_NOOP("Explain", "loses a cannon"),
    ADVISOR: QT_TRANSLATE_NOOP("Explain", "loses an advisor"),
    ELEPHANT: QT_TRANSLATE_NOOP("Explain", "loses an elephant"),
    PAWN: QT_TRANSLATE_NOOP("Explain", "loses a pawn"),
}
WINS: dict[int, str] = {
    ROOK: QT_TRANSLATE_NOOP("Explain", "misses winning a rook"),
    HORSE: QT_TRANSLATE_NOOP("Explain", "misses winning a horse"),
    CANNON: QT_TRANSLATE_NOOP("Explain", "misses winning a cannon"),
    ADVISOR: QT_TRANSLATE_NOOP("Explain", "misses winning an advisor"),
    ELEPHANT: QT_TRANSLATE_NOOP("Explain", "misses winning an elephant"),
    PAWN: QT_TRANSLATE_NOOP("Explain", "misses winning a pawn"),
}
SUFFERS: dict[Motif, str] = {   # a tactic the opponent's line plays against the mover
    Motif.FORK: QT_TRANSLATE_NOOP("Explain", "Walks into a fork"),
    Motif.DISCOVERED_CHECK: QT_TRANSLATE_NOOP("Explain", "Allows a discovered check"),
    Motif.DISCOVERED_ATTACK: QT_TRANSLATE_NOOP("Explain", "Allows a discovered attack"),
    Motif.PIN: QT_TRANSLATE_NOOP("Explain", "Walks into a pin"),
    Motif.TRAPPED_PIECE: QT_TRANSLATE_NOOP("Explain", "Lets a piece be trapped"),
}
OVERLOOKS: dict[Motif, str] = {   # a tactic the best line had
    Motif.FORK: QT_TRANSLATE_NOOP("Explain", "Misses a fork"),
    Motif.DISCOVERED_CHECK: QT_TRANSLATE_NOOP("Explain", "Misses a discovered check"),
    Motif.DISCOVERED_ATTACK: QT_TRANSLATE_NOOP("Explain", "Misses a discovered attack"),
    Motif.PIN: QT_TRANSLATE_NOOP("Explain", "Misses a pin"),
    Motif.TRAPPED_PIECE: QT_TRANSLATE_NOOP("Explain", "Misses trapping a piece"),
    Motif.SACRIFICE: QT_TRANSLATE_NOOP("Explain", "Misses a sacrifice"),
}
# After a tactic, the piece words read as a second clause: "Walks into a fork, loses a rook".
WINS_AFTER_TACTIC: dict[int, str] = {
    ROOK: QT_TRANSLATE_NOOP("Explain", "which wins a rook"),
    HORSE: QT_TRANSLATE_NOOP("Explain", "which wins a horse"),
    CANNON: QT_TRANSLATE_NOOP("Explain", "which wins a cannon"),
    ADVISOR: QT_TRANSLATE_NOOP("Explain", "which wins an advisor"),
    ELEPHANT: QT_TRANSLATE_NOOP("Explain", "which wins an elephant"),
    PAWN: QT_TRANSLATE_NOOP("Explain", "which wins a pawn"),
}

# The 杀法 a sentence names when a mate shows several, the most telling first (白脸将 helps many mates).
MATE_PRIORITY = (
    Motif.MA_HOU_PAO, Motif.CHONG_PAO, Motif.MEN_GONG, Motif.TIE_MEN_SHUAN, Motif.TIAN_DI_PAO,
    Motif.SHUANG_CHE_CUO, Motif.WO_CAO_MA, Motif.GUA_JIAO_MA, Motif.BA_JIAO_MA, Motif.DIAO_YU_MA,
    Motif.JIA_CHE_PAO, Motif.CE_MIAN_HU, Motif.ER_GUI_PAI_MEN, Motif.HAI_DI_LAO_YUE, Motif.DA_DAO_WAN_XIN,
    Motif.SONG_FO_GUI_DIAN, Motif.BAI_LIAN_JIANG, Motif.KUN_BI,
)
TACTIC_PRIORITY = (Motif.FORK, Motif.DISCOVERED_CHECK, Motif.PIN, Motif.TRAPPED_PIECE,
                   Motif.DISCOVERED_ATTACK, Motif.SACRIFICE)


@dataclass(frozen=True)
class MoveFacts:
    """What the review knows of one marked move. Mates are in moves, from the mover's view: positive, the
    mover mates; negative, the mover is mated; None, no mate in that line's score."""

    before: Position
    played: Move
    best_line: tuple[Move, ...]    # the engine's line from ``before``, its best move first
    reply_line: tuple[Move, ...]   # the engine's line from the position after ``played``
    best_mate: int | None
    played_mate: int | None
    loss: float                    # winning chances lost, percentage points


@dataclass(frozen=True)
class Explanation:
    """Why a move is a mistake, before it is put in words."""

    reason: Reason
    motif: Motif | None = None      # the 杀法 or tactic named
    count: int = 0                  # moves to mate; for LOSES_CHANCES the points lost
    piece: int = 0                  # the piece kind lost or missed (0: none named)
    key_move: Move | None = None
    key_position: Position | None = field(default=None, compare=False)   # where ``key_move`` is played


def explain(facts: MoveFacts) -> Explanation:
    """The reason, first that applies (see the module notes)."""
    after = facts.before.copy()
    after.push(facts.played)
    reply = replay(after, facts.reply_line)
    best = replay(facts.before, facts.best_line)
    first_reply = facts.reply_line[0] if reply.moves else None
    first_best = facts.best_line[0] if best.moves else None
    already_mated = facts.best_mate is not None and facts.best_mate < 0
    if facts.played_mate is not None and facts.played_mate < 0 and not already_mated:
        return Explanation(Reason.ALLOWS_MATE, _named_mate(reply), -facts.played_mate, 0, first_reply, after)
    if facts.best_mate is not None and facts.best_mate > 0 and not (facts.played_mate or 0) > 0:
        return Explanation(Reason.MISSES_MATE, _named_mate(best), facts.best_mate, 0, first_best, facts.before)
    played_line = replay(facts.before, (facts.played, *reply.moves))
    lost, missed = _net(played_line), _net(best)
    if lost <= -MATERIAL_SWING and lost < missed - MATERIAL_SWING:
        tactic = _tactic(reply, SUFFERS)
        return Explanation(Reason.LOSES_MATERIAL, tactic, 0, _piece(played_line, 1, -lost), first_reply, after)
    if missed - lost >= MATERIAL_SWING and missed >= MATERIAL_SWING:
        tactic = _tactic(best, OVERLOOKS)
        return Explanation(Reason.MISSES_MATERIAL, tactic, 0, _piece(best, 0, missed), first_best, facts.before)
    return Explanation(Reason.LOSES_CHANCES, None, round(facts.loss), 0, first_best, facts.before)


def _named_mate(line: Line) -> Motif | None:
    found = mate_motifs(line)
    return next((motif for motif in MATE_PRIORITY if motif in found), None)


def _tactic(line: Line, table: dict[Motif, str]) -> Motif | None:
    found = line_motifs(line)
    return next((motif for motif in TACTIC_PRIORITY if motif in found and motif in table), None)


def _counted(line: Line) -> int:
    """How many plies of ``line`` count for material: ``EXCHANGE_PLIES``, longer while it captures."""
    plies = min(EXCHANGE_PLIES, len(line.moves))
    while plies < len(line.moves) and line.captured(plies - 1) and line.captured(plies):
        plies += 1
    return plies


def _net(line: Line) -> float:
    """The material the line's first mover wins (negative: loses) over its counted plies."""
    return line.gain(0, _counted(line))


def _piece(line: Line, parity: int, amount: float) -> int:
    """The dearest piece taken on plies of ``parity`` (1: the opponent's captures, 0: the first mover's)
    that the material ``amount`` covers; 0 when none does."""
    taken = [abs(line.captured(ply)) for ply in range(parity, _counted(line), 2) if line.captured(ply)]
    fitting = [kind for kind in taken if PIECE_VALUES[kind] <= amount + 1.0]
    return max(fitting, key=lambda kind: PIECE_VALUES[kind], default=0)


@dataclass(frozen=True)
class Wording:
    """Sentences in one language and notation (``translate`` defaults to English, the templates)."""

    notation: Notation = Notation.CHINESE
    traditional: bool = False
    translate: Translate = _english
    fullwidth_digits: bool = False   # black's numbers as a PGN in Chinese writes them (马２进４)

    def t(self, text: str) -> str:
        return self.translate(CONTEXT, text)

    def motif(self, motif: Motif) -> str:
        return self.translate("Motif", MOTIF_NAMES[motif].english)

    def move_text(self, position: Position, move: Move) -> str:
        try:
            return move_to_text(position, move, self.notation, traditional=self.traditional,
                                fullwidth_digits=self.fullwidth_digits)
        except NotationError:
            return move.iccs()


def sentence(explanation: Explanation, wording: Wording) -> str:
    """The explanation as one sentence in ``wording``'s language and notation."""
    text = _words(explanation, wording)
    if explanation.key_move is not None and explanation.key_position is not None:
        move = wording.move_text(explanation.key_position, explanation.key_move)
        text = wording.t(WITH_MOVE).format(text, move)
    return text


def _words(explanation: Explanation, wording: Wording) -> str:
    t, reason, motif = wording.t, explanation.reason, explanation.motif
    if reason is Reason.ALLOWS_MATE:
        if motif is None:
            return t(ALLOWS_MATE).format(explanation.count)
        return t(ALLOWS_NAMED_MATE).format(wording.motif(motif), explanation.count)
    if reason is Reason.MISSES_MATE:
        return t(MISSES_MATE).format(explanation.count) if motif is None else \
            t(MISSES_NAMED_MATE).format(wording.motif(motif))
    if reason is Reason.LOSES_MATERIAL:
        lost = t(LOSES[explanation.piece]) if explanation.piece else t(LOSES_SOME)
        return lost[:1].upper() + lost[1:] if motif is None else t(JOINED).format(t(SUFFERS[motif]), lost)
    if reason is Reason.MISSES_MATERIAL:
        if motif is None:
            missed = t(WINS[explanation.piece]) if explanation.piece else t(MISSES_SOME)
            return missed[:1].upper() + missed[1:]
        won = t(WINS_AFTER_TACTIC[explanation.piece]) if explanation.piece else ""
        return t(JOINED).format(t(OVERLOOKS[motif]), won) if won else t(OVERLOOKS[motif])
    return t(LOSES_CHANCES).format(explanation.count)


def explain_move(facts: MoveFacts, wording: Wording) -> str:
    """One sentence for a marked move (``explain`` then ``sentence``)."""
    return sentence(explain(facts), wording)
