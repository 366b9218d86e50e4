"""One owner per profile: a second window on the same settings, autosave and recent files would silently
replace the first one's unfinished game (the last writer wins the autosave).

The owner holds a ``QLockFile`` beside the settings file (``config.toml`` → ``config.lock``). Qt writes the
owner's process id, host and program name into it and treats the lock as stale once that process is gone,
so a lock left by a crash or ``kill -9`` is taken over at the next try.

A second instance shows :class:`ProfileBusyDialog`: it keeps trying to take the lock (the first window may
close or die meanwhile — then this one becomes the owner and offers to resume that game) and offers
* **open read-only**: this window works on a throwaway copy of the settings and writes nothing into the
  profile (no autosave, no settings, no recent files), and says so in its title;
* **a separate profile**: the first free ``profiles/N/config.toml`` beside the settings file, started from
  a copy of the settings, with its own autosave (its unfinished game is offered again the next time a
  second window opens).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLockFile, QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from xiangqi.ui.shell.user_files import CONFIG_VARIABLE, user_settings_path

RETRY_MS = 500          # how often a waiting second instance tries the lock again
PROFILES_FOLDER = "profiles"
MAX_PROFILES = 99


class ProfileMode(Enum):
    """How this instance uses its profile."""

    OWNER = "owner"             # the only window on this profile: it reads and writes it
    READ_ONLY = "read-only"     # another window owns it: a throwaway copy, nothing written back
    SEPARATE = "separate"       # a profile of its own under profiles/N/
    QUIT = "quit"               # the user chose not to open a second window


def lock_path(settings: Path) -> Path:
    return settings.with_suffix(".lock")


class ProfileLock:
    """The lock of one profile (its settings file)."""

    def __init__(self, settings: Path) -> None:
        self.settings = settings
        self.path = lock_path(settings)
        self.folder_problem = ""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.folder_problem = f"{self.path.parent}: {error.strerror or error}"
        self._lock = QLockFile(str(self.path))
        self._lock.setStaleLockTime(0)   # only a dead owner makes it stale, never the lock's age

    def try_take(self) -> bool:
        """Take the lock now if it is free or its owner is gone (never waits)."""
        return self._lock.isLocked() or self._lock.tryLock(0)

    def failure(self) -> str:
        """Why the last ``try_take`` failed when no other window holds the lock (a read-only folder, a full
        disk): the words for the user; empty when another window holds it."""
        if self.folder_problem:
            return self.folder_problem
        error = self._lock.error()
        if error == QLockFile.LockError.PermissionError:
            return f"{self.path}: no permission to create the lock file (is the folder read-only?)"
        if error == QLockFile.LockError.UnknownError:
            return f"{self.path}: the lock file could not be written (is the disk full?)"
        return ""

    @property
    def held(self) -> bool:
        return self._lock.isLocked()

    def owner(self) -> str:
        """Who holds it: "process 1234 on host" (empty when nobody does or the file cannot be read)."""
        pid, host, _program = self._lock.getLockInfo()
        return f"{pid} @ {host}" if pid else ""

    def release(self) -> None:
        self._lock.unlock()


@dataclass
class ProfileClaim:
    """The outcome of claiming a profile at start-up: the mode and the lock this instance holds."""

    mode: ProfileMode
    lock: ProfileLock | None
    settings: Path
    problem: str = ""   # why a profile nobody else holds could not be locked (then the mode is READ_ONLY)


class ProfileBusyDialog(QDialog):
    """Another window owns the profile: wait for it, open read-only, use a separate profile, or quit."""

    def __init__(self, lock: ProfileLock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lock = lock
        self.mode = ProfileMode.QUIT
        self.setWindowTitle(self.tr("Xiangqi is already open"))
        self.message = QLabel(self.tr(
            "Another Xiangqi window (process {0}) is using this profile:\n{1}\n\n"
            "Its game is saved after every move; a second window on the same profile would overwrite it. "
            "This window opens by itself as soon as the other one closes.").format(
                lock.owner() or "?", lock.settings.parent))
        self.message.setWordWrap(True)
        self.read_only = QPushButton(self.tr("Open read-only"))
        self.separate = QPushButton(self.tr("Use a separate profile"))
        buttons = QDialogButtonBox()
        buttons.addButton(self.read_only, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.separate, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.rejected.connect(self.reject)
        self.read_only.clicked.connect(lambda: self._choose(ProfileMode.READ_ONLY))
        self.separate.clicked.connect(lambda: self._choose(ProfileMode.SEPARATE))
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.retry = QTimer(self, interval=RETRY_MS)
        self.retry.timeout.connect(self._try_again)
        self.retry.start()

    def _choose(self, mode: ProfileMode) -> None:
        self.mode = mode
        self.retry.stop()
        self.accept()

    def _try_again(self) -> None:
        if self.lock.try_take():   # the other window closed or died: this one owns the profile now
            self._choose(ProfileMode.OWNER)


def claim_profile(settings: Path | None = None, parent: QWidget | None = None) -> ProfileClaim:
    """Take the profile's lock, or ask the user what to do while another window holds it. For a read-only
    or separate profile, ``$XIANGQI_CONFIG`` is pointed at it, so every user file follows."""
    settings = settings or user_settings_path()
    lock = ProfileLock(settings)
    if lock.try_take():
        return ProfileClaim(ProfileMode.OWNER, lock, settings)
    if problem := lock.failure():   # nobody holds it: the profile cannot be written at all
        return ProfileClaim(ProfileMode.READ_ONLY, None, _read_only_settings(settings), problem)
    dialog = ProfileBusyDialog(lock, parent)
    dialog.exec()
    if dialog.mode is ProfileMode.OWNER:
        return ProfileClaim(ProfileMode.OWNER, lock, settings)
    if dialog.mode is ProfileMode.READ_ONLY:
        return ProfileClaim(ProfileMode.READ_ONLY, None, _read_only_settings(settings))
    if dialog.mode is ProfileMode.SEPARATE:
        return _separate_profile(settings)
    return ProfileClaim(ProfileMode.QUIT, None, settings)


def profile_title(mode: ProfileMode) -> str:
    """What the window title adds for a window that does not own the user's profile."""
    if mode is ProfileMode.READ_ONLY:
        return QCoreApplication.translate("ProfileLock", "Xiangqi (read-only profile)")
    if mode is ProfileMode.SEPARATE:
        return QCoreApplication.translate("ProfileLock", "Xiangqi (separate profile)")
    return ""


