"""Synthesise the game sounds under assets/sounds/ (16-bit mono WAV). Made for this project, CC0.

    .venv/bin/python assets/tools/make_sounds.py        (numpy and the standard wave module)

Every sound is built from decaying sines and filtered noise with a fixed random seed, so a re-run writes
the same files.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

RATE = 22050
OUT_DIR = Path(__file__).resolve().parents[1] / "sounds"
RNG = np.random.default_rng(2024)


def timeline(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def tone(freq: float, seconds: float, decay: float, harmonics: tuple[float, ...] = (1.0,)) -> np.ndarray:
    """A struck tone: partials at integer multiples of ``freq`` with weights ``harmonics``."""
    t = timeline(seconds)
    wave_ = sum(w * np.sin(2 * np.pi * freq * (i + 1) * t) for i, w in enumerate(harmonics))
    attack = np.minimum(1.0, t / 0.004)
    return wave_ * attack * np.exp(-t / decay)


def knock(freq: float, seconds: float, decay: float, noise: float) -> np.ndarray:
    """A wooden knock: a fast-decaying tone plus a short burst of smoothed noise."""
    t = timeline(seconds)
    burst = np.convolve(RNG.standard_normal(t.size), np.ones(6) / 6, mode="same") * np.exp(-t / 0.006)
    body = tone(freq, seconds, decay, (1.0, 0.35, 0.12)) + 0.6 * tone(freq * 0.21, seconds, decay * 1.6)
    return body + noise * burst


def sequence(parts: list[tuple[float, np.ndarray]], seconds: float) -> np.ndarray:
    """Mix parts that start at the given times (seconds) into one clip."""
    out = np.zeros(int(RATE * seconds))
    for start, part in parts:
        i = int(start * RATE)
        n = min(part.size, out.size - i)
        out[i : i + n] += part[:n]
    return out


def sounds() -> dict[str, np.ndarray]:
    bell = (1.0, 0.45, 0.25, 0.1)
    return {
        "move": knock(880, 0.14, 0.025, 0.5),
        "capture": sequence([(0, knock(620, 0.12, 0.03, 0.9)), (0.05, knock(760, 0.15, 0.035, 0.7))], 0.22),
        "check": sequence([(0, tone(880, 0.16, 0.07, bell)), (0.12, tone(1175, 0.22, 0.09, bell))], 0.36),
        "win": sequence([(i * 0.13, tone(f, 0.6, 0.22, bell)) for i, f in
                         enumerate((523.25, 659.25, 783.99, 1046.5))], 1.0),
        "loss": sequence([(i * 0.18, tone(f, 0.6, 0.25, bell)) for i, f in
                          enumerate((392.0, 311.13, 261.63))], 1.0),
        "draw": sequence([(0, tone(659.25, 0.4, 0.15, bell)), (0.22, tone(659.25, 0.45, 0.18, bell))], 0.7),
        "illegal": sequence([(0, tone(155, 0.09, 0.05, (1.0, 0.0, 0.33, 0.0, 0.2))),
                             (0.11, tone(130, 0.12, 0.06, (1.0, 0.0, 0.33, 0.0, 0.2)))], 0.25),
    }


def write_wav(file: Path, samples: np.ndarray, peak: float = 0.8) -> None:
    fade = np.minimum(1.0, np.arange(samples.size)[::-1] / (0.01 * RATE))   # no click at the end
    data = samples * fade
    data = (data / max(1e-9, float(np.abs(data).max())) * peak * 32767).astype("<i2")
    with wave.open(str(file), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name, samples in sounds().items():
        target = OUT_DIR / f"{name}.wav"
        write_wav(target, samples, peak=0.5 if name in ("move", "capture", "illegal") else 0.7)
        print(f"wrote {target} ({samples.size / RATE:.2f} s)")


if __name__ == "__main__":
    main()
