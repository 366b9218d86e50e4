"""The UI tests: any exception raised in a slot fails the test (see tests/slot_exceptions.py); the windows a
test closed are deleted when it ends (tests/closed_widgets.py)."""

from closed_widgets import delete_closed_widgets  # noqa: F401 (autouse: closed windows deleted after each test)
from slot_exceptions import fail_on_slot_exceptions  # noqa: F401 (an autouse fixture)
