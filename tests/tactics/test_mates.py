"""The 杀法 detectors on hand-made mates (each FEN built and checked by eye: black is mated by the line's
last move; red's king sits behind an advisor on e1 unless the case needs the facing kings), and the near
misses each rule must not name."""

from __future__ import annotations

import pytest

from xiangqi.core import Move, Position
from xiangqi.tactics import KingView, Motif, king_view, mate_motifs, motifs, replay
from xiangqi.tactics import mates

M = Motif

# name: (FEN, line, the exact 杀法 found). The exact sets are the negatives too: every other rule must stay
# silent on these mates.
MATES: dict[str, tuple[str, str, set[Motif]]] = {
    # horse e7 covers d9/f9, cannon e2 checks through it
    "ma_hou_pao": ("4k4/9/4N4/9/9/9/9/7C1/4A4/4K4 w", "h2e2", {M.MA_HOU_PAO}),
    # cannon e2 checks through the cannon e7; advisors d9/f9 (not 闷宫: the screen is red's)
    "chong_pao": ("3aka3/9/4C4/9/9/9/9/7C1/4A4/4K4 w", "h2e2", {M.CHONG_PAO}),
    # cannon b9 checks through advisor d9; e8 blocked by the other advisor; f9 only the cannon's
    "men_gong": ("3ak4/4a4/9/9/9/9/9/1C7/9/3K5 w", "b2b9", {M.MEN_GONG}),
    # rook d9 checks, cannon e2 (screen pawn e6) bolts the advisor on e8; red king guards d9
    "tie_men_shuan": ("4ka3/4a4/9/4p4/3R5/9/9/4C4/9/3K5 w", "d5d9", {M.TIE_MEN_SHUAN, M.BAI_LIAN_JIANG}),
    # cannon a9 checks along the back rank (screen pawn c9), cannon e2 pins the advisor on e8
    "tian_di_pao": ("2P1k4/4a4/9/4p4/9/9/C8/4C4/9/3K5 w", "a3a9", {M.TIAN_DI_PAO, M.BAI_LIAN_JIANG}),
    # rook i9 checks, rook a8 on the next rank covers e8
    "shuang_che_cuo": ("4k4/R8/9/9/9/9/9/9/4A4/4K3R w", "i0i9", {M.SHUANG_CHE_CUO}),
    # rook d2 checks king d9; red king e0 faces e9
    "bai_lian_jiang": ("3k5/9/9/9/9/9/9/R8/9/4K4 w", "a2d2", {M.BAI_LIAN_JIANG}),
    # horse g8 checks; advisors d9/f9; rook a8 covers e8
    "wo_cao_ma": ("3aka3/R8/4N4/9/9/9/9/9/4A4/4K4 w", "e7g8", {M.WO_CAO_MA}),
    # horse f7 checks from the palace corner; taking it with the e8 advisor faces the kings; pawn g9: f9
    "gua_jiao_ma": ("3ak1P2/4a4/9/7N1/9/9/9/9/9/4K4 w", "h6f7", {M.GUA_JIAO_MA}),
    # horse g7 covers f9 and e8, rook f2 checks king f8 along the file
    "diao_yu_ma": ("9/5k3/6N2/9/9/9/9/R8/9/4K4 w", "a2f2", {M.DIAO_YU_MA, M.BAI_LIAN_JIANG}),
    # king d9, horse f7 on the opposite corner covers e9 and d8, rook d2 checks
    "ba_jiao_ma": ("3k5/9/5N3/9/9/9/9/R8/4A4/4K4 w", "a2d2", {M.BA_JIAO_MA}),
    # rook c9 checks king f9 with cannon a9 behind it; pawn f7 covers f8
    "jia_che_pao": ("C4k3/9/5P3/9/9/9/9/2R6/4A4/4K4 w", "c2c9", {M.JIA_CHE_PAO}),
    # rook a9 checks along the rank, horse g7 covers e8 and f9 (on the 钓鱼 post too)
    "ce_mian_hu": ("4k4/9/6N2/9/9/9/9/9/4A4/R3K4 w", "a0a9", {M.CE_MIAN_HU, M.DIAO_YU_MA}),
    # pawn d9 checks, pawn f8 covers e8/f9, red king d0 guards d9
    "er_gui_pai_men": ("4k4/3P1P3/9/9/9/9/9/9/9/3K5 w", "d8d9", {M.ER_GUI_PAI_MEN, M.BAI_LIAN_JIANG}),
    # king e8, rook e9 checks from behind; pawns d7/f7 cover d8/f8/e7; horse c8 guards e9
    "hai_di_lao_yue": ("R8/2N1k4/3P1P3/9/9/9/9/9/9/3K5 w", "a9e9", {M.HAI_DI_LAO_YUE, M.ER_GUI_PAI_MEN}),
    # pawns d8/f8 take every square; no check
    "kun_bi": ("4k4/5P3/3P5/9/9/9/9/9/9/3K5 w", "d7d8", {M.KUN_BI}),
}


def _line(text: str) -> list[Move]:
    return [Move.from_iccs(move) for move in text.split()]


