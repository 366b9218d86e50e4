"""Every motif has its three names and a kind; the ids read back; the built-in Chinese covers every
sentence template; phases and endgame types by the material."""

from __future__ import annotations

import re
from pathlib import Path

from xiangqi.core import Position
from xiangqi.tactics import (MOTIF_NAMES, Motif, MotifKind, chinese_name, endgame_type, motif_from_id,
                             motif_name, motifs_of_kind, phase)
from xiangqi.tactics import explain
from xiangqi.tactics.chinese import EXPLAIN_CHINESE, builtin_chinese


def test_every_motif_is_named_in_three_languages() -> None:
    assert set(MOTIF_NAMES) == set(Motif)
    for motif, name in MOTIF_NAMES.items():
        assert name.english and name.simplified and name.traditional, motif
        assert motif_from_id(motif.value) is motif
    assert chinese_name(Motif.MA_HOU_PAO) == "马后炮" and chinese_name(Motif.MA_HOU_PAO, True) == "馬後炮"
    assert motif_name(Motif.FORK, lambda text: text) == "Fork"
    assert motif_from_id("no_such_theme") is None
    assert len(motifs_of_kind(MotifKind.MATE)) == 19 and Motif.KUN_BI in motifs_of_kind(MotifKind.MATE)


def test_the_builtin_chinese_covers_every_template() -> None:
    source = Path(explain.__file__).read_text(encoding="utf-8")
    templates = set(re.findall(r'QT_TRANSLATE_NOOP\("Explain", "([^"]*)"\)', source))
    assert templates == set(EXPLAIN_CHINESE)
    translate = builtin_chinese(traditional=True)
    assert translate("Motif", "Horse and cannon mate") == "馬後炮"
    assert translate("Explain", "Walks into a fork") == "被捉雙"


def test_phases_by_material_and_move_number() -> None:
    assert phase(Position()) is Motif.OPENING
    late = Position(Position.STARTING_FEN.replace(" 0 1", " 0 20"))
    assert phase(late) is Motif.MIDDLEGAME
    endgame = Position("4k4/9/4N4/9/9/9/9/7C1/4A4/4K4 w")
    assert phase(endgame) is Motif.ENDGAME and endgame_type(endgame) is Motif.HORSE_CANNON_ENDGAME
    assert endgame_type(Position()) is None
    assert endgame_type(Position("3k5/9/9/9/9/9/9/9/4A4/4K4 w")) is Motif.PAWN_ENDGAME
    assert endgame_type(Position("3k5/9/9/9/9/9/9/R8/4A4/4K4 w")) is Motif.ROOK_ENDGAME
