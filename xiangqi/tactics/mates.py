"""杀法: the named mates, each a rule over the mated position (and, for two of them, the mating line).

The attacker is the side that mates, the defender the mated side; squares are named for a black defender
(red attacking upwards: black's palace is d7-f9, its king starts on e9); every rule is mirrored for a red
defender through relative ranks. "Covers a flight square": attacks a square the king could step to, with
the king moved there (``xiangqi.tactics.board.king_view``). Each rule names the mating piece, the screen
(for a cannon) and who covers the flight squares:

* 马后炮 ma_hou_pao: a cannon checks and its screen is the attacker's own horse, which covers at least one
  flight square (the horse in front, the cannon behind it on the line).
* 重炮 chong_pao: a cannon checks and its screen is the attacker's other cannon.
* 闷宫 men_gong: a cannon checks and every flight square is blocked by the defender's own pieces, except
  squares covered only by the checking cannon along its line (the king is smothered by its advisors).
* 铁门栓 tie_men_shuan: a rook or pawn checks from off the centre file while an attacker cannon on the
  centre file covers the king's flight squares on the centre file (the cannon bolts the palace door).
* 天地炮 tian_di_pao: the attacker has a cannon on the centre file (天) and one on the defender's back rank
  (地), both aimed into the palace, and one of them gives the check.
* 双车错 shuang_che_cuo: a rook checks and the attacker's other rook covers a flight square from a
  parallel line next to the checking rook's (the two rooks staggered on neighbouring files or ranks).
* 白脸将 bai_lian_jiang (对面笑): the attacker's king covers a flight square by facing it on the file.
* 卧槽马 wo_cao_ma: a horse checks from c8 or g8 (the 槽 in front of the defender's base elephant).
* 挂角马 gua_jiao_ma: a horse checks from a corner of the defender's palace (d7, f7, d9, f9).
* 钓鱼马 diao_yu_ma: an attacker horse on c7 or g7 (the 钓鱼 post, two files and two ranks from the king's
  home) covers a flight square or checks.
* 八角马 ba_jiao_ma: the king stands on a palace corner and an attacker horse on the opposite corner
  covers its flight squares; another piece checks.
* 大刀剜心 da_dao_wan_xin: in the line an attacker rook goes to the palace centre (e8), where it is taken,
  and the line ends in mate (the rook is given up to open the heart of the palace).
* 夹车炮 jia_che_pao: a rook checks with an attacker cannon behind it on the same line, nothing between
  cannon and rook nor rook and king: the cannon covers the square behind the king through the rook.
* 侧面虎 ce_mian_hu: a rook or pawn checks along the king's rank while an attacker horse covers a flight
  square (the horse on the side locks the file, the rook strikes from the side).
* 二鬼拍门 er_gui_pai_men: two attacker pawns stand in the defender's palace, one on the d file and one on
  the f file, and at least one of them checks or covers a flight square.
* 海底捞月 hai_di_lao_yue: a rook checks along the file from behind the king (from the defender's back rank
  side), the king having left its back rank.
* 送佛归殿 song_fo_gui_dian: the defending king stood off its home square e9 when the line began, moves in
  the line and is mated on e9.
* 困毙 kun_bi: the defender is not in check and has no legal move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xiangqi.core import Move, Position
from xiangqi.core.movegen import CANNON, HORSE, KING, PAWN, ROOK
from xiangqi.tactics.board import (
    CENTRE_FILE,
    Flight,
    KingView,
    between,
    cannon_screen,
    kind_at,
    relative_rank,
    relative_square,
)
from xiangqi.tactics.motif import Motif

MateRule = Callable[[KingView], bool]


def _checkers_of(view: KingView, kind: int) -> list[int]:
    return [sq for sq in view.checkers if kind_at(view.cells, sq) == kind]


def _is_attacker(view: KingView, sq: int, kind: int) -> bool:
    return sq >= 0 and view.cells[sq] == kind * (1 - 2 * view.attacker)


def ma_hou_pao(view: KingView) -> bool:
    for cannon in _checkers_of(view, CANNON):
        screen = cannon_screen(view.cells, cannon, view.king)
        if _is_attacker(view, screen, HORSE) and view.covering(screen):
            return True
    return False


def chong_pao(view: KingView) -> bool:
    return any(_is_attacker(view, cannon_screen(view.cells, cannon, view.king), CANNON)
               for cannon in _checkers_of(view, CANNON))


def men_gong(view: KingView) -> bool:
    cannons = _checkers_of(view, CANNON)
    if not cannons or len(view.checkers) > 1:
        return False
    cannon = cannons[0]
    screen = cannon_screen(view.cells, cannon, view.king)
    if _is_attacker(view, screen, CANNON) or _is_attacker(view, screen, HORSE):
        return False   # 重炮, 马后炮: the attacker's own screen, not the king's own pieces, does the work
    blocked = [flight for flight in view.flights if flight.blocked]
    others = [flight for flight in view.flights if not flight.blocked]
    return len(blocked) >= 2 and all(flight.covered_by == (cannon,) for flight in others)


def tie_men_shuan(view: KingView) -> bool:
    checkers = _checkers_of(view, ROOK) + _checkers_of(view, PAWN)
    if not checkers or any(sq % 9 == CENTRE_FILE for sq in checkers):
        return False
    bolts = [sq for sq in view.attacker_pieces(CANNON) if sq % 9 == CENTRE_FILE]
    central = [flight for flight in view.flights if flight.square % 9 == CENTRE_FILE]
    return bool(bolts and central) and all(_bolted(view, flight, bolts) for flight in central)


def _bolted(view: KingView, flight: Flight, bolts: list[int]) -> bool:
    """A centre flight square is shut by a centre cannon: it covers the square, or (when the king's own
    piece stands there) aims at that piece, which may then not leave."""
    if not flight.blocked:
        return any(sq in bolts for sq in flight.covered_by)
    return any(cannon_screen(view.cells, sq, flight.square) >= 0 for sq in bolts)


def tian_di_pao(view: KingView) -> bool:
    cannons = view.attacker_pieces(CANNON)
    sky = [sq for sq in cannons if sq % 9 == CENTRE_FILE]
    ground = [sq for sq in cannons if relative_rank(view.side, sq) == 0 and sq % 9 != CENTRE_FILE]
    return bool(sky and ground) and any(sq in view.checkers for sq in sky + ground)


def shuang_che_cuo(view: KingView) -> bool:
    rooks = view.attacker_pieces(ROOK)
    for checker in _checkers_of(view, ROOK):
        for other in rooks:
            if other == checker or not view.covering(other):
                continue
            if abs(other % 9 - checker % 9) == 1 or abs(other // 9 - checker // 9) == 1:
                return True
    return False


def bai_lian_jiang(view: KingView) -> bool:
    return any(view.covering(sq) for sq in view.attacker_pieces(KING))


_CAO = (2, 6)   # the c and g files


def wo_cao_ma(view: KingView) -> bool:
    posts = {relative_square(view.side, file, 1) for file in _CAO}
    return any(sq in posts for sq in _checkers_of(view, HORSE))


def _palace_corners(side: int) -> frozenset[int]:
    return frozenset(relative_square(side, file, rank) for file in (3, 5) for rank in (0, 2))


def gua_jiao_ma(view: KingView) -> bool:
    corners = _palace_corners(view.side)
    return any(sq in corners for sq in _checkers_of(view, HORSE))


def diao_yu_ma(view: KingView) -> bool:
    posts = {relative_square(view.side, file, 2) for file in _CAO}
    return any(sq in posts and (sq in view.checkers or view.covering(sq)) for sq in view.attacker_pieces(HORSE))


def ba_jiao_ma(view: KingView) -> bool:
    corners = _palace_corners(view.side)
    if view.king not in corners:
        return False
    opposite = 2 * (relative_square(view.side, CENTRE_FILE, 1)) - view.king
    return (_is_attacker(view, opposite, HORSE) and opposite not in view.checkers
            and view.covering(opposite))


def jia_che_pao(view: KingView) -> bool:
    for rook in _checkers_of(view, ROOK):
        for cannon in view.attacker_pieces(CANNON):
            line = between(cannon, view.king)
            if rook in line and not any(view.cells[sq] for sq in line if sq != rook):
                return True
    return False


def ce_mian_hu(view: KingView) -> bool:
    side_checks = [sq for sq in _checkers_of(view, ROOK) + _checkers_of(view, PAWN)
                   if sq // 9 == view.king // 9]
    return bool(side_checks) and any(view.covering(sq) for sq in view.attacker_pieces(HORSE))


def er_gui_pai_men(view: KingView) -> bool:
    in_palace = [sq for sq in view.attacker_pieces(PAWN)
                 if relative_rank(view.side, sq) <= 2 and sq % 9 in (3, 5)]
    files = {sq % 9 for sq in in_palace}
    return files == {3, 5} and any(sq in view.checkers or view.covering(sq) for sq in in_palace)


def hai_di_lao_yue(view: KingView) -> bool:
    if relative_rank(view.side, view.king) == 0:
        return False
    king_rank = relative_rank(view.side, view.king)
    return any(sq % 9 == view.king % 9 and relative_rank(view.side, sq) < king_rank
               for sq in _checkers_of(view, ROOK))


# The rules over the mated position alone, in the order a puzzle's themes list them.
POSITION_RULES: dict[Motif, MateRule] = {
    Motif.MA_HOU_PAO: ma_hou_pao,
    Motif.CHONG_PAO: chong_pao,
    Motif.MEN_GONG: men_gong,
    Motif.TIE_MEN_SHUAN: tie_men_shuan,
    Motif.TIAN_DI_PAO: tian_di_pao,
    Motif.SHUANG_CHE_CUO: shuang_che_cuo,
    Motif.BAI_LIAN_JIANG: bai_lian_jiang,
    Motif.WO_CAO_MA: wo_cao_ma,
    Motif.DIAO_YU_MA: diao_yu_ma,
    Motif.BA_JIAO_MA: ba_jiao_ma,
    Motif.GUA_JIAO_MA: gua_jiao_ma,
    Motif.JIA_CHE_PAO: jia_che_pao,
    Motif.CE_MIAN_HU: ce_mian_hu,
    Motif.ER_GUI_PAI_MEN: er_gui_pai_men,
    Motif.HAI_DI_LAO_YUE: hai_di_lao_yue,
}


def mated_position_motifs(view: KingView) -> frozenset[Motif]:
    """The 杀法 of a checkmated defender's position (``view`` of the mated king)."""
    return frozenset(motif for motif, rule in POSITION_RULES.items() if rule(view))


def da_dao_wan_xin(position: Position, line: Sequence[Move]) -> bool:
    """An attacker rook moves to the defender's palace centre and is taken there on the next move (the
    line's caller checks that the line mates)."""
    attacker = int(position.turn)
    centre = relative_square(1 - attacker, CENTRE_FILE, 1)
    board = list(position.cells())
    for index, move in enumerate(line):
        if index % 2 == 0 and move.to_sq == centre and kind_at(board, move.from_sq) == ROOK:
            reply = line[index + 1] if index + 1 < len(line) else None
            if reply is not None and reply.to_sq == centre:
                return True
        board[move.to_sq], board[move.from_sq] = board[move.from_sq], 0
    return False


def song_fo_gui_dian(position: Position, line: Sequence[Move], mated: Position) -> bool:
    """The defender's king stood off its home square at the start and is mated on it after moving."""
    defender = 1 - int(position.turn)
    home = relative_square(defender, CENTRE_FILE, 0)
    start = position.cells().index(KING * (1 - 2 * defender))
    end = mated.cells().index(KING * (1 - 2 * defender))
    return start != home and end == home