def _use_profile(settings: Path) -> Path:
    os.environ[CONFIG_VARIABLE] = str(settings)
    return settings


def _copy_settings(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_file() and not target.exists():
        shutil.copyfile(source, target)


def _read_only_settings(settings: Path) -> Path:
    """A throwaway copy of the settings; the settings themselves when not even a copy can be written (a full
    disk): every later write then fails with its own message and nothing of the profile is replaced."""
    try:
        return _use_profile(_throwaway_copy(settings))
    except OSError:
        return settings


def _throwaway_copy(settings: Path) -> Path:
    """A copy of the settings in a temporary folder: this window may change it, the profile never sees it."""
    target = Path(tempfile.mkdtemp(prefix="xiangqi-read-only-")) / "config.toml"
    _copy_settings(settings, target)
    return target


def _separate_profile(settings: Path) -> ProfileClaim:
    """The first profiles/N/ beside ``settings`` whose lock is free (its unfinished game comes back)."""
    for number in range(2, MAX_PROFILES + 1):
        candidate = settings.parent / PROFILES_FOLDER / str(number) / "config.toml"
        lock = ProfileLock(candidate)
        if lock.try_take():
            _copy_settings(settings, candidate)
            return ProfileClaim(ProfileMode.SEPARATE, lock, _use_profile(candidate))
    return ProfileClaim(ProfileMode.READ_ONLY, None, _read_only_settings(settings))
