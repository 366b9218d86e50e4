"""Reading PGN text: tags, movetext forms, comments, variations, results, errors, the game index."""

from __future__ import annotations

from xiangqi.core import Position
from xiangqi.record import PgnError, PgnFile, parse_game, read_pgn


def iccs_line(game) -> list[str]:
    return [move.iccs() for move in game.mainline_moves()]


def test_tags_are_kept_and_structural_ones_modelled() -> None:
    text = (
        '[Game "Chinese Chess"]\n[Event "第一届"]\n[Red "许银川"]\n[RedElo "2600"]\n[Custom "x \\"y\\" z"]\n'
        '[Result "1-0"]\n[Format "ICCS"]\n[FEN "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"]\n'
        "1. e1e8 1-0\n"
    )
    game = parse_game(text)
    assert game.errors == []
    assert game.headers == {
        "Game": "Chinese Chess", "Event": "第一届", "Red": "许银川", "RedElo": "2600", "Custom": 'x "y" z'
    }
    assert game.result == "1-0" and game.start_fen == "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"
    assert iccs_line(game) == ["e1e8"]


def test_move_number_forms_and_notations_mix() -> None:
    text = "1. h2e2 h9g7 2.h0g2 2... i9h9 3. 车一平二 3…炮8平9 4. R2+6 4. ... b9c7 5.B2-C2!? *"
    game = parse_game(text)
    assert game.errors == []
    assert iccs_line(game) == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7i7", "h0h6", "b9c7", "b2c2"]
    assert game.mainline()[-1].nags == [5]


def test_comments_of_both_kinds_before_and_after_moves() -> None:
    text = "{before the game}\n1. h2e2 {centre cannon}\n; a line comment\nh9g7 {two}{comments} *"
    game = parse_game(text)
    assert game.root.comment == "before the game"
    first, second = game.mainline()
    assert first.comment == "centre cannon\na line comment"
    assert second.comment == "two\ncomments"


def test_nested_variations() -> None:
    text = "1. h2e2 (1. b2e2 b9c7 (1... h9g7 2. h0g2) 2. b0c2) 1... h9g7 (1... b9c7) 2. h0g2 *"
    game = parse_game(text)
    assert game.errors == []
    root = game.root
    assert [c.move.iccs() for c in root.children] == ["h2e2", "b2e2"]
    alternative = root.children[1]
    assert [c.move.iccs() for c in alternative.children] == ["b9c7", "h9g7"]
    assert [c.move.iccs() for c in alternative.children[1].children] == ["h0g2"]
    assert [c.move.iccs() for c in alternative.children[0].children] == ["b0c2"]
    assert [c.move.iccs() for c in root.children[0].children] == ["h9g7", "b9c7"]
    assert iccs_line(game) == ["h2e2", "h9g7", "h0g2"]


def test_results_and_the_advert_after_them() -> None:
    for token in ("1-0", "0-1", "1/2-1/2", "*"):
        game = parse_game(f'[Result "*"]\n1. h2e2 h9g7 {token}\n=====\n欢迎访问 1. xx (\n')
        assert game.result == token and game.errors == [] and len(iccs_line(game)) == 2
    assert parse_game("炮二平五 马８进７ 红胜").result == "1-0"
    assert parse_game("炮二平五 马８进７ 和棋").result == "1/2-1/2"
    assert parse_game('[Result "0-1"]\n1. h2e2\n').result == "0-1"  # no token: the tag stands


def test_format_tag_honoured_and_wrong_one_detected() -> None:
    wxf = parse_game('[Format "WXF"]\n1. C2.5 H8+7 2. H2+3 R9.8 *')
    assert iccs_line(wxf) == ["h2e2", "h9g7", "h0g2", "i9h9"]
    wrong = parse_game('[Format "ICCS"]\n1. 炮二平五 马８进７ 2. H2+3 *')
    assert wrong.errors == [] and iccs_line(wrong) == ["h2e2", "h9g7", "h0g2"]


def test_full_width_and_traditional_text() -> None:
    traditional = parse_game("1. 炮二平五 馬８進７ 2. 傌二進三 車９平８ 3. 俥一平二 *")
    assert traditional.errors == [] and iccs_line(traditional)[:2] == ["h2e2", "h9g7"]
    wide = parse_game("１．　ｈ２ｅ２　ｈ９ｇ７　２． Ｈ２＋３ *")
    assert wide.errors == [] and iccs_line(wide) == ["h2e2", "h9g7", "h0g2"]


def test_bad_main_line_move_keeps_what_came_before() -> None:
    text = '[Event "x"]\n1. h2e2 h9g7\n2. h0g2 马9进5\n3. i0h0 *\n'
    game = parse_game(text, path="games.pgn", index=0, first_line=10)
    assert iccs_line(game) == ["h2e2", "h9g7", "h0g2"]
    (error,) = game.errors
    assert isinstance(error, PgnError) and isinstance(error, ValueError)
    assert error.line == 12 and error.text == "马9进5"
    assert "games.pgn:12: game 1:" in str(error) and "ply 3" in str(error)
    assert not game.complete


