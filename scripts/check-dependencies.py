#!/usr/bin/env python3
"""Checks that reading, rendering and comparing a run link no probe and no allocation counter (CI runs it).

    scripts/check-dependencies.py

Asks SwiftPM for the package's targets (`swift package describe --type json`) and follows each
target's dependencies. The targets that work on finished runs (MotionResults) and render them
(MotionReports) must not reach SystemView, whose producers read /proc, nor CAllocationCounter, whose
`malloc` replaces the process's: only an executable that measures may interpose the allocator.
Prints the path to each forbidden target found and exits 1 if there is any. Python's standard library only.
"""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OFFLINE = ["MotionResults", "MotionReports"]
FORBIDDEN = {"SystemView", "CAllocationCounter"}


def targets():
    text = subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    return {target["name"]: target.get("target_dependencies", []) for target in json.loads(text)["targets"]}


def forbidden_paths(start, dependencies):
    """Each path from `start` to a forbidden target, found depth first."""
    found, stack, seen = [], [[start]], set()
    while stack:
        path = stack.pop()
        if path[-1] in FORBIDDEN:
            found.append(path)
            continue
        for dependency in dependencies.get(path[-1], []):
            if (path[-1], dependency) not in seen:
                seen.add((path[-1], dependency))
                stack.append(path + [dependency])
    return found


def main():
    dependencies = targets()
    missing = [name for name in OFFLINE if name not in dependencies]
    if missing:
        print(f"Package.swift: no target named {', '.join(missing)}")
        return 1
    problems = [path for name in OFFLINE for path in forbidden_paths(name, dependencies)]
    for path in problems:
        print(f"Package.swift: {' -> '.join(path)}: a target that works on finished runs links {path[-1]}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
