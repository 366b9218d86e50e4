"""Hostile inputs to the ECCO opening tables (``record.ecco``): a damaged, cut or oversized rules file and a
damaged or oversized names file are refused with a message naming the file and the bound."""

from __future__ import annotations

import struct
from pathlib import Path

from hostile import hostile
from xiangqi.record.ecco import (
    MAX_NAMES_FILE_BYTES,
    MAX_RULES,
    MAX_RULES_FILE_BYTES,
    RULES_MAGIC,
    EccoTableError,
    read_names,
    read_rules,
    rules_bytes,
)


def _refused(read: object, path: Path, words: str) -> None:
    assert callable(read)
    try:
        read(path)
    except EccoTableError as error:
        assert str(path) in str(error) and words in str(error), str(error)[:200]
    else:
        raise AssertionError(f"{path.name} was read")


@hostile("ecco.oversized_rules", target="record.ecco", bound=f"MAX_RULES_FILE_BYTES = {MAX_RULES_FILE_BYTES:,}")
def oversized_rules(folder: Path, scale: int) -> None:
    """A rules file over the bound is refused before it is read whole."""
    path = folder / "rules.bin"
    with open(path, "wb") as stream:
        stream.write(RULES_MAGIC)
        stream.seek(MAX_RULES_FILE_BYTES + scale * 1024)   # sparse: cheap to make
        stream.write(b"\0")
    _refused(read_rules, path, "MAX_RULES_FILE_BYTES")


@hostile("ecco.rules_count_lies", target="record.ecco", bound=f"MAX_RULES = {MAX_RULES:,}")
def rules_count_lies(folder: Path, scale: int) -> None:
    """A header claiming more rules than the bound, or more than the file holds, or a code over E99."""
    path = folder / "rules.bin"
    path.write_bytes(RULES_MAGIC + struct.pack("<I", MAX_RULES + scale) + b"\0" * 10 * scale)
    _refused(read_rules, path, "MAX_RULES")
    path.write_bytes(rules_bytes({key: 1 for key in range(100 * scale)})[:-3])
    _refused(read_rules, path, "cut short")
    data = bytearray(rules_bytes({key: 1 for key in range(100 * scale)}))
    data[-2:] = struct.pack("<H", 60_000)
    path.write_bytes(bytes(data))
    _refused(read_rules, path, "CODE_COUNT")
    path.write_bytes(b"PK\x03\x04" + b"\0" * 100 * scale)
    _refused(read_rules, path, "not an ECCO rules file")


@hostile("ecco.damaged_names", target="record.ecco", bound=f"MAX_NAMES_FILE_BYTES = {MAX_NAMES_FILE_BYTES:,}")
def damaged_names(folder: Path, scale: int) -> None:
    """A names file over the bound, not UTF-8, or with a line that is no code and five names."""
    path = folder / "names.tsv"
    path.write_bytes(b"A00\t" * (MAX_NAMES_FILE_BYTES // 4 + scale))
    _refused(read_names, path, "MAX_NAMES_FILE_BYTES")
    path.write_bytes(b"A00\t\xff\xfe\t\t\t\t\n" * scale)
    _refused(read_names, path, "UTF-8")
    path.write_text("A00\ta\tb\tc\td\te\n" + "Z99\tx\n" * scale, encoding="utf-8")
    _refused(read_names, path, ":2:")
