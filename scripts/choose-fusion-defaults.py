#!/usr/bin/env python3
"""Leave-one-recording-out choice of the Laidig-Seel filter's defaults: the five shared tyrex iPhone
trials, each folder copied alone (no calibration recordings beside it, as a user's own recording
would be), and either BROAD's trial 07 (a research IMU turned fast, the first 100 s the repository
holds) or, with `--broad`, every BROAD trial converted by `scripts/broad-benchmark.py --traces`.

For each grid point (tau-acc, tau-mag, field-gate) every recording is run once (`run heading --filter
laidig-seel --mode virtual`, 50 Hz) and scored by its median total error over the competitor's: Core
Motion's on a tyrex trial; on a BROAD trial VQF 2.1.2 online's, which broad-benchmark's traces carry
as a recorded estimate scored in the same run (VQF's published online 1.73 deg on the repository's
trial 07). For each recording held out, the point with the lowest geometric mean of the ratios on the
others (ties: the worst ratio) is chosen and its ratio on the held-out one reported. The defaults are
the point chosen most often. (The worst ratio alone as the criterion is ruled by the hardest BROAD
trial.)

    scripts/choose-fusion-defaults.py [--binary .build/release/motionbench] [--broad TRACES]
        [--grid NAME=V1,V2,...] [--jobs 2]
"""
import argparse, concurrent.futures, csv, glob, itertools, math, os, shutil, subprocess, sys, tempfile

TYREX = ["NoDist_Texting", "NoDist_FrontPocket", "NoDist_Swinging", "NoDist_RunningHand", "Dist_Texting"]
BROAD_07 = "traces/broad-imu-orientation/full/07_undisturbed_fast_rotation_B_first100s.csv"
VQF_ONLINE_BROAD_07 = 1.73
GRID = {"tau-acc": [1.5, 3, 6], "tau-mag": [4.5, 9, 18], "field-gate": [0, 3, 6]}


def fail(message):
    sys.exit(f"choose-fusion-defaults: {message}")


def parse_grid(overrides):
    grid = dict(GRID)
    for override in overrides:
        name, _, values = override.partition("=")
        if name not in grid:
            fail(f"--grid: {name!r} is not one of {', '.join(grid)}")
        try:
            grid[name] = [float(v) for v in values.split(",")]
        except ValueError:
            fail(f"--grid: {override!r} is not NAME=V1,V2,...")
    return grid


def score(binary, source, point, competitor, out):
    """The filter's median total error on the recording and the competitor's (its row, or a figure)."""
    params = sum((["--param", f"{name}={value:g}"] for name, value in point.items()), [])
    subprocess.run(["nice", "-n", "5", binary, "run", "heading", "--filter", "laidig-seel", "--source", f"trace:{source}",
                    "--mode", "virtual", "--samples", "200", "--quiet", "--format", "csv", "--out", out] + params,
                   check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "accuracy.csv")) as file:
        rows = {row["filter"]: float(row["total_median_deg"]) for row in csv.DictReader(file) if row["total_median_deg"]}
    shutil.rmtree(out)
    if isinstance(competitor, str) and competitor not in rows:
        fail(f"{source}: no scored {competitor} estimate in it (a BROAD trace from broad-benchmark.py --traces carries one)")
    return rows["laidig-seel"], rows[competitor] if isinstance(competitor, str) else competitor


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/motionbench")
    parser.add_argument("--broad", help="a folder of BROAD traces from broad-benchmark.py --traces (NAME.csv, VQF online inside)")
    parser.add_argument("--grid", action="append", default=[], help="NAME=V1,V2,... replaces a grid axis (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="runs at once (default 2)")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        fail(f"--binary: {args.binary} is not an executable (build it: swift build -c release)")
    if args.jobs < 1:
        fail(f"--jobs: {args.jobs} is not a positive count")
    grid = parse_grid(args.grid)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    scratch = tempfile.mkdtemp(prefix="motionbench-defaults-")
    try:
        # (name, source, competitor: a filter row of the run or a published figure)
        recordings = []
        for trial in TYREX:
            shutil.copytree(os.path.join(root, "traces/tyrex-attitude-iphone/full", f"Thibaud_iPhone5_{trial}"), os.path.join(scratch, trial))
            recordings.append((trial, os.path.join(scratch, trial), "core-motion"))
        if args.broad:
            traces = sorted(p for p in glob.glob(os.path.join(args.broad, "*.csv")) if not p.endswith((".broad.csv", ".converted.csv")))
            if not traces:
                fail(f"--broad: {args.broad} holds no traces (NAME.csv from broad-benchmark.py --traces)")
            recordings += [("BROAD_" + os.path.basename(p)[:-4], p, "vqf-online") for p in traces]
        else:
            recordings.append(("BROAD_07", os.path.join(root, BROAD_07), VQF_ONLINE_BROAD_07))
        names = [name for name, _, _ in recordings]
        points = [dict(zip(grid, values)) for values in itertools.product(*grid.values())]
        jobs = list(enumerate((point, recording) for point in points for recording in recordings))

        def run(job):
            index, (point, (name, source, competitor)) = job
            return (tuple(point.values()), name), score(args.binary, source, point, competitor, os.path.join(scratch, f"run-{index}"))

        try:
            with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
                scores = dict(pool.map(run, jobs))
        except subprocess.CalledProcessError as failure:
            sys.exit(failure.returncode)
        errors = {key: ours for key, (ours, _) in scores.items()}
        ratios = {key: ours / theirs for key, (ours, theirs) in scores.items()}
        for point in points:
            key = tuple(point.values())
            print(" ".join(f"{n}={v:g}" for n, v in point.items()), " ".join(f"{errors[key, t]:.2f}" for t in names), file=sys.stderr)
        chosen = {}
        print(f"| held out | chosen on the other {len(names) - 1} ({', '.join(grid)}) | its error there | over the competitor's |")
        print("|---|---|---:|---:|")
        for held in names:
            others = [t for t in names if t != held]

            def criterion(key):
                values = [ratios[key, t] for t in others]
                return (math.exp(sum(map(math.log, values)) / len(values)), max(values))
            best = min((tuple(p.values()) for p in points), key=criterion)
            chosen[best] = chosen.get(best, 0) + 1
            print(f"| {held} | {', '.join(f'{v:g}' for v in best)} | {errors[best, held]:.2f}° | {ratios[best, held]:.2f} |")
        print()
        for key, count in sorted(chosen.items(), key=lambda item: -item[1]):
            print(f"chosen {count} of {len(names)} times: " + ", ".join(f"{n}={v:g}" for n, v in zip(grid, key)))
    finally:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
