"""The game in progress, saved after every move so a killed app can offer to resume it (no Qt).

A snapshot is the record (headers, start, every move with its comment and NAGs, as a flat pre-order list
of ``[parent index, ICCS move, comment, NAGs]``: no nesting however long the game) plus the path of the
game's head and of the node shown, the setup and the clocks. Written atomically (``xiangqi.atomic``).

Reading is strict and never fatal: anything unexpected (wrong types, unknown version, illegal moves,
deep nesting) is a ``SnapshotError`` naming the field; the store then moves the file aside to ``*.bad``
(kept for a bug report) and says why in ``last_error``. Version 1 (moves + redo list) is still read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from xiangqi.atomic import atomic_write
from xiangqi.core import Move, Position
from xiangqi.game.clock import GameClock
from xiangqi.game.model import GameModel, node_at_path, node_path
from xiangqi.game.setup import GameSetup
from xiangqi.record import Game as Record
from xiangqi.record import GameNode

FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
MAX_BYTES = 16 * 1024 * 1024   # far beyond any real game: a bigger file is not ours


class SnapshotError(ValueError):
    """The autosave is not a game this program wrote; the message names the field and quotes the value."""


@dataclass(frozen=True)
class Snapshot:
    setup: GameSetup
    record: Record
    head: tuple[int, ...]
    cursor: tuple[int, ...]
    clock: dict[str, Any] | None

    @property
    def moves_played(self) -> int:
        return len(self.head)

    def model(self) -> GameModel:
        """The game model at the saved head and cursor."""
        model = GameModel(self.record, natural_limit_plies=self.setup.natural_limit_plies)
        model.go_to(node_at_path(self.record.root, self.head))
        shown = node_at_path(self.record.root, self.cursor)
        if not model.view(shown):
            raise SnapshotError(f"cursor {list(self.cursor)!r} is not on the game's line")
        return model


def snapshot_of(model: GameModel, setup: GameSetup, clock: dict[str, object]) -> dict[str, object]:
    return {
        "version": FORMAT_VERSION,
        "setup": setup.to_dict(),
        "headers": dict(model.record.headers),
        "start_fen": model.record.start_fen,
        "nodes": [list(item[:3]) + [list(item[3])] for item in model.record.tree_signature()],
        "head": node_path(model.head),
        "cursor": node_path(model.cursor),
        "clock": clock,
    }


def _quoted(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], default: object = None) -> Any:
    value = data.get(name, default)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise SnapshotError(f"field {name!r}: unexpected value {_quoted(value)}")
    return value


def parse_snapshot(data: object) -> Snapshot:
    """A snapshot from its JSON value; raises SnapshotError naming what is wrong."""
    if not isinstance(data, dict):
        raise SnapshotError(f"not an autosave object: {_quoted(data)}")
    version = data.get("version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise SnapshotError(f"unknown autosave version {_quoted(version)}")
    try:
        setup = GameSetup.from_dict(_field(data, "setup", dict))
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SnapshotError(f"field 'setup': {exc}") from None
    record = Record(_headers(data), _field(data, "start_fen", str)) if version == 2 else \
        Record(start_fen=_field(data, "start_fen", str))
    clock = _field(data, "clock", (dict, type(None)))
    if clock:
        try:
            GameClock(setup.time_control).restore(clock)   # checked here: resuming must not fail later
        except ValueError as exc:
            raise SnapshotError(f"field 'clock': {exc}") from None
    if version == 1:
        head = _version1_moves(record, data)
        return Snapshot(setup, record, head, head, clock)
    _read_nodes(record, _field(data, "nodes", list))
    head, cursor = _path(data, "head"), _path(data, "cursor")
    node_at_path(record.root, head)
    return Snapshot(setup, record, head, cursor, clock)


def _headers(data: dict[str, Any]) -> dict[str, str]:
    headers = _field(data, "headers", dict, {})
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in headers.items()):
        raise SnapshotError(f"field 'headers': unexpected value {_quoted(headers)}")
    return dict(headers)


def _path(data: dict[str, Any], name: str) -> tuple[int, ...]:
    path = _field(data, name, list)
    if not all(isinstance(i, int) and not isinstance(i, bool) for i in path):
        raise SnapshotError(f"field {name!r}: unexpected value {_quoted(path)}")
    return tuple(path)


def _read_nodes(record: Record, items: list[Any]) -> None:
    """The flat pre-order list back into the tree, each move checked legal where it is played."""
    nodes = [record.root]
    positions = {0: record.start_position()}
    for number, item in enumerate(items):
        if not (isinstance(item, list) and len(item) == 4 and isinstance(item[0], int)
                and isinstance(item[1], str) and isinstance(item[2], str) and isinstance(item[3], list)
                and all(isinstance(n, int) for n in item[3])):
            raise SnapshotError(f"field 'nodes' item {number}: unexpected value {_quoted(item)}")
        parent, text, comment, nags = item
        if number == 0:
            record.root.comment, record.root.nags = comment, list(nags)
            continue
        if not 0 <= parent < len(nodes):
            raise SnapshotError(f"field 'nodes' item {number}: no parent {parent}")
        node = _add(record, nodes[parent], positions, parent, text, number)
        node.comment, node.nags = comment, list(nags)
        nodes.append(node)


def _add(record: Record, parent: GameNode, positions: dict[int, Position], parent_index: int, text: str,
         number: int) -> GameNode:
    position = positions.get(parent_index)
    if position is None:
        position = record.position_at(parent)
    try:
        node = record.add_move(parent, Move.from_iccs(text), position)
    except ValueError as exc:
        raise SnapshotError(f"field 'nodes' item {number}: move {_quoted(text)}: {exc}") from None
    positions.pop(parent_index, None)   # the shared position moves on to the child
    assert node.move is not None
    position.push_unchecked(node.move)
    positions[number] = position
    return node


def _version1_moves(record: Record, data: dict[str, Any]) -> tuple[int, ...]:
    """Version 1: the moves played and the redo list (last element next) as ICCS texts."""
    moves = _field(data, "moves", list, [])
    redo = _field(data, "redo", list, [])
    node, position = record.root, record.start_position()
    texts = [*moves, *reversed(redo)]
    for number, text in enumerate(texts):
        if not isinstance(text, str):
            raise SnapshotError(f"field 'moves' item {number + 1}: unexpected value {_quoted(text)}")
        try:
            node = record.add_move(node, Move.from_iccs(text), position)
        except ValueError as exc:
            raise SnapshotError(f"move {number + 1} {text!r}: {exc}") from None
        assert node.move is not None
        position.push(node.move)
    return tuple([0] * len(moves))


class AutosaveStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.last_error: str | None = None

    def save(self, snapshot: dict[str, object]) -> bool:
        """Write ``snapshot`` atomically; on failure keep the old file and set ``last_error``."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            data = json.dumps(snapshot, ensure_ascii=False, separators=(",", ":"))
            atomic_write(self.path, data.encode("utf-8"))
        except OSError as exc:
            self.last_error = f"{self.path}: {exc.strerror or exc}"
            return False
        self.last_error = None
        return True

    def load(self) -> Snapshot | None:
        """The saved game, or None when there is none or it cannot be used: then ``last_error`` says why
        and a broken file has been moved aside to ``<name>.bad``."""
        self.last_error = None
        if not self.path.is_file():
            return None
        try:
            if self.path.stat().st_size > MAX_BYTES:
                raise SnapshotError(f"{self.path.stat().st_size} bytes is too big for an autosave")
            return parse_snapshot(json.loads(self.path.read_text(encoding="utf-8")))
        except OSError as exc:
            self.last_error = f"{self.path}: {exc.strerror or exc}"
        except (ValueError, RecursionError) as exc:   # bad JSON, bad UTF-8, a SnapshotError, deep nesting
            self.last_error = f"{self.path}: {str(exc)[:200]}"
            self._move_aside()
        return None

    def _move_aside(self) -> None:
        bad = self.path.with_name(self.path.name + ".bad")
        try:
            self.path.replace(bad)
        except OSError:
            self.clear()

    def clear(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
