"""Character tables shared by the notations, and the text clean-up every reader does first.

What is *written* comes from the ``*_WRITE`` tables (one form each, simplified Chinese, WXF letters
as in the WXF's own tables); what is *read* comes from the ``*_READ`` tables, which also hold the
traditional, variant and alias forms found in real game files.
"""

from __future__ import annotations

import unicodedata

from xiangqi.core.pieces import Color, PieceType

K, A, B, N, R, C, P = (
    PieceType.KING,
    PieceType.ADVISOR,
    PieceType.ELEPHANT,
    PieceType.HORSE,
    PieceType.ROOK,
    PieceType.CANNON,
    PieceType.PAWN,
)

# Pieces whose direction-number is the target file (they move diagonally), not a rank count.
DIAGONAL_MOVERS = frozenset({A, B, N})
# Pieces never marked front/rear: the one in front can only go back, the one behind only forward.
NEVER_MARKED = frozenset({A, B})

# --- WXF -------------------------------------------------------------------------------------------
# Written letters follow the WXF table ../shared/data/notation/wxf.tsv (E elephant, H horse).
WXF_LETTER_WRITE: dict[PieceType, str] = {K: "K", A: "A", B: "E", N: "H", R: "R", C: "C", P: "P"}
WXF_LETTER_READ: dict[str, PieceType] = {
    "K": K, "A": A, "B": B, "E": B, "N": N, "H": N, "R": R, "C": C, "P": P,
    # WXF digit codes for the numeric keypad (seed 000, section 1.1 五): 6 = cannon, ...
    "1": K, "2": A, "3": B, "4": N, "5": R, "6": C, "7": P,
}  # fmt: skip
WXF_DIRECTIONS = "+-."
# xqbase letters for several pawns: a = 一, b = 二, ...
WXF_ORDINAL_LETTERS = "abcde"

# --- Chinese ---------------------------------------------------------------------------------------
CN_PIECE_WRITE: dict[Color, dict[PieceType, str]] = {
    Color.RED: {K: "帅", A: "仕", B: "相", N: "马", R: "车", C: "炮", P: "兵"},
    Color.BLACK: {K: "将", A: "士", B: "象", N: "马", R: "车", C: "炮", P: "卒"},
}
# The same in traditional characters as boards and 繁體 books print them: red's 俥傌炮, black's 車馬砲.
CN_PIECE_WRITE_TRADITIONAL: dict[Color, dict[PieceType, str]] = {
    Color.RED: {K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵"},
    Color.BLACK: {K: "將", A: "士", B: "象", N: "馬", R: "車", C: "砲", P: "卒"},
}
CN_PIECE_READ: dict[str, PieceType] = {
    "帅": K, "帥": K, "将": K, "將": K,
    "仕": A, "士": A,
    "相": B, "象": B,
    "马": N, "馬": N, "傌": N, "㐷": N,
    "车": R, "車": R, "俥": R, "伡": R,
    "炮": C, "砲": C, "包": C, "炰": C,
    "兵": P, "卒": P,
}  # fmt: skip
CN_DIRECTION_WRITE = {"+": "进", "-": "退", ".": "平"}
CN_DIRECTION_WRITE_TRADITIONAL = {"+": "進", "-": "退", ".": "平"}
CN_DIRECTION_READ = {"进": "+", "進": "+", "退": "-", "平": "."}
CN_NUMERALS = "一二三四五六七八九"
# Place words that replace the file when several pieces of a kind share it.
CN_FRONT, CN_MIDDLE, CN_REAR = "前", "中", "后"
CN_REAR_TRADITIONAL = "後"
CN_PLACE_READ = {"前": CN_FRONT, "中": CN_MIDDLE, "后": CN_REAR, "後": CN_REAR}
FULLWIDTH_DIGITS = "１２３４５６７８９"


def cn_numeral_value(char: str) -> int | None:
    """1-9 for a Chinese numeral or a (half- or full-width, already normalised) digit, else None."""
    if char in CN_NUMERALS:
        return CN_NUMERALS.index(char) + 1
    if "1" <= char <= "9":
        return int(char)
    return None


def normalise(text: str) -> str:
    """Full-width forms to ASCII (NFKC), white space and trailing annotation marks (!, ?) removed."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(folded.split()).rstrip("!?")


def contains_cjk(text: str) -> bool:
    """True when the text has any CJK ideograph (the sign of Chinese notation)."""
    return any("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" for ch in text)
