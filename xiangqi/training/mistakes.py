"""Learn from your mistakes (no Qt): after a review, each ?/?? the player's own side made becomes a card
of the mistakes deck ("find a better move" in the position before it).

A review (``xiangqi.review.annotate``) leaves in the record what a card needs: the mistake's mark as the
move's NAG and, beside the move played, the engine's better move as a variation whose first move carries
the engine's ``[%eval]``. A record reviewed earlier and opened from a file works the same way.

Whose mistakes: the side the player had in a game played in the app against an engine; else the side
whose header (Red/Black) is the player's name (setting game.player_name); else nobody's, and the caller
asks. The same mistake (the position and the move played) is one card, however often it was played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from xiangqi.core import Color, Move
from xiangqi.record import Game, GameNode
from xiangqi.review.annotate import explanation_of, main_line_positions
from xiangqi.review.evaluation import EvalCommentError, parse_eval_comment
from xiangqi.review.marks import Mark
from xiangqi.training.cards import CardDeck, CardFace, DeckKind

CARD_MARKS = (Mark.MISTAKE, Mark.BLUNDER)
HEADER_OF = {Color.RED: "Red", Color.BLACK: "Black"}


@dataclass(frozen=True)
class Mistake:
    """A ?/?? of the main line: the position it was played in, the move and the engine's better moves."""

    ply: int                  # 1 = the first move
    mover: Color
    mark: Mark
    fen: str                  # before the move, the mover to move
    played: Move
    better: tuple[Move, ...]  # empty: the review left no better move to learn
    explanation: str = ""     # the review's sentence saying why ("丢车（车八进八）"), in the review's language

    @property
    def key(self) -> str:
        """The card's key: the position (pieces and side to move) and the move played."""
        return " ".join([*self.fen.split()[:2], self.played.iccs()])


def played_move(key: str) -> Move | None:
    """The move played, read back from a mistake card's key (None: not such a key)."""
    try:
        return Move.from_iccs(key.split()[-1]) if len(key.split()) == 3 else None
    except ValueError:
        return None


@dataclass(frozen=True)
class AddedMistakes:
    """What adding a reviewed game's mistakes did."""

    side: Color
    added: int          # new cards
    known: int          # already in the deck
    unanswered: int     # marked, but without a better move in the record (no card)


def player_side(headers: Mapping[str, str], player_name: str, human_vs_engine: Color | None) -> Color | None:
    """The player's side in a reviewed game: ``human_vs_engine`` (the side the player had in a game
    against an engine, when the record is that game), else the side whose header is the player's name,
    else None (unknown: ask)."""
    if human_vs_engine is not None:
        return human_vs_engine
    name = player_name.strip()
    if not name:
        return None
    sides = [color for color, tag in HEADER_OF.items() if headers.get(tag, "").strip() == name]
    return sides[0] if len(sides) == 1 else None


def review_mistakes(game: Game) -> list[Mistake]:
    """The main line's ?/?? moves (either side), with the better moves the review wrote beside them.
    ValueError naming the ply when the main line is not legal."""
    positions = main_line_positions(game)
    found: list[Mistake] = []
    for ply, node in enumerate(game.mainline(), start=1):
        mark = next((Mark(nag) for nag in node.nags if nag in {m.value for m in CARD_MARKS}), None)
        if mark is None or node.move is None:
            continue
        before = positions[ply - 1]
        found.append(Mistake(ply, before.turn, mark, before.fen(), node.move, _better_moves(node),
                             explanation_of(node.comment)))
    return found


def _better_moves(node: GameNode) -> tuple[Move, ...]:
    """The first moves of the variations beside ``node`` that carry an engine evaluation (the review's)."""
    parent = node.parent
    if parent is None:
        return ()
    better = []
    for sibling in parent.children:
        if sibling is node or sibling.move is None:
            continue
        try:
            evaluated = parse_eval_comment(sibling.comment) is not None
        except EvalCommentError:
            evaluated = False
        if evaluated:
            better.append(sibling.move)
    return tuple(better)


def add_mistakes(deck: CardDeck, game: Game, side: Color,
                 face_text: Callable[[Mistake], tuple[str, str]]) -> AddedMistakes:
    """Add ``side``'s ?/?? moves of a reviewed ``game`` to the mistakes deck; ``face_text`` gives a
    mistake's title and source as the user reads them (the UI's language)."""
    cards: list[tuple[DeckKind, str, CardFace]] = []
    unanswered = 0
    for mistake in review_mistakes(game):
        if mistake.mover is not side:
            continue
        if not mistake.better:
            unanswered += 1
            continue
        title, source = face_text(mistake)
        cards.append((DeckKind.MISTAKES, mistake.key,
                      CardFace(mistake.fen, tuple(m.iccs() for m in mistake.better), title, source)))
    added = sum(deck.add_all(cards))
    return AddedMistakes(side, added, len(cards) - added, unanswered)
