#!/usr/bin/env python3
"""Writes the fixtures in this folder: synthetic values in the three apps' published file layouts.

A phone held flat, screen up, in a walking hand: Core Motion's raw accelerometer reads about
(0, -0.1, -0.995) g with a 1.8 Hz bounce, the gyroscope a small sway, the field about 45 µT. Each
app's files are derived from that one motion in the app's own units, signs and column order, so the
importers' conversions can be checked against the numbers here. Run from the repository's root:
    python3 traces/own-recordings/generate.py
Deterministic: the same bytes every time (the zips' entry dates are fixed).
"""
import math
import os
import warnings
import zipfile

ROOT = os.path.dirname(os.path.abspath(__file__))
G = 9.80665
EPOCH_NS = 1_700_000_000_000_000_000  # 2023-11-14 22:13:20 UTC


def motion(t):
    """Core Motion's view at time t: gravity (g), user acceleration (g), rotation rate (rad/s),
    calibrated field (µT), attitude quaternion (w, x, y, z)."""
    tilt = 0.1 + 0.02 * math.sin(2 * math.pi * 0.5 * t)
    gravity = (0.0, -math.sin(tilt), -math.cos(tilt))
    bounce = 0.25 * math.sin(2 * math.pi * 1.8 * t)
    user = (0.02 * math.sin(2 * math.pi * 0.9 * t), 0.05 * math.sin(2 * math.pi * 1.8 * t + 0.3), -bounce)
    rate = (0.02 * 2 * math.pi * 0.5 * math.cos(2 * math.pi * 0.5 * t), 0.05 * math.sin(2 * math.pi * 0.9 * t), 0.01)
    field = (20.0 + math.sin(t), 1.0, -40.0)
    quaternion = (math.cos(tilt / 2), math.sin(tilt / 2), 0.0, 0.0)
    return gravity, user, rate, field, quaternion


def r6(value):
    return f"{round(value, 6):.6f}"


def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as file:
        file.write("".join(line + "\n" for line in lines))


def zip_folder(folder, archive):
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for base, _, names in sorted(os.walk(folder)):
            for name in sorted(names):
                path = os.path.join(base, name)
                info = zipfile.ZipInfo(os.path.relpath(path, folder), date_time=(2023, 11, 14, 22, 13, 20))
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as file:
                    out.writestr(info, file.read())


def metadata(folder, platform):
    """Sensor Logger's Metadata.csv: a header and one row."""
    write(os.path.join(folder, "Metadata.csv"), [
        "version,device name,recording time,platform,appVersion,device id,sampleRateMs,standardisation",
        f"3,{'iPhone14-2' if platform == 'ios' else 'Pixel 7'},2023-11-14_22-13-20,{platform},1.31.0,0000-fixture,20,false",
    ])


def sensor_logger(folder, rate, seconds, files):
    """Sensor Logger's sensor files: `files` maps a name to its header, a row maker (from t) and
    the stream's time offset."""
    for name, (header, row, offset) in files.items():
        lines = [header]
        for index in range(int(seconds * rate)):
            t = index / rate + offset
            nanoseconds = EPOCH_NS + index * round(1e9 / rate) + round(offset * 1e9)
            lines.append(f"{nanoseconds},{r6(t)}," + ",".join(row(t)))
        write(os.path.join(folder, name), lines)


def zyx(vector, scale=1.0):
    return [r6(vector[2] * scale), r6(vector[1] * scale), r6(vector[0] * scale)]


AXES = "time,seconds_elapsed,z,y,x"


