"""Every hostile case of the registry (``tests/hostile``) at scale 1: the program gives a clear error, does
bounded work and loses nothing. Scale 16, with time and memory: ``tests/bench/hostile_registry.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile import HostileCase, all_cases

CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_case(case: HostileCase, tmp_path: Path) -> None:
    case.run(tmp_path, 1)


def test_every_case_names_its_target_and_bound() -> None:
    assert CASES, "the hostile registry is empty"
    for case in CASES:
        assert case.target and case.bound, case.name
