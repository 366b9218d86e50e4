"""The commands' work on a Dask cluster (``--cluster ADDRESS``, issue 33 §3): each command cuts its input into
slices, every slice runs as the same command on a worker, and the results are put together here in the
input's order and written as the local run writes them (atomically).

``review``: a slice is one game; its reviewed PGN comes back and the games are written in order.
``match``: a slice is one opening played with both colours (two games, as ``schedule`` pairs them); the
games are appended to the PGN in order and the score printed after each, as the local match does. With
``--sprt`` the log-likelihood ratio is updated after each pair in pair order, and once it reaches a bound
the pairs still running or waiting are cancelled (the scheduler runs only as many as the workers have
threads; the others wait there, so few games are lost to the stop). ``match --tournament``: every
encounter's games cut into pairs the same way (``pair_slots``: the local run's openings, colours and game
numbers), the tasks in the local run's order; after each game the crosstable is printed and written.
A game is tagged here as the local run tags it (Round, the engines' names as named here, the opening).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.cluster import ClusterError, SliceResult, SliceTask, run_slices
from xiangqi.cluster.slices import CANCELLED
from xiangqi.core import Position
from xiangqi.core.notation import Notation
from xiangqi.engine.naming import parse_engine_option
from xiangqi.match.record import append_game
from xiangqi.match.results import GAME_ENDING, Tally, game_line
from xiangqi.match.schedule import Opening, schedule
from xiangqi.match.sprt import Decision, SprtSettings, SprtTracker
from xiangqi.match.tournament import Crosstable, TournamentKind, crosstable_path, encounter_games, encounters
from xiangqi.record import Game, RecordError, load_games
from xiangqi.record.pgn_writer import games_to_pgn

GAME_LINE = re.compile(r"^game \d+:")


def add_cluster_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="run on a Dask scheduler's workers (tcp://host:8786; an engine is found on each "
                             "worker by the name given); needs the [cluster] extra")


def review_on_cluster(args: argparse.Namespace, games: list[tuple[int, Game]], had_problems: bool) -> int:
    """``review --cluster``: one game a slice; the reviewed games written to ``args.output`` in order."""
    limit = (["--depth", str(args.depth)] if args.depth is not None
             else ["--nodes", str(args.nodes)] if args.nodes is not None
             else ["--movetime", str(args.movetime)] if args.movetime is not None else [])
    command = ("review", "{input}", "--engine", args.engine, *limit, "--notation", args.notation,
               "--language", args.language, "-o", "{output}")
    tasks = [SliceTask(number, command, "game.pgn", games_to_pgn([game], Notation.ICCS).encode("utf-8"), "out.pgn")
             for number, game in games]
    texts: list[str] = []
    failed = []
    by_number = dict(games)

    def reviewed(result: SliceResult) -> None:
        text = _reviewed_text(result)
        if text is None or result.outcome is None or result.outcome.returncode != 0:
            failed.append(result.key)   # the exit status says so (1), as a local review's would
        # a game not reviewed is written as it was, as a local review writes a game it could not review
        texts.append(text if text is not None else games_to_pgn([by_number[result.key]], Notation(args.notation)))

    stopped = _each_result(args.cluster, tasks, reviewed, "interrupted: nothing written", _progress(len(tasks)))
    if stopped is not None:
        return stopped
    atomic_write(args.output, "\n".join(text.rstrip("\n") + "\n" for text in texts).encode("utf-8"))
    return 1 if failed or had_problems else 0


def _each_result(address: str, tasks: Sequence[SliceTask], on_result: Callable[[SliceResult], None],
                 interrupted: str, done: Callable[[SliceResult], None] | None = None,
                 stop: Callable[[], bool] = lambda: False) -> int | None:
    """Run ``tasks`` on the cluster, each result in order to ``on_result`` until ``stop()`` (the rest is then
    cancelled); None when every one came back or the run was stopped, else the exit status (2: no cluster,
    130: Ctrl+C, ``interrupted`` said)."""
    results = run_slices(address, tasks, done)
    try:
        for result in results:
            on_result(result)
            if stop():
                break
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(interrupted, file=sys.stderr)
        return 130
    finally:
        results.close()   # a stopped run's slices cancelled on the workers
    return None


def _reviewed_text(result: SliceResult) -> str | None:
    """The reviewed game of a slice (its lines printed with the game's own number), or None: reported."""
    outcome = result.outcome
    if outcome is None or outcome.returncode == CANCELLED or not outcome.output:
        why = result.failure if outcome is None else (outcome.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"warning: game {result.key}: not reviewed: {why}", file=sys.stderr)
        return None
    for line in outcome.stdout.splitlines():
        if GAME_LINE.match(line):
            print(GAME_LINE.sub(f"game {result.key}:", line), flush=True)
    for line in outcome.stderr.splitlines():
        kind, _, text = line.partition(":")
        if kind in ("warning", "error"):   # an engine that did not start there: the game comes back unreviewed
            print(f"{kind}: game {result.key} ({outcome.worker}): {text.strip()}", file=sys.stderr)
    return outcome.output.decode("utf-8", errors="replace")


def _progress(total: int) -> Callable[[SliceResult], None]:
    done = [0]

    def step(_result: SliceResult) -> None:
        done[0] += 1
        print(f"[{done[0]}/{total} games]", file=sys.stderr, flush=True)

    return step


# ----------------------------------------------------------------------------------------- match
@dataclass(frozen=True, slots=True)
class PairSlot:
    """One task of a match or a tournament: games ``number`` and ``number + 1`` of the encounter of engines
    ``first`` (A: red in the first game) and ``second`` from ``opening`` (``games`` 1: the last game of an odd
    count, alone), as the local run's ``schedule`` numbers and colours them."""

    first: int
    second: int
    number: int
    games: int
    opening: Opening


@dataclass(frozen=True, slots=True)
class PlayedGame:
    number: int       # in its encounter, as the local run numbers it (the PGN's Round)
    a_score: float    # the points of the encounter's engine A (``PairSlot.first``)
    game: Game
    ending: str = ""  # "{reason} after N plies", as the worker printed it ("" if it printed no such line)


def pair_slots(first: int, second: int, games: int, openings: Sequence[Opening]) -> list[PairSlot]:
    """The tasks of an encounter of ``games`` games: ``schedule``'s pairings two by two (one opening, both
    colours), so that the cluster plays the games a local run plays, numbered the same."""
    pairings = schedule(games, list(openings))
    return [PairSlot(first, second, pairing.number, min(2, games - pairing.number + 1), pairing.opening)
            for pairing in pairings[::2]]


def encounter_options(options: Sequence[str], first: int, second: int) -> tuple[str, ...]:
    """The ``--option``s of a task between engines ``first`` and ``second``: an option given for engine A (the
    first engine given) or B (the second) goes with that engine, as the worker's A or B; EngineNameError for
    a malformed one."""
    passed = []
    for text in options:
        index, name, value = parse_engine_option(text)
        passed += [f"{letter}:{name}={value}" for letter, engine in (("A", first), ("B", second)) if engine == index]
    return tuple(passed)


def pair_task(args: argparse.Namespace, key: int, slot: PairSlot) -> SliceTask:
    """The ``match`` command a worker runs for ``slot``: its two engines, its games from its opening."""
    command = ["match", "--engine", args.engine[slot.first], "--engine", args.engine[slot.second],
               "--games", str(slot.games), "--openings", "{input}", "--pgn", "{output}"]
    passed = (("--movetime", args.movetime), ("--tc", args.tc), ("--time-margin", args.time_margin),
              ("--adjudicate-score", args.adjudicate_score), ("--adjudicate-moves", args.adjudicate_moves),
              ("--max-moves", args.max_moves), ("--event", args.event), ("--notation", args.notation))
    for flag, value in passed:
        if value is not None:
            command += [flag, str(value)]
    for option in encounter_options(args.option, slot.first, slot.second):
        command += ["--option", option]
    return SliceTask(key, tuple(command), "opening.pgn", _opening_pgn(slot.opening), "games.pgn")


def _opening_pgn(opening: Opening) -> bytes:
    game = Game()
    if opening.name:   # the worker's game is named as the local one
        game.headers["Opening"] = opening.name
    if opening.fen != Position.STARTING_FEN:
        game.headers["FEN"] = opening.fen
    node = game.root
    for move in opening.moves:
        node = node.add_child(move)
    return games_to_pgn([game], Notation.ICCS).encode("utf-8")


def slot_games(result: SliceResult, slot: PairSlot, names: tuple[str, str], label: str) -> list[PlayedGame]:
    """The games a task sent back, tagged as the local run tags them (Round, the engines' names, the
    opening's name); fewer than ``slot.games`` (said on stderr, as ``label``) when some were not played."""
    games = pair_games_of(result, label) or []
    endings = GAME_ENDING.findall(result.outcome.stdout) if result.outcome is not None else []
    played = []
    for offset, game in enumerate(games[:slot.games]):
        a_is_red = offset == 0
        red_score = _score_of_red(game.result)
        game.headers["Round"] = str(slot.number + offset)
        game.headers["Red"], game.headers["Black"] = names if a_is_red else (names[1], names[0])
        if slot.opening.name:
            game.headers["Opening"] = slot.opening.name
        else:   # a worker names an unnamed opening after its file
            game.headers.pop("Opening", None)
        ending = endings[offset] if len(endings) == len(games) else ""
        played.append(PlayedGame(slot.number + offset, red_score if a_is_red else 1 - red_score, game, ending))
    if games and len(played) < slot.games:
        outcome = result.outcome
        why = (outcome.stderr.strip().splitlines() or ["no reason given"])[-1] if outcome else "lost"
        print(f"warning: {label}: {len(played)} of its {slot.games} games came back: {why}", file=sys.stderr)
    return played


def pair_games_of(result: SliceResult, label: str | None = None) -> list[Game] | None:
    """The games a pair's task sent back, or None (said on stderr, as ``label``: ``opening KEY`` unless given):
    its worker failed or sent no readable PGN."""
    label = label or f"opening {result.key}"
    outcome = result.outcome
    if outcome is None or outcome.returncode not in (0, 1) or not outcome.output:
        why = result.failure if outcome is None else (outcome.stderr.strip().splitlines() or ["no games"])[-1]
        print(f"warning: {label}: its games were not played: {why}", file=sys.stderr)
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.pgn"
        path.write_bytes(outcome.output)
        try:
            games = [game for game in load_games(path) if not game.errors]
        except RecordError as error:   # NotARecordError too: the worker sent something else than games
            games, why = [], str(error)[:200]
        else:
            why = "no game could be read"
    if not games:
        print(f"warning: {label}: its games came back unreadable from {outcome.worker}: {why}", file=sys.stderr)
        return None
    return games


def _score_of_red(result: str) -> float:
    return {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)


def played_line(played: PlayedGame, total: int) -> str:
    """A finished game's line, as the local match prints it (its ending as the worker printed it)."""
    headers = played.game.headers
    return game_line(played.number, total, headers.get("Red", ""), headers.get("Black", ""), played.game.result,
                     played.ending)


def _appended(pgn: Path, game: Game, notation: str) -> bool:
    """``game`` appended to the PGN file; False (said on stderr) when it cannot be written."""
    try:
        append_game(pgn, game, Notation(notation))
    except OSError as exc:
        print(f"error: cannot write the PGN file: {exc}", file=sys.stderr)
        return False
    return True


def _play_slots(args: argparse.Namespace, slots: Sequence[PairSlot], names: Sequence[str],
                on_game: Callable[[PairSlot, PlayedGame], bool], stop: Callable[[], bool] = lambda: False
                ) -> tuple[int | None, bool]:
    """Every slot a task on the cluster; each game that comes back appended to ``args.pgn`` in order, then
    given to ``on_game`` (False: a failure said there), until ``stop()``. Returns ``_each_result``'s status
    and whether something failed (a task, the PGN: then the run stops, a write of ``on_game``)."""
    tasks = [pair_task(args, key, slot) for key, slot in enumerate(slots, start=1)]
    failed: list[str] = []

    def played(result: SliceResult) -> None:
        slot = slots[result.key - 1]
        pair = (names[slot.first], names[slot.second])
        games = f"game {slot.number}" if slot.games == 1 else f"games {slot.number}-{slot.number + 1}"
        back = slot_games(result, slot, pair, f"{games} of {pair[0]} vs {pair[1]}")
        if len(back) < slot.games:
            failed.append("task")
        for one in back:
            if not _appended(args.pgn, one.game, args.notation):
                failed.append("pgn")   # nothing more can be recorded: the run stops
                return
            if not on_game(slot, one):
                failed.append("game")

    stopped = _each_result(args.cluster, tasks, played, "interrupted: the games in progress were not recorded",
                           stop=lambda: "pgn" in failed or stop())
    return stopped, bool(failed)


def match_on_cluster(args: argparse.Namespace, names: tuple[str, str], openings: Sequence[Opening], games: int,
                     sprt: SprtSettings | None) -> int:
    """``match --cluster``: one opening with both colours a task (a pair of games); the games appended to
    ``args.pgn`` in order as their pair comes back, the score printed as the local match prints it; with
    ``sprt``, the test after each pair, stopped at a bound."""
    tally = [Tally()]
    tracker = SprtTracker(sprt) if sprt is not None else None
    if tracker is not None:
        print(f"SPRT {tracker.settings.text()}: bounds ({tracker.current.lower:.2f}, {tracker.current.upper:.2f})",
              flush=True)

    def on_game(_slot: PairSlot, one: PlayedGame) -> bool:
        tally[0] = tally[0].add(one.a_score)
        print(played_line(one, games), flush=True)
        print(f"  {tally[0].text(*names)}", flush=True)
        test = tracker.add_game(one.number, one.a_score) if tracker is not None else None
        if test is not None:
            print(f"  {test.text()}", flush=True)
        return True

    def decided() -> bool:
        return tracker is not None and tracker.current.decision is not Decision.CONTINUE

    stopped, failed = _play_slots(args, pair_slots(0, 1, games, openings), names, on_game, decided)
    if stopped is not None:
        return stopped
    print(f"Finished match: {tally[0].text(*names)}", flush=True)
    if tracker is not None:
        print(f"SPRT: {tracker.current.text()}", flush=True)
    return 1 if failed else 0


def tournament_on_cluster(args: argparse.Namespace, names: Sequence[str], kind: TournamentKind,
                          openings: Sequence[Opening]) -> int:
    """``match --tournament KIND --cluster``: every encounter's games as tasks (pairs as ``pair_slots`` cuts
    them), in the local tournament's order; each game appended to ``args.pgn`` as its task comes back, then
    the crosstable printed and written to OUT.crosstable.txt, as the local tournament does."""
    per_encounter = encounter_games(args.rounds, args.repeat)
    pairs = encounters(kind, len(names))
    slots = [slot for first, second in pairs for slot in pair_slots(first, second, per_encounter, openings)]
    crosstable = Crosstable(names, kind)
    table_path = crosstable_path(args.pgn)

    def on_game(slot: PairSlot, one: PlayedGame) -> bool:
        crosstable.add(slot.first, slot.second, one.a_score)
        print(f"[{crosstable.total_games}/{per_encounter * len(pairs)}] " + played_line(one, per_encounter),
              flush=True)
        return show_crosstable(crosstable, table_path)

    stopped, failed = _play_slots(args, slots, names, on_game)
    if stopped is not None:
        return stopped
    print_tournament_end(crosstable, table_path)
    return 1 if failed else 0


def show_crosstable(crosstable: Crosstable, path: Path) -> bool:
    """The crosstable printed and written to ``path`` atomically; False (a warning said) when not written."""
    text = crosstable.text()
    print(text, flush=True)
    try:
        atomic_write(path, (text + "\n").encode("utf-8"))
    except OSError as exc:
        print(f"warning: cannot write the crosstable {path}: {exc}", file=sys.stderr, flush=True)
        return False
    return True


def print_tournament_end(crosstable: Crosstable, path: Path) -> None:
    """The last lines of a tournament, local or on a cluster: the final crosstable and where it is."""
    print(f"Finished tournament ({crosstable.kind.value}, {crosstable.total_games} games):", flush=True)
    print(crosstable.text(), flush=True)
    print(f"Crosstable written to {path}" if crosstable.total_games else "No game was played: no crosstable written",
          flush=True)
