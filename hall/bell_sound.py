"""The hall display's bells, synthesised here rather than downloaded: a struck bell is a sum of decaying partials
(a church bell's hum, prime, tierce, quint and nominal, and two higher ones), written as 16-bit mono WAV with the
standard library's `wave`. Plain Python and deterministic, so `make_hall_bells` writes the same files every time
and a test checks that the files in static/ are these.

One strike at the start of a round, two at the first bell, three at the second (ECC 39-41): a hall tells them
apart without looking at the screen."""

import io
import math
import struct
import wave

RATE = 16000  # samples a second: the highest partial (about 3.2 kHz) is well under half of it
FUNDAMENTAL = 784.0  # G5: clear over a hall's noise
# (ratio to the fundamental, loudness, seconds to fall to 1/e)
PARTIALS = (
    (0.5, 0.30, 0.90),
    (1.0, 0.80, 0.60),
    (1.2, 0.30, 0.45),
    (1.5, 0.22, 0.40),
    (2.0, 0.40, 0.35),
    (2.74, 0.18, 0.22),
    (4.07, 0.08, 0.12),
)
STRIKE_SECONDS = 1.4  # how long one strike sounds
STRIKE_GAP = 0.6  # between two strikes of one bell
ATTACK_SECONDS = 0.003
PEAK = 0.85  # of full scale, for the loudest moment of the mix

# The bells of a round and their strikes (the names are the display's and its files').
STRIKES = {"start": 1, "first": 2, "second": 3}


def strike(t):
    """One strike's sample at `t` seconds after it, before scaling."""
    if t < 0 or t >= STRIKE_SECONDS:
        return 0.0
    attack = min(1.0, t / ATTACK_SECONDS)
    value = sum(
        loud * math.exp(-t / decay) * math.sin(2 * math.pi * FUNDAMENTAL * ratio * t) for ratio, loud, decay in PARTIALS
    )
    return attack * value


def samples(strikes):
    """The samples of `strikes` strikes, STRIKE_GAP apart, scaled to PEAK."""
    length = int(RATE * (STRIKE_SECONDS + STRIKE_GAP * (strikes - 1)))
    raw = [sum(strike(i / RATE - n * STRIKE_GAP) for n in range(strikes)) for i in range(length)]
    top = max(abs(v) for v in raw) or 1.0
    return [v * PEAK / top for v in raw]


def bell_wav(strikes):
    """A bell of `strikes` strikes as the bytes of a WAV file."""
    frames = b"".join(struct.pack("<h", round(v * 32767)) for v in samples(strikes))
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(frames)
    return out.getvalue()


def bell_files():
    """{file name: bytes} of every bell the display rings."""
    return {f"bell-{name}.wav": bell_wav(count) for name, count in STRIKES.items()}
