#!/usr/bin/env python3
"""Checks that a run folder made on macOS holds what the catalogue's macOS checklist expects (CI's macOS job).

    scripts/check-darwin-run.py RUN_FOLDER…

From each folder's summary.csv and threads.csv, case by case:
- CPU figures: CPU ns per sample, and in real time the CPU % and the lateness;
- `minor_faults` and `major_faults` filled; both context-switch columns empty (Mach counts context
  switches without telling voluntary from involuntary: missing, not 0);
- `peak_is_per_case` false (Mach keeps the peak resident size for the task's whole life);
- allocations and heap per sample empty (the counter interposes glibc's allocator: Linux only);
- the threads named as motionbench names them (`mb-workload`, `mb-sampler`, and `mb-hub` in real time):
  Darwin names a thread only from itself.
It prints each real-time case's lateness p99 without judging it: under a millisecond at 60 Hz is what
an idle Mac should show, and a shared CI runner is not idle. Prints one line per problem, `FILE:LINE:
…`, and exits 1 if there is any. Python's standard library only.
"""

import csv
import pathlib
import sys

CASE = ["workload", "rate_hz", "filter", "params", "mode", "repetition"]
FILLED = ["cpu_ns_per_sample", "minor_faults", "major_faults"]
FILLED_IN_REAL_TIME = ["cpu_pct", "lateness_p99_us"]
EMPTY = [
    "voluntary_ctx_switches",
    "involuntary_ctx_switches",
    "allocs_per_sample",
    "alloc_bytes_per_sample",
    "heap_held_bytes",
    "heap_peak_bytes",
]
THREADS = ["mb-workload", "mb-sampler"]
THREADS_IN_REAL_TIME = ["mb-hub"]


def rows(path):
    """(line number, row) of a CSV file with a header."""
    with open(path, newline="", encoding="utf-8") as file:
        return list(enumerate(csv.DictReader(file), 2))


def case_name(row):
    return " ".join(f"{key}={row[key]}" for key in CASE if row.get(key))


def check(folder):
    """The problems of the run in `folder`, and the real-time cases' lateness lines."""
    summary, threads = folder / "summary.csv", folder / "threads.csv"
    for path in (summary, threads):
        if not path.is_file():
            return [f"{path}: missing"], []
    problems, lateness = [], []
    names = {}
    for _, row in rows(threads):
        names.setdefault(tuple(row[key] for key in CASE), set()).add(row["thread"])
    cases = rows(summary)
    if not cases:
        problems.append(f"{summary}: no case")
    for line, row in cases:
        real_time = row["mode"] == "realtime"
        where = f"{summary}:{line}: {case_name(row)}"
        for column in FILLED + (FILLED_IN_REAL_TIME if real_time else []):
            if not row[column]:
                problems.append(f"{where}: {column} is empty")
        for column in EMPTY:
            if row[column]:
                problems.append(f"{where}: {column} is {row[column]}, expected empty (missing on Darwin)")
        if row["peak_is_per_case"] != "false":
            problems.append(f"{where}: peak_is_per_case is {row['peak_is_per_case'] or 'empty'}, expected false")
        found = names.get(tuple(row[key] for key in CASE), set())
        for thread in THREADS + (THREADS_IN_REAL_TIME if real_time else []):
            if thread not in found:
                problems.append(f"{where}: no thread named {thread} in threads.csv (found: {', '.join(sorted(found)) or 'none'})")
        if real_time:
            lateness.append(f"{case_name(row)}: lateness p99 {row['lateness_p99_us'] or '(none)'} µs")
    return problems, lateness


def main(arguments):
    if not arguments or any(argument.startswith("-") for argument in arguments):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 64
    problems = []
    for argument in arguments:
        found, lateness = check(pathlib.Path(argument))
        problems += found
        for line in lateness:
            print(line)
    for problem in problems:
        print(problem)
    print(f"check-darwin-run: {len(arguments)} run(s): {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