def test_bad_variation_move_drops_only_that_variation() -> None:
    game = parse_game("1. h2e2 (1. a0a5 b9c7 (1... x) ) (1. b2e2) h9g7 2. h0g2 *")
    assert iccs_line(game) == ["h2e2", "h9g7", "h0g2"]
    assert [c.move.iccs() for c in game.root.children] == ["h2e2", "b2e2"]
    assert len(game.errors) == 1 and game.errors[0].text == "a0a5"


def test_structural_problems_are_reported_not_raised() -> None:
    stray = parse_game("1. h2e2 ) h9g7 *")
    assert iccs_line(stray) == ["h2e2", "h9g7"] and "without a variation" in str(stray.errors[0])
    unclosed = parse_game("1. h2e2 (1. b2e2 h9g7")
    assert iccs_line(unclosed) == ["h2e2"] and "not closed" in str(unclosed.errors[0])
    comment = parse_game("1. h2e2 {never closed h9g7")
    assert comment.mainline()[0].comment == "never closed h9g7" and comment.errors
    early = parse_game("(1. b2e2) 1. h2e2 *")
    assert iccs_line(early) == ["h2e2"] and "before any move" in str(early.errors[0])
    bad_fen = parse_game('[Event "x"]\n[FEN "9/9/9 w"]\n1. h2e2 *')
    assert iccs_line(bad_fen) == [] and "bad FEN" in str(bad_fen.errors[0]) and bad_fen.errors[0].line == 2
    inside = parse_game("1. h2e2 (1. b2e2 *) h9g7 1-0")
    assert iccs_line(inside) == ["h2e2", "h9g7"] and inside.result == "1-0" and inside.errors == []
    bad_tag = parse_game('[Event "x"]\n[Broken\n1. h2e2 *')
    assert iccs_line(bad_tag) == ["h2e2"] and bad_tag.errors[0].line == 2


def test_headerless_move_list_with_fen() -> None:
    game = parse_game("3k5/9/9/9/9/9/9/9/4R4/4K4 w\nR5+7\n")
    assert game.start_fen.startswith("3k5/9/9/9/9/9/9/9/4R4/4K4 w") and iccs_line(game) == ["e1e8"]
    assert Position.from_fen(game.start_fen).fen() == game.start_fen


def test_many_games_index_lazy_parse_and_errors_per_game() -> None:
    games = []
    for i in range(30):
        move = "h2e2" if i != 7 else "h2h8"
        comment = '{a comment with\n[Event "not a game"]\ninside}' if i == 3 else ""
        games.append(
            f'[Game "Chinese Chess"]\n[Event "E{i}"]\n[Red "R{i}"]\n[Result "1-0"]\n'
            f"1. {move} {comment} h9g7 1-0\n=====\nadvert\n"
        )
    text = "\n".join(games)
    progress: list[tuple[int, int]] = []
    pgn = PgnFile(text, path="many.pgn", progress=lambda done, total: progress.append((done, total)))
    assert progress[-1] == (len(text), len(text))
    assert len(pgn) == 30 and [entry.event for entry in pgn.entries] == [f"E{i}" for i in range(30)]
    entry = pgn.entries[7]
    # game 3's comment has two more lines
    assert entry.red == "R7" and entry.result == "1-0" and entry.line == 1 + 7 * 8 + 2
    broken = pgn.game(7)
    (error,) = broken.errors
    assert error.line == entry.line + 4 and error.game == 7 and error.text == "h2h8" and broken.ply_count() == 0
    assert iccs_line(pgn.game(8)) == ["h2e2", "h9g7"] and pgn.game(8).errors == []
    third = pgn.game(3)
    assert third.headers["Event"] == "E3" and third.mainline()[0].comment.startswith("a comment")
    assert [i for i, g in enumerate(pgn.games()) if g.errors] == [7]
    assert [e.index for e in pgn.entries if e.matches("r1")] == [1] + list(range(10, 20))
    assert [e.index for e in pgn.entries if e.matches("e2 R2")] == [2] + list(range(20, 30))
    assert not any(e.matches("E2 R3") for e in pgn.entries) and entry.matches("")


def test_progress_can_stop_indexing() -> None:
    text = "\n".join(f'[Event "E{i}"]\n1. h2e2 *\n' for i in range(1000))
    pgn = PgnFile(text, progress=lambda done, total: done < total // 2)
    assert not pgn.complete and 0 < len(pgn) < 1000
    full = PgnFile(text)
    assert full.complete and len(full) == 1000 and len(read_pgn(text)) == 1000
