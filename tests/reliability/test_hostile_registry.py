"""Every hostile case of the registry (``tests/hostile``) at scale 1: the program gives a clear error, does
bounded work and loses nothing; and every reader and writer of ``REQUIRED_TARGETS`` has a case. Scale 1 and
16 in child processes, with time and memory: ``tests/bench/hostile_registry.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile import REQUIRED_TARGETS, HostileCase, all_cases, module_exists

CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_case(case: HostileCase, tmp_path: Path) -> None:
    case.run(tmp_path, 1)


def test_every_case_names_its_target_and_bound() -> None:
    assert CASES, "the hostile registry is empty"
    for case in CASES:
        assert case.target and case.bound, case.name


@pytest.mark.parametrize("target", sorted(REQUIRED_TARGETS))
def test_every_reader_and_writer_has_a_case(target: str) -> None:
    module = REQUIRED_TARGETS[target]
    covered = [case.name for case in CASES if case.target == target]
    assert module_exists(module), f"tests/hostile/{module}.py (the cases for {target}) is missing"
    assert covered, f"no hostile case for {target} (expected in tests/hostile/{module}.py)"


def test_every_target_of_a_case_is_required() -> None:
    """A case's target is one of REQUIRED_TARGETS, so a misspelt target cannot leave a reader uncovered."""
    unknown = {case.name: case.target for case in CASES if case.target not in REQUIRED_TARGETS}
    assert not unknown, f"targets missing from REQUIRED_TARGETS: {unknown}"
