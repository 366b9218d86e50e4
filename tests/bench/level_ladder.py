"""Honest levels: one built-in level against one fixed rung of a ladder, with node budgets (load-independent).

    .venv/bin/python tests/bench/level_ladder.py --level 3 --fairy 1500 --games 40 --record l3.txt
    .venv/bin/python tests/bench/level_ladder.py --level 1 --builtin 2 --games 40 --record l1.txt
    .venv/bin/python tests/bench/level_ladder.py --summary l1.txt l2.txt ...

The built-in engine (``python -m xiangqi ucci`` started in ``--engine-dir``, default this checkout) plays at
``setoption level N``; every move is ``go depth 60`` capped by the level's own node cap, or ``go nodes
--nodes`` for a level without one (level 5).  The rung is Fairy-Stockfish (``UCI_LimitStrength``,
``UCI_Elo``, ``go depth D`` with D the depth that Elo setting picks its move at, see ``rung_depth``; or
``go nodes --fairy-nodes`` as the table's runs did), another built-in level (a chain) or ElephantEye (``--eleeye
NODES``, book off: with each engine's nodes per CPU second, a "1 s a move" match that a loaded machine
cannot distort).  Node budgets, not time,
so that the result does not depend on the machine's load (the reference machine is shared).
Colours alternate; game 2k and 2k+1 start from opening k of ``OPENINGS`` (20 lines, so 40 games
have no repeated start).  The referee is xiangqi.core (mate, stalemate, repetition rulings, the
60-move limit).  A game is adjudicated when the last scores of both engines give the same side at least
``--adjudicate`` centipawns for ``--adjudicate-moves`` moves each, and drawn at ``--max-plies``.
Each game is appended to ``--record`` as it ends (an existing record is resumed; the line gives the mean
depth of both engines' moves as ``depth=TESTED/RUNG``), and the score with
the Elo difference (``xiangqi.match.results.Tally``: cutechess's interval) is printed.
Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import math
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_strength import OPENINGS as STRENGTH_OPENINGS  # noqa: E402
from engine_strength import EngineProcess, from_uci, to_uci  # noqa: E402 (after the sys.path lines)

from xiangqi.core import Color, Move, Position  # noqa: E402
from xiangqi.engine.builtin.calibration import MeasuredStrength  # noqa: E402
from xiangqi.match.results import Tally  # noqa: E402

FAIRY = "/usr/games/fairy-stockfish"
ELEEYE = Path(os.environ.get("XIANGQI_ELEEYE", REPO / ".engines" / "eleeye" / "eleeye"))   # .ci/setup.sh test builds it
# ICCS; common first moves of both sides so that 40 games start from 20 positions: engine_strength.py's
# twelve and eight more
OPENINGS = (*STRENGTH_OPENINGS,
            "h2e2 h9g7 h0g2 c6c5", "b2e2 b9c7", "c0e2 h9g7", "h2d2 h9g7",
            "g3g4 c6c5", "h0g2 h7e7", "b2f2 b9c7", "c3c4 h7e7")


@dataclass
class Side:
    """One engine of the game and how it is asked for a move."""

    engine: EngineProcess
    uci: bool  # Fairy-Stockfish: UCI ranks 1-10 and "score cp"
    go: str
    last_score: int | None = None
    last_depth: int = 0
    score_scale: int = 1  # to about the built-in engine's centipawns (ElephantEye: its own unit, ~1/4)

    def new_game(self) -> None:
        self.engine.send("ucinewgame" if self.uci else "setoption newgame")
        self.last_score = None

    def move(self, position: Position) -> tuple[Move, int]:
        """The engine's move and the depth it reports; remembers its last score (centipawns, own view)."""
        fen, moves = position.ucci_position()
        text = [to_uci(m) if self.uci else m.iccs() for m in moves]
        self.engine.send(f"position fen {fen}" + (" moves " + " ".join(text) if text else ""))
        self.engine.send(self.go)
        line, infos = self.engine.expect("bestmove", timeout=300)
        depth = 0
        for info in infos:
            words = info.split()
            if "depth" in words and "score" in words:
                depth = int(words[words.index("depth") + 1])
                at = words.index("score") + 1
                if words[at] in ("cp", "mate"):
                    value = int(words[at + 1])
                    self.last_score = value if words[at] == "cp" else (30000 if value > 0 else -30000)
                else:
                    self.last_score = int(words[at]) * self.score_scale
        self.last_depth = depth
        word = line.split()[1]
        return (from_uci(word) if self.uci else Move.from_iccs(word)), depth


