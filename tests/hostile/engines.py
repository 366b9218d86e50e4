"""Hostile engine data: families.toml (the registry's reader, lenient: a bad family is skipped with a message
naming it), the settings' ``[[engines]]`` (read leniently, written back in place) and the engine list moved off
a dialect its family advises against."""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from xiangqi.config import (MAX_ENGINE_ENTRIES, MAX_SETTINGS_MESSAGES, MAX_UNKNOWN_KEYS_REPORTED, EngineEntry,
                            Protocol, load_settings, save_user_engines)
from xiangqi.engine.registry import MAX_FAMILIES_BYTES, advised_entries, load_families
from xiangqi.resources import shipped_config

BAD_FAMILIES = (
    'id = "a{n}"\nprotocol = "uci"\nnot_advised = ["uci"]',          # its own dialect
    'id = "b{n}"\nnot_advised = ["telepathy"]',                      # no such dialect
    'id = "c{n}"\nstrength_rank = "first"',                          # not a number
    'id = "d{n}"\nstrength_rank = 0',                                # below 1
    'id = "e{n}"\nprotocol = "auto"\nnot_advised = ["auto"]',        # auto is no dialect
)


@hostile("engines.families_bad_keys", target="engine.families",
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


@hostile("engines.advised_entries", target="settings.engine_entries",
         bound="linear in the engine list; an entry chosen by hand or of no known family left as it is")
def advised_many(folder: Path, scale: int) -> None:
    families = load_families()
    ucci = Protocol.UCCI
    entries: list[EngineEntry] = []
    for n in range(2000 * scale):
        kind = n % 4
        if kind == 0:
            entries.append(EngineEntry(f"F{n}", "/usr/games/fairy-stockfish", protocol=ucci))
        elif kind == 1:
            entries.append(EngineEntry(f"{n}" * 50, "/opt/" + "x" * 500, protocol=ucci))   # no family: kept
        elif kind == 2:
            entries.append(EngineEntry(f"E{n}", "/opt/eleeye", protocol=ucci))
        else:
            entries.append(EngineEntry(f"H{n}", "/opt/fairy-stockfish", protocol=ucci, protocol_by_hand=True))
    moved, changes = advised_entries(entries, families)
    assert len(moved) == len(entries) and len(changes) == len(entries) // 4
    assert all(moved[i].protocol is Protocol.UCI for i in range(0, len(entries), 4))
    assert all(moved[i] is entries[i] for i in range(1, len(entries), 4))


JUNK_ENGINE_KEYS = (
    'workdir = 7', 'args = "oops"', 'args = [1, [2]]', 'protocol = "xboard"', 'options = 5',
    'options = { Hash = 1.5 }', 'options = { Book = { a = [1] } }', 'protocol_by_hand = "yes"', 'protocol = "UCI"',
)


@hostile("engines.settings_entries", target="settings.engine_entries",
         bound=f"MAX_ENGINE_ENTRIES = {MAX_ENGINE_ENTRIES}; MAX_UNKNOWN_KEYS_REPORTED = {MAX_UNKNOWN_KEYS_REPORTED}; "
               "each bad [[engines]] table named and left out; a save keeps the user's other keys")
def settings_entries(folder: Path, scale: int) -> None:
    user = folder / "config.toml"

    def write_tables(count: int) -> int:
        tables = []
        for n in range(count):
            junk = JUNK_ENGINE_KEYS[n % len(JUNK_ENGINE_KEYS)] if n % 3 == 0 else ""
            extra = "".join(f"\nmine{k} = {k}" for k in range(12)) if n % 3 == 1 else ""   # keys no engine setting
            tables.append(f'[[engines]]\n# engine {n}\nname = "E{n}"\ncommand = "/opt/e{n}"\n{junk}{extra}\n')
        user.write_text("".join(tables), encoding="utf-8")
        return len(range(0, count, 3))

    bad = write_tables(6)                 # few enough that every message is listed
    settings, errors = load_settings(shipped_config(), user)
    assert sum("engine left out" in e for e in errors) == bad
    assert sum("not an engine setting" in e for e in errors) == 2 * MAX_UNKNOWN_KEYS_REPORTED
    count = 60 * scale
    bad = write_tables(count)
    settings, errors = load_settings(shipped_config(), user)
    assert len(settings.engines) == count - bad
    assert len(errors) <= MAX_SETTINGS_MESSAGES + 1 and "more problems" in errors[-1]   # the flood bounded
    kept = [e for i, e in enumerate(settings.engines) if i % 2 == 0]
    save_user_engines(user, kept)
    text = user.read_text(encoding="utf-8")
    assert load_settings(shipped_config(), user)[0].engines == tuple(kept)
    assert "# engine 1\n" in text and "mine11 = 11" in text       # the kept tables' comments and keys
    user.write_text('[[engines]]\nname = "e"\ncommand = "e"\n' * (MAX_ENGINE_ENTRIES + 1), encoding="utf-8")
    settings, errors = load_settings(shipped_config(), user)
    assert len(settings.engines) == MAX_ENGINE_ENTRIES and "only the first" in errors[0]
