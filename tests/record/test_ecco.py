"""ECCO opening names (``record.ecco``): known openings get their codes, transpositions and mirrored lines
the same code, set-up games none; the tables' readers refuse damaged files; tags are added on save only
when the record has none."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.core import Move, Position
from xiangqi.record import Game, game_to_pgn, load_games, parse_game
from xiangqi.record.ecco import (
    MAX_PLIES,
    EccoOpening,
    KEYS_PER_PLY,
    EccoTableError,
    classify_game,
    classify_moves,
    code_number,
    code_of_keys,
    code_of_number,
    ecco_tags,
    line_keys,
    parse_names,
    parse_rules,
    rules_bytes,
    shipped_names,
    shipped_rules,
    with_ecco_tags,
)
from xiangqi.record.ecco_build import TaggedLine, build_rules, measure

SCREEN_HORSES = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"   # 中炮对屏风马: 炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３
SAME_CANNONS = "h2e2 h7e7 h0g2 h9g7 i0h0"                  # 顺炮: 炮二平五 炮８平５ 马二进三 马８进７ 车一平二
OPPOSITE_CANNONS = "h2e2 b7e7"                             # 列炮: 炮二平五 炮２平５
PAWN_BASE_CANNON = "c3c4 b7c7"                             # 仙人指路对卒底炮: 兵七进一 炮２平３
ELEPHANT = "c0e2 h9g7"                                     # 飞相局: 相三进五 马８进７ (相七进五 mirrored)


def moves(text: str) -> list[Move]:
    return [Move.from_iccs(word) for word in text.split()]


def code(text: str) -> str | None:
    opening = classify_moves(moves(text))
    return None if opening is None else opening.code


def mirrored(text: str) -> str:
    flip = {c: "abcdefghi"[8 - i] for i, c in enumerate("abcdefghi")}
    return " ".join("".join(flip.get(ch, ch) for ch in word) for word in text.split())


@pytest.mark.parametrize(("line", "group"), [
    (SCREEN_HORSES, "C"), (SAME_CANNONS, "D"), (OPPOSITE_CANNONS, "D5"), (PAWN_BASE_CANNON, "E1"),
    (ELEPHANT, "A"),
])
def test_known_openings_fall_in_their_ecco_groups(line: str, group: str) -> None:
    given = code(line)
    assert given is not None and given.startswith(group), given


def test_central_cannon_against_screen_horses_and_its_name() -> None:
    opening = classify_moves(moves(SCREEN_HORSES))
    assert opening is not None and opening.code[:2] in ("C0", "C1")
    assert "屏风马" in opening.name and "屏風馬" in opening.name_traditional
    assert opening.english.startswith("Central cannon")


def test_the_move_order_decides_as_in_the_ecco_system() -> None:
    across_first = "h2e2 h7e7 i0i1 h9g7 h0g2 i9h9 i1d1 h9h5"   # 顺炮横车对缓开车: 车一进一 before 马二进三
    horse_first = "h2e2 h7e7 h0g2 h9g7 i0i1 i9h9 i1d1 h9h5"    # 顺炮横车对直车巡河: the same position by another order
    assert line_keys(moves(across_first))[-KEYS_PER_PLY] == line_keys(moves(horse_first))[-KEYS_PER_PLY]
    assert (code(across_first), code(horse_first)) == ("D03", "D05")


def test_a_transposition_nobody_played_is_named_by_its_positions() -> None:
    played = "h0g2 h9g7 h2e2 i9h9 i0h0 b9c7 c3c4 g6g5"
    other = "h0g2 h9g7 h2e2 b9c7 i0h0 i9h9 c3c4 g6g5"    # the same positions from ply 6 on, by an order never played
    horse = "h0g2 h9g7 g3g4"
    rules = build_rules([TaggedLine("C00", tuple(line_keys(moves(played))))] * 2 +
                        [TaggedLine("A40", tuple(line_keys(moves(horse))))] * 3)
    assert line_keys(moves(other))[-KEYS_PER_PLY] == line_keys(moves(played))[-KEYS_PER_PLY]
    assert code_of_keys(line_keys(moves(other)), rules) == "C00"
    assert code_of_keys(line_keys(moves(horse)), rules) == "A40"


def test_a_mirrored_line_gets_the_same_code() -> None:
    for line in (SCREEN_HORSES, SAME_CANNONS, PAWN_BASE_CANNON, ELEPHANT):
        assert code(mirrored(line)) == code(line)


def test_a_game_from_a_setup_position_gets_no_code() -> None:
    game = parse_game('[FEN "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"]\n1. e1d2 d9d8 *\n')
    assert game.is_setup and classify_game(game) is None and ecco_tags(game) == {}
    setup_start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"   # black first
    assert classify_moves(moves("h7e7"), setup_start) is None


def test_a_game_and_its_first_plies_get_the_same_code(shared_data: Path) -> None:
    games = [load_games(path)[0] for path in sorted((shared_data / "games/eleeye/CCGC").glob("*.PGN"))[:8]]
    long_games = [game for game in games if game.ply_count() > MAX_PLIES + 1]
    assert len(long_games) >= 3
    for game in long_games:
        line = game.mainline_moves()
        assert classify_game(game) == classify_moves(line) == classify_moves(line[:MAX_PLIES]) is not None


def test_codes_are_numbered_a00_to_e99() -> None:
    assert code_number("A00") == 0 and code_number("E99") == 499 and code_of_number(314) == "D14"
    for bad in ("F00", "A1", "a00", "A000"):
        with pytest.raises(ValueError, match="not an ECCO code"):
            code_number(bad)


def test_every_code_has_a_name_and_the_rules_are_small() -> None:
    names = shipped_names()
    assert len(names) == 340 and all(name.opening for name in names.values())   # A0-A6, B0-B5, C, D0-D5, E0-E4
    assert names["C48"] == EccoOpening("C48", "中炮过河车互进七兵对屏风马平炮兑车", "红仕角炮对黑退边炮",
                                       "中炮過河車互進七兵對屏風馬平炮兌車", "紅仕角炮對黑退邊炮", names["C48"].english)
    assert 1000 < len(shipped_rules()) < 100_000


def test_rules_file_round_trip_and_damage() -> None:
    rules = {5: 1, 3: 499, 2**64 - 1: 0}
    data = rules_bytes(rules)
    assert parse_rules(data) == rules
    with pytest.raises(EccoTableError, match="cut short"):
        parse_rules(data[:-1])
    with pytest.raises(EccoTableError, match="not an ECCO rules file"):
        parse_rules(b"garbage!" + data[8:])


def test_names_file_refuses_a_bad_line() -> None:
    assert parse_names("# comment\nA00\t非常见开局\t\t非常見開局\t\tUncommon\n")["A00"].opening == "非常见开局"
    with pytest.raises(EccoTableError, match="names:2: A00 named twice"):
        parse_names("A00\ta\t\t\t\t\nA00\tb\t\t\t\t\n")


def test_rules_learnt_from_tagged_lines_classify_them() -> None:
    lines = [TaggedLine("C00", tuple(line_keys(moves(SCREEN_HORSES))))] * 3 + \
        [TaggedLine("D50", tuple(line_keys(moves(OPPOSITE_CANNONS))))] * 2
    rules = build_rules(lines)
    agreement = measure(lines, rules)
    assert agreement.percent == 100.0 and len(rules) == 2   # one rule each: the first ply that parts them


def test_tags_are_added_on_save_only_when_the_record_has_none() -> None:
    game = parse_game(f'[Event "e"]\n1. {SCREEN_HORSES} *\n')
    saved = with_ecco_tags(game)
    assert saved is not game and "ECCO" not in game.headers            # the game shown is not changed
    opening = classify_game(game)
    assert opening is not None
    assert {tag: saved.headers[tag] for tag in ("ECCO", "Opening", "Variation")} == \
        {"ECCO": opening.code, "Opening": opening.opening, "Variation": opening.variation}
    text = game_to_pgn(saved)
    assert f'[ECCO "{opening.code}"]' in text and text.index("[ECCO") < text.index("[Opening")
    tagged = parse_game('[ECCO "A00"]\n1. h2e2 h9g7 *\n')
    assert with_ecco_tags(tagged) is tagged and tagged.headers["ECCO"] == "A00"   # never overwritten
    named = parse_game('[Opening "我的布局"]\n1. h2e2 h9g7 *\n')
    assert with_ecco_tags(named) is named


def test_a_start_position_game_without_moves_gets_no_code() -> None:
    assert classify_game(Game()) is None
    assert Position.STARTING_FEN == Game().start_fen
