"""Notation text on its own: detection, parsing into readings, file numbering and the place rules."""

from __future__ import annotations

import pytest

from xiangqi.core import Color, NotationError, PieceType
from xiangqi.core.notation import Notation, chinese, detect_notation, wxf
from xiangqi.core.notation.words import (
    ByFile,
    ByOrdinal,
    ByPlace,
    Direction,
    Place,
    Reading,
    board_file,
    player_file,
)

K, A, B, N, R, C, P = list(PieceType)
FWD, BACK, SIDE = Direction.FORWARD, Direction.BACKWARD, Direction.SIDEWAYS


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("h2e2", Notation.ICCS),
        ("H2-E2", Notation.ICCS),
        ("  h2-e2 \n", Notation.ICCS),
        ("ｈ２ｅ２", Notation.ICCS),
        ("C2.5", Notation.WXF),
        ("C2=5", Notation.WXF),
        ("C25", Notation.WXF),
        ("Ｃ２＝５", Notation.WXF),
        ("C+-2", Notation.WXF),
        ("++.4", Notation.WXF),
        ("62.5", Notation.WXF),
        ("炮二平五", Notation.CHINESE),
        ("马８进７", Notation.CHINESE),
        ("一卒平5", Notation.CHINESE),
        ("俥一進一", Notation.CHINESE),
    ],
)
def test_detect_notation(text: str, notation: Notation) -> None:
    assert detect_notation(text) is notation


@pytest.mark.parametrize("text", ["", "xyz", "h2e", "C2*5", "Z2.5x", "12345"])
def test_detect_notation_rejects_and_quotes(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text).replace("\\", "\\\\").replace("*", r"\*")):
        detect_notation(text)


