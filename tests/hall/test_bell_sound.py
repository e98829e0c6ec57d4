"""The hall display's bells (ECC 39-41: one strike at the start, two at the first bell, three at the second) are the
files hall.bell_sound makes, so anyone can make them again: `manage.py make_hall_bells`."""

import io
import struct
import wave
from pathlib import Path

import pytest

from hall import bell_sound

STATIC = Path(bell_sound.__file__).parent / "static" / "hall"


def read(data):
    with wave.open(io.BytesIO(data)) as wav:
        params = (wav.getnchannels(), wav.getsampwidth(), wav.getframerate())
        frames = wav.readframes(wav.getnframes())
    return params, struct.unpack(f"<{len(frames) // 2}h", frames)


@pytest.mark.parametrize(("name", "strikes"), sorted(bell_sound.STRIKES.items()))
def test_each_bell_in_static_is_the_one_the_generator_makes(name, strikes):
    params, kept = read((STATIC / f"bell-{name}.wav").read_bytes())
    made_params, made = read(bell_sound.bell_wav(strikes))
    assert params == made_params == (1, 2, bell_sound.RATE)
    assert len(kept) == len(made)
    # Equal to a unit: another machine's sine may differ in its last bit.
    assert max(abs(a - b) for a, b in zip(kept, made, strict=True)) <= 1


def test_the_bells_are_told_apart_by_their_strikes():
    lengths = {name: len(read(bell_sound.bell_wav(n))[1]) for name, n in bell_sound.STRIKES.items()}
    assert lengths["start"] < lengths["first"] < lengths["second"]
    _, samples = read(bell_sound.bell_wav(2))
    gap = int(bell_sound.RATE * bell_sound.STRIKE_GAP)
    # The second strike is a new attack: louder just after it than just before.
    before = max(abs(s) for s in samples[gap - 400 : gap - 10])
    after = max(abs(s) for s in samples[gap + 10 : gap + 400])
    assert after > 1.5 * before
    assert max(abs(s) for s in samples) <= 32767 * bell_sound.PEAK + 1
