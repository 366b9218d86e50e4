"""The UI tests: any exception raised in a slot fails the test (see tests/slot_exceptions.py)."""

from slot_exceptions import fail_on_slot_exceptions  # noqa: F401 (an autouse fixture)
