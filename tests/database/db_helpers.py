"""Small game collections written for the database tests: known players, events, dates, results, moves."""

from __future__ import annotations

from pathlib import Path

from xiangqi.core import Move, Position
from xiangqi.record import Game, game_to_pgn

# (red, black, event, date, result, ECCO, moves)
GAMES = (
    ("许银川", "吕钦", "全国赛", "2004.05.03", "1-0", "C93", "h2e2 h9g7 h0g2 i9h9 i0h0 c6c5"),
    ("吕钦", "许银川", "全国赛", "2004.05.04", "0-1", "A60", "c3c4 h9g7 b2e2 c6c5"),
    ("胡荣华", "许银川", "五羊杯", "1999.12.01", "1/2-1/2", "C93", "h2e2 h9g7 h0g2 i9h9 b0c2 b9c7 a0b0"),
    ("Smith", "胡荣华", "Open", "2010", "*", "", "b2e2 b9c7"),
    ("胡荣华", "吕钦", "五羊杯", "1988.??.??", "0-1", "D10", "h2e2 b7e7 h0g2"),
)


def game_of(red: str, black: str, event: str, date: str, result: str, ecco: str, moves: str) -> Game:
    headers = {"Game": "Chinese Chess", "Event": event, "Date": date, "Red": red, "Black": black}
    if ecco:
        headers["ECCO"] = ecco
    game = Game(headers, result=result)
    position, node = Position(), game.root
    for text in moves.split():
        move = Move.from_iccs(text)
        assert position.is_legal(move), text
        position.push(move)
        node = node.add_child(move)
    return game


def write_games(path: Path, games: tuple[tuple[str, str, str, str, str, str, str], ...] = GAMES) -> Path:
    path.write_text("\n".join(game_to_pgn(game_of(*spec)) for spec in games), encoding="utf-8")
    return path


def fen_after(moves: str) -> str:
    position = Position()
    for text in moves.split():
        position.push(Move.from_iccs(text))
    return position.fen()
