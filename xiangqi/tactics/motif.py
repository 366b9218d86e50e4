"""The named patterns (motifs) of xiangqi tactics: 杀法 (mates), tactics, game phases and endgame types.

Each ``Motif``'s value is a stable English id, written in puzzle files and PGN tags, never translated. Its
display names live in the phrase table ``MOTIF_NAMES``: the English name is marked for lupdate (context
``Motif``) so the UI translates it with Qt, and the 简体/繁體 names are in the table too, for the Qt-free
callers that write a set file or print a list (``chinese_name``). The 象棋 terms are fixed words, so the
table is the reference the lead's translation files take their zh_CN/zh_TW entries from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

CONTEXT = "Motif"   # the table below spells it out: lupdate reads only literals

Translate = Callable[[str], str]   # an English name -> the same in the UI language


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """Marks ``text`` for lupdate; the same as ``xiangqi.ui.common.i18n``'s, which this Qt-free module may
    not import."""
    return text


class MotifKind(Enum):
    MATE = "mate"          # 杀法: a pattern of the mated position (or of the mating line)
    TACTIC = "tactic"      # 战术: a way the line wins material or forces the win
    PHASE = "phase"        # 开局/中局/残局
    ENDGAME = "endgame"    # 残局类型: which strong pieces are left


class Motif(Enum):
    # 杀法 (see xiangqi.tactics.mates for each rule)
    MA_HOU_PAO = "ma_hou_pao"
    CHONG_PAO = "chong_pao"
    MEN_GONG = "men_gong"
    TIE_MEN_SHUAN = "tie_men_shuan"
    TIAN_DI_PAO = "tian_di_pao"
    SHUANG_CHE_CUO = "shuang_che_cuo"
    BAI_LIAN_JIANG = "bai_lian_jiang"
    WO_CAO_MA = "wo_cao_ma"
    DIAO_YU_MA = "diao_yu_ma"
    BA_JIAO_MA = "ba_jiao_ma"
    GUA_JIAO_MA = "gua_jiao_ma"
    DA_DAO_WAN_XIN = "da_dao_wan_xin"
    JIA_CHE_PAO = "jia_che_pao"
    CE_MIAN_HU = "ce_mian_hu"
    ER_GUI_PAI_MEN = "er_gui_pai_men"
    HAI_DI_LAO_YUE = "hai_di_lao_yue"
    SONG_FO_GUI_DIAN = "song_fo_gui_dian"
    KUN_BI = "kun_bi"
    MATE_IN_N = "mate_in_n"
    # tactics (see xiangqi.tactics.combinations)
    FORK = "fork"
    DISCOVERED_CHECK = "discovered_check"
    DISCOVERED_ATTACK = "discovered_attack"
    PIN = "pin"
    INTERFERENCE = "interference"
    SACRIFICE = "sacrifice"
    TRAPPED_PIECE = "trapped_piece"
    SIMPLIFICATION = "simplification"
    PERPETUAL_RULE_WIN = "perpetual_rule_win"
    # phases (see xiangqi.tactics.phases)
    OPENING = "opening"
    MIDDLEGAME = "middlegame"
    ENDGAME = "endgame"
    # endgame types: the strong pieces (rook, horse, cannon) left on the board, both sides together
    PAWN_ENDGAME = "pawn_endgame"
    ROOK_ENDGAME = "rook_endgame"
    HORSE_ENDGAME = "horse_endgame"
    CANNON_ENDGAME = "cannon_endgame"
    HORSE_CANNON_ENDGAME = "horse_cannon_endgame"
    ROOK_HORSE_ENDGAME = "rook_horse_endgame"
    ROOK_CANNON_ENDGAME = "rook_cannon_endgame"
    ROOK_HORSE_CANNON_ENDGAME = "rook_horse_cannon_endgame"

    @property
    def kind(self) -> MotifKind:
        return MOTIF_NAMES[self].kind


@dataclass(frozen=True)
class MotifName:
    """A motif's names: English (marked for lupdate), 简体 and 繁體, and which kind of motif it is."""

    kind: MotifKind
    english: str
    simplified: str
    traditional: str