def sensor_loggers():
    ios = os.path.join(ROOT, "sensor-logger", "ios-walk")
    metadata(ios, "ios")
    sensor_logger(ios, 50, 8, {
        # Core Motion's raw accelerometer (g, its sign); userAcceleration and gravity scaled to m/s².
        "AccelerometerUncalibrated.csv": (AXES, lambda t: zyx([g + u for g, u in zip(*motion(t)[:2])]), 0),
        "Accelerometer.csv": (AXES, lambda t: zyx(motion(t)[1], G), 0),
        "Gravity.csv": (AXES, lambda t: zyx(motion(t)[0], G), 0),
        "Gyroscope.csv": (AXES, lambda t: zyx(motion(t)[2]), 0),
        "GyroscopeUncalibrated.csv": (AXES, lambda t: zyx([r + b for r, b in zip(motion(t)[2], (0.01, -0.02, 0.005))]), 0),
        "Magnetometer.csv": (AXES, lambda t: zyx(motion(t)[3]), 0),
        "MagnetometerUncalibrated.csv": (AXES, lambda t: zyx([f + h for f, h in zip(motion(t)[3], (50, -30, 10))]), 0),
        "Orientation.csv": ("time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw", lambda t: [
            r6(motion(t)[4][3]), r6(motion(t)[4][2]), r6(motion(t)[4][1]), r6(motion(t)[4][0]), r6(0), r6(2 * math.asin(motion(t)[4][1])), r6(0)], 0),
    })
    # Annotations (the pencil icon): the text as typed, one with a comma in it and one left blank,
    # and how long the icon was held, in ms.
    write(os.path.join(ios, "Annotation.csv"), [
        "time,seconds_elapsed,text,millisecond_press_duration",
        f"{EPOCH_NS + 2_000_000_000},{r6(2)},Face down,120",
        f"{EPOCH_NS + 4_500_000_000},{r6(4.5)},Tap, then tilt,95",
        f"{EPOCH_NS + 6_250_000_000},{r6(6.25)},,310",
    ])
    # The barometer ticks at 1 Hz.
    sensor_logger(ios, 1, 8, {
        "Barometer.csv": ("time,seconds_elapsed,relativeAltitude,pressure", lambda t: [r6(0.01 * t), r6(1013.25 - 0.0012 * t)], 0),
    })
    android = os.path.join(ROOT, "sensor-logger", "android-walk")
    # Android: linear acceleration and gravity as specific force (the negative of Core Motion's), the
    # gravity sensor ticking 5 ms after the accelerometer.
    metadata(android, "android")
    sensor_logger(android, 50, 8, {
        "Accelerometer.csv": (AXES, lambda t: zyx(motion(t)[1], -G), 0),
        "Gravity.csv": (AXES, lambda t: zyx(motion(t)[0], -G), 0.005),
        "Gyroscope.csv": (AXES, lambda t: zyx(motion(t)[2]), 0),
        "Magnetometer.csv": (AXES, lambda t: zyx(motion(t)[3]), 0),
    })
    zip_folder(android, android + ".zip")
    for name in os.listdir(android):
        os.remove(os.path.join(android, name))
    os.rmdir(android)


def e9(value):
    """phyphox's number format: 1.234567890E-2."""
    return f"{value:.9E}".replace("E-0", "E-").replace("E+0", "E").replace("E+", "E")


def phyphox(folder, header, row, rate, seconds, meta=True):
    lines = [",".join(f'"{name}"' for name in header)]
    for index in range(int(seconds * rate)):
        t = index / rate
        lines.append(",".join(e9(value) for value in [t] + row(t)))
    write(os.path.join(folder, "Raw Data.csv"), lines)
    if meta:
        write(os.path.join(folder, "meta", "device.csv"), [
            '"property","value"', '"deviceModel","Pixel 7"', '"deviceManufacturer","Google"', '"deviceRelease","14"',
            '"phyphoxVersion","1.1.16"', '"accelerometer Name","LSM6DSV Accelerometer, non-wakeup"',
        ])
        write(os.path.join(folder, "meta", "time.csv"), [
            '"event","experiment time","system time","system time text"',
            f'"START",{e9(0)},{e9(1700000000.0)},"2023-11-14 23:13:20.000 UTC+01:00"',
            f'"PAUSE",{e9(seconds)},{e9(1700000000.0 + seconds)},"2023-11-14 23:13:{20 + seconds:02d}.000 UTC+01:00"',
        ])


