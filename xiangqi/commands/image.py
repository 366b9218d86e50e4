"""``python -m xiangqi image``: a picture of a game record's position (PNG, SVG) or of its moves (animated GIF).

    python -m xiangqi image FILE [--game N] [--ply K | --gif [--from A] [--to B] [--delay MS]]
                            [--size PX] [--flip] [--coordinates traditional|iccs|none]
                            [--theme NAME] [--pieces NAME] -o OUT.png|OUT.svg|OUT.gif
    python -m xiangqi image FILE --pdf [--every N] [--notation chinese|wxf|iccs] -o OUT.pdf

The kind follows OUT's suffix. Game N of FILE (from 1, default 1), main line; the position after K moves
(default: the end of the game) with its move marked; ``--gif`` animates plies A … B (default the whole game),
MS apart, the last frame held longer. The pictures are drawn by the app's board renderer with the shipped
themes (``--theme``/``--pieces`` name one: wood, paper, dark / engraved, flat, letters); the shapes drawn in
the app (``[%cal]``/``[%csl]`` in a move's comment) are drawn too. ``--pdf`` writes the game as a printable
A4 sheet instead (header, moves, comments, a diagram every N moves), as File › 导出 PDF… does. No display is
needed: with none, Qt draws off screen. Prints the file written; errors name the file, game and ply and
end with exit status 1 (2 for a bad command line).

The only command that draws: it imports the picture module of the UI (``xiangqi.ui.share.pictures``, no
widget), an exception the import contracts name (pyproject.toml), and only once the command line is read:
importing this module (and ``--help``) loads no Qt.
"""

from __future__ import annotations

import argparse
import sys

from xiangqi.commands.output import shown_name
from xiangqi.record import Game, RecordError
from xiangqi.record.files import NotARecordError, read_records

COORDINATES = ("traditional", "iccs", "none")
NOTATIONS = ("chinese", "wxf", "iccs")
DEFAULT_DELAY_MS, DEFAULT_WIDTH = 1000, 540   # pictures.DEFAULT_DELAY_MS, DEFAULT_WIDTH (a test keeps them equal)
CROWDED_NAMED = 5     # plies named in the warning about moves with too many drawn shapes