def start_builtin(level: int, nodes: int | None, engine_dir: Path) -> Side:
    engine = EngineProcess([sys.executable, "-m", "xiangqi", "ucci"], f"builtin:{level}", cwd=engine_dir)
    engine.send("ucci")
    engine.expect("ucciok")
    for option in ("usemillisec true", f"level {level}", "hashsize 16", "newgame"):
        engine.send(f"setoption {option}")
    return Side(engine, False, f"go nodes {nodes}" if nodes else "go depth 60")


def start_eleeye(nodes: int) -> Side:
    """ElephantEye without its book (the openings vary the games), ``go nodes`` (it treats the count as a
    budget the way it treats time: it may stop at half of it or run on to four times it)."""
    engine = EngineProcess([str(ELEEYE)], "eleeye", cwd=ELEEYE.parent)
    engine.send("ucci")
    engine.expect("ucciok")
    for option in ("usebook false", "newgame"):
        engine.send(f"setoption {option}")
    return Side(engine, False, f"go nodes {nodes}", score_scale=4)


def start_fairy(elo: int, nodes: int | None) -> Side:
    """A rung: ``go depth rung_depth(elo)`` (``nodes`` None), so every search completes the iteration its
    skill level picks its move at; or ``go nodes`` (at 20,000 nodes the 2300 rung never did: weaker than
    its name; ``--depths`` shows it)."""
    engine = EngineProcess([FAIRY], "fairy")
    engine.send("uci")
    engine.expect("uciok")
    settings = (("UCI_Variant", "xiangqi"), ("UCI_LimitStrength", "true"), ("UCI_Elo", str(elo)),
                ("Threads", "1"), ("Hash", "16"))
    for name, value in settings:
        engine.send(f"setoption name {name} value {value}")
    engine.send("isready")
    engine.expect("readyok")
    return Side(engine, True, f"go nodes {nodes}" if nodes else f"go depth {rung_depth(elo)}")


@dataclass(frozen=True)
class Adjudication:
    score: int
    moves: int
    max_plies: int


@dataclass
class GameEnd:
    score: float  # of the tested engine
    reason: str
    plies: int
    depths: tuple[list[int], list[int]]  # depth of each move: tested engine, rung

    def line(self) -> str:
        means = [f"{sum(d) / len(d):.1f}" if d else "-" for d in self.depths]
        return f"{self.score} {self.reason.replace(' ', '_')} {self.plies} depth={means[0]}/{means[1]}"


def play_game(tested: Side, rung: Side, opening: str, tested_red: bool, rules: Adjudication) -> GameEnd:
    """One game from ``opening``."""
    position = Position()
    for text in opening.split():
        position.push(Move.from_iccs(text))
    tested.new_game()
    rung.new_game()
    tested_color = Color.RED if tested_red else Color.BLACK
    streak = {1: 0, -1: 0}  # moves in a row with both engines' scores past the threshold, by winner
    depths: tuple[list[int], list[int]] = ([], [])
    while position.ply < rules.max_plies:
        outcome = position.outcome()
        if outcome is not None:
            score = 0.5 if outcome.winner is None else float(outcome.winner == tested_color)
            return GameEnd(score, outcome.termination.name, position.ply, depths)
        mover_tested = position.turn == tested_color
        move, depth = (tested if mover_tested else rung).move(position)
        depths[0 if mover_tested else 1].append(depth)
        if not position.is_legal(move):
            return GameEnd(0.0 if mover_tested else 1.0, f"illegal move {move.iccs()}", position.ply, depths)
        position.push(move)
        verdict = _adjudicate(tested, rung, rules, streak)
        if verdict is not None:
            return GameEnd(verdict, "adjudicated", position.ply, depths)
    return GameEnd(0.5, "max plies", position.ply, depths)


