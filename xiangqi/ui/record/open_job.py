"""Opening a record file without freezing the window.

Everything that grows with the file runs on a worker thread: refusing what is no regular file (a FIFO
would block the open for ever, /dev/zero never ends), telling the kind by content, reading and indexing
the games, and reading the game itself when the file holds only one. The window shows the progress in
its status bar (after ``SHOW_AFTER_MS``, so a quick open does not flash) with a Cancel button; the result
comes back as a queued signal and is shown on the GUI thread. Small files (``SYNC_OPEN_BYTES``) are read
at once: they take a few milliseconds, and the caller gets the game on the board before it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QStatusBar

from xiangqi.core.errors import Cancelled
from xiangqi.ui.common.background_job import BackgroundJob, KeepGoing
from xiangqi.ui.common.status_progress import StatusProgress

from xiangqi.game.model import prepare_main_line_end
from xiangqi.record import Game, GameNode, PgnFile, RecordError
from xiangqi.record.collection import open_collection
from xiangqi.record.detect import RecordKind
from xiangqi.record.files import check_whole_size, file_kind
from xiangqi.ui.record.game_list_dialog import prepare_rows
from xiangqi.ui.record.quick_switches import quick_switches

# The window shows at most this many moves of one game (variations included); the readers keep up to
# ``record.limits.MAX_RECORD_MOVES``. The move list and the variations panel write only the rows on screen,
# but the game model still walks the line on the GUI thread (a few µs a move): real games (a few hundred
# plies) cost nothing, the records of 3,000-6,000 nested variations the deep-variation bench opens fit
# whole. A game cut here is opened read-only, so Save never writes the cut.
APP_MAX_MOVES = 20_000
SYNC_OPEN_BYTES = 32 * 1024   # read on the GUI thread: a few ms
SHOW_AFTER_MS = 200
INDEX_IN_LIST_BYTES = 512 * 1024   # bigger PGN files are indexed by the game list, which shows the progress


@dataclass(frozen=True)
class OpenedFile:
    """A record file read: its games (a PGN index or a collection of another kind) and, when it holds just
    one game, that game already read."""

    path: Path
    games: PgnFile
    first: Game | None
    cut: bool = False      # ``first`` was cut to APP_MAX_MOVES: not to be saved over its file


def read_record_file(path: Path, kind: RecordKind, size: int, keep_going: KeepGoing | None = None) -> OpenedFile:
    """Read ``path`` (of ``kind``, ``size`` bytes: see ``file_kind``) as the app shows it. NotARecordError
    (RefusedFileError included), RecordError, OSError, or Cancelled once ``keep_going`` said stop."""
    if kind is RecordKind.PGN:
        games = PgnFile.open(path, keep_going)
    else:
        check_whole_size(path, size, kind)
        games = open_collection(path.read_bytes(), str(path), keep_going)
    prepare_rows(games)     # the game list's cells, here and not on the GUI thread (8,000 games: 0.1 s)
    if keep_going is not None and not keep_going(size, size):
        raise Cancelled(str(path))
    first = games.game(0) if len(games) == 1 else None
    cut = first is not None and cut_to_show(first, APP_MAX_MOVES, path)
    if first is not None:
        prepare_main_line_end(first)    # the game model opens it at its end: played here, not on the GUI thread
    return OpenedFile(path, games, first, cut)


def tree_size(node: GameNode) -> int:
    """The moves below ``node`` (iterative: a tree may be thousands of levels deep)."""
    count, stack = 0, [node]
    while stack:
        children = stack.pop().children
        count += len(children)
        stack.extend(children)
    return count


def _keep_subtree(node: GameNode, budget: int, dropped: list[GameNode]) -> int:
    """Keep at most ``budget`` moves below ``node`` (depth first); returns the budget left. The moves
    cut go to ``dropped``."""
    stack = [node]
    while stack:
        current = stack.pop()
        if len(current.children) > budget:
            dropped.extend(current.children[budget:])
            del current.children[budget:]
        budget -= len(current.children)
        stack.extend(reversed(current.children))
    return budget


def take_apart(nodes: list[GameNode]) -> None:
    """Unlink every move below ``nodes`` (moves cut from a game): a node and its children refer to each
    other, so the cut part would wait for a full garbage collection (one of up to 0.15 s that stalls the
    window); unlinked, each move is freed as soon as it is let go."""
    stack = list(nodes)
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        node.children = []
        node.parent = None


def cut_to_show(game: Game, limit: int, path: Path) -> bool:
    """Keep ``limit`` moves of ``game``'s tree: the main line first, then the variations along it in order,
    and report the cut in ``game.errors``. True when it was cut."""
    if tree_size(game.root) <= limit:
        return False
    spine, node = [game.root], game.root
    while node.children and len(spine) <= limit:
        node = node.children[0]
        spine.append(node)
    dropped: list[GameNode] = []
    if len(spine) > limit:          # the main line alone is longer: keep its first ``limit`` moves only
        dropped.extend(spine[limit].children)
        spine[limit].children.clear()
    budget = max(0, limit - (len(spine) - 1))
    for node in spine[:limit]:
        kept = 0
        for variation in node.children[1:]:
            if budget == 0:
                break
            budget, kept = _keep_subtree(variation, budget - 1, dropped), kept + 1
        dropped.extend(node.children[1 + kept:])
        del node.children[1 + kept:]
    take_apart(dropped)
    game.errors.append(RecordError(f"more than {limit:,} moves in the game: this window shows {limit:,} of "
                                   f"them, the main line first, and keeps the file as it is (Save As to "
                                   f"write what is shown)", path=str(path)))
    return True


@dataclass(frozen=True)
class IndexInList:
    """A big PGN file: the game list indexes it, showing its progress (not read here)."""

    path: Path


def reading_job(path: Path) -> BackgroundJob:
    """Reads one record file on a worker thread: ``finished`` with an OpenedFile, or an IndexInList for a big
    PGN file; ``failed`` with the NotARecordError, RecordError or OSError. No parent: it may outlive the
    window on its thread."""

    def work(keep_going: KeepGoing) -> OpenedFile | IndexInList:
        kind, size = file_kind(path)
        if kind is RecordKind.PGN and size > INDEX_IN_LIST_BYTES:
            return IndexInList(path)
        try:
            return read_record_file(path, kind, size, keep_going)
        except RecursionError:
            raise RecordError("nested too deeply to read", path=str(path)) from None

    return BackgroundJob(work, f"open {path.name}", context=quick_switches)   # the window keeps the interpreter


@dataclass(frozen=True)
class OpenOutcomes:
    """What the window does with each outcome of an open (called on the GUI thread)."""

    opened: Callable[[OpenedFile], None]
    failed: Callable[[Exception], None]
    cancelled: Callable[[], None]
    index_in_list: Callable[[], None]


class OpenProgress(StatusProgress):
    """"Opening NAME…", a progress bar and Cancel, in the status bar while a file is read. It receives the
    job's outcome: being a child of the window, its connections end with the window, so a job that
    finishes after the window closed delivers nothing (the job itself is not a child: it may outlive the
    window on its thread, and a deleted sender would crash that thread)."""

    def __init__(self, status_bar: QStatusBar, path: Path, job: BackgroundJob, outcomes: OpenOutcomes) -> None:
        super().__init__(status_bar)
        self.job = job
        self.outcomes = outcomes
        self.done = False                  # an outcome was delivered (or the open given up): nothing more
        self.label.setText(self.tr("Opening {0}…").format(path.name))
        self.set_progress(0, 0)            # busy until the reader says how far it is
        self.cancel_clicked.connect(job.cancel)
        job.progress.connect(self.set_progress)   # (done, total): the detail is dropped
        job.finished.connect(self._finished)
        job.failed.connect(self._failed)
        job.cancelled.connect(self._cancelled)
        status_bar.addWidget(self, 1)
        self.hide()
        QTimer.singleShot(SHOW_AFTER_MS, self, self._show_if_running)

    def _show_if_running(self) -> None:
        if not self.done:
            self.show()

    def close_down(self) -> None:
        """Stop listening (the job is cancelled if it still runs) and go."""
        self.job.cancel()
        self.done = True
        self.hide()
        self.deleteLater()

    def _finished(self, result: OpenedFile | IndexInList) -> None:
        if not self.done:
            self.close_down()
            if isinstance(result, IndexInList):
                self.outcomes.index_in_list()
            else:
                self.outcomes.opened(result)

    def _failed(self, exc: Exception) -> None:
        if not self.done:
            self.close_down()
            self.outcomes.failed(exc)

    def _cancelled(self) -> None:
        if not self.done:
            self.close_down()
            self.outcomes.cancelled()