def phyphoxes():
    base = os.path.join(ROOT, "phyphox")
    # Specific force in m/s²: the negative of Core Motion's reading.
    def acceleration(t):
        raw = [-(g + u) * G for g, u in zip(*motion(t)[:2])]
        return raw + [math.sqrt(sum(value * value for value in raw))]
    phyphox(os.path.join(base, "acceleration-with-g"),
            ["Time (s)", "Acceleration x (m/s^2)", "Acceleration y (m/s^2)", "Acceleration z (m/s^2)", "Absolute acceleration (m/s^2)"],
            acceleration, 100, 6)
    gyroscope = os.path.join(base, "gyroscope")
    phyphox(gyroscope, ["Time (s)", "Gyroscope x (rad/s)", "Gyroscope y (rad/s)", "Gyroscope z (rad/s)", "Absolute (rad/s)"],
            lambda t: list(motion(t)[2]) + [math.sqrt(sum(v * v for v in motion(t)[2]))], 100, 2)
    zip_folder(gyroscope, gyroscope + ".zip")
    for sub in ("meta/device.csv", "meta/time.csv", "Raw Data.csv"):
        os.remove(os.path.join(gyroscope, sub))
    os.rmdir(os.path.join(gyroscope, "meta"))
    os.rmdir(gyroscope)
    phyphox(os.path.join(base, "magnetometer"), ["Time (s)", "Magnetic field x (µT)", "Magnetic field y (µT)", "Magnetic field z (µT)", "Absolute field (µT)"],
            lambda t: list(motion(t)[3]) + [math.sqrt(sum(v * v for v in motion(t)[3]))], 50, 2)
    phyphox(os.path.join(base, "pressure"), ["Time (s)", "Pressure (hPa)"], lambda t: [1013.25 - 0.0012 * t], 1, 5, meta=False)


def sensorlog():
    """SensorLog: a row per 100 Hz logging tick, each sensor's latest sample on it (accelerometer,
    gyroscope and motion at 50 Hz, magnetometer at 25 Hz, heading at 1 Hz), so samples repeat."""
    boot = 1000.0  # seconds since reboot at the first tick
    header = ["loggingTime(txt)", "loggingSample(N)",
              "locationHeadingTimestamp_since1970(s)", "locationHeadingTrue(°)",
              "accelerometerTimestamp_sinceReboot(s)", "accelerometerAccelerationX(G)", "accelerometerAccelerationY(G)", "accelerometerAccelerationZ(G)",
              "gyroTimestamp_sinceReboot(s)", "gyroRotationX(rad/s)", "gyroRotationY(rad/s)", "gyroRotationZ(rad/s)",
              "magnetometerTimestamp_sinceReboot(s)", "magnetometerX(µT)", "magnetometerY(µT)", "magnetometerZ(µT)",
              "motionTimestamp_sinceReboot(s)", "motionYaw(rad)", "motionRoll(rad)", "motionPitch(rad)",
              "motionRotationRateX(rad/s)", "motionRotationRateY(rad/s)", "motionRotationRateZ(rad/s)",
              "motionUserAccelerationX(G)", "motionUserAccelerationY(G)", "motionUserAccelerationZ(G)",
              "motionAttitudeReferenceFrame(txt)",
              "motionQuaternionX(R)", "motionQuaternionY(R)", "motionQuaternionZ(R)", "motionQuaternionW(R)",
              "motionGravityX(G)", "motionGravityY(G)", "motionGravityZ(G)",
              "motionMagneticFieldX(µT)", "motionMagneticFieldY(µT)", "motionMagneticFieldZ(µT)", "motionMagneticFieldCalibrationAccuracy(Z)",
              "batteryState(N)"]
    lines = [",".join(header)]
    for tick in range(400):
        row = [f"2023-11-14 23:13:{20 + tick // 100:02d}.{tick % 100 * 10:03d} +0100", str(tick)]
        heading = tick // 100
        row += ["", ""] if tick < 30 else [f"{1700000000.0 + heading:.3f}", f"{(10.0 + heading):.1f}"]
        sample = tick // 2 * 2 / 100  # 50 Hz sensors: the latest sample, on two ticks each
        slow = tick // 4 * 4 / 100  # the 25 Hz magnetometer
        gravity, user, rate, field, quaternion = motion(sample)
        raw = [g + u for g, u in zip(gravity, user)]
        row += [f"{boot + sample:.3f}"] + [r6(v) for v in raw]
        row += [f"{boot + sample:.3f}"] + [r6(r + b) for r, b in zip(rate, (0.01, -0.02, 0.005))]
        row += [f"{boot + slow:.3f}"] + [r6(f + h) for f, h in zip(motion(slow)[3], (50, -30, 10))]
        if tick < 2:  # Core Motion's fusion has not started on the first tick: no motion values yet.
            row += [""] * 22
        else:
            row += [f"{boot + sample:.3f}", r6(0), r6(0), r6(2 * math.asin(quaternion[1]))]
            row += [r6(v) for v in rate] + [r6(v) for v in user] + ["XTrueNorthZVertical"]
            row += [r6(quaternion[1]), r6(quaternion[2]), r6(quaternion[3]), r6(quaternion[0])]
            row += [r6(v) for v in gravity] + [r6(v) for v in field] + ["2"]
        row += ["2"]
        lines.append(",".join(row))
    write(os.path.join(ROOT, "sensorlog", "walk.csv"), lines)