class CommandError(ValueError):
    """The record asked for is not there; the message names the file and the game."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m xiangqi image",
        description="Draw a position of a game record as PNG or SVG, or its moves as an animated GIF "
        "(the kind follows the suffix of -o). No display needed.")
    p.add_argument("file", metavar="FILE", help="a game record of any kind the program reads (.pgn, .xqf, ...)")
    p.add_argument("--game", type=int, default=1, metavar="N", help="game N of the file (from 1; default 1)")
    p.add_argument("--ply", type=int, metavar="K", help="the position after K moves (default: the last)")
    p.add_argument("--gif", action="store_true", help="animate the moves (needs -o OUT.gif)")
    p.add_argument("--from", dest="first", type=int, default=0, metavar="A",
                   help="GIF: first ply shown (default 0, the start)")
    p.add_argument("--to", dest="last", type=int, metavar="B", help="GIF: last ply shown (default: the end)")
    p.add_argument("--delay", type=int, default=DEFAULT_DELAY_MS, metavar="MS",
                   help=f"GIF: milliseconds per move (default {DEFAULT_DELAY_MS})")
    p.add_argument("--size", type=int, default=DEFAULT_WIDTH, metavar="PX",
                   help=f"width in pixels (default {DEFAULT_WIDTH}; the height follows the board)")
    p.add_argument("--flip", action="store_true", help="black at the bottom")
    p.add_argument("--coordinates", choices=COORDINATES, default="traditional", help="file and rank labels")
    p.add_argument("--theme", metavar="NAME", help="board theme (wood, paper, dark)")
    p.add_argument("--pieces", metavar="NAME", help="piece set (engraved, flat, letters)")
    p.add_argument("--pdf", action="store_true", help="a printable sheet of the game: moves, comments, diagrams "
                   "(needs -o OUT.pdf)")
    p.add_argument("--every", type=int, default=10, metavar="N",
                   help="PDF: a diagram every N moves (default 10; 0: only at the end)")
    p.add_argument("--notation", choices=NOTATIONS, default="chinese", help="PDF: the moves' notation")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the picture to write (.png, .svg, .gif) or with --pdf the sheet (.pdf)")
    return p


def game_of(path: str, number: int) -> Game:
    """Game ``number`` (from 1) of the file; CommandError naming the file when there is none."""
    if number < 1:
        raise CommandError(f"{shown_name(path)}: --game {number}: games count from 1")
    count = 0
    for count, game in enumerate(read_records(path), start=1):
        if count == number:
            return game
    raise CommandError(f"{shown_name(path)}: --game {number}: the file has {count} game(s)")


def warn_crowded(crowded: tuple[int, ...], first: int, last: int, where: str) -> None:
    """On stderr: the plies drawn whose comment holds more shapes than a move shows (the first ones named)."""
    from xiangqi.record.comment_commands import MAX_SHAPES_PER_MOVE

    plies = [ply for ply in crowded if first <= ply <= last]
    if plies:
        named = ", ".join(map(str, plies[:CROWDED_NAMED])) + (f" and {len(plies) - CROWDED_NAMED} more"
                                                                if len(plies) > CROWDED_NAMED else "")
        print(f"xiangqi image: {where}: ply {named}: more than {MAX_SHAPES_PER_MOVE} drawn shapes on a move; "
              f"the first {MAX_SHAPES_PER_MOVE} are drawn", file=sys.stderr)


def make_sheet(args: argparse.Namespace) -> str:
    """Write the printable sheet (PDF); what to print. ImageError, RecordError or OSError as pictures."""
    from xiangqi.core.notation import Notation
    from xiangqi.ui.share import pictures as pics   # Qt: only now that the command line is read
    from xiangqi.ui.share import print_sheet
    from xiangqi.ui.share.sheet import SheetError, SheetOptions

    if not str(args.output).lower().endswith(".pdf"):
        raise pics.ImageError(f"{shown_name(args.output)}: --pdf writes a .pdf file")
    try:
        options = SheetOptions(args.every, Notation(args.notation))
    except SheetError as error:
        raise pics.ImageError(f"--every: {error}") from error
    game = game_of(args.file, args.game)
    pics.picture_application()
    style = pics.shipped_style(args.theme, args.pieces, args.coordinates, args.flip)
    cut = print_sheet.write_pdf(args.output, game, options, style)
    if cut is not None:
        from xiangqi.ui.share.sheet import MAX_SHEET_DIAGRAMS, MAX_SHEET_PLIES
        print(f"xiangqi image: {shown_name(args.file)}: game {args.game}: the sheet stops short of the game: "
              f"{cut.plies_left} plies and {cut.diagrams_left} diagrams left out (at most {MAX_SHEET_PLIES} "
              f"plies and {MAX_SHEET_DIAGRAMS} diagrams a sheet)", file=sys.stderr)
    return f"{shown_name(args.output)}: sheet of {shown_name(args.file)}: game {args.game}"


def make_picture(args: argparse.Namespace) -> str:
    """Write the picture; what to print. ImageError, RecordError or OSError when it cannot be made."""
    from xiangqi.ui.share import pictures as pics   # Qt: only now that the command line is read

    if args.pdf:
        return make_sheet(args)

    kind = pics.ImageKind.of_file(args.output)
    if args.gif != (kind is pics.ImageKind.GIF):
        raise pics.ImageError(f"{shown_name(args.output)}: --gif writes .gif, and a .gif needs --gif")
    game = game_of(args.file, args.game)
    line = pics.GameLine.of_nodes(game.start_position().fen(), game.root, game.mainline())
    where = f"{shown_name(args.file)}: game {args.game}"
    pics.picture_application()
    style = pics.shipped_style(args.theme, args.pieces, args.coordinates, args.flip)
    try:
        if args.gif:
            last = line.plies if args.last is None else args.last
            warn_crowded(line.crowded, args.first, last, where)
            frames = pics.write_gif(args.output, line, args.first, last, style, args.size, args.delay)
            return f"{shown_name(args.output)}: {frames} frames, plies {args.first}-{last} of {where}"
        ply = line.plies if args.ply is None else args.ply
        warn_crowded(line.crowded, ply, ply, where)
        pics.write_position(args.output, line.picture_at(ply), style, args.size)
        return f"{shown_name(args.output)}: ply {ply} of {where}"
    except pics.ImageError as error:
        raise pics.ImageError(f"{where}: {error}") from error


def main(argv: list[str]) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.ply is not None and args.gif:
        p.error("--ply shows one position; --gif animates --from A --to B")
    if args.pdf and (args.gif or args.ply is not None):
        p.error("--pdf prints the whole game; --ply and --gif make pictures")
    from xiangqi.ui.share.pictures import ImageError   # Qt: only now that the command line is read
    try:
        print(make_picture(args))
    except (ImageError, CommandError, RecordError, NotARecordError, MemoryError) as error:
        print(f"xiangqi image: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        name = error.filename if error.filename is not None else args.output
        print(f"xiangqi image: {shown_name(name)}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0