def _adjudicate(tested: Side, rung: Side, rules: Adjudication, streak: dict[int, int]) -> float | None:
    """Both engines' last scores (turned to the tested engine's view) past the threshold for long enough."""
    if tested.last_score is None or rung.last_score is None:
        return None
    a, b = tested.last_score, -rung.last_score
    for sign in (1, -1):
        streak[sign] = streak[sign] + 1 if a * sign >= rules.score and b * sign >= rules.score else 0
        if streak[sign] >= 2 * rules.moves:
            return 1.0 if sign > 0 else 0.0
    return None


# ------------------------------------------------------------------------------------- rung depths
def skill_level(elo: int) -> float:
    """Fairy-Stockfish 11.1's skill level for ``UCI_Elo`` (Stockfish 11's search.cpp): it plays at
    ``int(level)`` or ``int(level) + 1`` (rounded up with the fraction's probability) and picks its weakened
    move when the iteration of depth ``1 + that`` completes. A search that stops before then picks from a
    shallower search: weaker than its Elo setting."""
    return min(20.0, max(0.0, ((elo - 1346.6) / 143.4) ** (1 / 0.806))) if elo > 1346.6 else 0.0


def rung_depth(elo: int) -> int:
    """The depth a rung must complete for every search to pick its move at the designed depth."""
    level = skill_level(elo)
    return 1 + int(level) + (1 if level > int(level) else 0)


def depth_positions(count: int) -> list[Position]:
    """The ladder's openings and, after them, the positions 6, 12, 18 and 24 plies further into the games
    engine_strength plays from them by the first legal moves of a fixed order (not games, just many
    positions): ``count`` in all."""
    positions = []
    for opening in OPENINGS:
        position = Position()
        for text in opening.split():
            position.push(Move.from_iccs(text))
        positions.append(position.copy())
        for step in range(24):
            legal = sorted(position.legal_moves(), key=lambda m: m.iccs())
            if not legal or position.outcome() is not None:
                break
            position.push(legal[(step * 7 + len(opening)) % len(legal)])
            if step % 6 == 5:
                positions.append(position.copy())
    return positions[:count]


def depths(elos: list[int], nodes: int, count: int) -> None:
    """For each rung: the depth each ``go nodes`` search completed, against the depth its move is picked at."""
    positions = depth_positions(count)
    print(f"{len(positions)} positions, go nodes {nodes:,}, Threads 1, Hash 16, a new game before each search")
    print("| UCI_Elo | skill level | picks at depth | completed depth: share of searches | below the pick depth |")
    print("|---|---|---|---|---|")
    for elo in elos:
        side = start_fairy(elo, nodes)
        reached: list[int] = []
        try:
            for position in positions:
                side.new_game()
                side.move(position)
                reached.append(side.last_depth)
        finally:
            side.engine.close()
        level = skill_level(elo)
        low, high = 1 + int(level), rung_depth(elo)
        spread = ", ".join(f"{d}: {reached.count(d) * 100 // len(reached)} %" for d in sorted(set(reached)))
        short = sum(d < high for d in reached) * 100 / len(reached)
        picks = f"{low}" if low == high else f"{low} ({(1 - level % 1) * 100:.0f} %) or {high}"
        print(f"| {elo} | {level:.2f} | {picks} | {spread} | {short:.0f} % |", flush=True)