def test_files_count_from_each_side_right() -> None:
    # red: file i (index 8) is 一 = 1, file a is 九 = 9; black: file a is 1, file i is 9
    assert [player_file(Color.RED, f) for f in range(9)] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert [player_file(Color.BLACK, f) for f in range(9)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    for color in Color:
        assert [board_file(color, player_file(color, f)) for f in range(9)] == list(range(9))


@pytest.mark.parametrize(
    ("place", "indexes"),
    [
        # count 2, 3, 4, 5 -> index from the front
        (Place.FRONT, [0, 0, 0, 0]),
        (Place.REAR, [1, 2, 3, 4]),
        (Place.MIDDLE, [None, 1, None, 2]),
        (Place.PLUS, [0, 0, 1, 1]),  # WXF: P+ is the front of 2-3, the second of 4-5 ("++" is first)
        (Place.MINUS, [1, 2, 2, 3]),
    ],
)
def test_place_index(place: Place, indexes: list[int | None]) -> None:
    assert [place.index(n) for n in (2, 3, 4, 5)] == indexes


@pytest.mark.parametrize(
    ("text", "readings"),
    [
        ("C2.5", [Reading(C, ByFile(2, True), SIDE, 5)]),
        ("C2=5", [Reading(C, ByFile(2, True), SIDE, 5)]),
        ("C25", [Reading(C, ByFile(2, True), SIDE, 5)]),
        ("Ｃ２＝５", [Reading(C, ByFile(2, True), SIDE, 5)]),
        ("c2.5", [Reading(C, ByFile(2, True), SIDE, 5)]),
        ("62.5", [Reading(C, ByFile(2, True), SIDE, 5)]),
        ("H8+7", [Reading(N, ByFile(8, True), FWD, 7)]),
        ("N8+7", [Reading(N, ByFile(8, True), FWD, 7)]),
        ("E3+5", [Reading(B, ByFile(3, True), FWD, 5)]),
        ("B3+5", [Reading(B, ByFile(3, True), FWD, 5)]),
        ("C+-2", [Reading(C, ByPlace(Place.PLUS), BACK, 2)]),
        ("+C-2", [Reading(C, ByPlace(Place.PLUS), BACK, 2)]),
        ("-P+1", [Reading(P, ByPlace(Place.MINUS), FWD, 1)]),
        ("++.4", [Reading(P, ByPlace(Place.FRONT), SIDE, 4)]),
        ("--.4", [Reading(P, ByPlace(Place.REAR), SIDE, 4)]),
        ("Pa.5", [Reading(P, ByOrdinal(1), SIDE, 5)]),
        ("Pd.5", [Reading(P, ByOrdinal(4), SIDE, 5)]),
        # file digit first: several pawns on two files; then the digit-code reading (3 = elephant)
        ("3+.4", [Reading(P, ByPlace(Place.PLUS, 3), SIDE, 4), Reading(B, ByPlace(Place.PLUS), SIDE, 4)]),
        ("3-.4", [Reading(P, ByPlace(Place.MINUS, 3), SIDE, 4), Reading(B, ByPlace(Place.MINUS), SIDE, 4)]),
        ("33.4", [Reading(P, ByPlace(Place.MIDDLE, 3), SIDE, 4), Reading(B, ByFile(3, True), SIDE, 4)]),
    ],
)
def test_wxf_parse(text: str, readings: list[Reading]) -> None:
    assert wxf.parse(text) == readings


@pytest.mark.parametrize(
    ("text", "why"),
    [("C2*5", "expected piece"), ("X2.5", "names no piece"), ("C2.0", "expected piece"), ("C2.", "expected")],
)
def test_wxf_parse_errors_quote_the_text(text: str, why: str) -> None:
    with pytest.raises(NotationError) as caught:
        wxf.parse(text)
    assert repr(text) in str(caught.value) and why in str(caught.value)


@pytest.mark.parametrize(
    ("text", "readings"),
    [
        ("炮二平五", [Reading(C, ByFile(2), SIDE, 5)]),
        ("马8进7", [Reading(N, ByFile(8), FWD, 7)]),
        ("馬８進７", [Reading(N, ByFile(8), FWD, 7)]),
        ("傌八進七", [Reading(N, ByFile(8), FWD, 7)]),
        ("俥一進一", [Reading(R, ByFile(1), FWD, 1)]),
        ("車1平2", [Reading(R, ByFile(1), SIDE, 2)]),
        ("砲８平５", [Reading(C, ByFile(8), SIDE, 5)]),
        ("帥五平四", [Reading(K, ByFile(5), SIDE, 4)]),
        ("將5進1", [Reading(K, ByFile(5), FWD, 1)]),
        ("仕四进五", [Reading(A, ByFile(4), FWD, 5)]),
        ("士4进5", [Reading(A, ByFile(4), FWD, 5)]),
        ("象3进5", [Reading(B, ByFile(3), FWD, 5)]),
        ("前炮退二", [Reading(C, ByPlace(Place.FRONT), BACK, 2)]),
        ("後炮退二", [Reading(C, ByPlace(Place.REAR), BACK, 2)]),
        ("后马进七", [Reading(N, ByPlace(Place.REAR), FWD, 7)]),
        ("中兵平四", [Reading(P, ByPlace(Place.MIDDLE), SIDE, 4)]),
        ("一兵平五", [Reading(P, ByOrdinal(1), SIDE, 5)]),
        ("四兵平五", [Reading(P, ByOrdinal(4), SIDE, 5)]),
        ("一卒平5", [Reading(P, ByOrdinal(1), SIDE, 5)]),
        ("兵前平四", [Reading(P, ByPlace(Place.FRONT), SIDE, 4)]),
        ("前兵九平八", [Reading(P, ByPlace(Place.FRONT, 9), SIDE, 8)]),
        ("二兵四平五", [Reading(P, ByOrdinal(2, 4), SIDE, 5)]),
        (" 兵七进一  ", [Reading(P, ByFile(7), FWD, 1)]),
    ],
)
def test_chinese_parse(text: str, readings: list[Reading]) -> None:
    assert chinese.parse(text) == readings


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("炮二平", "4 or 5 characters"),
        ("炮二走五", "进/退/平"),
        ("炮二平十", "进/退/平"),
        ("龙二平五", "names no piece"),
        ("前兵十平八", "names no piece"),
        ("六兵平五", "names no piece"),
    ],
)
def test_chinese_parse_errors_quote_the_text(text: str, why: str) -> None:
    with pytest.raises(NotationError) as caught:
        chinese.parse(text)
    assert repr(text) in str(caught.value) and why in str(caught.value)
