"""Sounds: shipped WAV files for every event; playing never raises, and is silent without audio."""

from __future__ import annotations

import wave

import numpy as np
import pytest

from xiangqi.ui.play import sounds as sounds_module
from xiangqi.ui.play.sounds import SoundKind, SoundPlayer, sound_file

from appearance_paths import ASSETS


@pytest.mark.parametrize("kind", list(SoundKind))
def test_every_sound_is_a_short_audible_wav(kind):
    with wave.open(str(sound_file(ASSETS / "sounds", kind))) as clip:
        assert (clip.getnchannels(), clip.getsampwidth()) == (1, 2)
        seconds = clip.getnframes() / clip.getframerate()
        samples = np.frombuffer(clip.readframes(clip.getnframes()), dtype="<i2")
    assert 0.05 < seconds <= 1.5
    assert np.abs(samples).max() > 8000                  # not silence
    assert abs(int(samples[-1])) < 200                    # faded out: no click at the end


def test_without_an_audio_device_playing_is_silent(qapp, monkeypatch):
    monkeypatch.setattr(sounds_module, "find_audio_problem", lambda: "no audio output device")
    player = SoundPlayer(ASSETS / "sounds")
    for kind in SoundKind:
        player.play(kind)
    assert player.played == [] and player.problem == "no audio output device"


def test_with_an_audio_device_play_starts_a_sound_effect(qapp, monkeypatch):
    monkeypatch.setattr(sounds_module, "find_audio_problem", lambda: None)
    player = SoundPlayer(ASSETS / "sounds", volume=40)
    player.play(SoundKind.CAPTURE)
    player.play(SoundKind.CAPTURE)
    assert player.played == [SoundKind.CAPTURE, SoundKind.CAPTURE]
    effect = player._effects[SoundKind.CAPTURE]
    assert effect.source().toLocalFile().endswith("capture.wav")
    assert effect.volume() == pytest.approx(0.4)
    player.volume = 150
    assert player.volume == 100 and effect.volume() == pytest.approx(1.0)


def test_off_muted_or_missing_file_plays_nothing(qapp, monkeypatch, tmp_path):
    monkeypatch.setattr(sounds_module, "find_audio_problem", lambda: None)
    player = SoundPlayer(ASSETS / "sounds", enabled=False)
    player.play(SoundKind.MOVE)
    player.enabled, player.volume = True, 0
    player.play(SoundKind.MOVE)
    assert player.played == []
    empty = SoundPlayer(tmp_path)
    empty.play(SoundKind.WIN)
    assert empty.played == [] and "win.wav" in empty.problem


def test_the_environment_variable_silences_the_player(monkeypatch):
    monkeypatch.setenv("XIANGQI_NO_SOUND", "1")
    assert "XIANGQI_NO_SOUND" in sounds_module.find_audio_problem()
