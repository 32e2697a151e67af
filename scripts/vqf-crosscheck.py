#!/usr/bin/env python3
"""Scores VQF, the published filter LaidigSeelFilter is written after, with motionbench's own scorer.

    pip install vqf==2.1.2
    scripts/vqf-crosscheck.py RECORDING [--motionbench PATH] [--rate HZ] [--out DIR]

RECORDING is anything `motionbench trace convert` reads (a tyrex trial folder, a BROAD CSV, a
motionbench trace…). The script converts it, runs VQF 2.1.2 (its C++ core, through the `vqf` package,
with its defaults) over the readings in time order, each sensor at its own rate, and writes a copy of
the trace with VQF's 9-D attitude after every gyroscope reading added as a recorded estimate
(`estimate:vqf-online`; with `estimate:vqf-offline` too when the three sensors share one clock, from
`offlineVQF`). `motionbench run heading --source trace:COPY --mode virtual` then scores it exactly as
it scores Core Motion's attitude and its own filters: median total error from 5 s to the end, after
one fitted constant heading offset and time shift. The run's accuracy table (`accuracy.csv`) is
printed, VQF's rows beside ours; the run folder is kept (`--out`, or a temporary folder named on
stderr), the converted trace copies are not. When motionbench refuses the recording or the folder, its
own message stands and the script exits with its code.

Units: the trace's accelerometer is Core Motion's (g, reading -1 on z lying face up), so VQF gets
-9.80665 times it, the specific force in m/s²; the gyroscope in rad/s and the field in µT go in as
they are. When the trace carries a calibration (a tyrex trial with its calibration recordings), VQF
gets the corrected gyroscope and field, as our filters do with `mag-cal` 1; hide the recordings to
see it without. VQF's frame is East-North-Up, ours North-West-Up: a quarter turn about the vertical,
which the fitted heading offset absorbs. None of VQF's code is copied here; it runs as a peer.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

try:
    from vqf import VQF, offlineVQF
except ImportError:
    sys.exit("vqf-crosscheck: the vqf package is missing: pip install vqf==2.1.2")

GRAVITY = 9.80665


def read_trace(path):
    """The header lines, the rates, the calibration and each sensor's (time, x, y, z) rows."""
    header, rates, calibration = [], {}, {}
    streams = {"accelerometer": [], "gyroscope": [], "magnetometer": []}
    with open(path) as trace:
        for line in trace:
            line = line.rstrip("\n")
            header.append(line)
            fields = line.split(",")
            if fields[0] == "rate":
                rates[fields[1]] = float(fields[2])
            elif fields[0] == "calibration" and fields[1] != "origin":
                calibration[fields[1]] = [float(v) for v in fields[2:]]
            if line == "time,stream,values":
                break
        body = trace.readlines()
    for line in body:
        fields = line.rstrip("\n").split(",")
        if fields[1] in streams:
            streams[fields[1]].append([float(v) for v in fields[0:1] + fields[2:5]])
    return header, body, rates, calibration, {k: np.array(v) for k, v in streams.items()}


def corrected(streams, calibration):
    """The gyroscope less its bias and the field through offset and soft iron, where the trace has them."""
    gyro, field = streams["gyroscope"].copy(), streams["magnetometer"].copy()
    if "gyroscope-bias" in calibration:
        gyro[:, 1:] -= np.array(calibration["gyroscope-bias"])
    if "magnetometer-offset" in calibration:
        soft = np.array(calibration.get("magnetometer-soft-iron", [1, 0, 0, 0, 1, 0, 0, 0, 1])).reshape(3, 3)
        field[:, 1:] = (field[:, 1:] - np.array(calibration["magnetometer-offset"])) @ soft.T
    return gyro, streams["accelerometer"], field


def online(gyro, accel, field, rates):
    """VQF fed each reading in time order at its own rate; its 9-D attitude after each gyroscope reading."""
    vqf = VQF(1 / rates["gyroscope"], 1 / rates["accelerometer"], 1 / rates["magnetometer"])
    events = sorted(
        [(t, 0, i) for i, t in enumerate(gyro[:, 0])]
        + [(t, 1, i) for i, t in enumerate(accel[:, 0])]
        + [(t, 2, i) for i, t in enumerate(field[:, 0])]
    )
    rows = []
    for time, kind, index in events:
        if kind == 0:
            vqf.updateGyr(np.ascontiguousarray(gyro[index, 1:]))
            rows.append((time, vqf.getQuat9D()))
        elif kind == 1:
            vqf.updateAcc(np.ascontiguousarray(-GRAVITY * accel[index, 1:]))
        else:
            vqf.updateMag(np.ascontiguousarray(field[index, 1:]))
    return rows