def bad_zips():
    """Hostile and broken zips for the bad-input tests, in ../bad-input/."""
    bad = os.path.join(ROOT, "..", "bad-input")
    metadata_row = "version,device name,recording time,platform,appVersion,device id,sampleRateMs,standardisation\n3,iPhone14-2,2023-11-14_22-13-20,ios,1.31.0,0000-fixture,20,false\n"
    rows = "time,seconds_elapsed,z,y,x\n1700000000000000000,0.000000,-0.995004,-0.085057,0.000000\n1700000000020000000,0.020000,nan,-0.075971,0.002257\n"

    def archive(name, entries, method=zipfile.ZIP_DEFLATED):
        path = os.path.join(bad, name)
        with zipfile.ZipFile(path, "w") as out:
            for entry, text in entries:
                info = zipfile.ZipInfo(entry, date_time=(2023, 11, 14, 22, 13, 20))
                info.compress_type = method
                out.writestr(info, text)
        with open(path, "rb") as file:
            return bytearray(file.read())

    def save(name, data):
        with open(os.path.join(bad, name), "wb") as file:
            file.write(data)

    archive("zip-nan.zip", [("Metadata.csv", metadata_row), ("AccelerometerUncalibrated.csv", rows)])
    archive("zip-path-traversal.zip", [("Metadata.csv", metadata_row), ("../AccelerometerUncalibrated.csv", rows)])
    whole = archive("zip-truncated.zip", [("Metadata.csv", metadata_row), ("AccelerometerUncalibrated.csv", rows)])
    save("zip-truncated.zip", whole[: len(whole) // 2])
    # Stored, then one byte of the data changed: the CRC-32 no longer matches.
    stored = archive("zip-crc-mismatch.zip", [("Metadata.csv", metadata_row), ("AccelerometerUncalibrated.csv", rows)], zipfile.ZIP_STORED)
    at = stored.index(b",ios,")
    stored[at + 1: at + 4] = b"iOS"
    save("zip-crc-mismatch.zip", stored)
    # The central directory declares Metadata.csv 10 bytes long: inflating gives more.
    lying = archive("zip-size-lie.zip", [("Metadata.csv", metadata_row), ("AccelerometerUncalibrated.csv", rows)])
    central = lying.index(b"PK\x01\x02")
    lying[central + 24: central + 28] = (10).to_bytes(4, "little")
    save("zip-size-lie.zip", lying)
    # The central directory claims Metadata.csv inflates to 512 MiB: the reader stops at the data's end.
    claiming = archive("zip-size-claim.zip", [("Metadata.csv", metadata_row), ("AccelerometerUncalibrated.csv", rows)])
    central = claiming.index(b"PK\x01\x02")
    claiming[central + 24: central + 28] = (512 << 20).to_bytes(4, "little")
    save("zip-size-claim.zip", claiming)
    archive("zip-absolute-path.zip", [("Metadata.csv", metadata_row), ("/etc/AccelerometerUncalibrated.csv", rows)])
    with warnings.catch_warnings():  # zipfile warns of the duplicate it is asked to write
        warnings.simplefilter("ignore")
        archive("zip-duplicate-entry.zip", [("Metadata.csv", metadata_row), ("Metadata.csv", metadata_row)])
    # Metadata.csv marked encrypted, then compressed with method 12 (bzip2), in the central directory.
    for name, offset, value in (("zip-encrypted.zip", 8, 1), ("zip-bzip2.zip", 10, 12)):
        patched = archive(name, [("Metadata.csv", metadata_row), ("AccelerometerUncalibrated.csv", rows)])
        central = patched.index(b"PK\x01\x02")
        patched[central + offset: central + offset + 2] = value.to_bytes(2, "little")
        save(name, patched)


if __name__ == "__main__":
    sensor_loggers()
    phyphoxes()
    sensorlog()
    bad_zips()
