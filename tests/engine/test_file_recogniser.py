"""The engine search's file-name recogniser (compiled once per search) finds the same family as
``recognise`` for every name: the shipped families, globs with several stars and classes, ``.exe``, case,
and ``id name`` patterns found inside a file name."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi.engine.registry import EngineFamily, FileRecogniser, load_families, recognise

TRICKY = (EngineFamily(id="stars", name="Stars", executables=("a*b*c", "x?[0-9]*")),
          EngineFamily(id="named", name="Named", id_name=r"(?i)deep ?blue"),
          EngineFamily(id="none", name="None"))
NAMES = ("Pikafish.EXE", "pikafish-avx2", "ElephantEye 3.31", "eleeye", "xfairy-stockfish", "fairystockfish14",
         "FAIRY-STOCKFISH.exe", "my pikafish build", "abc", "AXXBYYC.exe", "acb", "xy7", "xy", "Deep Blue 2",
         "deepblue", "python3", "stockfish", ".exe", "")


def path_names() -> list[str]:
    dirs = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d] + ["/usr/games"]
    return [name for d in dirs if Path(d).is_dir() for name in os.listdir(d)]


def test_the_recogniser_agrees_with_recognise_on_path_and_tricky_names() -> None:
    families = [*load_families(), *TRICKY]
    recogniser = FileRecogniser(families)
    for name in [*NAMES, *path_names()]:
        assert recogniser.family_of(name) == recognise(name, families), name


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.text(alphabet="abcxyABCXY019 .-_eE", max_size=12))
def test_the_recogniser_agrees_with_recognise_on_any_name(name: str) -> None:
    families = [*load_families(), *TRICKY]
    assert FileRecogniser(families).family_of(name) == recognise(name, families), name
