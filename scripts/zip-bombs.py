#!/usr/bin/env python3
"""What a hostile zip costs `motionbench trace info`: peak resident memory, time and lines printed.

    scripts/zip-bombs.py [--motionbench PATH] [--rows-mib N] [--zeros-mib N]

Makes two Sensor Logger zips in a temporary folder (removed at the end) and imports each once:
- duplicate rows: AccelerometerUncalibrated.csv of N MiB (default 400) of one row repeated after a
  first, about 1.2 MB zipped; every repeat is dropped with a warning;
- zeros: AccelerometerUncalibrated.csv of N MiB (default 500) of zero bytes, about 0.5 MB zipped;
  refused (a line longer than 64 KiB).
For each it prints the exit code, the peak resident size (the child's, from wait4), the wall time
and how many lines motionbench wrote to stderr. The default executable is .build/release/motionbench.
"""
import argparse
import os
import shutil
import subprocess
import tempfile
import time
import zipfile

METADATA = ("version,device name,recording time,platform,appVersion,device id,sampleRateMs,standardisation\n"
            "3,iPhone,2023-11-14_22-13-20,ios,1.31.0,x,10,false\n")
FIRST = "time,seconds_elapsed,z,y,x\n1700000000000000000,0.000000,-1.000000,0.000000,0.000000\n"
ROW = "1700000000010000000,0.010000,-1.000000,0.000000,0.000000\n"


def write(path, block, mebibytes, head=""):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("Metadata.csv", METADATA)
        with archive.open("AccelerometerUncalibrated.csv", "w", force_zip64=False) as entry:
            entry.write(head.encode())
            chunk = (block * ((1 << 20) // len(block))).encode()
            for _ in range(mebibytes * (1 << 20) // len(chunk)):
                entry.write(chunk)


def measure(motionbench, path, label):
    start = time.monotonic()
    child = subprocess.Popen([motionbench, "trace", "info", path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    lines = sum(1 for _ in child.stderr)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - start
    print(f"{label}: {os.path.getsize(path) / 1e6:.2f} MB zipped, exit {child.returncode}, "
          f"peak RSS {usage.ru_maxrss / 1024:.0f} MiB, {seconds:.1f} s, {lines} lines on stderr")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--motionbench", default=".build/release/motionbench")
    parser.add_argument("--rows-mib", type=int, default=400)
    parser.add_argument("--zeros-mib", type=int, default=500)
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="motionbench-zip-bombs-")
    try:
        rows = os.path.join(folder, "duplicate-rows.zip")
        write(rows, ROW, options.rows_mib, head=FIRST)
        measure(options.motionbench, rows, f"{options.rows_mib} MiB of duplicate rows")
        zeros = os.path.join(folder, "zeros.zip")
        write(zeros, "\0", options.zeros_mib)
        measure(options.motionbench, zeros, f"{options.zeros_mib} MiB of zeros")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