@pytest.mark.parametrize("name", sorted(MATES))
def test_each_mate_is_named_and_nothing_else(name: str) -> None:
    fen, line, expected = MATES[name]
    played = replay(Position(fen), _line(line))
    assert played.ends_in_mate(), name
    assert mate_motifs(played) == frozenset(expected | {M.MATE_IN_N})


def _view(fen: str) -> KingView:
    position = Position(fen)
    return king_view(position.cells(), int(position.turn))


# Near misses, black to move: the position has the rule's look but not its rule.
NEAR_MISSES = [
    # the cannon checks through a pawn, not a horse
    (mates.ma_hou_pao, "4k4/9/4P4/9/9/9/9/4C4/4A4/4K4 b"),
    # a horse screen with a cannon behind: 马后炮, not 重炮
    (mates.chong_pao, "3aka3/9/4N4/9/9/9/9/4C4/4A4/4K4 b"),
    # f9 is covered by a rook as well as the cannon: the king is not smothered by its own pieces
    (mates.men_gong, "1C1ak4/4a4/9/9/9/9/9/5R3/9/3K5 b"),
    # the horse checks from f7, a palace corner, not from the 槽 (c8/g8)
    (mates.wo_cao_ma, "3ak4/4a4/5N3/9/9/9/9/9/9/4K4 b"),
    # the horse checks from the 槽 g8, not from a palace corner
    (mates.gua_jiao_ma, "3aka3/6N2/9/9/9/9/9/9/4A4/4K4 b"),
    # a rook checks alone: the other rook is far from it
    (mates.shuang_che_cuo, "R3k4/9/9/9/9/9/9/9/4A4/4K3R b"),
    # the rook checks from in front of the raised king, not from behind
    (mates.hai_di_lao_yue, "9/4k4/9/9/9/9/9/4R4/9/3K5 b"),
    # one pawn only in the palace
    (mates.er_gui_pai_men, "4k4/3P5/9/9/9/9/9/9/9/3K5 b"),
    # the king on a corner, the horse on the same side, not the opposite corner
    (mates.ba_jiao_ma, "3k5/9/3N5/9/9/9/9/R8/4A4/4K4 b"),
    # a rook checks with no cannon behind it
    (mates.jia_che_pao, "5k3/9/5P3/9/9/9/9/2R6/4A4/4K4 b"),
    # the rook checks along the file, not from the side
    (mates.ce_mian_hu, "4k4/9/6N2/9/9/9/9/4R4/4A4/4K4 b"),
    # the red king does not face any flight square (the advisor on e1 and the pieces block it)
    (mates.bai_lian_jiang, "4k4/9/4N4/9/9/9/9/4C4/4A4/4K4 b"),
]


@pytest.mark.parametrize(("rule", "fen"), NEAR_MISSES, ids=[rule.__name__ for rule, _ in NEAR_MISSES])
def test_near_misses_are_not_named(rule: mates.MateRule, fen: str) -> None:
    assert not rule(_view(fen))


def test_kun_bi_is_not_a_checkmate() -> None:
    fen, line, _ = MATES["ma_hou_pao"]
    assert M.KUN_BI not in mate_motifs(replay(Position(fen), _line(line)))


def test_a_line_that_does_not_mate_names_no_mate() -> None:
    fen, _, _ = MATES["ma_hou_pao"]
    assert mate_motifs(replay(Position(fen), _line("h2h3"))) == frozenset()


def test_mate_in_n_counts_the_solvers_moves() -> None:
    from xiangqi.tactics import mate_in
    fen, line, _ = MATES["ma_hou_pao"]
    assert mate_in(Position(fen), _line(line)) == 1
    assert mate_in(Position(fen), _line("h2h3")) is None


def test_da_dao_wan_xin_needs_the_rook_taken_in_the_palace_centre() -> None:
    position = Position("3ak4/4a4/9/9/9/9/9/4R4/9/3K5 w")   # rook e2 takes the advisor on e8
    assert mates.da_dao_wan_xin(position, _line("e2e8 d9e8"))
    assert not mates.da_dao_wan_xin(position, _line("e2e7 d9e8"))


def test_song_fo_gui_dian_needs_the_king_driven_home() -> None:
    start, home = Position("9/4k4/9/9/9/9/9/9/4A4/4K4 w"), Position("4k4/9/9/9/9/9/9/9/4A4/4K4 b")
    assert mates.song_fo_gui_dian(start, [], home)
    assert not mates.song_fo_gui_dian(home, [], home)


def test_motifs_add_the_phase_and_endgame_type() -> None:
    fen, line, _ = MATES["ma_hou_pao"]
    found = motifs(Position(fen), _line(line))
    assert {M.ENDGAME, M.HORSE_CANNON_ENDGAME, M.MA_HOU_PAO, M.MATE_IN_N} <= found
    assert motifs(Position(), _line("h2e2")) == frozenset({M.OPENING})


def test_an_illegal_line_is_read_up_to_the_illegal_move() -> None:
    fen, line, _ = MATES["ma_hou_pao"]
    played = replay(Position(fen), _line("h2h3 a1a2"))
    assert len(played.moves) == 1
