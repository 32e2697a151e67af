#!/usr/bin/env python3
"""Writes gestures.csv (a recording in motionbench's trace format) and gestures-labels.csv (what
happened in it), for scoring the tap-and-tilt detector's events.

No public recording of this made-up gesture exists, so this one is synthetic, from a model written
down here: a phone held in a hand at about 35 degrees from flat, its accelerometer (g, Core Motion's
sign: flat and still reads (0, 0, -1)) and gyroscope (rad/s) at 100 Hz with noise and a gyroscope
bias, through 60 seconds in which, every 3 seconds from 6 s on, one of these happens:
- a gesture (10 of them): a knock on the back (a 25 ms half-sine of 1.2-2 g along z), then, 0.2-0.4 s
  later, a tilt of 40-60 degrees about x over 0.5-0.7 s, held, and tilted back slowly;
- a knock, then the person turns round (180 degrees about the vertical in 1.5 s): the gyroscope's x
  and y see the turn, gravity does not change (2 of them);
- a fast flip without a knock: 90 degrees about x in 0.25 s and back (2);
- a knock alone (1), a slow tilt alone (1), a knock with the tilt 1.6 s later, too late (1).
The labels mark each gesture from its knock to the end of its tilt (`start,end,label`, seconds on
the recording's clock). Deterministic: the same bytes every time. Run from this folder:
    python3 generate.py
"""
import math
import os
import random

RATE = 100
SECONDS = 60
BASE = math.radians(35)
HERE = os.path.dirname(os.path.abspath(__file__))

rng = random.Random(25)
kinds = ["gesture"] * 10 + ["knock-turn"] * 2 + ["flip"] * 2 + ["knock"] + ["tilt"] + ["late-tilt"]
rng.shuffle(kinds)

knocks = []  # (start, amplitude in g)
tilts = []  # (start, duration, angle in rad, hold, back duration)
turns = []  # (start, duration, angle in rad)
labels = []
for index, kind in enumerate(kinds):
    at = 6 + 3 * index + rng.uniform(0, 0.3)
    if kind in ("gesture", "knock-turn", "knock", "late-tilt"):
        knocks.append((at, rng.uniform(1.2, 2.0)))
    if kind == "gesture":
        start, duration = at + rng.uniform(0.2, 0.4), rng.uniform(0.5, 0.7)
        tilts.append((start, duration, math.radians(rng.uniform(40, 60)), 0.6, 1.2))
        labels.append((at, start + duration))
    elif kind == "knock-turn":
        turns.append((at + rng.uniform(0.2, 0.4), 1.5, math.pi))
    elif kind == "flip":
        tilts.append((at, 0.25, math.radians(90), 0.5, 1.0))
    elif kind == "tilt":
        tilts.append((at, 0.6, math.radians(50), 0.6, 1.2))
    elif kind == "late-tilt":
        tilts.append((at + 1.6, 0.6, math.radians(50), 0.5, 1.0))


def ease(u):
    """0 to 1 smoothly over u in [0, 1], and its slope."""
    u = min(1.0, max(0.0, u))
    return (1 - math.cos(math.pi * u)) / 2, math.pi * math.sin(math.pi * u) / 2


def pitch(t):
    """The angle from flat about x, rad, and its rate, rad/s: the base, a slow sway, the tilts."""
    angle = BASE + math.radians(3) * math.sin(2 * math.pi * 0.1 * t)
    rate = math.radians(3) * 2 * math.pi * 0.1 * math.cos(2 * math.pi * 0.1 * t)
    for start, duration, size, hold, back in tilts:
        if start <= t < start + duration:
            value, slope = ease((t - start) / duration)
            angle, rate = angle + size * value, rate + size * slope / duration
        elif start + duration <= t < start + duration + hold:
            angle += size
        elif start + duration + hold <= t < start + duration + hold + back:
            value, slope = ease((t - start - duration - hold) / back)
            angle, rate = angle + size * (1 - value), rate - size * slope / back
    return angle, rate


def turn_rate(t):
    """The rate of turning about the vertical, rad/s."""
    return sum(size * ease((t - start) / duration)[1] / duration for start, duration, size in turns if start <= t < start + duration)


def knock(t):
    """The knock's acceleration along -z, g."""
    return sum(size * math.sin(math.pi * (t - start) / 0.025) for start, size in knocks if start <= t < start + 0.025)


def number(value):
    text = f"{value:.3f}"
    return "0.000" if text == "-0.000" else text


rows = []
bias = (0.006, -0.004, 0.003)
for tick in range(SECONDS * RATE):
    t = tick / RATE
    angle, rate = pitch(t)
    spin = turn_rate(t)
    # Gravity in device axes, and the turn about the vertical (up is (0, sin, cos) in device axes).
    accel = (rng.gauss(0, 0.004), -math.sin(angle) + rng.gauss(0, 0.004), -math.cos(angle) - knock(t) + rng.gauss(0, 0.004))
    gyro = (rate + bias[0] + rng.gauss(0, 0.004), spin * math.sin(angle) + bias[1] + rng.gauss(0, 0.004),
            spin * math.cos(angle) + bias[2] + rng.gauss(0, 0.004))
    rows.append(f"{t:.2f},accelerometer," + ",".join(number(v) for v in accel))
    rows.append(f"{t:.2f},gyroscope," + ",".join(number(v) for v in gyro))

header = [
    "motionbench-trace,1",
    "name,tap-tilt-gestures",
    "dataset,tap-tilt-example",
    "device,none: synthetic, from the model in generate.py",
    "licence,Apache-2.0",
    "clock,seconds since the recording's start",
    "rate,accelerometer,100",
    "rate,gyroscope,100",
    "note,ten tap-and-tilt gestures among turns after a knock, fast flips, a knock alone, a tilt alone and a tilt too late; labels in gestures-labels.csv",
    "time,stream,values",
]
with open(os.path.join(HERE, "gestures.csv"), "w", newline="") as file:
    file.write("".join(line + "\n" for line in header + rows))
with open(os.path.join(HERE, "gestures-labels.csv"), "w", newline="") as file:
    file.write("start,end,label\n" + "".join(f"{start:.3f},{end:.3f},tap-tilt\n" for start, end in labels))
