"""Hostile engine data: families.toml (the registry's reader, lenient: a bad family is skipped with a message
naming it) and the settings' engine list moved off a dialect its family advises against."""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from xiangqi.engine.registry import MAX_FAMILIES_BYTES, advised_entries, load_families

BAD_FAMILIES = (
    'id = "a{n}"\nprotocol = "uci"\nnot_advised = ["uci"]',          # its own dialect
    'id = "b{n}"\nnot_advised = ["telepathy"]',                      # no such dialect
    'id = "c{n}"\nstrength_rank = "first"',                          # not a number
    'id = "d{n}"\nstrength_rank = 0',                                # below 1
    'id = "e{n}"\nprotocol = "auto"\nnot_advised = ["auto"]',        # auto is no dialect
)


@hostile("engines.families_bad_keys", target="engine.registry.load_families",
         bound="each bad [[family]] skipped with a message naming it; MAX_FAMILIES_BYTES")
def families_bad_keys(folder: Path, scale: int) -> None:
    count = 200 * scale
    entries = []
    for n in range(count):
        good = f'id = "good{n}"\nstrength_rank = 2'
        entries.append(BAD_FAMILIES[n % len(BAD_FAMILIES)].format(n=n) if n % 2 else good)
    (folder / "families.toml").write_text("".join(f"[[family]]\n{e}\n\n" for e in entries), encoding="utf-8")
    errors: list[str] = []
    families = load_families(folder, errors)
    assert len(families) == count // 2 and len(errors) == count // 2
    assert all("skipped" in e and "[[family]] #" in e for e in errors)
    (folder / "families.toml").write_bytes(b"#" * (MAX_FAMILIES_BYTES + 1))
    errors = []
    assert load_families(folder, errors) == [] and "larger than" in errors[0]


@hostile("engines.advised_entries", target="engine.registry.advised_entries",
         bound="linear in the engine list; entries of any shape left as they are")
def advised_many(folder: Path, scale: int) -> None:
    families = load_families()
    entries: list[dict[str, object]] = []
    for n in range(2000 * scale):
        kind = n % 4
        if kind == 0:
            entries.append({"name": f"F{n}", "command": "/usr/games/fairy-stockfish", "protocol": "ucci"})
        elif kind == 1:
            entries.append({"name": n, "command": None, "protocol": ["ucci"]})   # junk: kept as it is
        elif kind == 2:
            entries.append({"name": f"E{n}", "command": "/opt/eleeye", "protocol": "UCCI"})
        else:
            entries.append({"command": "/opt/fairy-stockfish", "protocol": "ucci", "protocol_by_hand": True})
    moved, changes = advised_entries(entries, families)
    assert len(moved) == len(entries) and len(changes) == len(entries) // 4
    assert all(moved[i]["protocol"] == "uci" for i in range(0, len(entries), 4))