def _name(kind: MotifKind, english: str, simplified: str, traditional: str) -> MotifName:
    return MotifName(kind, english, simplified, traditional)


_M, _T, _P, _E = MotifKind.MATE, MotifKind.TACTIC, MotifKind.PHASE, MotifKind.ENDGAME

MOTIF_NAMES: dict[Motif, MotifName] = {
    Motif.MA_HOU_PAO: _name(_M, QT_TRANSLATE_NOOP("Motif", "Horse and cannon mate"), "马后炮", "馬後炮"),
    Motif.CHONG_PAO: _name(_M, QT_TRANSLATE_NOOP("Motif", "Double cannon mate"), "重炮", "重炮"),
    Motif.MEN_GONG: _name(_M, QT_TRANSLATE_NOOP("Motif", "Smothered palace mate"), "闷宫", "悶宮"),
    Motif.TIE_MEN_SHUAN: _name(_M, QT_TRANSLATE_NOOP("Motif", "Iron bolt mate"), "铁门栓", "鐵門栓"),
    Motif.TIAN_DI_PAO: _name(_M, QT_TRANSLATE_NOOP("Motif", "Heaven and earth cannons"), "天地炮", "天地炮"),
    Motif.SHUANG_CHE_CUO: _name(_M, QT_TRANSLATE_NOOP("Motif", "Double rook mate"), "双车错", "雙車錯"),
    Motif.BAI_LIAN_JIANG: _name(_M, QT_TRANSLATE_NOOP("Motif", "Facing kings mate"), "白脸将", "白臉將"),
    Motif.WO_CAO_MA: _name(_M, QT_TRANSLATE_NOOP("Motif", "Crouching horse mate"), "卧槽马", "臥槽馬"),
    Motif.DIAO_YU_MA: _name(_M, QT_TRANSLATE_NOOP("Motif", "Fishing horse mate"), "钓鱼马", "釣魚馬"),
    Motif.BA_JIAO_MA: _name(_M, QT_TRANSLATE_NOOP("Motif", "Diagonal horse mate"), "八角马", "八角馬"),
    Motif.GUA_JIAO_MA: _name(_M, QT_TRANSLATE_NOOP("Motif", "Palace corner horse mate"), "挂角马", "掛角馬"),
    Motif.DA_DAO_WAN_XIN: _name(_M, QT_TRANSLATE_NOOP("Motif", "Rook sacrifice in the palace centre"),
                                "大刀剜心", "大刀剜心"),
    Motif.JIA_CHE_PAO: _name(_M, QT_TRANSLATE_NOOP("Motif", "Rook and cannon on one line"), "夹车炮", "夾車炮"),
    Motif.CE_MIAN_HU: _name(_M, QT_TRANSLATE_NOOP("Motif", "Side tiger mate"), "侧面虎", "側面虎"),
    Motif.ER_GUI_PAI_MEN: _name(_M, QT_TRANSLATE_NOOP("Motif", "Two pawns at the palace door"),
                                "二鬼拍门", "二鬼拍門"),
    Motif.HAI_DI_LAO_YUE: _name(_M, QT_TRANSLATE_NOOP("Motif", "Mate from the sea bottom"), "海底捞月", "海底撈月"),
    Motif.SONG_FO_GUI_DIAN: _name(_M, QT_TRANSLATE_NOOP("Motif", "King driven home"), "送佛归殿", "送佛歸殿"),
    Motif.KUN_BI: _name(_M, QT_TRANSLATE_NOOP("Motif", "Stalemate"), "困毙", "困斃"),
    Motif.MATE_IN_N: _name(_M, QT_TRANSLATE_NOOP("Motif", "Forced mate"), "连杀", "連殺"),
    Motif.FORK: _name(_T, QT_TRANSLATE_NOOP("Motif", "Fork"), "捉双", "捉雙"),
    Motif.DISCOVERED_CHECK: _name(_T, QT_TRANSLATE_NOOP("Motif", "Discovered check"), "抽将", "抽將"),
    Motif.DISCOVERED_ATTACK: _name(_T, QT_TRANSLATE_NOOP("Motif", "Discovered attack"), "闪击", "閃擊"),
    Motif.PIN: _name(_T, QT_TRANSLATE_NOOP("Motif", "Pin"), "牵制", "牽制"),
    Motif.INTERFERENCE: _name(_T, QT_TRANSLATE_NOOP("Motif", "Interference"), "拦截", "攔截"),
    Motif.SACRIFICE: _name(_T, QT_TRANSLATE_NOOP("Motif", "Sacrifice"), "弃子", "棄子"),
    Motif.TRAPPED_PIECE: _name(_T, QT_TRANSLATE_NOOP("Motif", "Trapped piece"), "捉死", "捉死"),
    Motif.SIMPLIFICATION: _name(_T, QT_TRANSLATE_NOOP("Motif", "Simplification"), "兑子", "兌子"),
    Motif.PERPETUAL_RULE_WIN: _name(_T, QT_TRANSLATE_NOOP("Motif", "Win by the repetition rules"),
                                    "长将长捉判负", "長將長捉判負"),
    Motif.OPENING: _name(_P, QT_TRANSLATE_NOOP("Motif", "Opening"), "开局", "開局"),
    Motif.MIDDLEGAME: _name(_P, QT_TRANSLATE_NOOP("Motif", "Middlegame"), "中局", "中局"),
    Motif.ENDGAME: _name(_P, QT_TRANSLATE_NOOP("Motif", "Endgame"), "残局", "殘局"),
    Motif.PAWN_ENDGAME: _name(_E, QT_TRANSLATE_NOOP("Motif", "Pawn endgame"), "兵类残局", "兵類殘局"),
    Motif.ROOK_ENDGAME: _name(_E, QT_TRANSLATE_NOOP("Motif", "Rook endgame"), "车类残局", "車類殘局"),
    Motif.HORSE_ENDGAME: _name(_E, QT_TRANSLATE_NOOP("Motif", "Horse endgame"), "马类残局", "馬類殘局"),
    Motif.CANNON_ENDGAME: _name(_E, QT_TRANSLATE_NOOP("Motif", "Cannon endgame"), "炮类残局", "炮類殘局"),
    Motif.HORSE_CANNON_ENDGAME: _name(_E, QT_TRANSLATE_NOOP("Motif", "Horse and cannon endgame"),
                                      "马炮残局", "馬炮殘局"),
    Motif.ROOK_HORSE_ENDGAME: _name(_E, QT_TRANSLATE_NOOP("Motif", "Rook and horse endgame"),
                                    "车马残局", "車馬殘局"),
    Motif.ROOK_CANNON_ENDGAME: _name(_E, QT_TRANSLATE_NOOP("Motif", "Rook and cannon endgame"),
                                     "车炮残局", "車炮殘局"),
    Motif.ROOK_HORSE_CANNON_ENDGAME: _name(_E, QT_TRANSLATE_NOOP("Motif", "Rook, horse and cannon endgame"),
                                           "车马炮残局", "車馬炮殘局"),
}


def motif_name(motif: Motif, translate: Translate) -> str:
    """The motif's name in the UI language: ``translate`` is Qt's translator for context ``Motif`` (the
    UI passes ``lambda text: QCoreApplication.translate("Motif", text)``), or ``str`` for English."""
    return translate(MOTIF_NAMES[motif].english)


def chinese_name(motif: Motif, traditional: bool = False) -> str:
    """The motif's Chinese name without Qt (set files, the command line): 简体, or 繁體 if asked."""
    name = MOTIF_NAMES[motif]
    return name.traditional if traditional else name.simplified


def motifs_of_kind(kind: MotifKind) -> tuple[Motif, ...]:
    """The motifs of one kind in table order (the order a theme list shows them)."""
    return tuple(motif for motif in Motif if MOTIF_NAMES[motif].kind is kind)


def motif_from_id(text: str) -> Motif | None:
    """The motif whose stable id is ``text`` (a puzzle file's theme), or None if unknown."""
    try:
        return Motif(text.strip())
    except ValueError:
        return None