def read_record(path: Path | None) -> list[float]:
    if path is None or not path.exists():
        return []
    return [float(line.split()[1]) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def summary(paths: list[Path]) -> None:
    for path in paths:
        tally = Tally.of(read_record(path))
        print(f"{path.name}: {tally.text('tested', 'rung')}")


def table(rows: list[str]) -> None:
    """Rows ``LEVEL:RUNG@RECORD[,RECORD...][:RUNG@RECORD...]``, a rung being ``fairy=ELO`` or ``level=N``
    (a chain to a level listed before).  One rung: the difference and its interval are
    ``Tally.elo()``'s (cutechess); a chained level adds both links' errors (each end, in quadrature).
    Several Fairy-Stockfish rungs: the maximum-likelihood Elo of all the games, 95 % from the Fisher
    information.  Prints a markdown row and a ``MeasuredStrength`` line per level."""
    found: dict[int, tuple[float, float, float]] = {}
    for row in rows:
        level_text, *rung_texts = row.split(":")
        level = int(level_text)
        pools: list[tuple[str, int, list[float]]] = []
        for rung_text in rung_texts:
            rung, records = rung_text.split("@")
            kind, value = rung.split("=")
            pools.append((kind, int(value), [s for r in records.split(",") for s in read_record(Path(r))]))
        if len(pools) == 1:
            elo, low, high = _one_rung(pools[0], found)
        else:
            elo, low, high = _max_likelihood([(value, scores) for _, value, scores in pools])
        found[level] = (elo, low, high)
        games = sum(len(scores) for _, _, scores in pools)
        points = sum(sum(scores) for _, _, scores in pools)
        rungs = " + ".join(f"{'Fairy-Stockfish UCI_Elo' if k == 'fairy' else 'level'} {v} ({len(s)})"
                           for k, v, s in pools)
        tallies = ", ".join(Tally.of(s).text("", "").split(": ", 1)[1] for _, _, s in pools)
        about = MeasuredStrength(level, elo, low, high, games, points, rungs).about()
        print(f"| {level} | {rungs} | {games} | {tallies} | {elo:.0f} ({low:.0f} .. {high:.0f}) | {about} |")
        print(f"    {level}: MeasuredStrength({level}, {elo:.0f}, {low:.0f}, {high:.0f}, {games}, {points:g}, "
              f"{rungs!r}),")


def _one_rung(pool: tuple[str, int, list[float]], found: dict[int, tuple[float, float, float]]
              ) -> tuple[float, float, float]:
    kind, value, scores = pool
    estimate = Tally.of(scores).elo()
    if kind == "fairy":
        base, base_low, base_high = float(value), 0.0, 0.0
    else:
        anchor = found[value]
        base, base_low, base_high = anchor[0], anchor[0] - anchor[1], anchor[2] - anchor[0]
    elo = base + estimate.elo
    if math.isinf(estimate.elo):  # every game one result: the interval is one-sided, add the ends
        return elo, base + estimate.low - base_low, base + estimate.high + base_high
    low = elo - math.hypot(estimate.elo - estimate.low, base_low)
    high = elo + math.hypot(estimate.high - estimate.elo, base_high)
    return elo, low, high


def _max_likelihood(pools: list[tuple[int, list[float]]]) -> tuple[float, float, float]:
    """The Elo whose expected points against the rungs equal the points scored (bisection), ± 1.96 / √I."""
    def expected(elo: float, rung: int) -> float:
        return 1.0 / (1.0 + 10.0 ** ((rung - elo) / 400.0))

    points = sum(sum(scores) for _, scores in pools)
    low, high = -1000.0, 5000.0
    for _ in range(100):
        middle = (low + high) / 2
        if sum(len(scores) * expected(middle, rung) for rung, scores in pools) < points:
            low = middle
        else:
            high = middle
    elo = (low + high) / 2
    k = math.log(10) / 400
    information = sum(len(s) * expected(elo, r) * (1 - expected(elo, r)) for r, s in pools) * k * k
    half = 1.959964 / math.sqrt(information)
    return elo, elo - half, elo + half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--nodes", type=int, help="go nodes for the tested level (else go depth 60)")
    rung = parser.add_mutually_exclusive_group()
    rung.add_argument("--fairy", type=int, metavar="ELO", help="the rung: Fairy-Stockfish at this UCI_Elo")
    rung.add_argument("--builtin", type=int, metavar="LEVEL", help="the rung: a built-in level (a chain)")
    rung.add_argument("--eleeye", type=int, metavar="NODES", help="the rung: ElephantEye at go nodes NODES")
    parser.add_argument("--rung-nodes", type=int, help="go nodes of a built-in rung (else go depth 60)")
    parser.add_argument("--fairy-nodes", type=int,
                        help="go nodes for a Fairy-Stockfish rung (default: go depth at its pick depth; the "
                             "table's games were played at 20000)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first-game", type=int, default=0, help="start at this game (split a match in parts)")
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--adjudicate", type=int, default=800, help="centipawns, both engines")
    parser.add_argument("--adjudicate-moves", type=int, default=3)
    parser.add_argument("--engine-dir", type=Path, default=REPO, help="run the built-in engine from here")
    parser.add_argument("--rung-dir", type=Path, help="run a built-in rung from here (default --engine-dir)")
    parser.add_argument("--record", type=Path)
    parser.add_argument("--summary", type=Path, nargs="+")
    parser.add_argument("--table", nargs="+", metavar="LEVEL:RUNG@RECORDS", help="see table()")
    parser.add_argument("--depths", type=int, nargs="+", metavar="ELO",
                        help="the depths Fairy-Stockfish completes at these UCI_Elo rungs at --fairy-nodes "
                             "(--positions of them), against the depth each picks its move at")
    parser.add_argument("--positions", type=int, default=100)
    args = parser.parse_args()
    if args.depths:
        depths(args.depths, args.fairy_nodes or 20_000, args.positions)
        return 0
    if args.summary:
        summary(args.summary)
        return 0
    if args.table:
        table(args.table)
        return 0
    run(args)
    return 0


def run(args: argparse.Namespace) -> None:
    tested = start_builtin(args.level, args.nodes, args.engine_dir)
    if args.builtin is not None:
        rung = start_builtin(args.builtin, args.rung_nodes, args.rung_dir or args.engine_dir)
        rung_name = f"builtin:{args.builtin}" + (f"@{args.rung_nodes}n" if args.rung_nodes else "")
    elif args.eleeye is not None:
        rung, rung_name = start_eleeye(args.eleeye), f"eleeye@{args.eleeye}n"
    else:
        elo = args.fairy if args.fairy is not None else 1350
        budget = f"{args.fairy_nodes}n" if args.fairy_nodes else f"d{rung_depth(elo)}"
        rung, rung_name = start_fairy(elo, args.fairy_nodes), f"fairy:{elo}@{budget}"
    rules = Adjudication(args.adjudicate, args.adjudicate_moves, args.max_plies)
    scores = read_record(args.record)
    try:
        for game in range(args.first_game + len(scores), args.games):
            opening = OPENINGS[(game // 2) % len(OPENINGS)]
            end = play_game(tested, rung, opening, game % 2 == 0, rules)
            scores.append(end.score)
            colour = "red" if game % 2 == 0 else "black"
            line = f"{game + 1} {end.line()} tested={colour} opening={opening.replace(' ', '_')}"
            if args.record:
                with args.record.open("a", encoding="utf-8") as record:
                    record.write(line + "\n")
            print(line, flush=True)
    finally:
        tested.engine.close()
        rung.engine.close()
    name = f"builtin:{args.level}" + (f"@{args.nodes}n" if args.nodes else "")
    print(Tally.of(scores).text(name, rung_name), flush=True)


if __name__ == "__main__":
    sys.exit(main())
