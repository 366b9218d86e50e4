"""Notation against positions: the shared WXF table, the tandem rules of notation.md, round trips over
real games, perft positions and random playouts, the Chinese move lists of cchess, and errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, seed, settings
from hypothesis import strategies as st

from xiangqi.core import Color, Move, NotationError, Position, file_of
from xiangqi.core.notation import Notation, detect_notation, move_to_text, text_to_move
from xiangqi.core.notation.chinese import to_traditional
from xiangqi.core.notation.words import player_file

ICCS, WXF, CN = Notation.ICCS, Notation.WXF, Notation.CHINESE
START = Position.STARTING_FEN


def read_text(path: Path) -> str:
    """Shared files are UTF-8 or GBK (GB18030 is its superset)."""
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("gb18030")


def wukong_games(shared_data: Path) -> list[list[Move]]:
    """The ICCS move lists of ``wukong/bulk_games_uci.pgn`` (tags, move numbers and results dropped)."""
    text = (shared_data / "games" / "wukong" / "bulk_games_uci.pgn").read_text(encoding="ascii")
    games = []
    for block in re.split(r"\n(?=\[Event )", text):
        body = re.sub(r"\[[^\]]*\]", " ", block)
        moves = [Move.from_iccs(tok) for tok in body.split() if re.fullmatch(r"[a-i]\d[a-i]\d", tok)]
        if moves:
            games.append(moves)
    return games


def assert_round_trips(position: Position) -> None:
    """Every legal move: move -> text -> move (so also text -> move -> text for the written text), the
    notation of the text is detected, and no two moves share a text."""
    moves = position.legal_moves()
    for notation in Notation:
        texts = set()
        for move in moves:
            text = move_to_text(position, move, notation)
            assert text_to_move(position, text) == move, (position.fen(), move, text)
            assert detect_notation(text) is notation
            texts.add(text)
        assert len(texts) == len(moves)


TRADITIONAL = str.maketrans({"车": "車", "马": "馬", "帅": "帥", "将": "將", "炮": "砲", "进": "進", "后": "後"})
RED_VARIANTS = str.maketrans({"车": "俥", "马": "傌", "炮": "包"})
FULL_WIDTH = str.maketrans({chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)})
WXF_CODES = str.maketrans("KAEHRCP", "1234567")


def wxf_variants(text: str, digit_codes: bool) -> set[str]:
    """Other spellings of a written WXF text that must read the same."""
    found = {text.replace(".", "="), text.translate(FULL_WIDTH), text.lower(), text.replace("E", "B").replace("H", "N")}
    if re.fullmatch(r"[A-Z][1-9]\.[1-9]", text):
        found.add(text.replace(".", ""))  # C25
    if re.fullmatch(r"[A-Z][+-].[1-9]", text):
        found.add(text[1] + text[0] + text[2:])  # sign first: +C-2
    if digit_codes and text[0].isalpha():
        found.add(text[0].translate(WXF_CODES) + text[1:])  # 62.5
    return found


def chinese_variants(text: str, file_name: str) -> set[str]:
    """Other spellings of a written Chinese text: traditional, variants, full width, old five-char form."""
    found = {text.translate(TRADITIONAL), text.translate(RED_VARIANTS), text.translate(FULL_WIDTH)}
    if text[0] in "前中后":
        found.add(text[:2] + file_name + text[2:])  # 前兵九平八
        found.add(text[1] + text[0] + text[2:])  # 兵前平八
    return found


def assert_variants_read(position: Position) -> None:
    """Every legal move: the other accepted spellings of its WXF and Chinese texts read back to it."""
    cells = position.board.tolist()
    own_pawn = 7 if position.turn is Color.RED else -7
    crowded = any(sum(cells[sq] == own_pawn for sq in range(f, 90, 9)) >= 2 for f in range(9))
    for move in position.legal_moves():
        file_number = player_file(position.turn, file_of(move.from_sq))
        file_name = "一二三四五六七八九"[file_number - 1] if position.turn is Color.RED else str(file_number)
        spellings = wxf_variants(move_to_text(position, move, WXF), digit_codes=not crowded)
        spellings |= chinese_variants(move_to_text(position, move, CN), file_name)
        for text in spellings:
            assert text_to_move(position, text) == move, (position.fen(), move, text)


# --- the shared WXF table --------------------------------------------------------------------------
def test_wxf_equals_every_row_of_the_shared_table(shared_data: Path) -> None:
    rows = [
        line.split("\t")
        for line in (shared_data / "notation" / "wxf.tsv").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert len(rows) > 1000
    for fen, iccs, expected in rows:
        position, move = Position.from_fen(fen), Move.from_iccs(iccs)
        assert move_to_text(position, move, WXF).replace(".", "=") == expected.replace(".", "="), (fen, iccs)
        assert text_to_move(position, expected) == move
        assert text_to_move(position, expected.replace("=", ".")) == move


# --- tandem pieces and pawns (notation.md) ---------------------------------------------------------
SEED_FOUR_PAWNS = "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w"  # seed 000 section 1.1 四, red pawns on 四 and 六
SEED_FOUR_BLACK = "4k4/9/9/9/9/9/3p1p3/4p4/3p1p3/4K4 b"  # the same, colours swapped
THREE_ON_FILE = "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w"
FOUR_ON_FILE = "3k5/5P3/5P3/5P3/5P3/9/9/9/9/4K4 w"
FIVE_ON_FILE = "3k1P3/5P3/5P3/5P3/5P3/9/9/9/9/4K4 w"
THREE_AND_TWO = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w"
TWO_ON_FILE = "4k4/9/9/P8/P8/9/9/9/9/3K5 w"
TWO_CANNONS = "5k3/9/9/4C4/9/9/9/4C4/9/3K5 w"
TWO_BLACK_HORSES = "3k5/9/2n6/9/2n6/9/9/9/9/4K4 b"
TWIN_ADVISORS_ELEPHANTS = "5k3/9/9/9/9/2B6/9/3A5/9/2BAK4 w"

TANDEM_CASES = [
    # fen, iccs, WXF written, Chinese written
    (SEED_FOUR_PAWNS, "f8e8", "4+.5", "一兵平五"),
    (SEED_FOUR_PAWNS, "f6e6", "4-.5", "二兵平五"),
    (SEED_FOUR_PAWNS, "e7e8", "P5+1", "兵五进一"),
    (SEED_FOUR_PAWNS, "d8e8", "6+.5", "三兵平五"),
    (SEED_FOUR_PAWNS, "d6e6", "6-.5", "四兵平五"),
    (SEED_FOUR_BLACK, "d1e1", "4+.5", "一卒平5"),
    (SEED_FOUR_BLACK, "d3e3", "4-.5", "二卒平5"),
    (SEED_FOUR_BLACK, "f1e1", "6+.5", "三卒平5"),
    (SEED_FOUR_BLACK, "f3e3", "6-.5", "四卒平5"),
    (SEED_FOUR_BLACK, "e2e1", "P5+1", "卒5进1"),
    (THREE_ON_FILE, "e7d7", "P+.6", "前兵平六"),
    (THREE_ON_FILE, "e7e8", "P++1", "前兵进一"),
    (THREE_ON_FILE, "e6d6", "P5.6", "中兵平六"),
    (THREE_ON_FILE, "e5f5", "P-.4", "后兵平四"),
    (FOUR_ON_FILE, "f8g8", "++.3", "一兵平三"),
    (FOUR_ON_FILE, "f7g7", "P+.3", "二兵平三"),
    (FOUR_ON_FILE, "f6e6", "P-.5", "三兵平五"),
    (FOUR_ON_FILE, "f5e5", "--.5", "四兵平五"),
    (FIVE_ON_FILE, "f9g9", "++.3", "一兵平三"),
    (FIVE_ON_FILE, "f8g8", "P+.3", "二兵平三"),
    (FIVE_ON_FILE, "f7g7", "P4.3", "三兵平三"),
    (FIVE_ON_FILE, "f6g6", "P-.3", "四兵平三"),
    (FIVE_ON_FILE, "f5g5", "--.3", "五兵平三"),
    (THREE_AND_TWO, "g7f7", "3+.4", "一兵平四"),
    (THREE_AND_TWO, "g6f6", "33.4", "二兵平四"),
    (THREE_AND_TWO, "g5f5", "3-.4", "三兵平四"),
    (THREE_AND_TWO, "c6d6", "7+.6", "四兵平六"),
    (THREE_AND_TWO, "c5d5", "7-.6", "五兵平六"),
    (TWO_ON_FILE, "a6b6", "P+.8", "前兵平八"),
    (TWO_ON_FILE, "a5b5", "P-.8", "后兵平八"),
    (TWO_CANNONS, "e6e4", "C+-2", "前炮退二"),
    (TWO_CANNONS, "e2e1", "C--1", "后炮退一"),
    (TWO_CANNONS, "e6d6", "C+.6", "前炮平六"),
    (TWO_BLACK_HORSES, "c5d3", "H++4", "前马进4"),
    (TWO_BLACK_HORSES, "c7b9", "H--2", "后马退2"),
    # advisors and elephants are never marked front/rear
    (TWIN_ADVISORS_ELEPHANTS, "d0e1", "A6+5", "仕六进五"),
    (TWIN_ADVISORS_ELEPHANTS, "d2e1", "A6-5", "仕六退五"),
    (TWIN_ADVISORS_ELEPHANTS, "c0e2", "E7+5", "相七进五"),
    (TWIN_ADVISORS_ELEPHANTS, "c4e2", "E7-5", "相七退五"),
]


@pytest.mark.parametrize(("fen", "iccs", "wxf_text", "chinese_text"), TANDEM_CASES)
def test_tandem_written_and_read_exactly(fen: str, iccs: str, wxf_text: str, chinese_text: str) -> None:
    position, move = Position.from_fen(fen), Move.from_iccs(iccs)
    assert move_to_text(position, move, ICCS) == iccs
    assert move_to_text(position, move, WXF) == wxf_text
    assert move_to_text(position, move, CN) == chinese_text
    for text in (iccs, wxf_text, chinese_text):
        assert text_to_move(position, text) == move


@pytest.mark.parametrize("fen", sorted({case[0] for case in TANDEM_CASES}))
def test_tandem_positions_round_trip(fen: str) -> None:
    assert_round_trips(Position.from_fen(fen))
    assert_variants_read(Position.from_fen(fen))


@pytest.mark.parametrize(
    ("fen", "text", "iccs"),
    [
        # xqbase letters for several pawns (seed 000 section 1.1 四)
        (SEED_FOUR_PAWNS, "Pa.5", "f8e8"),
        (SEED_FOUR_PAWNS, "Pb.5", "f6e6"),
        (SEED_FOUR_PAWNS, "Pc.5", "d8e8"),
        (SEED_FOUR_PAWNS, "Pd.5", "d6e6"),
        (SEED_FOUR_BLACK, "Pa.5", "d1e1"),
        # old five-character Chinese forms and the piece before its place
        (SEED_FOUR_PAWNS, "前兵四平五", "f8e8"),
        (SEED_FOUR_PAWNS, "后兵六平五", "d6e6"),
        (TWO_ON_FILE, "前兵九平八", "a6b6"),
        (TWO_ON_FILE, "前兵平八", "a6b6"),
        (TWO_ON_FILE, "兵后平八", "a5b5"),
        # 前 read as 一 with four or more on a file
        (FOUR_ON_FILE, "前兵平三", "f8g8"),
        # sign-first tandem, digit codes, traditional characters
        (TWO_CANNONS, "+C-2", "e6e4"),
        (TWO_CANNONS, "-C-1", "e2e1"),
        (TWO_CANNONS, "6+-2", "e6e4"),
        (TWO_CANNONS, "後砲退一", "e2e1"),
        (TWO_CANNONS, "C+=6", "e6d6"),
        (THREE_ON_FILE, "+P.6", "e7d7"),
        (THREE_ON_FILE, "7+.6", "e7d7"),  # no two-file reading fits: the digit code 7 (pawn) does
        (TWO_BLACK_HORSES, "+H+4", "c5d3"),
        (TWO_BLACK_HORSES, "前馬進４", "c5d3"),
        (TWO_BLACK_HORSES, "-N-2", "c7b9"),
    ],
)
def test_other_tandem_forms_read(fen: str, text: str, iccs: str) -> None:
    assert text_to_move(Position.from_fen(fen), text) == Move.from_iccs(iccs)


# --- plain forms, variants, full width -------------------------------------------------------------
@pytest.mark.parametrize(
    ("fen", "text", "iccs"),
    [
        (START, "C2.5", "h2e2"),
        (START, "C2=5", "h2e2"),
        (START, "C25", "h2e2"),
        (START, "c2.5", "h2e2"),
        (START, "Ｃ２＝５", "h2e2"),
        (START, "62.5", "h2e2"),
        (START, "H2+3", "h0g2"),
        (START, "N2+3", "h0g2"),
        (START, "42+3", "h0g2"),
        (START, "E3+5", "g0e2"),
        (START, "B3+5", "g0e2"),
        (START, "A4+5", "f0e1"),
        (START, "炮二平五", "h2e2"),
        (START, "砲二平五", "h2e2"),
        (START, "包二平五", "h2e2"),
        (START, "傌二進三", "h0g2"),
        (START, "馬二进三", "h0g2"),
        (START, "俥一進一", "i0i1"),
        (START, "車九进一", "a0a1"),
        (START, "帥五進一", "e0e1"),
        (START, "仕四进五", "f0e1"),
        (START, "士四进五", "f0e1"),
        (START, "象三进五", "g0e2"),
        (START, "炮2平5", "h2e2"),
        (START, "H2-E2", "h2e2"),
        (START, "ｈ２－ｅ２", "h2e2"),
        (START, "\t h2e2 \r\n", "h2e2"),
        (START, "　炮二平五　", "h2e2"),  # ideographic spaces
        (START, "炮二平五!?", "h2e2"),  # annotation marks
        (START, "C2.5！", "h2e2"),
        (START, "h2e2?", "h2e2"),
        (START.replace(" w ", " b "), "马８进７", "h9g7"),
        (START.replace(" w ", " b "), "馬8進7", "h9g7"),
        (START.replace(" w ", " b "), "將5進1", "e9e8"),
        (START.replace(" w ", " b "), "卒７进１", "g6g5"),
        (START.replace(" w ", " b "), "H8+7", "h9g7"),
    ],
)
def test_variant_inputs_read(fen: str, text: str, iccs: str) -> None:
    assert text_to_move(Position.from_fen(fen), text) == Move.from_iccs(iccs)


def test_black_digits_half_width_by_default_full_width_on_request() -> None:
    position = Position.from_fen(START.replace(" w ", " b "))
    move = Move.from_iccs("h9g7")
    assert move_to_text(position, move, CN) == "马8进7"
    assert move_to_text(position, move, CN, fullwidth_digits=True) == "马８进７"
    assert move_to_text(Position(), Move.from_iccs("h2e2"), CN, fullwidth_digits=True) == "炮二平五"
    seed_black = Position.from_fen(SEED_FOUR_BLACK)
    assert move_to_text(seed_black, Move.from_iccs("d1e1"), CN, fullwidth_digits=True) == "一卒平５"


def test_traditional_characters_for_a_traditional_interface() -> None:
    position = Position.from_fen(TWO_CANNONS)
    text = to_traditional(move_to_text(position, Move.from_iccs("e2e1"), CN))
    assert text == "後炮退一"
    assert to_traditional(move_to_text(Position(), Move.from_iccs("i0i1"), CN)) == "車一進一"
    assert text_to_move(position, text) == Move.from_iccs("e2e1")


# --- errors ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("fen", "text", "why"),
    [
        (START, "R5+1", "no such rook"),
        (START, "车五进一", "no such rook"),
        (START, "R1+3", "illegal"),
        (START, "C2+8", "illegal"),
        (START, "K5.4", "illegal"),
        (START, "a0a5", "illegal"),
        (START, "e5e6", "no piece on e5"),
        (START, "h2e2x", "cannot read"),
        (START, "C2*5", "cannot read"),
        (START, "炮二平", "cannot read"),
        (SEED_FOUR_PAWNS, "P4.5", "ambiguous"),
        (SEED_FOUR_PAWNS, "兵四平五", "ambiguous"),
        (TWO_CANNONS, "C5.6", "ambiguous"),
        (SEED_FOUR_PAWNS, "中兵平五", "no such pawn"),
    ],
)
def test_errors_quote_the_text_and_say_why(fen: str, text: str, why: str) -> None:
    with pytest.raises(NotationError) as caught:
        text_to_move(Position.from_fen(fen), text)
    assert repr(text) in str(caught.value)
    assert why in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_writing_an_illegal_move_is_an_error() -> None:
    for notation in Notation:
        with pytest.raises(NotationError, match="'a0a5' is not a legal move"):
            move_to_text(Position(), Move.from_iccs("a0a5"), notation)


def test_explicit_notation_is_obeyed() -> None:
    with pytest.raises(NotationError, match="as WXF"):
        text_to_move(Position(), "h2e2", WXF)
    with pytest.raises(NotationError, match="as ICCS"):
        text_to_move(Position(), "C2.5", ICCS)
    assert text_to_move(Position(), "C2.5", WXF) == Move.from_iccs("h2e2")


# --- every legal move of real games and reference positions ----------------------------------------
@pytest.mark.slow
def has_tandem_pieces(position: Position) -> bool:
    """Two pieces of one kind of the side to move on one file: its moves are named 前/后/中 (the hard case)."""
    cells, sign = position.board.tolist(), 1 if position.turn is Color.RED else -1
    return any(sum(cells[sq] == kind * sign for sq in range(f, 90, 9)) >= 2 for f in range(9) for kind in range(2, 8))


def test_round_trip_every_legal_move_of_the_wukong_games(shared_data: Path) -> None:
    """Every legal move of each position of the 15 games with tandem pieces, and of every third position
    (red and black alike) of the others, each position once: 461 of the 1,378 (the others, a ply apart,
    ask the same questions of the notation at three times the CPU)."""
    games = wukong_games(shared_data)
    assert len(games) == 15
    seen: set[str] = set()
    for moves in games:
        position = Position()
        for ply, move in enumerate(moves):
            placement = position.fen().rsplit(" ", 2)[0]
            if placement not in seen and (ply % 3 == 0 or has_tandem_pieces(position)):
                seen.add(placement)
                assert_round_trips(position)
            position.push(move)
    assert len(seen) > 400


def test_round_trip_every_legal_move_of_the_perft_positions(shared_data: Path) -> None:
    lines = (shared_data / "perft.tsv").read_text(encoding="utf-8").splitlines()
    fens = [line.split("\t")[0] for line in lines if line.strip() and not line.startswith(("#", "fen\t"))]
    assert len(fens) >= 10
    for fen in fens:
        assert_round_trips(Position.from_fen(fen))
        assert_variants_read(Position.from_fen(fen))


def replay_chinese_list(path: Path) -> int:
    """Play a cchess move list (a FEN line, one Chinese move a line, a result 红胜/黑胜); the plies played."""
    lines = [line for line in read_text(path).splitlines() if line.strip()]
    assert lines[-1].strip() in ("红胜", "黑胜", "和棋")
    position = Position.from_fen(lines[0])
    for text in lines[1:-1]:
        assert detect_notation(text) is CN, text
        move = text_to_move(position, text)
        written = move_to_text(position, move, CN, fullwidth_digits=True)
        assert written == text.strip(), (position.fen(), text)  # the file writes black digits full-width
        position.push(move)
    return len(lines) - 2


@pytest.mark.parametrize(("name", "plies"), [("test1_move.txt", 110), ("ucci_test1_move.txt", 43)])
def test_chinese_move_lists_of_cchess_replay(shared_data: Path, name: str, plies: int) -> None:
    assert replay_chinese_list(shared_data / "games" / "cchess" / name) == plies


# --- random playouts (hypothesis) ------------------------------------------------------------------
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=80))
def test_round_trip_along_random_playouts(choices: list[int]) -> None:
    position = Position()
    for choice in choices:
        moves = position.legal_moves()
        if not moves:
            break
        assert_round_trips(position)
        assert_variants_read(position)
        position.push(moves[choice % len(moves)])


@st.composite
def crowded_pawns(draw: st.DrawFn, sign: int) -> dict[int, int]:
    """Up to five pawns of one side over the river, on at most three files so that files fill up."""
    files = draw(st.lists(st.integers(0, 8), min_size=1, max_size=3))
    squares = {}
    for _ in range(draw(st.integers(0, 5))):
        rank = draw(st.integers(5, 9))
        squares[(rank if sign > 0 else 9 - rank) * 9 + draw(st.sampled_from(files))] = 7 * sign
    return squares


@st.composite
def pawn_crowded_fens(draw: st.DrawFn) -> str:
    """Boards whose pawns crowd a few files (3, 4, 5 on a file, two crowded files), a few other pieces."""
    cells = [0] * 90
    cells[draw(st.sampled_from([3, 4, 5, 12, 13, 14, 21, 22, 23]))] = 1
    cells[draw(st.sampled_from([84, 85, 86, 75, 76, 77, 66, 67, 68]))] = -1
    others = draw(st.dictionaries(st.integers(0, 89), st.sampled_from([4, 5, 6, -4, -5, -6]), max_size=3))
    for placed in (draw(crowded_pawns(1)), draw(crowded_pawns(-1)), others):
        for sq, value in placed.items():
            if cells[sq] == 0:
                cells[sq] = value
    letters = "kaBnrcp"
    rows = []
    for rank in range(9, -1, -1):
        row = "".join(
            "1" if v == 0 else letters[abs(v) - 1].upper() if v > 0 else letters[abs(v) - 1].lower()
            for v in cells[rank * 9 : rank * 9 + 9]
        )
        rows.append(re.sub(r"1+", lambda m: str(len(m.group())), row))
    return "/".join(rows) + " " + draw(st.sampled_from("wb"))


@settings(max_examples=80, deadline=None)   # 200 before: random boards alike; a fixed seed keeps the same 80
@seed(20261128)
@given(pawn_crowded_fens())
@pytest.mark.slow
def test_round_trip_with_crowded_pawn_files(fen: str) -> None:
    try:
        position = Position.from_fen(fen)
    except ValueError:
        position = None  # e.g. the side not to move is in check: not a position
    assume(position is not None)
    assert_round_trips(position)
    assert_variants_read(position)
