"""One owner per profile: a second instance waits, opens read-only or goes to a separate profile, and
takes over a lock whose owner died (kill -9) without losing the owner's unfinished game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from xiangqi.core import Move
from xiangqi.game.autosave import AutosaveStore, snapshot_of
from xiangqi.game.model import GameModel
from xiangqi.game.setup import GameSetup
from xiangqi.ui.shell import profile_lock
from xiangqi.ui.shell.profile_lock import ProfileBusyDialog, ProfileLock, ProfileMode, claim_profile
from xiangqi.ui.shell.user_files import CONFIG_VARIABLE, autosave_path

HOLDER = """
import sys
from PySide6.QtCore import QCoreApplication, QLockFile
app = QCoreApplication([])
lock = QLockFile(sys.argv[1])
print("locked" if lock.tryLock(0) else "busy", flush=True)
sys.stdin.read()
"""


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The waiting dialog tries the lock every 20 ms instead of every 500: the tests wait for the take-over."""
    monkeypatch.setattr(profile_lock, "RETRY_MS", 20)


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "profile" / "config.toml"
    path.parent.mkdir()
    path.write_text('[appearance]\nboard_theme = "wood"\n', encoding="utf-8")
    monkeypatch.setenv(CONFIG_VARIABLE, str(path))
    return path


@pytest.fixture
def other_owner(settings: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the profile's lock, as a first app window would."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(settings.with_suffix(".lock"))],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    yield holder
    if holder.poll() is None:
        holder.kill()
    holder.wait()


def click_when_shown(button_name: str) -> None:
    """Press a button of the busy dialog once its modal loop runs (claim_profile blocks in exec())."""
    def press() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, ProfileBusyDialog):
            QTimer.singleShot(20, press)
            return
        getattr(dialog, button_name).click()

    QTimer.singleShot(0, press)


def test_the_first_instance_owns_the_profile(settings: Path) -> None:
    claim = claim_profile()
    assert claim.mode is ProfileMode.OWNER and claim.lock is not None and claim.lock.held
    assert settings.with_suffix(".lock").is_file()
    second = ProfileLock(settings)
    assert not second.try_take()          # the same profile cannot be taken twice
    assert str(os.getpid()) in second.owner()
    claim.lock.release()
    assert second.try_take()


def test_a_second_instance_says_who_owns_it_and_takes_over_after_kill_9(
        qtbot: QtBot, settings: Path, other_owner: subprocess.Popen[str]) -> None:
    dialog = ProfileBusyDialog(ProfileLock(settings))
    qtbot.addWidget(dialog)
    dialog.show()
    assert str(other_owner.pid) in dialog.message.text()
    assert str(settings.parent) in dialog.message.text()
    os.kill(other_owner.pid, signal.SIGKILL)     # the first window dies: its lock is stale
    other_owner.wait()
    qtbot.waitUntil(lambda: dialog.mode is ProfileMode.OWNER, timeout=10_000)
    assert dialog.lock.held


def test_read_only_uses_a_copy_and_writes_nothing_into_the_profile(
        qtbot: QtBot, settings: Path, other_owner: subprocess.Popen[str]) -> None:
    before = sorted(p.name for p in settings.parent.iterdir())
    click_when_shown("read_only")
    claim = claim_profile()
    assert claim.mode is ProfileMode.READ_ONLY and claim.lock is None
    assert claim.settings != settings and claim.settings.read_text(encoding="utf-8") == settings.read_text(
        encoding="utf-8")
    assert os.environ[CONFIG_VARIABLE] == str(claim.settings)
    AutosaveStore(autosave_path()).save({"version": 2})    # this window's autosave goes to the copy
    assert sorted(p.name for p in settings.parent.iterdir()) == before


def test_a_separate_profile_has_its_own_lock_and_keeps_its_game(
        qtbot: QtBot, settings: Path, other_owner: subprocess.Popen[str]) -> None:
    click_when_shown("separate")
    claim = claim_profile()
    assert claim.mode is ProfileMode.SEPARATE and claim.lock is not None and claim.lock.held
    assert claim.settings == settings.parent / "profiles" / "2" / "config.toml"
    assert claim.settings.read_text(encoding="utf-8") == settings.read_text(encoding="utf-8")
    assert autosave_path().parent == claim.settings.parent
    claim.lock.release()


@pytest.mark.slow
def test_killing_the_first_app_while_the_second_waits_loses_no_game(
        qtbot: QtBot, settings: Path, repo_root: Path) -> None:
    """A real first app on a profile with an unfinished game; the second waits; kill -9 the first; the second
    owns the profile and the game is still there to resume."""
    model = GameModel()
    for iccs in ("h2e2", "h9g7"):
        model.play(Move.from_iccs(iccs))
    autosave = autosave_path()
    assert AutosaveStore(autosave).save(snapshot_of(model, GameSetup(engine=None), {}))
    game = json.loads(autosave.read_text(encoding="utf-8"))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", CONFIG_VARIABLE: str(settings)}
    first = subprocess.Popen([sys.executable, "-m", "xiangqi"], cwd=repo_root, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        lock = ProfileLock(settings)
        qtbot.waitUntil(lambda: first.poll() is not None or str(first.pid) in lock.owner(), timeout=180_000)
        assert first.poll() is None, "the first app exited"
        dialog = ProfileBusyDialog(lock)
        qtbot.addWidget(dialog)
        dialog.show()
        assert dialog.mode is ProfileMode.QUIT and str(first.pid) in dialog.message.text()
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        qtbot.waitUntil(lambda: dialog.mode is ProfileMode.OWNER, timeout=10_000)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert json.loads(autosave.read_text(encoding="utf-8")) == game


@pytest.mark.parametrize("folder", ["/sys", "/proc/self"])   # no lock file can be made there, even as root
def test_a_profile_that_cannot_be_locked_opens_read_only_and_says_why(
        qtbot: QtBot, folder: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only profile folder or a full disk is not "another window (process ?) holds it": no dialog,
    no waiting; the claim says what failed and the window works on a throwaway copy."""
    settings = Path(folder) / "config.toml"
    monkeypatch.setenv(CONFIG_VARIABLE, str(settings))
    shown: list[object] = []
    QTimer.singleShot(0, lambda: shown.append(QApplication.activeModalWidget()))
    claim = claim_profile(settings)
    assert claim.mode is ProfileMode.READ_ONLY and claim.lock is None
    assert str(settings.with_suffix(".lock")) in claim.problem   # names the lock file
    assert claim.settings != settings and claim.settings.parent.name.startswith("xiangqi-read-only-")
    qtbot.waitUntil(lambda: bool(shown))
    assert shown == [None]   # the busy dialog never opened


def test_a_profile_folder_that_cannot_be_made_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    settings = blocker / "profile" / "config.toml"
    monkeypatch.setenv(CONFIG_VARIABLE, str(settings))
    claim = claim_profile(settings)
    assert claim.mode is ProfileMode.READ_ONLY and str(blocker / "profile") in claim.problem
