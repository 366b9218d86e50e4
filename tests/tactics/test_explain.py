"""Mistakes in words: the sentence for hand-made marked moves (the engine's lines given by hand), in
English, 简体 and 繁體, and the review writing it into the move's comment."""

from __future__ import annotations

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.review.annotate import explanation_of, with_explanation
from xiangqi.review.marks import Mark
from xiangqi.tactics import Motif
from xiangqi.tactics.chinese import builtin_chinese
from xiangqi.tactics.explain import MoveFacts, Reason, Wording, explain, explain_move

SIMPLIFIED = Wording(Notation.CHINESE, False, builtin_chinese(False))
TRADITIONAL = Wording(Notation.CHINESE, True, builtin_chinese(True))
ENGLISH = Wording(Notation.ICCS)


def _moves(text: str) -> tuple[Move, ...]:
    return tuple(Move.from_iccs(move) for move in text.split())


def _facts(fen: str, played: str, best: str, reply: str, best_mate: int | None = None,
           played_mate: int | None = None, loss: float = 20.0) -> MoveFacts:
    return MoveFacts(Position(fen), Move.from_iccs(played), _moves(best), _moves(reply), best_mate,
                     played_mate, loss)


# Black to move; red threatens 马后炮 (horse e7, cannon to e2). Black's rook h9 can take the cannon h2
# (the best move); black plays a pawn move instead and red mates.
ALLOWS = ("4k2r1/9/4N4/9/8p/9/9/7C1/4A4/4K4 b", "i5i4", "h9h2", "h2e2")


def test_allowing_a_named_mate() -> None:
    facts = _facts(*ALLOWS, played_mate=-1)
    found = explain(facts)
    assert (found.reason, found.motif, found.count) == (Reason.ALLOWS_MATE, Motif.MA_HOU_PAO, 1)
    assert explain_move(facts, SIMPLIFIED) == "让对方马后炮1步杀（炮二平五）"
    assert explain_move(facts, TRADITIONAL) == "讓對方馬後炮1步殺（炮二平五）"
    assert explain_move(facts, ENGLISH) == "Allows mate in 1: Horse and cannon mate (h2e2)"


def test_missing_a_named_mate() -> None:
    # red to move mates with h2e2; red plays a king move
    facts = _facts("4k4/9/4N4/9/9/9/9/7C1/4A4/4K4 w", "e0d0", "h2e2", "", best_mate=1)
    assert explain_move(facts, SIMPLIFIED) == "错过马后炮杀（炮二平五）"


def test_losing_a_rook_to_a_fork() -> None:
    # black's rook on b8 and cannon on d8; black plays a pawn move, red's horse forks and takes the cannon
    fen = "4k4/1r1c5/9/8p/9/1N7/9/9/4A4/4K4 b"
    facts = _facts(fen, "i6i5", "d8d5", "b4c6 b8b1 c6d8")
    found = explain(facts)
    assert (found.reason, found.motif) == (Reason.LOSES_MATERIAL, Motif.FORK)
    assert explain_move(facts, SIMPLIFIED) == "被捉双，丢炮（马八进七）"


def test_losing_material_without_a_name() -> None:
    # black moves its rook where red's rook takes it
    facts = _facts("4k4/r8/9/9/9/9/9/9/4A4/1R2K4 b", "a8b8", "a8a7", "b0b8")
    assert explain_move(facts, SIMPLIFIED) == "丢车（车八进八）"
    assert explain_move(facts, ENGLISH) == "Loses a rook (b0b8)"


def test_missing_material() -> None:
    facts = _facts("4k4/r8/9/9/9/9/9/9/4A4/R3K4 w", "e0d0", "a0a8", "a8a7")
    assert explain_move(facts, SIMPLIFIED) == "错过得车（车九进八）"


def test_no_pattern_says_the_chances_lost() -> None:
    facts = _facts(Position.STARTING_FEN, "a3a4", "h2e2", "h9g7", loss=12.4)
    assert explain_move(facts, SIMPLIFIED) == "胜率损失12%（炮二平五）"


def test_the_comment_keeps_the_users_words_and_replaces_an_earlier_sentence() -> None:
    comment = with_explanation("[%eval -3.00] 好棋？", Mark.BLUNDER, "丢车")
    assert comment == "[%eval -3.00] 好棋？\n?? 丢车"
    assert explanation_of(comment) == "丢车"
    again = with_explanation(comment, Mark.MISTAKE, "丢马")
    assert again == "[%eval -3.00] 好棋？\n? 丢马"
    assert with_explanation(again, None, "") == "[%eval -3.00] 好棋？"
