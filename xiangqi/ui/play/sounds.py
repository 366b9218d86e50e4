"""Game sounds: short WAV files (assets/sounds/, synthesised by assets/tools/make_sounds.py) played with
QSoundEffect, which loads and plays asynchronously, so playing never blocks the GUI thread.

Sound is a nicety: with no audio output (CI, a server, a broken audio stack), without QtMultimedia, or
with a missing file, the player goes silent and says why in ``problem``; it never raises.
"""

from __future__ import annotations

import os
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QUrl

from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:  # imported when first needed: QtMultimedia may be missing, and then the player is silent
    from PySide6.QtMultimedia import QSoundEffect

SILENCE_VARIABLE = "XIANGQI_NO_SOUND"   # set to 1 to keep the player silent (tests, screenshots)


class SoundKind(Enum):
    MOVE = "move"
    CAPTURE = "capture"
    CHECK = "check"
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    ILLEGAL = "illegal"


def sound_file(sound_dir: Path, kind: SoundKind) -> Path:
    return Path(sound_dir) / f"{kind.value}.wav"


class SoundPlayer(QObject):
    def __init__(self, sound_dir: Path, parent: QObject | None = None, *, enabled: bool = True,
                 volume: int = 70) -> None:
        super().__init__(parent)
        self.sound_dir = Path(sound_dir)
        self._enabled = bool(enabled)
        self._volume = clamp_volume(volume)
        self._effects: dict[SoundKind, QSoundEffect] = {}
        self._output_checked = False
        self._no_audio: str | None = None   # why no audio output can be used, once checked
        self.problem: str | None = None   # why the player is silent, once known
        self.played: list[SoundKind] = []   # what play() was asked for and started (for tests)

    # -------------------------------------------------------------- settings
    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        self._enabled = bool(on)

    @property
    def volume(self) -> int:
        """0..100."""
        return self._volume

    @volume.setter
    def volume(self, value: int) -> None:
        self._volume = clamp_volume(value)
        for effect in self._effects.values():
            effect.setVolume(self._volume / 100)

    @property
    def available(self) -> bool:
        return self._audio_output_present()

    # -------------------------------------------------------------- playing
    def play(self, kind: SoundKind) -> None:
        """Start ``kind`` and return at once; does nothing when off, muted or without audio."""
        if not self._enabled or self._volume == 0 or not self._audio_output_present():
            return
        try:
            effect = self._effect(kind)
            if effect is None:
                return
            effect.stop()
            effect.play()
            self.played.append(kind)
        except Exception as error:   # a multimedia backend failure must not reach the game
            self._go_silent(f"sound: {error}")

    def _effect(self, kind: SoundKind) -> QSoundEffect | None:
        if kind not in self._effects:
            file = sound_file(self.sound_dir, kind)
            if not file.is_file():
                self.problem = _t(QT_TRANSLATE_NOOP("SoundPlayer", "sound file missing: {0}")).format(file)
                return None
            from PySide6.QtMultimedia import QSoundEffect

            effect = QSoundEffect(self)
            effect.setSource(QUrl.fromLocalFile(str(file)))
            effect.setVolume(self._volume / 100)
            self._effects[kind] = effect
        return self._effects[kind]

    def _audio_output_present(self) -> bool:
        if not self._output_checked:
            self._output_checked = True
            self._no_audio = find_audio_problem()
            self.problem = self._no_audio or self.problem
        return self._no_audio is None

    def _go_silent(self, reason: str) -> None:
        self._no_audio = self.problem = reason
        self._output_checked = True


def find_audio_problem() -> str | None:
    """None when sound can play here, else why not."""
    if os.environ.get(SILENCE_VARIABLE, "") not in ("", "0"):
        return _t(QT_TRANSLATE_NOOP("SoundPlayer", "sound off ({0} is set)")).format(SILENCE_VARIABLE)
    try:
        from PySide6.QtMultimedia import QMediaDevices
    except ImportError as error:
        return _t(QT_TRANSLATE_NOOP("SoundPlayer", "no Qt multimedia ({0})")).format(error)
    try:
        if not QMediaDevices.audioOutputs():
            return _t(QT_TRANSLATE_NOOP("SoundPlayer", "no audio output device"))
    except Exception as error:   # backend initialisation failed
        return _t(QT_TRANSLATE_NOOP("SoundPlayer", "audio unavailable ({0})")).format(error)
    return None


def _t(text: str) -> str:
    """Why there is no sound, in the UI language (the settings dialog shows it)."""
    return QCoreApplication.translate("SoundPlayer", text)


def clamp_volume(value: object) -> int:
    if not isinstance(value, int | float | str):
        return 70
    try:
        return max(0, min(100, int(value)))
    except ValueError:
        return 70