def offline(gyro, accel, field, rates):
    """offlineVQF over the whole recording, when the three sensors read at the same instants."""
    if not (len(gyro) == len(accel) == len(field)) or not (
        np.array_equal(gyro[:, 0], accel[:, 0]) and np.array_equal(gyro[:, 0], field[:, 0])
    ):
        return None
    result = offlineVQF(
        np.ascontiguousarray(gyro[:, 1:]), np.ascontiguousarray(-GRAVITY * accel[:, 1:]),
        np.ascontiguousarray(field[:, 1:]), 1 / rates["gyroscope"], {})
    return list(zip(gyro[:, 0], result["quat9D"]))


def write_with_estimates(header, body, estimates, path):
    """The trace again, with each (id, label, rows) declared and merged in as an estimate stream."""
    declarations = [f"estimate,{ident},{label}" for ident, label, _ in estimates]
    end = header.index("time,stream,values")
    lines = [(float(line.split(",", 1)[0]), 0, line.rstrip("\n")) for line in body]
    for order, (ident, _, rows) in enumerate(estimates, start=1):
        for time, q in rows:
            w, x, y, z = (float(v) for v in q)
            lines.append((time, order, f"{repr(float(time))},estimate:{ident},{w!r},{x!r},{y!r},{z!r},,,,,"))
    lines.sort(key=lambda entry: (entry[0], entry[1]))
    with open(path, "w") as out:
        out.write("\n".join(header[:end] + declarations + header[end:]) + "\n")
        out.write("\n".join(line for _, _, line in lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("recording")
    parser.add_argument("--motionbench", default=".build/release/motionbench")
    parser.add_argument("--rate", default="50", help="the heading case's rate: Hz or 'native' (default 50)")
    parser.add_argument("--out", help="the run's folder (default: a temporary one)")
    args = parser.parse_args()

    if not os.access(args.motionbench, os.X_OK):
        sys.exit(f"vqf-crosscheck: --motionbench: {args.motionbench} is not an executable (build it: swift build -c release)")
    out = args.out
    with tempfile.TemporaryDirectory(prefix="vqf-crosscheck-") as work:
        converted = os.path.join(work, "trace.csv")
        with_vqf = os.path.join(work, "with-vqf.csv")
        try:
            subprocess.run([args.motionbench, "trace", "convert", args.recording, converted], check=True, stdout=subprocess.DEVNULL)
            header, body, rates, calibration, streams = read_trace(converted)
            gyro, accel, field = corrected(streams, calibration)
            estimates = [("vqf-online", "VQF 2.1.2 online (PyPI vqf), its defaults", online(gyro, accel, field, rates))]
            offline_rows = offline(gyro, accel, field, rates)
            if offline_rows is not None:
                estimates.append(("vqf-offline", "VQF 2.1.2 offline (PyPI vqf offlineVQF), its defaults", offline_rows))
            write_with_estimates(header, body, estimates, with_vqf)
            out = out or tempfile.mkdtemp(prefix="vqf-crosscheck-run-")
            subprocess.run(
                [args.motionbench, "run", "heading", "--source", f"trace:{with_vqf}", "--mode", "virtual",
                 "--rate", args.rate, "--out", out, "--format", "csv,md", "--quiet"], check=True, stdout=subprocess.DEVNULL)
        except subprocess.CalledProcessError as failure:
            # motionbench has printed what it refused; a temporary run folder it never filled goes too.
            if args.out is None and out is not None and not os.listdir(out):
                os.rmdir(out)
            sys.exit(failure.returncode)
        except KeyError as missing:
            sys.exit(f"vqf-crosscheck: {args.recording}: VQF needs a gyroscope, accelerometer and magnetometer rate; no {missing}")
    with open(os.path.join(out, "accuracy.csv")) as table:
        sys.stdout.write(table.read())
    print(f"vqf-crosscheck: the run is in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
